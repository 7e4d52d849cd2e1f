#!/usr/bin/env python3
"""External-oracle checker for `bench solve`: every backend against HiGHS (exact,
lexicographic) and kiwisolver (where weighted and lexicographic answers coincide).

Usage:
    check.py [FILE|DIR ...] [--random N --seed S] [--bench PATH] [--backends a,b]
             [--single-level SHARE] [--work DIR] [--failures DIR] [--no-kiwi]

For each system file (all `*.json` of a directory; plus N seeded random systems written
to the work directory) it runs `bench solve FILE --backend NAME` for each backend, replays
the file in Python and checks every state (see checker.py and kiwi_replay.py). It prints
one line per system, every disagreement with file, state, backend and numbers, and copies
each disagreeing file (with a `.disagreements.txt` beside it) to the failures directory so
a human can replay it with `bench solve`.

Exit status: 0 everything agrees, 1 any disagreement, 2 bad usage or unreadable input
(when there is no disagreement).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench_runner import BenchError, list_backends, solve
from checker import check_solution, compare_backends
from kiwi_replay import check_with_kiwi
from lexicographic import LexicographicOracle, OracleError
from random_systems import write_random_systems
from report import SystemReport
from systems import System, SystemFormatError, load_system

EXIT_AGREE, EXIT_DISAGREE, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad command line or an input that cannot be read at all."""


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="check.py",
        description="Check every bench backend against HiGHS (lexicographic) and kiwisolver.",
    )
    parser.add_argument("inputs", nargs="*", type=Path, help="system files, or directories of *.json systems")
    parser.add_argument("--bench", type=Path, default=Path(".build/debug/bench"), help="the bench executable")
    parser.add_argument("--backends", help="comma-separated backends (default: every one `bench list` prints)")
    parser.add_argument("--random", type=int, default=0, metavar="N", help="also check N random systems")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random systems (default 1)")
    parser.add_argument("--single-level", type=float, default=0.5, metavar="SHARE",
                        help="share of random systems with one optional level, for kiwisolver (default 0.5)")
    parser.add_argument("--work", type=Path, default=Path(".build/oracle-work"),
                        help="where random systems are written (default .build/oracle-work)")
    parser.add_argument("--failures", type=Path, default=Path(".build/oracle-failures"),
                        help="where disagreeing systems are copied (default .build/oracle-failures)")
    parser.add_argument("--no-kiwi", action="store_true", help="skip the kiwisolver comparison")
    parser.add_argument("--verbose", action="store_true", help="also print notes (e.g. non-minimal explanations)")
    arguments = parser.parse_args(argv)
    if arguments.random < 0 or not 0.0 <= arguments.single_level <= 1.0:
        parser.error("--random must be >= 0 and --single-level in [0, 1]")
    if not arguments.inputs and arguments.random == 0:
        parser.error("give system files or directories, or --random N")
    return arguments


def input_files(inputs: list[Path]) -> list[Path]:
    """The files named, and all `*.json` directly inside the directories named."""
    files: list[Path] = []
    for path in inputs:
        if path.is_dir():
            files.extend(sorted(path.glob("*.json")))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"{path}: no such file or directory")
    return files


def choose_backends(bench: Path, requested: str | None) -> list[str]:
    """The backends to run: those `bench list` prints, or the requested subset of them."""
    available = list_backends(bench)
    if not available:
        raise UsageError(f"{bench} list shows no backend")
    if requested is None:
        return available
    chosen = [name.strip() for name in requested.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in available]
    if unknown or not chosen:
        raise UsageError(f"unknown backends {unknown}; bench list shows {available}")
    return chosen


def check_file(path: Path, bench: Path, backends: list[str], oracle: LexicographicOracle,
               use_kiwi: bool) -> SystemReport:
    """Runs every backend on one file and checks everything about it."""
    report = SystemReport(path)
    try:
        system = load_system(path)
    except (OSError, SystemFormatError) as error:
        report.unreadable = str(error)
        return report
    report.state_count = len(system.steps) + 1
    try:
        _check_system(system, bench, backends, oracle, use_kiwi, report)
    except OracleError as error:
        report.disagree(None, "HiGHS", f"the oracle itself failed ({error}); this system is not fully checked")
    return report


def _check_system(system: System, bench: Path, backends: list[str], oracle: LexicographicOracle,
                  use_kiwi: bool, report: SystemReport) -> None:
    traces = {}
    for backend in backends:
        run = solve(bench, system.path, backend)
        if run.outcome == "malformed":
            report.unreadable = f"bench solve --backend {backend} rejects the file: {run.stderr}"
            return
        if run.outcome == "refused":
            report.skipped.append(f"{backend}: refuses the system (exit 3): {run.stderr}")
            continue
        if run.outcome == "failed":
            report.disagree(None, backend, f"bench solve exited with {run.exit_status}: {run.stderr}")
            continue
        traces[backend] = check_solution(system, backend, run.solution, oracle, report)
    compare_backends(traces, report)
    if use_kiwi:
        check_with_kiwi(system, oracle, report)


def print_report(report: SystemReport, verbose: bool) -> None:
    """The system's line, then its skips, kiwi defects, notes (verbose) and disagreements."""
    print(report.summary_line())
    for line in report.skipped:
        print(f"  skipped: {line}")
    for line in report.kiwi_defects:
        print(f"  kiwi defect: {report.system}: {line}")
    if verbose:
        for line in report.notes:
            print(f"  note: {line}")
    for disagreement in report.disagreements:
        print(disagreement.render())


@dataclass
class Totals:
    """Counts over every system of the run."""

    systems: int = 0
    states: int = 0
    backend_states: int = 0
    kiwi_states: int = 0
    kiwi_defects: int = 0
    refusals: int = 0
    skipped: int = 0
    notes: int = 0
    disagreements: int = 0
    unreadable: int = 0

    def add(self, report: SystemReport) -> None:
        if report.unreadable is not None:
            self.unreadable += 1
            return
        self.systems += 1
        self.states += report.state_count
        self.backend_states += sum(report.states_checked.values())
        self.kiwi_states += report.kiwi_compared
        self.kiwi_defects += len(report.kiwi_defects)
        self.refusals += report.refusals_verified
        self.skipped += len(report.skipped)
        self.notes += len(report.notes)
        self.disagreements += len(report.disagreements)

    def summary(self, lp_solves: int, seconds: float) -> str:
        return (f"oracles: {self.systems} systems, {self.states} states; "
                f"{self.backend_states} backend states compared with HiGHS; "
                f"{self.kiwi_states} states kiwi-eligible and compared ({self.kiwi_defects} kiwi defects); "
                f"{self.refusals} refusals verified; {self.skipped} skipped; {self.notes} notes; "
                f"{lp_solves} LP solves; {self.disagreements} disagreements; {self.unreadable} unreadable; "
                f"{seconds:.1f} s")


def save_failure(report: SystemReport, failures: Path, written: set[Path]) -> Path:
    """Copies a disagreeing system (and its findings) to the failures directory."""
    failures.mkdir(parents=True, exist_ok=True)
    target = failures / report.system.name
    counter = 1
    while target in written:
        counter += 1
        target = failures / f"{report.system.stem}-{counter}{report.system.suffix}"
    written.add(target)
    shutil.copyfile(report.system, target)
    lines = [d.render() for d in report.disagreements] + [f"note: {n}" for n in report.notes]
    target.with_name(target.name + ".disagreements.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    started = time.monotonic()
    try:
        if not arguments.bench.is_file():
            raise UsageError(f"{arguments.bench}: no bench executable (build it, or pass --bench)")
        backends = choose_backends(arguments.bench, arguments.backends)
        files = input_files(arguments.inputs)
    except (UsageError, BenchError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    if arguments.random:
        directory = arguments.work / f"random-s{arguments.seed}"
        if directory.is_dir():
            for old in directory.glob("random-*.json"):
                old.unlink()
        files.extend(write_random_systems(directory, arguments.random, arguments.seed, arguments.single_level))
        print(f"random systems: {arguments.random} with --seed {arguments.seed} "
              f"(single-level share {arguments.single_level:g}) in {directory}")
    print(f"backends: {', '.join(backends)}; bench: {arguments.bench}; kiwisolver: {'off' if arguments.no_kiwi else 'on'}")

    oracle = LexicographicOracle()
    totals = Totals()
    written: set[Path] = set()
    for path in files:
        try:
            report = check_file(path, arguments.bench, backends, oracle, not arguments.no_kiwi)
        except BenchError as error:
            print(f"error: {error}", file=sys.stderr)
            return EXIT_USAGE
        print_report(report, arguments.verbose)
        if report.disagreements:
            print(f"  copied to {save_failure(report, arguments.failures, written)}")
        totals.add(report)
    print(totals.summary(oracle.lp_solves, time.monotonic() - started))
    if totals.disagreements:
        return EXIT_DISAGREE
    if totals.unreadable:
        return EXIT_USAGE
    return EXIT_AGREE

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
