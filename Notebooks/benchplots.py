"""The notebooks' charts, drawn from benchlib's tables on matplotlib `Figure` objects
(no pyplot state, so they work under any backend and tests can draw them under Agg)."""

from __future__ import annotations

import base64
import html
import io
import math
import re
import textwrap
from typing import Sequence

import matplotlib.colors as mcolors
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator

import benchlib

# One colour per backend in every chart, the HTML report's (Sources/Reports/BackendPalette.swift:
# its `named`, `fallback` and `variantLightening`; tests/test_benchplots.py checks that the
# two agree), so a backend is recognised from chart to chart and from report to notebook:
# Okabe and Ito's colour-blind-safe palette. Backends named nowhere (a new peer) take the
# fallback colours in name order; a variant of a backend (`cassowary:core`, and here also
# `cassowary (system)`) a lighter shade of its colour.
BACKEND_COLORS = {
    "cassowary": "#0072b2",
    "dense-simplex": "#d55e00",
    "springs-struts": "#009e73",
    "kiwisolver": "#cc79a7",
}
FALLBACK_COLORS = ["#e69f00", "#56b4e9", "#000000", "#f0e442"]
# The i-th of k variants of one base present (name order, from 0) is mixed with white by
# VARIANT_LIGHTENING · (i + 1) / (k + 1).
VARIANT_LIGHTENING = 0.5

SWIFT_PALETTE = "Sources/Reports/BackendPalette.swift"
_SWIFT_ENTRY = re.compile(r'"([^"\s]+)"\s*:\s*"(#[0-9A-Fa-f]{6})"')
_SWIFT_FALLBACK = re.compile(r"\bfallback\s*=\s*\[([^\]]*)\]")
_SWIFT_LIGHTENING = re.compile(r"\bvariantLightening\s*=\s*([0-9.]+)")


def swift_palette(text: str) -> dict[str, str]:
    """The `"backend": "#rrggbb"` entries of the HTML report's palette (the text of
    Sources/Reports/BackendPalette.swift), colours in lower case."""
    return {name: color.lower() for name, color in _SWIFT_ENTRY.findall(text)}


def swift_fallback(text: str) -> list[str] | None:
    """The report's `fallback = [...]` colours, in lower case; None when it has none."""
    match = _SWIFT_FALLBACK.search(text)
    return None if match is None else [color.lower() for color in re.findall(r"#[0-9A-Fa-f]{6}", match.group(1))]


def swift_variant_lightening(text: str) -> float | None:
    match = _SWIFT_LIGHTENING.search(text)
    return None if match is None else float(match.group(1))


def base_backend(backend: str) -> str:
    """The backend a variant name belongs to: `cassowary:core` and `cassowary (system)` are
    cassowary's; a plain name is its own."""
    return backend.split(":", 1)[0].split(" (", 1)[0]


def lighter(color: str, fraction: float) -> str:
    """`color` (#rrggbb) mixed with white, each channel c + (255 − c) · fraction rounded half
    up, as the report computes it."""
    channels = [int(color[index:index + 2], 16) for index in (1, 3, 5)]
    return "#" + "".join(f"{math.floor(c + (255 - c) * fraction + 0.5):02x}" for c in channels)


def mix(color: str, other: str, amount: float) -> str:
    """`color` moved towards `other` by `amount` (0 leaves it, 1 is `other`), as #rrggbb."""
    start, end = mcolors.to_rgb(color), mcolors.to_rgb(other)
    return mcolors.to_hex([a + (b - a) * amount for a, b in zip(start, end)])


PHASE_TITLES = {
    "build": "build (load the scene)",
    "firstLayout": "first layout",
    "build+firstLayout": "build + first layout",
    "resizeContainer": "resize (per resize)",
    benchlib.POOLED_CHANGES: "each change (per operation)",
}


def backend_colors(backends: Sequence[str]) -> dict[str, str]:
    """The colour of each backend, by the report's rule: BACKEND_COLORS for the bases named
    there, FALLBACK_COLORS for other bases in name order, and each variant of a base a
    lighter shade of the base's colour (VARIANT_LIGHTENING)."""
    unique = set(backends)
    bases = {base_backend(backend) for backend in unique}
    base_colors = dict(BACKEND_COLORS)
    for index, base in enumerate(sorted(bases - set(BACKEND_COLORS))):
        base_colors[base] = FALLBACK_COLORS[index % len(FALLBACK_COLORS)]
    variants: dict[str, list[str]] = {}
    for backend in sorted(unique):
        if base_backend(backend) != backend:
            variants.setdefault(base_backend(backend), []).append(backend)
    colors = {}
    for backend in unique:
        base = base_backend(backend)
        if base == backend:
            colors[backend] = base_colors[backend]
        else:
            siblings = variants[base]
            fraction = VARIANT_LIGHTENING * (siblings.index(backend) + 1) / (len(siblings) + 1)
            colors[backend] = lighter(base_colors[base], fraction)
    return {backend: colors[backend] for backend in backends}


def figure_html(figure: Figure, alt: str, dpi: int = 80) -> str:
    """The figure as an HTML <img> with its PNG inline and `alt` as its alternative text (a
    notebook shows it with IPython's HTML; nbconvert's HTML keeps the text for screen
    readers, where a figure displayed as such has none)."""
    buffer = io.BytesIO()
    # No bbox_inches="tight": the figures lay themselves out (constrained), and a tight box
    # would draw each one twice.
    figure.savefig(buffer, format="png", dpi=dpi)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def backend_order(backends: Sequence[str], reference: str = benchlib.REFERENCE_BACKEND) -> list[str]:
    """The reference first, then its variants, then the others by name."""
    unique = sorted(set(backends))
    first = [reference] if reference in unique else []
    variants = [b for b in unique if b != reference and base_backend(b) == reference]
    return first + variants + [b for b in unique if b != reference and b not in variants]


def phase_title(phase: str) -> str:
    return PHASE_TITLES.get(phase, phase)


def _duration_tick(value: float, _position: float) -> str:
    if value <= 0:
        return ""
    return benchlib.format_duration(value, digits=1)


def _size_tick(value: float, _position: float) -> str:
    if value <= 0:
        return ""
    for scale, suffix in ((1e6, "M"), (1e3, "k")):
        if value >= scale:
            return f"{value / scale:g}{suffix}"
    return f"{value:g}"


def _count_tick(value: float, _position: float) -> str:
    return "0" if value == 0 else _size_tick(value, _position)


def _workload_label(suite: str, workload: str, suites: int) -> str:
    return workload if suites == 1 else f"{suite}: {workload}"


def plot_scaling(phases: pd.DataFrame, phase: str, cases: pd.DataFrame | None = None,
                 ncols: int = 4, reference: str = benchlib.REFERENCE_BACKEND, title: str | None = None) -> Figure:
    """Median time per operation against size, log-log, one panel per workload, one line
    per backend with its p25-p75 band. Rows must come from one file per backend and
    workload (benchlib.latest_per_backend). With `cases`, a backend's skipped or failed
    sizes are marked by a cross on the panel's top edge, so a line that stops early says
    why. `title` goes before the figure's title (a suite's name)."""
    rows = phases[phases["phase"] == phase]
    if rows.empty:
        raise ValueError(f"no phase {phase!r} in the table")
    panels = rows[["suite", "workload"]].drop_duplicates().sort_values(["suite", "workload"]).to_numpy().tolist()
    suites = len({suite for suite, _ in panels})
    backends = backend_order(rows["backend"].unique(), reference)
    colors = backend_colors(backends)
    ncols = min(ncols, len(panels))
    nrows = math.ceil(len(panels) / ncols)
    # Never narrower than its title and legend need (one panel alone would cut them off).
    width = max(3.3 * ncols, 6.6)
    figure = Figure(figsize=(width, 2.6 * nrows + 0.9), layout="constrained")
    axes = figure.subplots(nrows, ncols, sharex=True, sharey=True, squeeze=False)
    # The newest file's status for each case: a size skipped in an old run and measured in
    # a newer one is not marked.
    newest = None if cases is None else benchlib.latest_per_backend(cases, by_size=True)
    not_run = pd.DataFrame() if newest is None else newest[newest["status"] != "ok"]
    for ax, (suite, workload) in zip(axes.flat, panels):
        panel = rows[(rows["suite"] == suite) & (rows["workload"] == workload)]
        for backend in backends:
            line = panel[panel["backend"] == backend].sort_values("size")
            if line.empty:
                continue
            color = colors[backend]
            ax.fill_between(line["size"], line["p25Nanoseconds"], line["p75Nanoseconds"], color=color, alpha=0.25,
                            linewidth=0)
            ax.plot(line["size"], line["medianNanoseconds"], marker="o", markersize=3.5, color=color, linewidth=1.4)
        if not not_run.empty:
            missing = not_run[(not_run["suite"] == suite) & (not_run["workload"] == workload)]
            for backend, group in missing.groupby("backend"):
                if backend in colors:
                    # One row of crosses per backend along the top edge, so two backends
                    # skipped at one size do not hide each other.
                    height = 0.95 - 0.06 * backends.index(backend)
                    ax.plot(group["size"], [height] * len(group), linestyle="none", marker="x", markersize=4.5,
                            color=colors[backend], transform=ax.get_xaxis_transform())
        ax.set_title(_workload_label(suite, workload, suites), fontsize=9)
        ax.grid(True, which="major", linewidth=0.5, alpha=0.5)
    for index, ax in enumerate(axes.flat):
        if index >= len(panels):
            ax.set_visible(False)
        elif index + ncols >= len(panels):
            # The lowest panel of its column, though not in the last row: its own ticks.
            ax.xaxis.set_tick_params(labelbottom=True)
            ax.set_xlabel("size n (log)", fontsize=8)
    first = axes.flat[0]
    first.set_xscale("log")
    first.set_yscale("log")
    if not not_run.empty:
        # Headroom above the highest point (0.15 of the decades shown), where the
        # crosses go, so that they never sit on a line.
        bottom, top = first.get_ylim()
        first.set_ylim(bottom, top * (top / bottom) ** 0.15)
    first.xaxis.set_major_formatter(FuncFormatter(_size_tick))
    # No minor ticks: unlabelled, and on log axes over several decades of a dozen panels
    # placing them costs most of the drawing time.
    first.xaxis.set_minor_locator(NullLocator())
    first.yaxis.set_major_locator(LogLocator(base=10, numticks=12))
    first.yaxis.set_major_formatter(FuncFormatter(_duration_tick))
    first.yaxis.set_minor_locator(NullLocator())
    for ax in axes[:, 0]:
        ax.set_ylabel("median time per operation", fontsize=8)
    for ax in axes.flat:
        ax.tick_params(labelsize=7.5)
    handles = [Line2D([], [], color=colors[b], marker="o", markersize=3.5, label=b) for b in backends]
    handles.append(Patch(color="0.5", alpha=0.3, label="p25–p75 of the samples"))
    if not not_run.empty:
        handles.append(Line2D([], [], color="0.3", marker="x", linestyle="none", label="skipped or error at that size"))
    text = f"Scaling: {phase_title(phase)}, median per operation (log–log)"
    figure.suptitle(textwrap.fill(f"{title}: {text}" if title else text, width=int(width * 11)), fontsize=11)
    figure.legend(handles=handles, loc="outside lower center", ncols=min(len(handles), max(2, int(width / 1.7))),
                  fontsize=8, frameon=False)
    return figure


def plot_ratio_heatmap(ratios: pd.DataFrame, phases: Sequence[str], cases: pd.DataFrame | None = None,
                       reference: str = benchlib.REFERENCE_BACKEND) -> Figure:
    """Each backend's median over the reference's, per workload (rows) and size (columns):
    one panel per phase (rows of panels) and backend (columns of panels), on a diverging
    log colour scale centred on 1×. A row of panels lists the workloads that have that
    phase, at the sizes they were run at. Cells where one of the two did not run say which,
    when `cases` is given; ratios across two runs (sameRun False) are marked with †."""
    ratios = ratios[ratios["phase"].isin(phases)]
    if ratios.empty:
        raise ValueError("no ratios for these phases")
    phases = [p for p in phases if p in set(ratios["phase"])]
    backends = backend_order(ratios["backend"].unique(), reference)
    # Each backend's own reference where the table names it (ratios to several references).
    references = ({backend: reference for backend in backends} if "reference" not in ratios.columns
                  else dict(zip(ratios["backend"], ratios["reference"])))
    suites = ratios["suite"].nunique()
    latest = None if cases is None else benchlib.latest_per_backend(cases, by_size=True)
    status = None if latest is None else latest.set_index(["suite", "workload", "backend", "size"])["status"]
    # Rows relabelled by benchlib.pool_changes name their case in caseWorkload.
    case_workload = {} if "caseWorkload" not in ratios.columns else dict(
        zip(zip(ratios["suite"], ratios["workload"]), ratios["caseWorkload"]))
    layout = {}
    for phase in phases:
        here = ratios[ratios["phase"] == phase]
        workloads = here[["suite", "workload"]].drop_duplicates().sort_values(["suite", "workload"])
        sizes = set(here["size"])
        if latest is not None:
            named = workloads.assign(workload=[case_workload.get((s, w), w) for s, w in workloads.to_numpy()])
            sizes |= set(latest.merge(named, on=["suite", "workload"])["size"])
        layout[phase] = (workloads.to_numpy().tolist(), sorted(sizes))
    logs = np.log10(ratios["ratio"].to_numpy())
    limit = max(1.0, math.ceil(float(np.max(np.abs(logs)))))
    norm = mcolors.TwoSlopeNorm(vmin=-limit, vcenter=0.0, vmax=limit)
    cmap = mcolors.LinearSegmentedColormap.from_list("ratio", ["#2166ac", "#f7f7f7", "#b2182b"])
    most_sizes = max(len(sizes) for _, sizes in layout.values())
    longest_label = max(len(_workload_label(s, w, suites)) for workloads, _ in layout.values() for s, w in workloads)
    panel_width = max(0.8 * most_sizes, 2.4)
    width = 0.3 + 0.065 * longest_label + panel_width * len(backends) + 1.2
    # Each row of panels as tall as its workloads, plus room for the titles and ticks.
    heights = [0.24 * len(workloads) + 1.0 for workloads, _ in layout.values()]
    figure = Figure(figsize=(width, sum(heights)), layout="constrained")
    rows = figure.subfigures(len(phases), 1, height_ratios=heights, squeeze=False)[:, 0]
    for row, phase in zip(rows, phases):
        workloads, sizes = layout[phase]
        axes = row.subplots(1, len(backends), sharey=True, squeeze=False)[0]
        row.suptitle(phase_title(phase), fontsize=10, fontweight="bold")
        for ax, backend in zip(axes, backends):
            cell = ratios[(ratios["phase"] == phase) & (ratios["backend"] == backend)]
            grid = np.full((len(workloads), len(sizes)), np.nan)
            cross_run = np.zeros_like(grid, dtype=bool)
            for record in cell.itertuples():
                i = workloads.index([record.suite, record.workload])
                j = sizes.index(record.size)
                grid[i, j] = math.log10(record.ratio)
                cross_run[i, j] = not record.sameRun
            image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, norm=norm, aspect="auto")
            ax.set_facecolor("0.93")
            for i, (suite, workload) in enumerate(workloads):
                for j, size in enumerate(sizes):
                    if np.isfinite(grid[i, j]):
                        text = benchlib.format_ratio(10 ** grid[i, j]) + ("†" if cross_run[i, j] else "")
                        dark = abs(grid[i, j]) > 0.6 * limit
                        # Inside the axes: left out of the layout, which would measure each.
                        ax.text(j, i, text, ha="center", va="center", fontsize=7, color="white" if dark else "black",
                                in_layout=False)
                    elif status is not None:
                        case = case_workload.get((suite, workload), workload)
                        ax.text(j, i, _missing_reason(status, suite, case, backend, references[backend], size),
                                ha="center", va="center", fontsize=6, color="0.45", in_layout=False)
            summary = (f"geometric mean {benchlib.format_ratio(benchlib.geometric_mean(cell['ratio']))} "
                       f"over {len(cell)} cells" if not cell.empty else "no cell where both ran")
            ax.set_title(f"{backend} ÷ {references[backend]}\n{summary}", fontsize=8.5)
            ax.set_xticks(range(len(sizes)), [_size_tick(s, 0) for s in sizes], fontsize=7.5)
            ax.set_yticks(range(len(workloads)), [_workload_label(s, w, suites) for s, w in workloads], fontsize=7.5)
            ax.tick_params(length=0)
        axes[0].set_xlabel("size n", fontsize=8)
        ticks = np.arange(-limit, limit + 1)
        bar = row.colorbar(image, ax=axes, ticks=ticks, aspect=min(30, 6 + 3 * len(workloads)))
        bar.ax.set_yticklabels([f"{10.0**t:,.{max(0, -int(t))}f}×" for t in ticks], fontsize=7)
        bar.set_label("÷ reference (red slower, blue faster)", fontsize=7.5)
    return figure


def _missing_reason(status: pd.Series, suite: str, workload: str, backend: str, reference: str, size: int) -> str:
    mine = status.get((suite, workload, backend, size))
    theirs = status.get((suite, workload, reference, size))
    if mine is not None and mine != "ok":
        return mine
    if theirs is not None and theirs != "ok":
        return f"ref. {theirs}"
    return ""


def plot_allocations(phases: pd.DataFrame, phase_names: Sequence[str], ncols: int = 4,
                     reference: str = benchlib.REFERENCE_BACKEND) -> Figure:
    """Allocations per operation against size, one panel per phase, one thin line per
    workload in its backend's colour. The y axis is linear below 1 and logarithmic above
    (symlog), so an allocation-free operation (exactly 0) stays on the chart."""
    counted = phases[phases["phase"].isin(phase_names) & phases["allocations"].notna()]
    if counted.empty:
        raise ValueError("no allocation counts for these phases")
    phase_names = [p for p in phase_names if p in set(counted["phase"])]
    backends = backend_order(counted["backend"].unique(), reference)
    colors = backend_colors(backends)
    ncols = min(ncols, len(phase_names))
    nrows = math.ceil(len(phase_names) / ncols)
    figure = Figure(figsize=(3.6 * ncols + 0.4, 3.0 * nrows + 0.6), layout="constrained")
    grid = figure.subplots(nrows, ncols, squeeze=False)
    for ax in grid.flat[len(phase_names):]:
        ax.set_visible(False)
    axes = list(grid.flat[:len(phase_names)])
    for ax, phase in zip(axes, phase_names):
        rows = counted[counted["phase"] == phase]
        for (backend, _suite, _workload), line in rows.groupby(["backend", "suite", "workload"]):
            line = line.sort_values("size")
            ax.plot(line["size"], line["allocations"], color=colors[backend], marker="o", markersize=2.5,
                    linewidth=0.9, alpha=0.75)
        ax.set_xscale("log")
        ax.set_yscale("symlog", linthresh=1)
        # Room above the highest point (symlog's own limit would cut it at the edge).
        ax.set_ylim(-0.3, max(1.0, float(rows["allocations"].max())) * 3)
        ax.yaxis.set_major_formatter(FuncFormatter(_count_tick))
        ax.xaxis.set_major_formatter(FuncFormatter(_size_tick))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.yaxis.set_minor_locator(NullLocator())
        ax.set_title(phase_title(phase), fontsize=9)
        ax.set_xlabel("size n (log)", fontsize=8)
        ax.grid(True, which="major", linewidth=0.5, alpha=0.5)
        ax.tick_params(labelsize=7.5)
    for ax in grid[:, 0]:
        ax.set_ylabel("allocations per operation\n(symlog: linear below 1)", fontsize=8)
    handles = [Line2D([], [], color=colors[b], marker="o", markersize=3, label=b) for b in backends]
    # Below the panels: a suptitle the caller adds goes above them.
    figure.legend(handles=handles, loc="outside lower center", ncols=len(handles), fontsize=8, frameon=False,
                  title="one line per workload", title_fontsize=8)
    return figure
