#!/usr/bin/env python3
"""Writes the horizontal stack chain of the kiwi anchor as a layoutbench.constraints/1 file.

    x0 == 0                                   (required)
    x[i+1] == x[i] + w[i] + 8                 (required, i < n)
    w[i] >= intrinsic[i]   @750               (compression resistance)
    w[i] <= intrinsic[i]   @250               (hugging)
    x[n] <= W                                 (required: the stack fits its container)
    W an edit variable @999                   (the container width)

Intrinsic widths vary deterministically (20 ... 79 points), so the chain has no symmetry
to exploit. Steps: W is suggested at the natural width plus 100, then alternates between
compressing by 50 and expanding by 100, so every resize has to move a bound (the same
width twice measures nothing). Under formats.md the edit holds W at 0 until the first
suggestion, so the initial solve compresses the whole chain into zero width: the
"build" phase is the worst case, as in kiwi's anchor, which holds edits at 0 too.

Usage: stack_chain.py N [RESIZES] > chain-N.json
"""
import json
import sys


def intrinsic(i):
    return 20 + (i * 37) % 60


def chain(n, resizes):
    constraints = [{"id": "x0", "terms": {"x0": 1}, "constant": 0, "relation": "=="}]
    for i in range(n):
        w, x, nx = f"w{i}", f"x{i}", f"x{i + 1}"
        constraints.append({"id": f"gap{i}", "terms": {nx: 1, x: -1, w: -1}, "constant": -8, "relation": "=="})
        constraints.append({"id": f"cr{i}", "terms": {w: 1}, "constant": -intrinsic(i), "relation": ">=", "priority": 750})
        constraints.append({"id": f"hug{i}", "terms": {w: 1}, "constant": -intrinsic(i), "relation": "<=", "priority": 250})
    constraints.append({"id": "fits", "terms": {f"x{n}": 1, "W": -1}, "constant": 0, "relation": "<="})
    natural = sum(intrinsic(i) + 8 for i in range(n))
    steps = [{"suggest": {"W": natural + 100}}]
    for k in range(resizes):
        steps.append({"suggest": {"W": natural - 50 if k % 2 == 0 else natural + 100}})
    return {
        "format": "layoutbench.constraints/1",
        "constraints": constraints,
        "edits": [{"variable": "W", "priority": 999}],
        "steps": steps,
    }


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    n = int(sys.argv[1])
    resizes = int(sys.argv[2]) if len(sys.argv) == 3 else 10
    if n < 1 or resizes < 0:
        sys.exit("N must be >= 1 and RESIZES >= 0")
    document = chain(n, resizes)
    sys.stdout.write('{"format": "layoutbench.constraints/1",\n "constraints": [\n')
    sys.stdout.write(",\n".join("  " + json.dumps(c) for c in document["constraints"]))
    sys.stdout.write('\n ],\n "edits": ' + json.dumps(document["edits"]) + ',\n "steps": [\n')
    sys.stdout.write(",\n".join("  " + json.dumps(s) for s in document["steps"]))
    sys.stdout.write("\n ]}\n")


if __name__ == "__main__":
    main()
