"""kiwisolver_peer.py: the command line and its exit statuses, the plan, a whole run and
what happens when the measuring process dies. A fake `bench` (a shell script with a
canned `bench list` that exports one small system for every case) keeps these tests
independent of the Swift build; test_against_bench.py uses the real one."""

from __future__ import annotations

import io
import json
import os
import stat
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import kiwisolver_peer
from bench_runner import parse_suites
from kiwisolver_peer import (
    EXIT_BENCH, EXIT_CASE_ERROR, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE, Interruption, PlannedCase, Progress, UsageError,
    parse_sizes, plan, run_child,
)
from tests.support import write_system
from tests.test_kiwi_case import ROW

LISTING = """Backends:
  cassowary       incremental Cassowary
                  bench solve: every constraint system

Suites (bench run --suite NAME):
  rows  two-view rows
    row.small   sizes 10, 100 (views); backends: cassowary
    row.broken  sizes 10 (views); backends: cassowary
  single  one transcribed scene
    row.fixed   one size; backends: cassowary
"""


class FakeBench(unittest.TestCase):
    """A temporary folder with `bench`: `list` prints LISTING; `export` copies system.json
    to --out, except for workload row.broken, which fails as a generator bug would."""

    def setUp(self) -> None:
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.folder = Path(self.directory.name)
        write_system(self.folder, ROW)
        (self.folder / "listing.txt").write_text(LISTING)
        self.bench = self.folder / "bench"
        self.bench.write_text(f"""#!/bin/sh
folder='{self.folder}'
if [ "$1" = list ]; then cat "$folder/listing.txt"; exit 0; fi
if [ "$1" = export ]; then
  shift; out=; workload=
  while [ $# -gt 0 ]; do
    case "$1" in --out) out=$2; shift;; --workload) workload=$2; shift;; esac; shift
  done
  if [ "$workload" = row.broken ]; then echo "Error: the generator failed" >&2; exit 4; fi
  cp "$folder/system.json" "$out"; exit 0
fi
echo "fake bench: $*" >&2; exit 64
""")
        self.bench.chmod(self.bench.stat().st_mode | stat.S_IEXEC)
        self.out = self.folder / "results.json"

    def main(self, *arguments: str) -> tuple[int, str, str]:
        stdout, stderr = io.StringIO(), io.StringIO()
        with redirect_stdout(stdout), redirect_stderr(stderr):
            status = kiwisolver_peer.main(list(arguments))
        return status, stdout.getvalue(), stderr.getvalue()

    def quick(self, *arguments: str) -> tuple[int, str, str]:
        return self.main("--bench", str(self.bench), "--out", str(self.out), "--repetitions", "2",
                         "--warmup", "0", "--time-budget", "5", *arguments)


class ArgumentTests(FakeBench):
    def assertUsage(self, arguments: list[str], message: str) -> None:
        status, _, stderr = self.quick(*arguments)
        self.assertEqual(status, EXIT_USAGE, stderr)
        self.assertIn(message, stderr)
        self.assertFalse(self.out.exists(), "nothing is written on a bad command line")

    def test_unknown_names_list_the_valid_ones(self) -> None:
        self.assertUsage(["--suite", "nope"], "unknown suite 'nope' (suites: rows, single)")
        self.assertUsage(["--suite", "rows", "--workloads", "row.nope"],
                         "unknown workload 'row.nope'; suite 'rows' has: row.small, row.broken")
        self.assertUsage(["--suite", "rows", "--workloads", "row.fixed"],
                         "unknown workload 'row.fixed' (it is not in suite 'rows'); suite 'rows' has:")
        self.assertUsage(["--suite", "rows", "--workloads", ","], "--workloads names no workload")
        self.assertUsage(["--workloads", "row.small"], "the following arguments are required: --suite")

    def test_bad_sizes_and_numbers(self) -> None:
        for sizes, item in [("0", "0"), ("10,abc", "abc"), ("10,-1", "-1"), ("2000000", "2000000"), ("", "")]:
            with self.subTest(sizes=sizes):
                self.assertUsage(["--suite", "rows", "--sizes", sizes],
                                 f"--sizes: '{item}' is not a size (an integer from 1 to 1,000,000)")
        self.assertUsage(["--suite", "rows", "--repetitions", "0"], "expected a positive integer, found '0'")
        self.assertUsage(["--suite", "rows", "--warmup", "-1"], "expected an integer >= 0, found '-1'")
        self.assertUsage(["--suite", "rows", "--time-budget", "nan"], "expected a positive number of seconds")
        self.assertUsage(["--suite", "rows", "--case-limit", "0"], "expected a positive number of seconds")
        self.assertUsage(["--suite", "rows", "--seed", str(2**64)], "expected an unsigned 64-bit integer")
        self.assertUsage(["--suite", "rows", "--set-constant", "inplace"], "invalid choice: 'inplace'")

    def test_a_missing_or_failing_bench(self) -> None:
        status, _, stderr = self.main("--suite", "rows", "--bench", str(self.folder / "nothing"))
        self.assertEqual(status, EXIT_BENCH)
        self.assertIn("nothing: no bench executable there", stderr)
        (self.folder / "listing.txt").write_text("Backends:\n  cassowary  x\n")
        status, _, stderr = self.quick("--suite", "rows")
        self.assertEqual(status, EXIT_BENCH)
        self.assertIn("list shows no suites", stderr)
        (self.folder / "listing.txt").write_text("Suites:\n  rows  x\n    row.small  sizes: many\n")
        status, _, stderr = self.quick("--suite", "rows")
        self.assertEqual(status, EXIT_BENCH)
        self.assertIn("cannot read the sizes of workload 'row.small'", stderr)

    def test_an_unwritable_output(self) -> None:
        status, _, stderr = self.main("--suite", "rows", "--bench", str(self.bench), "--out",
                                      str(self.folder / "missing" / "out.json"))
        self.assertEqual(status, EXIT_OUTPUT)
        self.assertIn("missing does not exist", stderr)

    def test_sizes_are_ascending_and_unique(self) -> None:
        self.assertEqual(parse_sizes("100, 10,100"), [10, 100])
        with self.assertRaises(UsageError):
            parse_sizes("1e3")


class PlanTests(unittest.TestCase):
    def test_workload_by_workload_sizes_ascending_and_one_size_ignores_sizes(self) -> None:
        suites = parse_suites(LISTING)
        _, cases = plan(suites, "rows", None, None)
        self.assertEqual(cases, [PlannedCase("row.small", 10), PlannedCase("row.small", 100),
                                 PlannedCase("row.broken", 10)])
        _, cases = plan(suites, "rows", "row.broken,row.small", [5, 50])
        self.assertEqual(cases, [PlannedCase("row.small", 5), PlannedCase("row.small", 50),
                                 PlannedCase("row.broken", 5), PlannedCase("row.broken", 50)])
        _, cases = plan(suites, "single", None, [5, 50])
        self.assertEqual(cases, [PlannedCase("row.fixed", 1)])


class RunTests(FakeBench):
    def test_a_whole_run(self) -> None:
        status, stdout, stderr = self.quick("--suite", "rows", "--sizes", "10")
        self.assertEqual(status, EXIT_CASE_ERROR, stderr)
        document = json.loads(self.out.read_text())
        self.assertEqual(document["suite"], "rows")
        self.assertEqual(document["run"]["backends"], ["kiwisolver"])
        self.assertEqual(document["run"]["workloads"], ["row.small", "row.broken"])
        self.assertFalse(document["run"]["interrupted"])
        environment = document["environment"]
        self.assertRegex(environment["configuration"], r"^kiwisolver \d+\.\d+\.\d+ \(Python 3\.\d+\.\d+\)$")
        self.assertGreater(environment["callNanoseconds"], 0)
        ok, broken = document["cases"]
        self.assertEqual((ok["workload"], ok["size"], ok["status"], ok["repetitions"]), ("row.small", 10, "ok", 2))
        self.assertEqual([phase["name"] for phase in ok["phases"]],
                         ["build", "firstLayout", "resize", "constants", "swap"])
        resize = ok["phases"][2]
        self.assertEqual((resize["operations"], len(resize["samplesNanoseconds"])), (2, 4))
        self.assertEqual(resize["counters"]["calls"], 8)
        self.assertAlmostEqual(resize["counters"]["callOverheadNanoseconds"], 8 * environment["callNanoseconds"],
                               delta=0.1)
        self.assertEqual(ok["parameters"]["kiwi.setConstant"], "edit")
        self.assertEqual(broken["status"], "error")
        self.assertIn("bench export exited with 4: Error: the generator failed", broken["error"])
        self.assertIn("row.small", stdout)
        self.assertIn("[2/2] row.broken n=10 kiwisolver: error:", stderr)

    def test_the_file_holds_every_finished_case_after_each_case(self) -> None:
        seen: list[int] = []
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            status = kiwisolver_peer.run(
                ["--bench", str(self.bench), "--out", str(self.out), "--suite", "rows", "--workloads", "row.small",
                 "--repetitions", "1", "--warmup", "0", "--set-constant", "readd"],
                on_document=lambda _: seen.append(len(json.loads(self.out.read_text())["cases"])))
        self.assertEqual(status, EXIT_OK)
        self.assertEqual(seen, [1, 2])

    def test_a_process_that_dies_is_an_error_with_its_last_words(self) -> None:
        dying = self.folder / "dying.py"
        dying.write_text("import os, sys\nprint('progress: check pass', file=sys.stderr)\n"
                         "print(\"terminate called after throwing an instance of 'kiwi::InternalSolverError'\", "
                         "file=sys.stderr, flush=True)\nos.abort()\n")
        spec = {"result": str(self.folder / "result.json")}
        with redirect_stderr(io.StringIO()):
            outcome = run_child(spec, 60, Progress(1), Interruption(), script=dying)
        self.assertEqual(outcome["status"], "error")
        self.assertIn("ended with signal 6 and no result: terminate called after throwing an instance of "
                      "'kiwi::InternalSolverError'", outcome["error"])

    def test_a_process_over_the_watchdog_is_stopped(self) -> None:
        sleeping = self.folder / "sleeping.py"
        sleeping.write_text("import time\ntime.sleep(60)\n")
        with redirect_stderr(io.StringIO()):
            outcome = run_child({"result": str(self.folder / "result.json")}, 0.5, Progress(1), Interruption(),
                                script=sleeping)
        self.assertEqual(outcome["status"], "error")
        self.assertIn("stopped after 0 s, the most a case may take", outcome["error"])


if __name__ == "__main__":
    unittest.main()
