#!/usr/bin/env python3
"""Pools repeated runs of one plan into one results file: per case and phase, the samples
of every run in file order, the statistics derived again from all of them.

    pool_runs.py RUN1.json RUN2.json ... --out POOLED.json

Why: this machine is shared, and its speed drifts over minutes (the reference kernel of
one run took 35.6 µs in most repetitions and 113–126 µs in a few; whole runs of the same
build differed by 1.7× minutes apart). A comparison of two programs run one after the
other, such as cassowary and the kiwisolver engine, inherits whatever the machine did in
between. Running both in alternating runs and pooling each side's runs spreads the
slow and fast spells over both sides; `bench run --processes K` does the same for one
program (Sources/BenchCore/ResultsPooling.swift), and this restates it for files, so
runs of separate processes pool too.

The inputs must be runs of the same plan: same format, suite, plan fingerprint (`run.plan`,
when both record one), git revision (with
`--ignore-dirty`, `X+dirty` counts as `X`: runs of one build made while files the build
does not use, such as notes, were being edited) and configuration, and the same cases (workload, backend, size) with the same phases and
operations per repetition. Allocations and counters, which do not depend on the run, are
the first input's. A case that is an error in some input is an error; else one skipped in
some input is skipped (with that input's reason). `repetitions` add up. The pooled file's
`mergedFrom` lists every input (file, createdAt, cases, environment), as `bench merge`
does, and its `createdAt` is the latest input's. It says `"complete": true` only when every
input does (formats.md section 3), else `false`.

The output must be a regular file or missing: a symbolic link, FIFO, device or directory
at `--out` is refused (exit 2) and left untouched.

Exit status: 0 pooled; 2 an input is unreadable or invalid, or the inputs are not runs of
one plan (the message names the file and what differs); 64 bad command line.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

FORMAT = "layoutbench.results/1"


def quantile(q: float, ordered: list[float]) -> float:
    """Type 7 of Hyndman and Fan (linear between closest ranks), as SampleStatistics.swift."""
    position = q * (len(ordered) - 1)
    lower = math.floor(position)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)


def statistics(samples: list[float]) -> dict[str, float]:
    """A phase's derived members, named as the Swift writer names them; integral values as
    ints, so integer samples read `805000`, not `805000.0`."""
    ordered = sorted(samples)
    median = quantile(0.5, ordered)
    deviations = sorted(abs(sample - median) for sample in ordered)

    def number(value: float) -> float | int:
        return int(value) if float(value).is_integer() and abs(value) < 2**53 else value

    return {
        "medianNanoseconds": number(median),
        "minNanoseconds": number(ordered[0]),
        "meanNanoseconds": number(sum(ordered) / len(ordered)),
        "madNanoseconds": number(quantile(0.5, deviations)),
        "maxNanoseconds": number(ordered[-1]),
    }


class PoolError(Exception):
    """An input that cannot be pooled; the message names the file and what is wrong."""


def load(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text())
    except OSError as error:
        raise PoolError(f"{path}: cannot read: {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise PoolError(f"{path}: not JSON: {error.msg} at line {error.lineno}") from error
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise PoolError(f"{path}: $.format is not {FORMAT!r}")
    if not isinstance(document.get("cases"), list):
        raise PoolError(f"{path}: $.cases is not an array")
    return document


def case_key(case: dict[str, Any]) -> tuple[Any, Any, Any]:
    return (case.get("workload"), case.get("backend"), case.get("size"))


DIRTY = "+dirty"


def pool(documents: list[tuple[Path, dict[str, Any]]], ignore_dirty: bool = False) -> dict[str, Any]:
    """The pooled document of `documents` (path, parsed file), in their order.
    With `ignore_dirty`, a revision marked `+dirty` (uncommitted changes when the run
    started) counts as the revision itself: for runs of one build made while files the
    build does not use were edited. Raises PoolError when they are not runs of one plan."""
    if not documents:
        raise PoolError("no inputs")
    first_path, first = documents[0]
    pooled = json.loads(json.dumps(first))

    def revision(document: dict[str, Any]) -> Any:
        value = (document.get("environment") or {}).get("gitRevision")
        if ignore_dirty and isinstance(value, str) and value.endswith(DIRTY):
            return value[: -len(DIRTY)]
        return value

    for path, document in documents[1:]:
        if document.get("suite") != first.get("suite"):
            raise PoolError(f"{path}: $.suite is {document.get('suite')!r}, {first_path} has {first.get('suite')!r}")
        if revision(document) != revision(first):
            raise PoolError(
                f"{path}: $.environment.gitRevision is {(document.get('environment') or {}).get('gitRevision')!r}, "
                f"{first_path} has {(first.get('environment') or {}).get('gitRevision')!r}"
                + ("" if ignore_dirty else " (--ignore-dirty if only files the build does not use differed)"))
        mine = (document.get("environment") or {}).get("configuration")
        theirs = (first.get("environment") or {}).get("configuration")
        if mine != theirs:
            raise PoolError(f"{path}: $.environment.configuration is {mine!r}, {first_path} has {theirs!r}")
        plans = ((first.get("run") or {}).get("plan"), (document.get("run") or {}).get("plan"))
        if None not in plans and plans[0] != plans[1]:
            raise PoolError(f"{path}: $.run.plan is {plans[1]!r}, {first_path} has {plans[0]!r} (runs of different plans)")
        keys = [case_key(c) for c in document["cases"]]
        if keys != [case_key(c) for c in first["cases"]]:
            raise PoolError(f"{path}: measured other cases than {first_path} (a run of another plan?)")

    for index, case in enumerate(pooled["cases"]):
        parts = [(path, document["cases"][index]) for path, document in documents]
        statuses = [part.get("status") for _, part in parts]
        failed = next((part for _, part in parts if part.get("status") == "error"), None)
        skipped = next((part for _, part in parts if part.get("status") == "skipped"), None)
        if failed is not None or skipped is not None:
            pooled["cases"][index] = json.loads(json.dumps(failed if failed is not None else skipped))
            continue
        if any(status != "ok" for status in statuses):
            raise PoolError(f"case {case_key(case)}: unknown status among {statuses}")
        case["repetitions"] = sum(int(part.get("repetitions", 0)) for _, part in parts)
        names = [phase.get("name") for phase in case.get("phases", [])]
        for path, part in parts[1:]:
            other = [phase.get("name") for phase in part.get("phases", [])]
            if other != names:
                raise PoolError(f"{path}: case {case_key(case)} has phases {other}, {first_path} has {names}")
        for p, phase in enumerate(case.get("phases", [])):
            samples: list[float] = []
            for path, part in parts:
                theirs = part["phases"][p]
                if theirs.get("operations") != phase.get("operations"):
                    raise PoolError(
                        f"{path}: case {case_key(case)} phase {phase.get('name')!r} has "
                        f"{theirs.get('operations')} operations per repetition, {first_path} has {phase.get('operations')}")
                samples.extend(theirs.get("samplesNanoseconds") or [])
            if not samples:
                raise PoolError(f"case {case_key(case)} phase {phase.get('name')!r}: no samples")
            phase["samplesNanoseconds"] = samples
            phase.update(statistics(samples))
        if "reference" in case:
            references = [part.get("reference") for _, part in parts]
            if all(isinstance(r, dict) and r.get("name") == case["reference"].get("name") for r in references):
                samples = [s for r in references for s in (r.get("samplesNanoseconds") or [])]
                case["reference"]["samplesNanoseconds"] = samples
                case["reference"]["medianNanoseconds"] = statistics(samples)["medianNanoseconds"]
            else:
                # Kernels that differ (or are missing somewhere) do not pool: drop it, and
                # comparisons fall back to raw values, as for files without one.
                del case["reference"]

    run = pooled.get("run")
    if isinstance(run, dict):
        run["repetitions"] = sum(int((document.get("run") or {}).get("repetitions", 0)) for _, document in documents)
        run["command"] = "pool_runs.py " + " ".join(str(path) for path, _ in documents)
    times = [document["createdAt"] for _, document in documents if isinstance(document.get("createdAt"), str)]
    if times:
        pooled["createdAt"] = max(times)
    # Readers refuse an empty time: an input without one gives its entry none.
    pooled["mergedFrom"] = [
        {"file": str(path), **({"createdAt": document["createdAt"]} if "createdAt" in document else {}),
         "cases": len(document["cases"]), "environment": document.get("environment", {})}
        for path, document in documents
    ]
    pooled["complete"] = all(document.get("complete") is True for _, document in documents)
    pooled["plannedCases"] = len(pooled["cases"]) if pooled["complete"] else first.get("plannedCases", len(pooled["cases"]))
    return pooled


def irregular_kind(path: Path) -> str | None:
    """What is at `path` when it is not a regular file, looked at without following a link
    or opening it (a FIFO would block); None for a regular file or nothing."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    kinds = [(stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a directory"), (stat.S_ISSOCK, "a socket")]
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def write_atomically(path: Path, document: dict[str, Any]) -> None:
    directory = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w") as file:
            json.dump(document, file, indent=2)
            file.write("\n")
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Pool repeated runs of one plan into one results file.")
    parser.add_argument("files", nargs="+", type=Path, help="results files (layoutbench.results/1), one per run")
    parser.add_argument("--out", required=True, type=Path, help="the pooled results file")
    parser.add_argument(
        "--ignore-dirty", action="store_true",
        help="count a revision marked +dirty as the revision itself (runs of one build made while "
             "files it does not use were edited); the inputs' environments stay under mergedFrom")
    try:
        arguments = parser.parse_args(argv)
    except SystemExit as exit:
        return 64 if exit.code else 0
    kind = irregular_kind(arguments.out)
    if kind is not None:
        print(f"pool_runs: {arguments.out}: is {kind}; only a regular file is replaced", file=sys.stderr)
        return 2
    try:
        pooled = pool([(path, load(path)) for path in arguments.files], ignore_dirty=arguments.ignore_dirty)
    except PoolError as error:
        print(f"pool_runs: {error}", file=sys.stderr)
        return 2
    try:
        write_atomically(arguments.out, pooled)
    except OSError as error:
        print(f"pool_runs: {arguments.out}: cannot write: {error.strerror}", file=sys.stderr)
        return 2
    print(f"pooled {len(arguments.files)} runs, {len(pooled['cases'])} cases, into {arguments.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
