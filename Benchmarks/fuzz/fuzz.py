#!/usr/bin/env python3
"""Seeded mutation fuzzer for the `bench` commands that read files.

Usage:
    fuzz.py [--bench PATH] [--seed S] [--cases N] [--case I ...] [--workers W]
            [--timeout SECONDS] [--work DIR] [--failures DIR]

Each case I of seed S mutates one input of the corpus (corpus.py: example systems and
scenes, the fixtures, small results files, exported workloads) in ways chosen by (S, I)
alone (mutations.py), runs one `bench` command on it and judges the outcome
(campaign.py): an internal error (exit 4), death by a signal, a hang, or an answer that
breaks its input's required constraints (answers.py) is a failure. Each failure is saved
as a folder under --failures with the mutated input, `case.json` and `replay.sh`.
`--case I` runs just those cases of the seed again (what a failure line prints).
LAYOUTBENCH_LONG_TESTS=1 multiplies --cases by 20.

Exit status: 0 no failure, 1 failures, 2 bad usage or no usable bench.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from campaign import CaseResult, run_case
from corpus import REPOSITORY, load_sources, targets

LONG_RUN_FACTOR = 20
EXIT_CLEAN, EXIT_FAILURES, EXIT_USAGE = 0, 1, 2


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="fuzz.py", description="Mutation fuzzing of bench's file-reading commands.")
    parser.add_argument("--bench", type=Path, default=Path(os.environ.get("LAYOUTBENCH_BENCH", ".build/debug/bench")),
                        help="the bench executable (default $LAYOUTBENCH_BENCH or .build/debug/bench)")
    parser.add_argument("--seed", type=int, default=1, help="the campaign's seed (default 1)")
    parser.add_argument("--cases", type=int, default=2000, help="cases 0..N-1 of the seed (default 2000)")
    parser.add_argument("--case", type=int, action="append", default=[], metavar="I",
                        help="run only case I of the seed (repeatable): the replay of a failure line")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="cases run at once (default: the number of cores)")
    parser.add_argument("--timeout", type=float, default=5.0,
                        help="seconds before a case counts as hanging (retried once with 4x; default 5)")
    parser.add_argument("--work", type=Path, default=Path(".build/fuzz-work"), help="scratch folder of the cases")
    parser.add_argument("--failures", type=Path, default=Path(".build/fuzz-failures"),
                        help="where failing cases are saved (default .build/fuzz-failures)")
    return parser.parse_args(argv)


def case_indices(arguments: argparse.Namespace) -> list[int]:
    if arguments.case:
        return sorted(set(arguments.case))
    count = arguments.cases * (LONG_RUN_FACTOR if os.environ.get("LAYOUTBENCH_LONG_TESTS") == "1" else 1)
    return list(range(count))


def replay_hint(result: CaseResult, bench: Path) -> str:
    return (f"replay: sh {result.replay_folder}/replay.sh   or   "
            f"python3 Benchmarks/fuzz/fuzz.py --bench {bench} --seed {result.seed} --case {result.index}")


def describe_failure(result: CaseResult) -> str:
    first = result.problems[0] if result.problems else ""
    mutations = "; ".join(result.mutations)
    return (f"FAIL case {result.index}: bench {' '.join(result.arguments)} ({result.target.source.name}): "
            f"{result.failure}: {first}\n  mutations: {mutations}")


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    bench = arguments.bench
    if not bench.is_file() or not os.access(bench, os.X_OK):
        print(f"error: no bench executable at {bench} (build it: swift build --product bench)", file=sys.stderr)
        return EXIT_USAGE
    if arguments.workers < 1 or arguments.timeout <= 0:
        print("error: --workers must be at least 1 and --timeout positive", file=sys.stderr)
        return EXIT_USAGE
    bench = bench.resolve()
    indices = case_indices(arguments)
    started = time.monotonic()
    try:
        sources = load_sources(bench, REPOSITORY)
    except (OSError, RuntimeError, ValueError) as error:
        print(f"error: cannot build the corpus: {error}", file=sys.stderr)
        return EXIT_USAGE
    chosen, weights = targets(sources)
    arguments.work.mkdir(parents=True, exist_ok=True)
    print(f"fuzz: seed {arguments.seed}, {len(indices)} cases over {len(sources)} inputs and {len(chosen)} "
          f"commands, {arguments.workers} workers, timeout {arguments.timeout:g} s, bench {bench}", flush=True)

    def one(index: int) -> CaseResult:
        result = run_case(bench, arguments.seed, index, chosen, weights, arguments.work.resolve(),
                          arguments.failures.resolve(), arguments.timeout)
        if result.failure:
            print(describe_failure(result), flush=True)
        return result

    with ThreadPoolExecutor(max_workers=arguments.workers) as pool:
        results = list(pool.map(one, indices))
    elapsed = time.monotonic() - started
    failed = [result for result in results if result.failure]
    by_command = Counter(result.command_name for result in results)
    print(f"fuzz: {len(results)} cases in {elapsed:.1f} s "
          f"({', '.join(f'{name} {count}' for name, count in sorted(by_command.items()))})")
    if arguments.case:
        for result in results:
            status = "FAIL" if result.failure else "pass"
            print(f"case {result.index}: {status}: bench {' '.join(result.arguments)} on {result.target.source.name}, "
                  f"exit {result.status}, {result.seconds:.2f} s\n  mutations: {'; '.join(result.mutations)}")
            for problem in result.problems:
                print(f"  {problem}")
    if not failed:
        print(f"fuzz: seed {arguments.seed}: no failures")
        return EXIT_CLEAN
    def failure_class(result: CaseResult) -> tuple[str, str, str]:
        return result.command_name, result.failure or "", result.signature

    classes = Counter(failure_class(result) for result in failed)
    print(f"fuzz: seed {arguments.seed}: {len(failed)} failing cases, saved under {arguments.failures}/; by class:")
    for key, count in sorted(classes.items()):
        example = min(result.index for result in failed if failure_class(result) == key)
        command, failure, signature = key
        print(f"  {count:5d}  {command}: {failure}: {signature} (first: case {example})")
    print(replay_hint(failed[0], arguments.bench))
    return EXIT_FAILURES


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
