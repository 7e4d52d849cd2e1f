#!/usr/bin/env python3
"""The 10-view close calls, from the alternating rounds in DIR (small10/, small/ or
0189e15/small/): for each workload and phase, kiwisolver over scene-driven cassowary as the
median of the per-round ratios of medians, the rounds cassowary was slower, and the ratio of
the two sides' fastest round medians. This machine runs each process at one of two speeds
~1.5x apart, so a round's ratio also says which speed each side drew; the fastest rounds
compare the two at the same speed. Where DIR also holds `base-` files (small/: the code
before the lowering change), the new over the base as well.
Files: S-rN.json (cassowary), kiwisolver-S-rN.json, base-S-rN.json (optional).
Usage: analyse.py DIR [--all] (without --all, build phases only)."""
import glob, json, os, statistics, sys

def medians(path):
    """(workload, phase) -> median ns, with the derived build+firstLayout."""
    out = {}
    for case in json.load(open(path))["cases"]:
        if case["status"] != "ok":
            continue
        phases = {p["name"]: p["medianNanoseconds"] for p in case["phases"]}
        if "build" in phases and "firstLayout" in phases:
            phases["build+firstLayout"] = phases["build"] + phases["firstLayout"]
        for name, value in phases.items():
            out[(case["workload"], name)] = value
    return out

def main():
    args = [a for a in sys.argv[1:] if a != "--all"]
    if len(args) != 1 or not os.path.isdir(args[0]):
        sys.exit("usage: analyse.py DIR [--all]")
    here, every = args[0], "--all" in sys.argv
    rows, has_base = {}, bool(glob.glob(f"{here}/base-*.json"))
    for suite in ("stackviews", "deep", "churn", "enaml"):
        for path in sorted(glob.glob(f"{here}/{suite}-r*.json")):
            name = os.path.basename(path)[len(suite) + 1:]
            new, kiwi = medians(path), medians(f"{here}/kiwisolver-{suite}-{name}")
            base = medians(f"{here}/base-{suite}-{name}") if has_base else {}
            for key in new.keys() & kiwi.keys():
                if has_base and key not in base:
                    continue
                rows.setdefault(key, []).append((new[key], kiwi[key], base.get(key)))
    header = "| workload | phase | rounds | cassowary µs | kiwisolver µs | kiwisolver over cassowary | rounds cassowary slower | fastest rounds: cassowary, kiwisolver, ratio |"
    rule = "|---|---|---:|---:|---:|---:|---:|---|"
    if has_base:
        header += " before µs | cassowary over before | rounds slower than before |"
        rule += "---:|---:|---:|"
    print(header)
    print(rule)
    for key in sorted(rows):
        if not every and not key[1].startswith("build"):
            continue
        r = rows[key]
        mine, theirs = [x[0] for x in r], [x[1] for x in r]
        line = (f"| `{key[0]}` | `{key[1]}` | {len(r)} | {statistics.median(mine) / 1000:.2f} | "
                f"{statistics.median(theirs) / 1000:.2f} | {statistics.median(x[1] / x[0] for x in r):.2f}× | "
                f"{sum(x[1] < x[0] for x in r)} | {min(mine) / 1000:.2f}, {min(theirs) / 1000:.2f}, "
                f"{min(theirs) / min(mine):.2f}× |")
        if has_base:
            line += (f" {statistics.median(x[2] for x in r) / 1000:.2f} | "
                     f"{statistics.median(x[0] / x[2] for x in r):.2f} | {sum(x[0] > x[2] for x in r)} |")
        print(line)

main()
