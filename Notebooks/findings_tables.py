#!/usr/bin/env python3
"""Prints the Markdown tables of Results/FINDINGS.md from results files, every figure
computed from the samples (benchlib), none typed, each against its target.

Usage: findings_tables.py RESULTS.json... [--system SYSTEM.json...] [--memory MEMORY.json]
       [--diagnostics DIAGNOSTICS.json] [--all]

Sections, with the targets each is checked against:
  * scaling exponents of build+firstLayout over sizes >= 100 (target: cassowary <= 1.2,
    springs-struts <= 1.1);
  * the anchor chain against kiwisolver (target: at least 100x at 1,000 views);
  * kiwisolver against cassowary on every workload, phase and size both measured (target:
    cassowary never slower);
  * churn at 1,000 views (targets: a constant edit <= 10 us with 0 allocations, a container
    resize <= 50 us, toggling >= 20x faster than remove-and-re-add);
  * solver counters of cassowary's build per view;
  * the screens suite: each operation's time with the counters that explain it (layout
    passes, table rows fitted, pivots, allocations), and the time per fitted row of a
    scroll; with --diagnostics (a `bench run --diagnostics` file of the same suite), the
    scaling of build+firstLayout with the ambiguity probes read in every layout;
  * with --memory, peak resident bytes per view from Benchmarks/memory_per_view.py.
With --system, files of `bench run --driver system` (the exported constraint systems
straight into the solver, the work kiwisolver is timed on) give a second kiwisolver table:
solver against solver. Their cases are kept apart from the scene-driven ones; a positional
file of that driver is bad input. Results/current/regenerate.sh writes this script's output
to Results/current/tables.md.
Exit status: 0 printed; 2 an input is not a results file; 64 bad command line.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchlib  # noqa: E402

COMBINED = "build+firstLayout"
SCALING_SUITES = ("stackviews", "deep", "anchor", "screens")
SCREEN_COUNTERS = (("passes", "passes"), ("rowsFitted", "rows"), ("pivots", "pivots"))
EXPONENT_TARGETS = {"cassowary": 1.2, "springs-struts": 1.1}
BACKENDS = ("cassowary", "springs-struts", "dense-simplex", "kiwisolver")


def duration(ns: float) -> str:
    return "—" if ns is None or (isinstance(ns, float) and math.isnan(ns)) else benchlib.format_duration(ns)


def scaling(phases: pd.DataFrame) -> list[str]:
    # One fit per workload and backend across files (a sweep split over files is one sweep).
    fits = benchlib.fit_scaling(phases[phases["phase"] == COMBINED].assign(file="joined"), min_size=100)
    lines = ["| suite | workload | " + " | ".join(f"`{b}`" for b in BACKENDS) + " |",
             "|---|---|" + "---|" * len(BACKENDS)]
    verdicts = []
    for (suite, workload), group in fits.groupby(["suite", "workload"], sort=False):
        if suite not in SCALING_SUITES:
            continue
        cells = []
        for backend in BACKENDS:
            row = group[group["backend"] == backend]
            if row.empty:
                cells.append("—")
                continue
            fit = row.iloc[0]
            largest = phases[(phases["workload"] == workload) & (phases["backend"] == backend)
                             & (phases["phase"] == COMBINED) & (phases["size"] == fit["maxSize"])]
            at = duration(largest["medianNanoseconds"].iloc[0]) if not largest.empty else "—"
            mark = ""
            target = EXPONENT_TARGETS.get(backend)
            if target is not None:
                met = fit["exponent"] <= target
                mark = " ✓" if met else f" ✗ (+{fit['exponent'] - target:.3f})"
                verdicts.append((backend, met))
            cells.append(f"{fit['exponent']:.2f}{mark} ({fit['minSize']:,}–{fit['maxSize']:,}; {at})")
        lines.append(f"| {suite} | `{workload}` | " + " | ".join(cells) + " |")
    for backend, target in EXPONENT_TARGETS.items():
        mine = [met for b, met in verdicts if b == backend]
        lines.append("")
        lines.append(f"{backend}: {sum(mine)} of {len(mine)} workloads at or under k = {target}.")
    return lines


SYSTEM_BACKEND = "cassowary (system)"


def system_driven(path: Path) -> bool:
    """Whether a results file holds `bench run --driver system` cases."""
    document = json.loads(path.read_text(encoding="utf-8"))
    return any((case.get("parameters") or {}).get("driver") == "system" for case in document.get("cases", []))


def kiwi(phases: pd.DataFrame, show_all: bool, reference: str = "cassowary") -> list[str]:
    # Size by size: the 1,000-view runs of a peer may be files of their own.
    ratios = benchlib.ratio_table(phases, reference=reference, by_size=True)
    ratios = ratios[ratios["backend"] == "kiwisolver"]
    lines = ["| suite | workload | phase | sizes | kiwisolver over cassowary (min … max) | cassowary slower at |",
             "|---|---|---|---|---|---|"]
    slower = 0
    for (suite, workload, phase), group in ratios.groupby(["suite", "workload", "phase"], sort=False):
        group = group.sort_values("size")
        losing = group[group["ratio"] < 1]
        slower += len(losing)
        if losing.empty and not show_all:
            continue
        where = ", ".join(f"{int(r['size']):,} ({r['ratio']:.2f}×)" for _, r in losing.iterrows()) or "—"
        lines.append(f"| {suite} | `{workload}` | `{phase}` | {', '.join(f'{int(s):,}' for s in group['size'])} | "
                     f"{group['ratio'].min():.2f}× … {group['ratio'].max():,.0f}× | {where} |")
    lines.append("")
    lines.append(f"Workload, phase and size combinations where cassowary is slower than kiwisolver: {slower} "
                 f"of {len(ratios)}" + ("." if show_all else "; the table lists the workloads and phases with any "
                                        "(--all lists every one)."))
    return lines


def median(phases: pd.DataFrame, workload: str, backend: str, size: int, phase: str):
    row = phases[(phases["workload"] == workload) & (phases["backend"] == backend) & (phases["size"] == size)
                 & (phases["phase"] == phase)]
    return None if row.empty else row.iloc[0]


def anchor(phases: pd.DataFrame) -> list[str]:
    lines = ["| phase | views | cassowary | kiwisolver | kiwisolver over cassowary | target ≥ 100× |",
             "|---|---:|---:|---:|---:|---|"]
    for size in (10, 100, 1000):
        for phase in ("build", COMBINED, "resizeContainer"):
            ours = median(phases, "chain.horizontal", "cassowary", size, phase)
            theirs = median(phases, "chain.horizontal", "kiwisolver", size, phase)
            if ours is None or theirs is None:
                continue
            ratio = theirs["medianNanoseconds"] / ours["medianNanoseconds"]
            verdict = ("✓" if ratio >= 100 else "✗") if size == 1000 else ""
            lines.append(f"| `{phase}` | {size:,} | {duration(ours['medianNanoseconds'])} | "
                         f"{duration(theirs['medianNanoseconds'])} | {ratio:,.1f}× | {verdict} |")
    return lines


def churn(phases: pd.DataFrame) -> list[str]:
    lines = ["| target | workload | measured at 1,000 views | verdict |", "|---|---|---|---|"]
    edit = median(phases, "churn.constantAnimation", "cassowary", 1000, "constantAnimation")
    if edit is not None:
        lines.append(f"| constant edit + relayout ≤ 10 µs, 0 allocations | `churn.constantAnimation` | "
                     f"{duration(edit['medianNanoseconds'])}, {edit['allocations']:g} allocations | "
                     f"{'✓' if edit['medianNanoseconds'] <= 10_000 else '✗ time'}"
                     f"{'' if edit['allocations'] == 0 else ' ✗ allocations'} |")
    resizes = phases[(phases["backend"] == "cassowary") & (phases["size"] == 1000)
                     & (phases["phase"] == "resizeContainer")]
    for _, r in resizes.sort_values("workload").iterrows():
        lines.append(f"| container resize ≤ 50 µs | `{r['workload']}` | {duration(r['medianNanoseconds'])}, "
                     f"{r['allocations']:g} allocations | {'✓' if r['medianNanoseconds'] <= 50_000 else '✗'} |")
    for size in (10, 100, 1000):
        toggle = median(phases, "churn.sizeClassSwap", "cassowary", size, "sizeClassSwap")
        rebuild = median(phases, "churn.rebuild", "cassowary", size, "rebuild")
        if toggle is None or rebuild is None:
            continue
        ratio = rebuild["medianNanoseconds"] / toggle["medianNanoseconds"]
        lines.append(f"| toggling ≥ 20× faster than remove-and-re-add (at {size:,}) | `churn.sizeClassSwap` vs "
                     f"`churn.rebuild` | {duration(toggle['medianNanoseconds'])} vs "
                     f"{duration(rebuild['medianNanoseconds'])}: {ratio:.1f}× | {'✓' if ratio >= 20 else '✗'} |")
    return lines


def counters(phases: pd.DataFrame) -> list[str]:
    if not {"counter_pivots", "counter_cellsTouched", "counter_cells"} <= set(phases.columns):
        return ["No solver counters in these files."]
    build = phases[(phases["backend"] == "cassowary") & (phases["phase"] == "build")
                   & (phases["size"].isin([1000, 10000]))]
    lines = ["| workload | views | build | pivots | cells touched | per view | tableau cells | per view |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for _, r in build.sort_values(["suite", "workload", "size"]).iterrows():
        size = int(r["size"])
        lines.append(f"| `{r['workload']}` | {size:,} | {duration(r['medianNanoseconds'])} | "
                     f"{r['counter_pivots']:,.0f} | {r['counter_cellsTouched']:,.0f} | "
                     f"{r['counter_cellsTouched'] / size:,.0f} | {r['counter_cells']:,.0f} | "
                     f"{r['counter_cells'] / size:,.1f} |")
    return lines


def counter(row: pd.Series, name: str):
    value = row.get(f"{benchlib.COUNTER_PREFIX}{name}")
    return None if value is None or (isinstance(value, float) and math.isnan(value)) else value


def screens(phases: pd.DataFrame) -> list[str]:
    """Per screens workload and size, cassowary's build+firstLayout and each operation's
    median with its counters per operation."""
    rows = phases[(phases["suite"] == "screens") & (phases["backend"] == "cassowary")]
    if rows.empty:
        return ["No screens results in these files."]
    lines = ["| workload | size | build + first layout | first layout passes | operation: median (per operation: passes, rows fitted, pivots, allocations) |",
             "|---|---:|---:|---:|---|"]
    for (workload, size), group in rows.groupby(["workload", "size"], sort=False):
        by_phase = {r["phase"]: r for _, r in group.iterrows()}
        combined = by_phase.get(COMBINED)
        first = by_phase.get("firstLayout")
        passes = counter(first, "passes") if first is not None else None
        cells = []
        for phase, r in by_phase.items():
            if phase in ("build", "firstLayout", COMBINED):
                continue
            facts = [f"{label} {value:.3g}" for name, label in SCREEN_COUNTERS if (value := counter(r, name)) is not None]
            allocations = r.get("allocations")
            if allocations is not None and not (isinstance(allocations, float) and math.isnan(allocations)):
                facts.append(f"allocations {allocations:,.0f}")
            cells.append(f"`{phase}` {duration(r['medianNanoseconds'])} ({', '.join(facts)})")
        combined_text = "—" if combined is None else duration(combined["medianNanoseconds"])
        passes_text = "—" if passes is None else f"{passes:g}"
        lines.append(f"| `{workload}` | {int(size):,} | {combined_text} | {passes_text} | {'; '.join(cells)} |")
    scrolls = rows[(rows["phase"] == "scroll")]
    for _, r in scrolls.sort_values("size").iterrows():
        fitted = counter(r, "rowsFitted")
        if fitted:
            lines.append("")
            lines.append(f"`{r['workload']}` at {int(r['size']):,} views: a scroll fits {fitted:.3g} rows in "
                         f"{duration(r['medianNanoseconds'])}, {duration(r['medianNanoseconds'] / fitted)} per fitted row "
                         f"(everything the scroll does, divided by the rows it fits).")
    return lines


def probes(plain: pd.DataFrame, probed: pd.DataFrame) -> list[str]:
    """build+firstLayout of the screens suite with the ambiguity probes read in every layout
    against the same without: fitted exponents over sizes >= 100 and the ratio at each size."""
    lines = ["| workload | exponent without probes | exponent with probes | with over without, per size |",
             "|---|---:|---:|---|"]
    def fits(table: pd.DataFrame) -> dict:
        rows = table[(table["phase"] == COMBINED) & (table["backend"] == "cassowary") & (table["suite"] == "screens")]
        fitted = benchlib.fit_scaling(rows.assign(file="joined"), min_size=100)
        return {r["workload"]: r for _, r in fitted.iterrows()}
    without, with_probes = fits(plain), fits(probed)
    for workload, fit in with_probes.items():
        ratios = []
        for size in sorted(probed[(probed["workload"] == workload)]["size"].unique()):
            a = median(plain, workload, "cassowary", size, COMBINED)
            b = median(probed, workload, "cassowary", size, COMBINED)
            if a is not None and b is not None:
                ratios.append(f"{int(size):,}: {b['medianNanoseconds'] / a['medianNanoseconds']:.2f}×")
        base = without.get(workload)
        target = EXPONENT_TARGETS["cassowary"]
        mark = " ✓" if fit["exponent"] <= target else f" ✗ (+{fit['exponent'] - target:.3f})"
        base_text = "—" if base is None else f"{base['exponent']:.2f}"
        lines.append(f"| `{workload}` | {base_text} | "
                     f"{fit['exponent']:.2f}{mark} | {', '.join(ratios)} |")
    return lines


def memory(path: Path) -> list[str]:
    document = json.loads(path.read_text())
    lines = ["| workload | backend | views | peak resident MiB | bytes per view (slope) | slope drift |",
             "|---|---|---|---|---:|---:|"]
    for row in document["rows"]:
        views = ", ".join(f"{p['views']:,}" for p in row["points"]) or "—"
        peaks = ", ".join(f"{p['peakBytes'] / 2**20:.1f}" for p in row["points"]) or "—"
        per_view = f"{row['bytesPerView']:,}" if "bytesPerView" in row else "—"
        drift = f"{row['slopeDrift']:.2f}" if row.get("slopeDrift") is not None else "—"
        note = f" ({'; '.join(row['notes'])})" if row["notes"] else ""
        lines.append(f"| `{row['workload']}` | `{row['backend']}` | {views} | {peaks} | {per_view} | {drift}{note} |")
    return lines



def main() -> int:
    parser = benchlib.UsageParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path)
    parser.add_argument("--system", nargs="+", type=Path, default=[],
                        help="results of bench run --driver system, compared with kiwisolver solver against solver")
    parser.add_argument("--memory", type=Path)
    parser.add_argument("--diagnostics", type=Path,
                        help="a bench run --diagnostics file of the screens suite (ambiguity probes in every layout)")
    parser.add_argument("--all", action="store_true", help="list every kiwisolver comparison, not only the losing ones")
    args = parser.parse_args()
    try:
        results = benchlib.with_combined_phase(benchlib.load_results([str(p) for p in args.results]))
    except (benchlib.ResultsFormatError, OSError, ValueError) as error:
        print(f"findings_tables: {error}", file=sys.stderr)
        return 2
    if results.ignored:
        for path, why in results.ignored:
            print(f"findings_tables: {path}: {why}", file=sys.stderr)
        return 2
    try:
        misplaced = [path for path in args.results if path.suffix == ".json" and system_driven(path)]
        stray = [path for path in args.system if not system_driven(path)]
    except (OSError, ValueError) as error:
        print(f"findings_tables: {error}", file=sys.stderr)
        return 2
    for path in misplaced:
        print(f"findings_tables: {path}: its cases are of bench run --driver system; pass it with --system", file=sys.stderr)
    for path in stray:
        print(f"findings_tables: {path}: --system takes files of bench run --driver system, and this one is not", file=sys.stderr)
    if misplaced or stray:
        return 2
    system_phases = None
    if args.system:
        try:
            system = benchlib.with_combined_phase(benchlib.load_results([str(p) for p in args.system]))
        except (benchlib.ResultsFormatError, OSError, ValueError) as error:
            print(f"findings_tables: {error}", file=sys.stderr)
            return 2
        system_phases = (system.phases.sort_values("createdAt", kind="stable")
                         .drop_duplicates(["suite", "workload", "backend", "size", "phase"], keep="last")
                         .assign(backend=lambda frame: frame["backend"].replace({"cassowary": SYSTEM_BACKEND})))
    # A sweep may be split over files (parts, or a peer's larger size run on its own): take
    # every case, the newest file's where a case was measured twice.
    phases = (results.phases.sort_values("createdAt", kind="stable")
              .drop_duplicates(["suite", "workload", "backend", "size", "phase"], keep="last"))
    sections = [("Scaling: build+firstLayout, exponent over sizes ≥ 100 (median at the largest size)", scaling(phases)),
                ("The anchor chain (`chain.horizontal`) against kiwisolver", anchor(phases)),
                ("kiwisolver against cassowary", kiwi(phases, args.all)),
                ("Churn at 1,000 views", churn(phases)),
                ("Solver counters of cassowary's build", counters(phases)),
                ("Screens: each operation with its layout passes, rows fitted and pivots (cassowary)", screens(phases))]
    if system_phases is not None:
        peers = phases[phases["backend"] == "kiwisolver"]
        sections.append(("kiwisolver against cassowary, solver against solver (`bench run --driver system`)",
                         kiwi(pd.concat([system_phases, peers], ignore_index=True), args.all, reference=SYSTEM_BACKEND)))
    if args.diagnostics:
        try:
            probed = benchlib.with_combined_phase(benchlib.load_results([str(args.diagnostics)])).phases
        except (benchlib.ResultsFormatError, OSError, ValueError) as error:
            print(f"findings_tables: {error}", file=sys.stderr)
            return 2
        sections.append(("Screens with the ambiguity probes (`bench run --diagnostics`)", probes(phases, probed)))
    if args.memory:
        sections.append(("Peak resident memory", memory(args.memory)))
    for title, lines in sections:
        print(f"### {title}\n")
        print("\n".join(lines))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
