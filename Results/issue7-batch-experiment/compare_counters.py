#!/usr/bin/env python3
"""Prints the deterministic counters of cassowary's phases before and after the batch add
(one optimisation per add(contentsOf:) instead of one per constraint) as a Markdown table.
Usage: compare_counters.py (from this folder). Timings in these files come from single
repetitions on a machine running two benches at once: they are not used."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def phases(name):
    out = {}
    for part in ("stack", "eq", "churn", "anchor"):
        path = HERE / f"{name}-{part}.json"
        if not path.exists():
            continue
        for case in json.loads(path.read_text())["cases"]:
            if case["status"] != "ok":
                continue
            for phase in case["phases"]:
                if phase["name"] == "firstLayout":
                    continue
                out[(case["workload"], case["size"], phase["name"])] = phase.get("counters", {})
    return out


before, after = phases("before"), phases("batch")
print("| workload | views | phase | pivots before → after | cells touched before → after | tableau cells before → after |")
print("|---|---:|---|---:|---:|---:|")
for key in before:
    if key not in after:
        continue
    b, a = before[key], after[key]
    print(f"| `{key[0]}` | {key[1]:,} | `{key[2]}` | {b['pivots']:,.0f} → {a['pivots']:,.0f} | "
          f"{b['cellsTouched']:,.0f} → {a['cellsTouched']:,.0f} | {b['cells']:,.0f} → {a['cells']:,.0f} |")
