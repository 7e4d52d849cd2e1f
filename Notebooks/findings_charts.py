#!/usr/bin/env python3
"""Draws the charts of Results/FINDINGS.md from the committed results files, in the
backends' colours of the HTML report and the notebooks (benchplots.BACKEND_COLORS).

Usage: findings_charts.py --results DIR [--out DIR/charts]

Reads every results file directly in DIR (`bench run` files, scene-driven and
`--driver system`, and the kiwisolver peer's), each case from the newest file that has it,
and writes three PNGs:

  scaling.png          build+firstLayout median against views, log-log, one panel per
                       suite (stackviews, deep, anchor): a thin line per workload in its
                       backend's colour (kiwisolver dashed: it is timed on the exported
                       constraint systems, not on the scene).
  kiwisolver-ratio.png kiwisolver's median over cassowary's for every workload, phase and
                       size both measured, on a log scale with the 1x line marked: against
                       scene-driven cassowary and against cassowary driven by the same
                       exported systems (`cassowary (system)`), for putting a screen up
                       (build+firstLayout) and for each change.
  resize.png           the resize phase (resizeContainer) of every workload at 1,000 views,
                       cassowary and springs-struts, the median and the p25-p75 range of the
                       resizes, and the 50 us target.

Exit status: 0 written; 2 no results file in DIR, or one is malformed; 64 bad command line.
"""
from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import FuncFormatter, NullLocator  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchlib  # noqa: E402
import benchplots  # noqa: E402

COMBINED = "build+firstLayout"
RESIZE = "resizeContainer"
SCALING_SUITES = ("stackviews", "deep", "anchor")
SCALING_BACKENDS = ("cassowary", "springs-struts", "dense-simplex", "kiwisolver")
PEER = "kiwisolver"
SYSTEM = benchlib.system_backend("cassowary")
RESIZE_BACKENDS = ("cassowary", "springs-struts")
RESIZE_SIZE = 1000
RESIZE_TARGET_NANOSECONDS = 50_000
RATIO_SUITES = ("stackviews", "deep", "churn", "anchor", "enaml")
DPI = 100
MAX_BYTES = 150 * 1024  # a committed chart should stay small


def load(folder: Path) -> pd.DataFrame:
    """Every phase (build+firstLayout added) of the results files directly in `folder`,
    each case from the newest file that measured it; not the recheck files (one run at
    1,000 views, which would replace the pooled campaign's points), the runs made with
    `--diagnostics` (another measurement of the same cases), nor the engines' runs (one run
    beside the outside engines, with reports of their own)."""
    paths = [path for path in sorted(folder.glob("*.json"))
             if not path.name.startswith(("recheck-", "engines-")) and not path.name.endswith("-diagnostics.json")]
    results = benchlib.load_results(paths)
    if results.files.empty:
        raise FileNotFoundError(f"no layoutbench.results/1 file in {folder}")
    combined = benchlib.with_combined_phase(results)
    return benchlib.latest_per_backend(combined.phases, by_size=True)


# Data selection ------------------------------------------------------------------------


def scaling_points(phases: pd.DataFrame) -> pd.DataFrame:
    """build+firstLayout of the scaling suites and backends: suite, workload, backend, size,
    medianNanoseconds, sorted for drawing."""
    rows = phases[(phases["phase"] == COMBINED) & phases["suite"].isin(SCALING_SUITES)
                  & phases["backend"].isin(SCALING_BACKENDS)]
    return (rows[["suite", "workload", "backend", "size", "medianNanoseconds"]]
            .sort_values(["suite", "backend", "workload", "size"]).reset_index(drop=True))


def kiwisolver_ratios(phases: pd.DataFrame) -> pd.DataFrame:
    """kiwisolver's median over cassowary's for every suite, workload, phase and size both
    have, against scene-driven cassowary (driver "scene") and against cassowary driven by
    the exported systems (driver "system"). Phases: build+firstLayout and the changes,
    each change kind named in `change` and pooled into benchlib.POOLED_CHANGES."""
    tables = []
    for driver, reference in (("scene", "cassowary"), ("system", SYSTEM)):
        pair = phases[phases["backend"].isin([PEER, reference])]
        ratios = benchlib.ratio_table(pair, reference=reference, by_size=True)
        ratios = ratios[(ratios["backend"] == PEER) & ~ratios["phase"].isin(["build", "firstLayout"])]
        tables.append(ratios.assign(driver=driver))
    table = pd.concat(tables, ignore_index=True)
    table["change"] = np.where(table["phase"] == COMBINED, "", table["phase"])
    table.loc[table["phase"] != COMBINED, "phase"] = benchlib.POOLED_CHANGES
    return (table[["driver", "suite", "workload", "phase", "change", "size", "ratio"]]
            .sort_values(["driver", "phase", "suite", "workload", "size"]).reset_index(drop=True))


def resize_rows(phases: pd.DataFrame) -> pd.DataFrame:
    """The resize phase at 1,000 views of cassowary and springs-struts in the scaling suites
    (the 50 us target is theirs; a screen's resize refits its text in a second pass): suite,
    workload, backend, the median and quartiles, and whether the median meets the target."""
    rows = phases[(phases["phase"] == RESIZE) & (phases["size"] == RESIZE_SIZE)
                  & phases["backend"].isin(RESIZE_BACKENDS) & phases["suite"].isin(SCALING_SUITES)]
    rows = rows[["suite", "workload", "backend", "p25Nanoseconds", "medianNanoseconds", "p75Nanoseconds"]]
    rows = rows.assign(met=rows["medianNanoseconds"] <= RESIZE_TARGET_NANOSECONDS)
    return rows.sort_values(["suite", "workload", "backend"]).reset_index(drop=True)


# Charts --------------------------------------------------------------------------------


def _duration_tick(value: float, _position: float) -> str:
    return "" if value <= 0 else benchlib.format_duration(value, digits=1)


def _size_tick(value: float, _position: float) -> str:
    if value <= 0:
        return ""
    return f"{value / 1000:g}k" if value >= 1000 else f"{value:g}"


def _ratio_tick(value: float, _position: float) -> str:
    if value <= 0:
        return ""
    return f"{value:,.{max(0, -int(np.floor(np.log10(value))))}f}×"


def _backend_style(backend: str) -> dict:
    return {"linestyle": "--" if backend == PEER else "-"}


def draw_scaling(points: pd.DataFrame) -> Figure:
    suites = [suite for suite in SCALING_SUITES if suite in set(points["suite"])]
    backends = benchplots.backend_order(points["backend"].unique())
    colors = benchplots.backend_colors(backends)
    figure = Figure(figsize=(11, 4.1), layout="constrained")
    axes = figure.subplots(1, len(suites), sharey=True, squeeze=False)[0]
    for ax, suite in zip(axes, suites):
        here = points[points["suite"] == suite]
        workloads = here["workload"].nunique()
        for (backend, _workload), line in here.groupby(["backend", "workload"], sort=False):
            ax.plot(line["size"], line["medianNanoseconds"], color=colors[backend], marker="o", markersize=2.5,
                    linewidth=1.1, alpha=0.55 if workloads > 1 else 0.9, **_backend_style(backend))
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(f"{suite} ({workloads} workload{'s' if workloads > 1 else ''})", fontsize=10)
        ax.set_xlabel("views (log)", fontsize=9)
        ax.xaxis.set_major_formatter(FuncFormatter(_size_tick))
        ax.grid(True, which="major", linewidth=0.5, alpha=0.5)
        ax.tick_params(labelsize=8)
    axes[0].yaxis.set_major_formatter(FuncFormatter(_duration_tick))
    axes[0].set_ylabel("build + first layout, median", fontsize=9)
    for ax in axes:
        ax.xaxis.set_minor_locator(NullLocator())
        ax.yaxis.set_minor_locator(NullLocator())
    handles = [Line2D([], [], color=colors[b], marker="o", markersize=3,
                      label=b + (" (exported systems)" if b == PEER else ""), **_backend_style(b))
               for b in backends]
    figure.suptitle("Putting a screen up: build + first layout against views, one line per workload (log–log)",
                    fontsize=11)
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=8.5, frameon=False)
    return figure


def size_shades(sizes: list[int]) -> dict[int, str]:
    """kiwisolver's colour for each size: lighter for the small sizes, darker for the large,
    the one-scene size (1) in the colour itself."""
    base = benchplots.BACKEND_COLORS[PEER]
    swept = [size for size in sizes if size != 1]
    shades = {1: base} if 1 in sizes else {}
    for index, size in enumerate(swept):
        # From 0.6 of the way to white to 0.45 of the way to black.
        position = index / max(len(swept) - 1, 1)
        shades[size] = (benchplots.mix(base, "white", 0.6 * (1 - 2 * position)) if position <= 0.5
                        else benchplots.mix(base, "black", 0.45 * (2 * position - 1)))
    return shades


def draw_kiwisolver_ratios(ratios: pd.DataFrame) -> Figure:
    phases = [phase for phase in (COMBINED, benchlib.POOLED_CHANGES) if phase in set(ratios["phase"])]
    drivers = [driver for driver in ("scene", "system") if driver in set(ratios["driver"])]
    suites = [suite for suite in RATIO_SUITES if suite in set(ratios["suite"])]
    sizes = sorted(ratios["size"].unique())
    # Shades of the peer's colour, darker with size; the one-scene suite (size 1) a diamond.
    shades = size_shades(sizes)
    markers = {size: "D" if size == 1 else "o" for size in sizes}
    figure = Figure(figsize=(11, 7.2), layout="constrained")
    axes = figure.subplots(len(phases), len(drivers), sharey=True, squeeze=False)
    titles = {"scene": "over scene-driven cassowary",
              "system": "over cassowary driven by the same exported systems"}
    low, high = ratios["ratio"].min(), ratios["ratio"].max()
    rng = np.random.default_rng(7)
    for row, phase in enumerate(phases):
        for column, driver in enumerate(drivers):
            ax = axes[row, column]
            here = ratios[(ratios["phase"] == phase) & (ratios["driver"] == driver)]
            for position, suite in enumerate(suites):
                suite_rows = here[here["suite"] == suite]
                present = sorted(suite_rows["size"].unique())
                for index, size in enumerate(present):
                    dots = suite_rows[suite_rows["size"] == size]
                    offset = (index - (len(present) - 1) / 2) * 0.22
                    x = position + offset + rng.uniform(-0.05, 0.05, len(dots))
                    ax.scatter(x, dots["ratio"], s=16, color=shades[size], marker=markers[size], edgecolors="0.2",
                               linewidths=0.4, zorder=3)
            ax.axhline(1.0, color="0.15", linewidth=1.0, zorder=2)
            ax.text(1.0, 1.0, " 1× ", transform=ax.get_yaxis_transform(), ha="right", va="bottom", fontsize=8,
                    color="0.15")
            ax.set_yscale("log")
            ax.set_ylim(min(low, 0.5) / 1.6, max(high, 2) * 1.6)
            ax.set_xticks(range(len(suites)), suites, fontsize=8.5)
            ax.set_xlim(-0.6, len(suites) - 0.4)
            ax.yaxis.set_major_formatter(FuncFormatter(_ratio_tick))
            ax.yaxis.set_minor_locator(NullLocator())
            ax.grid(True, axis="y", which="major", linewidth=0.5, alpha=0.5)
            ax.tick_params(labelsize=8)
            if row == 0:
                ax.set_title(titles[driver], fontsize=10)
        axes[row, 0].set_ylabel(f"{benchplots.phase_title(phase)}\nkiwisolver ÷ cassowary (log)", fontsize=9)
    handles = [Line2D([], [], linestyle="none", marker=markers[size], markersize=5, color=shades[size],
                      markeredgecolor="0.2", markeredgewidth=0.4,
                      label="one scene (enaml)" if size == 1 else f"{size:,} views") for size in sizes]
    figure.suptitle("kiwisolver's median over cassowary's, one dot per workload and size: above 1×, kiwisolver "
                    "is slower", fontsize=11)
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=8.5, frameon=False)
    return figure


def draw_resize(rows: pd.DataFrame) -> Figure:
    suite_order = {suite: index for index, suite in enumerate(("stackviews", "deep", "anchor"))}
    labels = sorted(rows[["suite", "workload"]].drop_duplicates().to_numpy().tolist(),
                    key=lambda pair: (suite_order.get(pair[0], len(suite_order)), pair[0], pair[1]))
    backends = [b for b in RESIZE_BACKENDS if b in set(rows["backend"])]
    colors = benchplots.backend_colors(backends)
    figure = Figure(figsize=(8.5, 0.28 * len(labels) + 1.5), layout="constrained")
    ax = figure.subplots()
    low = min(rows["p25Nanoseconds"].min(), RESIZE_TARGET_NANOSECONDS)
    high = max(rows["p75Nanoseconds"].max(), RESIZE_TARGET_NANOSECONDS)
    for offset, backend in enumerate(backends):
        mine = rows[rows["backend"] == backend].set_index(["suite", "workload"])
        for index, (suite, workload) in enumerate(labels):
            y = index + (offset - (len(backends) - 1) / 2) * 0.3
            if (suite, workload) not in mine.index:
                ax.text(high * 1.3, y, f"{backend}: not measured", fontsize=7, color="0.45", va="center", ha="right")
                continue
            row = mine.loc[(suite, workload)]
            ax.plot([row["p25Nanoseconds"], row["p75Nanoseconds"]], [y, y], color=colors[backend], linewidth=2.2,
                    alpha=0.45, solid_capstyle="butt", zorder=2)
            ax.plot(row["medianNanoseconds"], y, marker="o", markersize=5, color=colors[backend], zorder=3)
    ax.axvline(RESIZE_TARGET_NANOSECONDS, color="0.15", linestyle="--", linewidth=1.1, zorder=4)
    ax.text(RESIZE_TARGET_NANOSECONDS, -0.7, " target 50 µs", fontsize=8, va="center", ha="left")
    ax.set_xscale("log")
    ax.set_xlim(low / 2, high * 1.5)
    ax.set_ylim(len(labels) - 0.5, -1.1)
    ax.set_yticks(range(len(labels)), [f"{suite}: {workload}" for suite, workload in labels], fontsize=8)
    ax.xaxis.set_major_formatter(FuncFormatter(_duration_tick))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.grid(True, axis="x", which="major", linewidth=0.5, alpha=0.5)
    ax.tick_params(axis="x", labelsize=8)
    ax.set_xlabel("time per resize (log)", fontsize=9)
    handles = [Line2D([], [], color=colors[b], marker="o", markersize=5, linestyle="none", label=f"{b} median")
               for b in backends]
    handles.append(Line2D([], [], color="0.5", linewidth=2.2, alpha=0.6, label="p25–p75 of the resizes"))
    figure.suptitle(f"A container resize at {RESIZE_SIZE:,} views, every workload that has one", fontsize=11)
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=8.5, frameon=False)
    return figure


def save(figure: Figure, path: Path) -> int:
    """Writes the figure as a PNG of at most 256 colours (a third of the size of full
    colour for flat charts); returns its size in bytes."""
    from io import BytesIO

    from PIL import Image

    buffer = BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    buffer.seek(0)
    image = Image.open(buffer).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    image.save(path, format="PNG", optimize=True)
    return path.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = benchlib.UsageParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, required=True, help="the folder of results files")
    parser.add_argument("--out", type=Path, help="where the PNGs go (default RESULTS/charts)")
    args = parser.parse_args(argv)
    out = args.out or args.results / "charts"
    try:
        phases = load(args.results)
    except (benchlib.ResultsFormatError, OSError, ValueError) as error:
        print(f"findings_charts: {error}", file=sys.stderr)
        return 2
    charts = [("scaling.png", scaling_points, draw_scaling),
              ("kiwisolver-ratio.png", kiwisolver_ratios, draw_kiwisolver_ratios),
              ("resize.png", resize_rows, draw_resize)]
    out.mkdir(parents=True, exist_ok=True)
    for name, select, draw in charts:
        rows = select(phases)
        if rows.empty:
            print(f"findings_charts: {name}: no data in {args.results}", file=sys.stderr)
            return 2
        size = save(draw(rows), out / name)
        print(f"{out / name}: {size / 1024:.0f} KB")
        if size > MAX_BYTES:
            print(f"findings_charts: warning: {name} is over {MAX_BYTES // 1024} KB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
