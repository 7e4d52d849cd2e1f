"""kiwisolver against the Swift cassowary backend on exported workloads, and a real run
read back by the Swift results reader. Needs the bench executable (make test passes it as
LAYOUTBENCH_BENCH; without one these tests are skipped).

The comparison replays each file through the same prepared calls the benchmark times
(both setConstant mappings) and compares kiwi's value of every variable, after the build
and after each measured operation, with `bench solve --backend cassowary` in the state
that ends that operation. Strict priorities and kiwi's weighted strengths need not give
the same layout; with the priority levels spread over kiwi's range they do on every
workload kind here (a linear map of the priority does not: it differs on
churn.hideUnhide, enaml and stack.fill.horizontal at 100 views), so any difference is a
failure.
"""

from __future__ import annotations

import io
import json
import subprocess
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import kiwi_case
import kiwisolver_peer
from tests.support import bench_executable

# (workload, size): every workload kind of the stackviews, deep, churn and enaml suites
# at size 10, plus the two shapes where a cruder priority map gives other frames.
CASES = [
    ("stack.fill.horizontal", 10), ("stack.fill.vertical", 10), ("stack.fillEqually.horizontal", 10),
    ("stack.fillProportionally.vertical", 10), ("stack.equalSpacing.horizontal", 10),
    ("stack.equalCentering.vertical", 10), ("stack.nested", 10), ("stack.feed", 10),
    ("deep.chain.constraints", 10), ("deep.chain.autoresizing", 10), ("deep.tree.constraints", 10),
    ("deep.tree.autoresizing", 10),
    ("churn.constantAnimation", 10), ("churn.sizeClassSwap", 10), ("churn.rebuild", 10), ("churn.hideUnhide", 10),
    ("churn.dynamicType", 10), ("churn.axisToggle", 10),
    ("enaml", 1),
    ("stack.fill.horizontal", 100), ("stack.nested", 100),
]


def close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


class AgainstCassowaryTests(unittest.TestCase):
    def setUp(self) -> None:
        self.bench = bench_executable(self)
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.folder = Path(self.directory.name)

    def bench_output(self, *arguments: str) -> str:
        completed = subprocess.run([str(self.bench), *arguments], capture_output=True, text=True, timeout=600)
        self.assertEqual(completed.returncode, 0, f"bench {' '.join(arguments)}: {completed.stderr}")
        return completed.stdout

    def test_kiwi_gives_cassowarys_values_after_every_operation(self) -> None:
        for workload, size in CASES:
            path = self.folder / f"{workload}-{size}.json"
            self.bench_output("export", "--workload", workload, "--size", str(size), "--format", "constraints",
                              "--out", str(path))
            solution = json.loads(self.bench_output("solve", str(path), "--backend", "cassowary"))["states"]
            for mode in kiwi_case.SET_CONSTANT_MODES:
                with self.subTest(workload=workload, size=size, setConstant=mode):
                    program, _ = kiwi_case.load_program(path, mode)
                    states: list[dict[str, float]] = []
                    kiwi_case.check_pass(program, on_state=lambda _, values: states.append(values))
                    ends = [0] + [operation.steps.stop for operation in program.operations]
                    self.assertEqual(len(states), len(ends))
                    for index, (values, end) in enumerate(zip(states, ends)):
                        expected = solution[end]["values"]
                        different = [(name, values[name], value) for name, value in expected.items()
                                     if not close(values[name], value)]
                        self.assertFalse(different, f"state {index} (after step {end - 1}): "
                                                    f"{len(different)} values differ, e.g. {different[:3]}")

    def test_a_run_reads_back_with_the_swift_results_reader(self) -> None:
        out = self.folder / "kiwi.json"
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as stderr:
            status = kiwisolver_peer.main(["--suite", "stackviews", "--workloads", "stack.fill.horizontal,stack.nested",
                                           "--sizes", "10", "--repetitions", "2", "--warmup", "0",
                                           "--bench", str(self.bench), "--out", str(out)])
        self.assertEqual(status, kiwisolver_peer.EXIT_OK, stderr.getvalue())
        merged = self.folder / "merged.json"
        completed = subprocess.run([str(self.bench), "merge", str(out), "--out", str(merged)], capture_output=True,
                                   text=True, timeout=600)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        # The environment's kiwisolver members are extensions the Swift reader warns about
        # and drops; nothing else may be unknown to it.
        warnings = [line for line in completed.stderr.splitlines() if line.startswith("warning:")]
        self.assertTrue(all("environment." in line for line in warnings), warnings)
        cases = json.loads(merged.read_text())["cases"]
        self.assertEqual([(case["workload"], case["size"], case["backend"], case["status"]) for case in cases],
                         [("stack.fill.horizontal", 10, "kiwisolver", "ok"), ("stack.nested", 10, "kiwisolver", "ok")])


if __name__ == "__main__":
    unittest.main()
