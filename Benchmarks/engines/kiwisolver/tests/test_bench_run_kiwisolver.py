"""`bench run --engine` on kiwisolver's three engines, end to end: every workload kind of the
stackviews, deep, churn and enaml suites at size 10, and the two shapes where a cruder
priority map gives other frames at 100, each case's answers checked by the runner against
the cassowary backend's after the first layout and after every operation. Needs the bench
executable (make peer-tests passes it as LAYOUTBENCH_BENCH; without one these tests are
skipped).

Strict priorities and kiwi's weighted strengths need not give the same layout; with the
priority levels ranked over kiwi's range (kiwi_mapping.py) they do on every case here, in
every mode, so any difference fails.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import unittest
from pathlib import Path

from bench_runner import locate_bench

REPOSITORY = Path(__file__).resolve().parents[4]
ENGINES = ("kiwisolver", "kiwisolver-readd", "kiwisolver-edit-all")
# (suite, workloads or None for all, sizes or None for a one-size suite)
RUNS = [
    ("stackviews", None, "10"), ("stackviews", "stack.fill.horizontal,stack.nested", "100"),
    ("deep", None, "10"), ("churn", None, "10"), ("enaml", None, None),
]


class BenchRunKiwisolverTests(unittest.TestCase):
    def setUp(self) -> None:
        bench = locate_bench(REPOSITORY)
        if bench is None:
            self.skipTest("no bench executable (make peer-tests builds one and sets LAYOUTBENCH_BENCH)")
        self.bench = bench
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)

    def run_bench(self, suite: str, workloads: str | None, sizes: str | None) -> tuple[subprocess.CompletedProcess, dict]:
        out = Path(self.directory.name) / f"{suite}-{sizes}.json"
        command = [str(self.bench), "run", "--suite", suite, "--engine", ",".join(ENGINES), "--engines",
                   str(REPOSITORY / "Benchmarks/engines"), "--repetitions", "1", "--warmup", "0", "--allow-debug",
                   "--out", str(out)]
        command += ["--workloads", workloads] if workloads else []
        command += ["--sizes", sizes] if sizes else []
        done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
        return done, json.loads(out.read_text()) if out.exists() else {}

    def test_every_engine_gives_cassowarys_answers_after_every_operation(self) -> None:
        for suite, workloads, sizes in RUNS:
            with self.subTest(suite=suite, sizes=sizes):
                done, document = self.run_bench(suite, workloads, sizes)
                cases = document.get("cases", [])
                self.assertEqual({case["backend"] for case in cases}, set(ENGINES), done.stderr[-3000:])
                problems = [f"{case['workload']} n={case['size']} {case['backend']}: "
                            + (f"{case['check']['mismatches']} differ, e.g. {case['check']['examples'][:2]}"
                               if case["status"] == "ok" else str(case.get("error") or case.get("reason")))
                            for case in cases if case["status"] != "ok" or case["check"]["mismatches"]]
                self.assertEqual(problems, [])
                self.assertTrue(all(case["check"]["states"] > 1 for case in cases))
                self.assertEqual(done.returncode, 0, done.stderr[-3000:])

    def test_a_case_records_the_binding_its_share_and_the_mapping(self) -> None:
        done, document = self.run_bench("deep", "deep.tree.constraints", "10")
        self.assertEqual(done.returncode, 0, done.stderr[-3000:])
        case = next(case for case in document["cases"] if case["backend"] == "kiwisolver")
        self.assertEqual(case["engine"]["language"], "C++")
        self.assertRegex(case["engine"]["binding"], r"^Python 3\.\d+\.\d+ → C\+\+ \(kiwisolver's binding\)$")
        self.assertEqual(case["parameters"]["kiwi.setConstant"], "edit")
        self.assertEqual(case["parameters"]["kiwi.priorities"], "no optional priority")
        for phase in case["phases"]:
            self.assertGreater(phase["calls"], 1, phase["name"])
            self.assertGreater(phase["callOverheadNanoseconds"], 0, phase["name"])


if __name__ == "__main__":
    unittest.main()
