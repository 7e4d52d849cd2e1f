#!/usr/bin/env python3
"""Verdicts for the 10-view comparisons of scene-driven cassowary and kiwisolver, from
alternating pairs of runs (Results/current/alternating-10-views/, written by
Results/current/regenerate.sh). At 10 views a build takes 20-200 us and this shared machine
runs each process at one of two speeds about 1.5x apart, so a pair's ratio also says which
speed each side drew; only sides measured side by side compare.

For each workload and phase measured by both sides, prints: the number of pairs; each
side's median over the pairs of its per-run medians; kiwisolver over cassowary as the
median of the per-pair ratios; the pairs in which cassowary was slower; and the two sides'
fastest per-run medians with their ratio (the two at the same, fast, speed).

Files in DIR: S-cassowary-NN.json and S-kiwisolver-NN.json for S in stackviews, deep,
churn, enaml and NN the pair; optionally S-base-NN.json, a second cassowary build run in
the same pairs, which adds cassowary over that build and the pairs it was slower in.
build+firstLayout is derived from the two phases where a case has both.

Usage: alternating_runs.py DIR [--all] (without --all, build phases only).
Exit status: 0 printed; 1 bad command line."""
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
        sys.exit("usage: alternating_runs.py DIR [--all]")
    here, every = args[0], "--all" in sys.argv
    rows, has_base = {}, bool(glob.glob(f"{here}/*-base-*.json"))
    for suite in ("stackviews", "deep", "churn", "enaml"):
        for path in sorted(glob.glob(f"{here}/{suite}-cassowary-*.json")):
            pair = os.path.basename(path)[len(f"{suite}-cassowary-"):]
            new, kiwi = medians(path), medians(f"{here}/{suite}-kiwisolver-{pair}")
            base = medians(f"{here}/{suite}-base-{pair}") if has_base else {}
            for key in new.keys() & kiwi.keys():
                if has_base and key not in base:
                    continue
                rows.setdefault(key, []).append((new[key], kiwi[key], base.get(key)))
    header = "| workload | phase | pairs | cassowary µs | kiwisolver µs | kiwisolver over cassowary | pairs cassowary slower | fastest runs: cassowary, kiwisolver, ratio |"
    rule = "|---|---|---:|---:|---:|---:|---:|---|"
    if has_base:
        header += " base µs | cassowary over base | pairs slower than base |"
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
