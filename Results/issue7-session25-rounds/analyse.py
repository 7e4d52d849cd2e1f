#!/usr/bin/env python3
"""Twenty-fifth session's rounds: per case and phase, the pooled-by-median figures of
c181332 (before) and a0b8c4e (held flips), the median of the per-round ratios of the
phases' medians (a0b8c4e over c181332), and in how many rounds a0b8c4e was faster; then
pivots, cells touched and allocations per operation (deterministic).

Usage: analyse.py [DIR] [--phase NAME]... [--all]
Without --all, prints the resizes and the phases whose ratio is outside 0.95-1.05.
Exit status: 0 printed; 2 a round's file is missing or unreadable.
"""
import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

BASE, HEAD = "c181332", "a0b8c4e"


def phases(path):
    try:
        document = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        print(f"analyse.py: {path}: {error}", file=sys.stderr)
        sys.exit(2)
    out = {}
    for case in document["cases"]:
        for phase in case["phases"]:
            out[(case["workload"], case["size"], phase["name"])] = phase
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory", nargs="?", default=str(Path(__file__).resolve().parent))
    parser.add_argument("--phase", action="append")
    parser.add_argument("--all", action="store_true")
    arguments = parser.parse_args()
    directory = Path(arguments.directory)
    ratios, before, after, last = defaultdict(list), defaultdict(list), defaultdict(list), {}
    for base_file in sorted(directory.glob(f"*-{BASE}-r*.json")):
        head_file = base_file.with_name(base_file.name.replace(BASE, HEAD))
        if not head_file.exists():
            print(f"analyse.py: {head_file} is missing", file=sys.stderr)
            sys.exit(2)
        a, b = phases(base_file), phases(head_file)
        for key, phase in a.items():
            if key not in b:
                continue
            ratios[key].append(b[key]["medianNanoseconds"] / phase["medianNanoseconds"])
            before[key].append(phase["medianNanoseconds"])
            after[key].append(b[key]["medianNanoseconds"])
            last[key] = (phase, b[key])
    print(f"{'workload':38} {'n':>5} {'phase':16} {BASE:>10} {HEAD:>10} ratio (faster)  pivots, cells touched, allocations: before -> after")
    for key in sorted(ratios):
        ratio = statistics.median(ratios[key])
        if arguments.phase and key[2] not in arguments.phase:
            continue
        if not arguments.all and not arguments.phase and key[2] != "resizeContainer" and 0.95 <= ratio <= 1.05:
            continue
        a, b = last[key]
        def counters(p):
            c = p.get("counters") or {}
            alloc = (p.get("allocations") or {}).get("count")
            return f"{c.get('pivots', '-')}, {c.get('cellsTouched', '-')}, {alloc}"
        faster = sum(r < 1 for r in ratios[key])
        print(f"{key[0]:38} {key[1]:5} {key[2]:16} {statistics.median(before[key]) / 1e3:10.2f} "
              f"{statistics.median(after[key]) / 1e3:10.2f} {ratio:.3f} ({faster}/{len(ratios[key])})  "
              f"{counters(a)} -> {counters(b)}")


if __name__ == "__main__":
    main()
