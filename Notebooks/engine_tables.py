#!/usr/bin/env python3
"""Prints the Markdown tables of Results/FINDINGS.md's outside engines (docs/engines.md)
from results files of `bench run --backends ... --engine ...`: every figure computed from
the samples (benchlib), none typed.

Usage: engine_tables.py RESULTS.json... [--sizes 100,1000]

Tables:
  * the engines: name, version, language and binding as their hello said, cases measured,
    skipped (with the reasons, counted) and checked, and the answers that differ;
  * per workload and size: each engine's median over cassowary's for build+firstLayout,
    build, firstLayout and the workload's change phase (above 1: the engine is slower), with
    springs-struts beside them; `—` where a side did not measure the case, `≠` after a
    ratio whose case's answers differ from cassowary's.
Results/current/regenerate.sh writes this script's output to Results/current/engine-tables.md.
Exit status: 0 printed; 2 an input is not a results file; 64 bad command line.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchlib  # noqa: E402

COMBINED = "build+firstLayout"
REFERENCE = "cassowary"
BESIDE = ("springs-struts",)


def engine_cases(paths: list[Path]) -> list[dict]:
    """Every case of the files whose backend is an outside engine (one that answered some
    case's hello), with its file's suite: those the runner skipped before asking the engine
    (predicted over the case limit) carry no `engine` member but are the engine's too."""
    documents = [json.loads(path.read_text()) for path in paths]
    names = {case["backend"] for document in documents for case in document["cases"] if case.get("engine")}
    return [dict(case, suite=document["suite"]) for document in documents for case in document["cases"]
            if case["backend"] in names]


def engines(cases: list[dict]) -> list[str]:
    lines = ["| engine | version, language | binding | measured | skipped (reasons) | answers checked | answers that differ |",
             "|---|---|---|---:|---|---:|---|"]
    for name in dict.fromkeys(case["backend"] for case in cases):
        own = [case for case in cases if case["backend"] == name]
        info = next(case["engine"] for case in own if case.get("engine"))
        measured = [case for case in own if case["status"] == "ok"]
        reasons = Counter(reason_kind(case["reason"]) for case in own if case["status"] == "skipped")
        skipped = "; ".join(f"{count}: {reason}" for reason, count in reasons.most_common()) or "—"
        checked = [case for case in measured if case.get("check")]
        differing = [case for case in checked if case["check"]["mismatches"] > 0]
        differ = ", ".join(f"`{c['workload']}` at {c['size']:,} ({c['check']['mismatches']} of {c['check']['values']:,})"
                           for c in differing) or "none"
        errors = sum(1 for case in own if case["status"] == "error")
        language = ", ".join(part for part in (info["version"], info.get("language")) if part)
        lines.append(f"| `{name}` | {language} | {info.get('binding') or 'none'} | {len(measured)} of {len(own)}"
                     f"{f' ({errors} errors)' if errors else ''} | {skipped} | {len(checked)} | {differ} |")
    return lines


def reason_kind(reason: str) -> str:
    """A skip reason without its case's particulars: the runner's prediction or the engine's
    case limit as a kind, else up to the first '(' or ':'."""
    if reason.startswith("predicted "):
        return "predicted over the case limit"
    if reason.startswith("one repetition runs over the case limit"):
        return "over the case limit in the check pass"
    cut = min((reason.find(mark) for mark in ("(", ":") if mark in reason), default=len(reason))
    return reason[:cut].strip()


def ratios(phases: pd.DataFrame, cases: list[dict], sizes: list[int]) -> list[str]:
    names = list(dict.fromkeys(case["backend"] for case in cases))
    differs = {(c["workload"], c["backend"], c["size"]) for c in cases
               if c.get("check") and c["check"]["mismatches"] > 0}
    beside = [name for name in BESIDE if name in set(phases["backend"])]
    others = beside + names
    header = ["suite", "workload", "views", "phase"] + [f"`{name}`" for name in others]
    lines = ["| " + " | ".join(header) + " |", "|---|---|---:|---|" + "---:|" * len(others)]

    def median(workload: str, backend: str, size: int, phase: str):
        row = phases[(phases["workload"] == workload) & (phases["backend"] == backend) & (phases["size"] == size)
                     & (phases["phase"] == phase)]
        return None if row.empty else float(row.iloc[0]["medianNanoseconds"])

    for (suite, workload), group in phases.groupby(["suite", "workload"], sort=False):
        change = [p for p in dict.fromkeys(group["phase"]) if p not in ("build", "firstLayout", COMBINED)]
        for size in sizes:
            for phase in [COMBINED, "build", "firstLayout"] + change[:1]:
                reference = median(workload, REFERENCE, size, phase)
                if reference is None or reference <= 0:
                    continue
                cells = []
                for name in others:
                    theirs = median(workload, name, size, phase)
                    mark = " ≠" if (workload, name, size) in differs else ""
                    cells.append("—" if theirs is None else f"{theirs / reference:,.2f}×{mark}")
                if all(cell == "—" for cell in cells[len(beside):]):
                    continue
                lines.append(f"| {suite} | `{workload}` | {size:,} | `{phase}` | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append(f"Each engine's median over `{REFERENCE}`'s in the same file (above 1: slower); "
                 "≠: that case's answers differ from cassowary's.")
    return lines


def main() -> int:
    parser = benchlib.UsageParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path)
    parser.add_argument("--sizes", default="100,1000", help="the sizes the ratio table shows (default 100,1000)")
    args = parser.parse_args()
    try:
        sizes = [int(size) for size in args.sizes.split(",")]
    except ValueError:
        print(f"engine_tables: --sizes takes integers, not '{args.sizes}'", file=sys.stderr)
        return 64
    try:
        results = benchlib.with_combined_phase(benchlib.load_results([str(p) for p in args.results]))
        cases = engine_cases(args.results)
    except (benchlib.ResultsFormatError, OSError, ValueError, KeyError) as error:
        print(f"engine_tables: {error}", file=sys.stderr)
        return 2
    if results.ignored:
        for path, why in results.ignored:
            print(f"engine_tables: {path}: {why}", file=sys.stderr)
        return 2
    if not cases:
        print("engine_tables: no case of these files was measured by an outside engine", file=sys.stderr)
        return 2
    phases = (results.phases.sort_values("createdAt", kind="stable")
              .drop_duplicates(["suite", "workload", "backend", "size", "phase"], keep="last"))
    for title, lines in (("Outside engines", engines(cases)),
                         ("Outside engines against cassowary, per workload", ratios(phases, cases, sizes))):
        print(f"### {title}\n")
        print("\n".join(lines))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
