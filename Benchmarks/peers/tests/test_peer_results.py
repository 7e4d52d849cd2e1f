"""peer_results.py: the statistics, the document's shape against formats.md section 3, the
atomic write and the cost predictor, as the Swift runner has them."""

from __future__ import annotations

import json
import tempfile
import unittest
from pathlib import Path

from peer_results import (
    CaseResult, CostPredictor, PhaseResult, ResultsDocument, WriteError, check_writable, duration, human_seconds,
    machine_environment, skip_reason, statistics, write_atomically,
)
from tests.support import REPOSITORY

# formats.md section 3: the members every results file has, and those its example shows
# for every case and phase.
TOP_LEVEL = ["format", "suite", "createdAt", "environment", "cases"]
ENVIRONMENT = ["gitRevision", "configuration", "os", "cpu", "cores", "allocator"]
CASE = ["workload", "backend", "size", "parameters", "status", "phases"]
PHASE = ["name", "iterations", "samplesNanoseconds", "medianNanoseconds", "allocations", "counters"]


def ok_case(size: int, nanoseconds_per_repetition: int, workload: str = "w") -> CaseResult:
    half = nanoseconds_per_repetition // 2
    phases = [PhaseResult("build", [half, half], 1), PhaseResult("resize", [half // 4] * 8, 4)]
    return CaseResult(workload, "kiwisolver", size, 1, "ok", {}, phases, repetitions=2)


class StatisticsTests(unittest.TestCase):
    def test_order_statistics_as_sample_statistics_computes_them(self) -> None:
        self.assertEqual(statistics([4, 1, 3, 2]), {
            "medianNanoseconds": 2.5, "minNanoseconds": 1, "meanNanoseconds": 2.5, "madNanoseconds": 1,
            "maxNanoseconds": 4})
        # Type 7 quantile and the median absolute deviation (unscaled) of a skewed set.
        self.assertEqual(statistics([10, 11, 12, 100, 13])["medianNanoseconds"], 12)
        self.assertEqual(statistics([10, 11, 12, 100, 13])["madNanoseconds"], 1)
        self.assertEqual(statistics([7])["madNanoseconds"], 0)

    def test_durations_read_like_the_runner(self) -> None:
        self.assertEqual([duration(812), duration(8_120), duration(1_234_000), duration(2.5e9)],
                         ["812 ns", "8.12 µs", "1.23 ms", "2.50 s"])
        self.assertEqual([human_seconds(87), human_seconds(1020), human_seconds(4 * 3600)], ["87.0 s", "17 min", "4.0 h"])


class DocumentTests(unittest.TestCase):
    def document(self) -> ResultsDocument:
        environment = machine_environment(REPOSITORY)
        environment["configuration"] = "kiwisolver 1.5.1 (Python 3.11.7)"
        cases = [
            CaseResult("stack.fill.horizontal", "kiwisolver", 10, 1, "ok", {"axis": "horizontal"},
                       [PhaseResult("build", [900, 1100, 1000], 1, {"calls": 12, "callOverheadNanoseconds": 130.2}),
                        PhaseResult("resizeContainer", [10, 30, 20, 40, 50, 60], 2, {"calls": 5})], repetitions=3),
            CaseResult("stack.fill.horizontal", "kiwisolver", 100, 1, "skipped", reason="predicted 2 min"),
            CaseResult("stack.nested", "kiwisolver", 10, 2**63 + 5, "error", error="kiwisolver refused x"),
        ]
        return ResultsDocument("stackviews", "2026-11-21T10:00:00Z", environment,
                               {"command": "kiwisolver_peer.py --suite stackviews", "repetitions": 3, "warmup": 1,
                                "timeBudgetSeconds": 20.0, "seed": "1", "interrupted": False}, cases)

    def test_required_members_of_formats_md_section_3(self) -> None:
        value = json.loads(self.document().json_text())
        for member in TOP_LEVEL:
            self.assertIn(member, value)
        self.assertEqual(value["format"], "layoutbench.results/1")
        for member in ENVIRONMENT:
            self.assertIn(member, value["environment"])
        self.assertIsNone(value["environment"]["allocator"])
        self.assertIsInstance(value["environment"]["cores"], int)
        ok, skipped, error = value["cases"]
        for case in value["cases"]:
            for member in CASE:
                self.assertIn(member, case)
            self.assertEqual(case["backend"], "kiwisolver")
        self.assertEqual(skipped["reason"], "predicted 2 min")
        self.assertEqual(skipped["phases"], [])
        self.assertEqual(error["error"], "kiwisolver refused x")
        self.assertEqual(error["seed"], str(2**63 + 5), "seeds are strings: 64 bits do not fit a double")
        for phase in ok["phases"]:
            for member in PHASE:
                self.assertIn(member, phase)
            self.assertIsNone(phase["allocations"], "not counted: null, never 0")
        build, resize = ok["phases"]
        self.assertEqual(build["samplesNanoseconds"], [900, 1100, 1000])
        self.assertEqual(build["medianNanoseconds"], 1000)
        self.assertEqual(resize["operations"], 2)
        self.assertEqual(resize["medianNanoseconds"], 35)
        self.assertEqual(build["counters"], {"calls": 12, "callOverheadNanoseconds": 130.2})

    def test_one_case_per_line(self) -> None:
        lines = self.document().json_text().splitlines()
        self.assertEqual(sum(1 for line in lines if line.lstrip().startswith('{"workload"')), 3)

    def test_written_atomically_with_nothing_left_beside_it(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "out.json"
            write_atomically("old\n", path)
            write_atomically(self.document().json_text(), path)
            self.assertEqual(json.loads(path.read_text())["suite"], "stackviews")
            self.assertEqual([entry.name for entry in Path(folder).iterdir()], ["out.json"])

    def test_unwritable_outputs_are_named(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            with self.assertRaisesRegex(WriteError, r"missing/out\.json: the directory .*missing does not exist"):
                check_writable(Path(folder) / "missing" / "out.json")
            with self.assertRaisesRegex(WriteError, "is a directory"):
                check_writable(Path(folder))
            with self.assertRaisesRegex(WriteError, "cannot write"):
                write_atomically("x", Path(folder) / "missing" / "out.json")


class PredictorTests(unittest.TestCase):
    def test_power_law_through_the_two_largest_sizes(self) -> None:
        predictor = CostPredictor()
        for size, seconds in [(10, 0.001), (100, 0.01), (1000, 1.0)]:
            predictor.record(ok_case(size, int(seconds * 1e9)))
        prediction = predictor.predict("w", "kiwisolver", 10_000)
        self.assertAlmostEqual(prediction.exponent, 2.0)
        self.assertAlmostEqual(prediction.seconds_per_repetition, 100.0)
        self.assertEqual(prediction.basis, "1.00 s per repetition at n=1000, growth exponent 2.00 from n=100")
        self.assertEqual(skip_reason(prediction, 60),
                         "predicted 100 s per repetition (1.00 s per repetition at n=1000, growth exponent 2.00 "
                         "from n=100), over --case-limit 60.0 s")
        # Only smaller sizes count.
        self.assertAlmostEqual(predictor.predict("w", "kiwisolver", 1000).seconds_per_repetition, 0.1)

    def test_the_exponent_is_clamped_to_one_to_three(self) -> None:
        steep, flat = CostPredictor(), CostPredictor()
        steep.record(ok_case(10, 1_000))
        steep.record(ok_case(100, 100_000_000))
        self.assertEqual(steep.predict("w", "kiwisolver", 1000).exponent, 3)
        flat.record(ok_case(10, 1_000_000))
        flat.record(ok_case(100, 1_000_000))
        self.assertEqual(flat.predict("w", "kiwisolver", 1000).exponent, 1)

    def test_one_size_is_linear_and_nothing_measured_predicts_nothing(self) -> None:
        predictor = CostPredictor()
        self.assertIsNone(predictor.predict("w", "kiwisolver", 100))
        predictor.record(CaseResult("w", "kiwisolver", 10, 1, "skipped", reason="r"))
        self.assertIsNone(predictor.predict("w", "kiwisolver", 100))
        predictor.record(ok_case(10, 2_000_000))
        prediction = predictor.predict("w", "kiwisolver", 1000)
        self.assertEqual((prediction.exponent, prediction.seconds_per_repetition), (1.0, 0.2))
        self.assertIsNone(predictor.predict("other", "kiwisolver", 1000))

    def test_cost_per_repetition_is_every_sample_over_the_repetitions(self) -> None:
        self.assertAlmostEqual(ok_case(10, 4_000_000).seconds_per_repetition(), 0.004)


if __name__ == "__main__":
    unittest.main()
