"""benchlib on hand-written results files: reading (every status, null allocations,
batched samples, derived fields not trusted, malformed files named), selection, scaling
fits, ratios and formatting."""

from __future__ import annotations

import math
import tempfile
import unittest
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

import benchlib
from tests import synthetic


class TemporaryResults(unittest.TestCase):
    def setUp(self) -> None:
        self._directory = tempfile.TemporaryDirectory()
        self.directory = Path(self._directory.name)

    def tearDown(self) -> None:
        self._directory.cleanup()

    def load(self, *documents: tuple[str, object]) -> benchlib.Results:
        for name, document in documents:
            synthetic.write(self.directory, name, document)
        return benchlib.load_results(str(self.directory / "*.json"))

    def phase_row(self, results: benchlib.Results, backend: str, size: int, phase: str) -> pd.Series:
        rows = results.phases[(results.phases["backend"] == backend) & (results.phases["size"] == size)
                              & (results.phases["phase"] == phase)]
        self.assertEqual(len(rows), 1, f"{backend} n={size} {phase}")
        return rows.iloc[0]


class LoadTests(TemporaryResults):
    def setUp(self) -> None:
        super().setUp()
        self.results = self.load(("run.json", synthetic.run_file()),
                                 ("other.json", {"format": "layoutbench.solution/1", "values": {}}),
                                 ("list.json", [1, 2, 3]))

    def test_every_case_with_its_status_and_reason(self) -> None:
        cases = self.results.cases
        self.assertEqual(len(cases), 5)
        self.assertEqual(cases["status"].value_counts().to_dict(), {"ok": 3, "skipped": 1, "error": 1})
        skipped = cases[cases["status"] == "skipped"].iloc[0]
        self.assertEqual((skipped["backend"], skipped["size"]), ("dense-simplex", 10))
        self.assertIn("over --case-limit", skipped["reason"])
        failed = cases[cases["status"] == "error"].iloc[0]
        self.assertEqual(failed["reason"], "internal error: the tableau lost a row")
        self.assertTrue(pd.isna(cases[cases["status"] == "ok"]["reason"]).all())

    def test_not_run_lists_skipped_and_failed_cases(self) -> None:
        table = benchlib.not_run(self.results.cases)
        self.assertEqual(table[["backend", "size", "status"]].values.tolist(),
                         [["dense-simplex", 10, "skipped"], ["cassowary", 100, "error"]])

    def test_other_formats_are_ignored_and_named(self) -> None:
        self.assertEqual(sorted(Path(path).name for path, _ in self.results.ignored), ["list.json", "other.json"])
        self.assertEqual(self.results.files["file"].tolist(), ["run.json"])
        file = self.results.files.iloc[0]
        self.assertEqual((file["cases"], file["ok"], file["skipped"], file["error"]), (5, 3, 1, 1))

    def test_one_row_per_sample_in_order_with_the_run_columns(self) -> None:
        samples = self.results.samples
        self.assertEqual(len(samples), 5 + 5 + 4 + 5 + 5 + 4 + 3 + 2 + 4)
        self.assertEqual(list(samples.columns), ["file", "suite", "gitRevision", "createdAt", "host", "workload",
                                                 "backend", "size", "phase", "sample", "nanoseconds"])
        build = samples[(samples["backend"] == "cassowary") & (samples["phase"] == "build")]
        self.assertEqual(build["sample"].tolist(), [0, 1, 2, 3, 4])
        self.assertEqual(build["nanoseconds"].tolist(), [100, 300, 200, 400, 1000])
        self.assertEqual(set(samples["host"]), {"ci"})
        self.assertEqual(set(samples["gitRevision"]), {"abc123"})
        self.assertEqual(samples["createdAt"].iloc[0], pd.Timestamp("2026-11-21T10:00:00Z"))

    def test_batched_samples_are_divided_into_operations(self) -> None:
        samples = self.results.samples
        resize = samples[(samples["backend"] == "springs-struts") & (samples["size"] == 10)
                         & (samples["phase"] == "resizeContainer")]
        self.assertEqual(resize["nanoseconds"].tolist(), [100, 120, 140, 160])
        self.assertEqual(self.phase_row(self.results, "springs-struts", 10, "resizeContainer")["medianNanoseconds"],
                         130)

    def test_quartiles_are_recomputed_and_the_file_median_ignored(self) -> None:
        row = self.phase_row(self.results, "cassowary", 10, "build")
        self.assertEqual(row["medianNanoseconds"], 300)  # the file says 999999
        self.assertEqual((row["p25Nanoseconds"], row["p75Nanoseconds"]), (200, 400))
        self.assertEqual((row["minNanoseconds"], row["maxNanoseconds"], row["samples"]), (100, 1000, 5))
        resize = self.phase_row(self.results, "cassowary", 10, "resizeContainer")
        self.assertEqual(resize["p25Nanoseconds"], np.percentile([50, 60, 70, 80], 25))
        self.assertEqual(resize["operations"], 2)

    def test_null_allocations_are_missing_and_a_counted_zero_is_zero(self) -> None:
        self.assertTrue(math.isnan(self.phase_row(self.results, "springs-struts", 10, "build")["allocations"]))
        zero = self.phase_row(self.results, "cassowary", 10, "firstLayout")
        self.assertEqual((zero["allocations"], zero["allocatedBytes"], zero["allocationsMax"]), (0, 0, 0))
        counted = self.phase_row(self.results, "cassowary", 10, "build")
        self.assertEqual((counted["allocations"], counted["allocatedBytes"], counted["allocationsMax"]), (10, 640, 12))

    def test_counters_become_columns(self) -> None:
        row = self.phase_row(self.results, "cassowary", 10, "build")
        self.assertEqual((row["counter_pivots"], row["counter_rows"]), (7, 12))
        self.assertTrue(math.isnan(self.phase_row(self.results, "cassowary", 10, "firstLayout")["counter_pivots"]))

    def test_skipped_and_failed_cases_have_no_phases(self) -> None:
        measured = self.results.phases[["backend", "size"]].drop_duplicates().values.tolist()
        self.assertEqual(sorted(map(tuple, measured)),
                         [("cassowary", 10), ("springs-struts", 10), ("springs-struts", 100)])

    def test_coverage_shows_each_status(self) -> None:
        table = benchlib.coverage(self.results.cases)
        row = table.loc[("synthetic", "stack.a")]
        self.assertEqual(row[("cassowary", 10)], "ok")
        self.assertEqual(row[("cassowary", 100)], "error")
        self.assertEqual(row[("dense-simplex", 10)], "skipped")
        self.assertEqual(row[("dense-simplex", 100)], "")

    def test_a_missing_host_and_revision_keep_their_rows(self) -> None:
        document = synthetic.run_file()
        document["environment"] = {}
        results = self.load(("run.json", document))
        self.assertEqual(len(results.phases), 9)
        self.assertTrue(results.phases["host"].isna().all())


class CompletenessTests(TemporaryResults):
    """Files not known to hold their run's whole plan are read, listed in the files table,
    and reported in one warning; complete files raise none."""

    def test_complete_files_raise_no_warning(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            results = self.load(("a.json", synthetic.results([synthetic.case("w", "cassowary", 10, status="error", error="x")])))
        self.assertEqual(results.files["complete"].tolist(), [True])
        self.assertEqual(results.files["plannedCases"].tolist(), [1])

    def test_incomplete_and_unsaying_files_are_one_warning(self) -> None:
        failed = [synthetic.case("w", "cassowary", 10, status="error", error="x")]
        with self.assertWarns(benchlib.IncompleteResultsWarning) as caught:
            results = self.load(("partial.json", synthetic.results(failed, complete=False)),
                                ("unsaid.json", synthetic.results(failed, complete=None)),
                                ("whole.json", synthetic.results(failed)))
        message = str(caught.warning)
        self.assertIn("partial.json (incomplete: 1 of 2 planned cases)", message)
        self.assertIn("unsaid.json (does not say whether its run finished its plan)", message)
        self.assertNotIn("whole.json", message)
        by_file = results.files.set_index("file")
        self.assertIs(by_file.loc["partial.json", "complete"], False)
        self.assertIsNone(by_file.loc["unsaid.json", "complete"])
        self.assertEqual(len(results.cases), 3)


class EmptyInputTests(unittest.TestCase):
    def test_no_files_give_empty_tables_with_their_columns(self) -> None:
        results = benchlib.load_results([])
        self.assertTrue(results.files.empty and results.cases.empty and results.samples.empty)
        self.assertIn("medianNanoseconds", results.phases.columns)
        self.assertTrue(benchlib.ratio_table(results.phases).empty)
        self.assertTrue(benchlib.fit_scaling(results.phases).empty)
        self.assertTrue(benchlib.not_run(results.cases).empty)


class MalformedFileTests(TemporaryResults):
    def assertRejected(self, document: object, message: str) -> None:
        with self.assertRaises(benchlib.ResultsFormatError) as raised:
            self.load(("bad.json", document))
        self.assertIn("bad.json", str(raised.exception))
        self.assertIn(message, str(raised.exception))

    def test_an_ok_case_without_phases(self) -> None:
        self.assertRejected(synthetic.results([synthetic.case("w", "cassowary", 10, [])]),
                            'cases[0].phases: a case with status "ok" needs at least one phase')

    def test_a_negative_sample(self) -> None:
        bad = synthetic.results([synthetic.case("w", "cassowary", 10, [synthetic.phase("build", [5, -1])])])
        self.assertRejected(bad, "cases[0].phases[0].samplesNanoseconds[1]")

    def test_an_unknown_status(self) -> None:
        self.assertRejected(synthetic.results([synthetic.case("w", "cassowary", 10, status="done")]),
                            "cases[0].status: expected one of ok, skipped, error")

    def test_a_skipped_case_without_a_reason(self) -> None:
        self.assertRejected(synthetic.results([synthetic.case("w", "cassowary", 10, status="skipped")]),
                            "cases[0].reason: missing")

    def test_a_case_twice(self) -> None:
        twice = [synthetic.case("w", "cassowary", 10, [synthetic.phase("build", [1])])] * 2
        self.assertRejected(synthetic.results(twice), "cases[1]: w n=10 cassowary appears twice")

    def test_a_size_that_is_not_a_positive_integer(self) -> None:
        self.assertRejected(synthetic.results([synthetic.case("w", "cassowary", 2.5, status="error", error="x")]),
                            "cases[0].size: expected an integer >= 1")

    def test_a_size_of_zero(self) -> None:
        self.assertRejected(synthetic.results([synthetic.case("w", "cassowary", 0, status="error", error="x")]),
                            "cases[0].size: expected an integer >= 1, found 0")

    def test_a_time_that_is_not_iso_8601(self) -> None:
        self.assertRejected(synthetic.results([], created="yesterday"),
                            "createdAt: expected an ISO 8601 UTC time")

    def test_a_time_with_an_offset(self) -> None:
        # bench writes UTC; an offset would make times of two files compare wrongly as text.
        self.assertRejected(synthetic.results([], created="2026-11-21T10:00:00+01:00"),
                            "createdAt: expected an ISO 8601 UTC time such as 2026-11-21T10:00:00Z, found '2026-11-21T10:00:00+01:00'")

    def test_complete_that_is_not_a_boolean(self) -> None:
        document = synthetic.results([])
        document["complete"] = "yes"
        self.assertRejected(document, "complete: expected a boolean, found 'yes'")

    def test_planned_cases_that_is_not_a_count(self) -> None:
        document = synthetic.results([])
        document["plannedCases"] = -1
        self.assertRejected(document, "plannedCases: expected an integer >= 0, found -1")

    def test_more_cases_than_planned(self) -> None:
        document = synthetic.results([synthetic.case("w", "cassowary", 10, status="error", error="x"),
                                      synthetic.case("w", "cassowary", 100, status="error", error="x")])
        document["plannedCases"] = 1
        document["complete"] = False
        self.assertRejected(document, "plannedCases: the file holds 2 cases, more than the 1 planned")

    def test_a_complete_file_without_every_planned_case(self) -> None:
        document = synthetic.results([synthetic.case("w", "cassowary", 10, status="error", error="x")])
        document["plannedCases"] = 3
        self.assertRejected(document, "complete: a complete file holds every planned case, but this one holds 1 of 3")

    def test_negative_allocations(self) -> None:
        bad = synthetic.results([synthetic.case("w", "cassowary", 10, [
            synthetic.phase("build", [5], allocations={"count": -1, "bytes": 0})])])
        self.assertRejected(bad, "cases[0].phases[0].allocations.count: expected a finite number >= 0")

    def test_invalid_json(self) -> None:
        (self.directory / "bad.json").write_text("{\"format\": ", encoding="utf-8")
        with self.assertRaisesRegex(benchlib.ResultsFormatError, "bad.json: not valid JSON"):
            benchlib.load_results(str(self.directory / "*.json"))


class SelectionTests(TemporaryResults):
    def test_the_newest_file_per_backend_and_workload(self) -> None:
        old = synthetic.results(synthetic.power_law_cases("w", "cassowary", 1.0, 1.0)
                                + synthetic.power_law_cases("w", "springs-struts", 1.0, 1.0),
                                created="2026-11-20T10:00:00Z")
        new = synthetic.results(synthetic.power_law_cases("w", "cassowary", 2.0, 1.0, sizes=(10, 100)),
                                created="2026-11-21T10:00:00Z")
        results = self.load(("old.json", old), ("new.json", new))
        latest = benchlib.latest_per_backend(results.phases)
        self.assertEqual(set(latest[latest["backend"] == "cassowary"]["file"]), {"new.json"})
        self.assertEqual(set(latest[latest["backend"] == "springs-struts"]["file"]), {"old.json"})
        # The older file's n=1000 must not be grafted onto the newer line.
        self.assertEqual(sorted(latest[latest["backend"] == "cassowary"]["size"].unique()), [10, 100])


class PowerLawTests(unittest.TestCase):
    sizes = [10, 100, 1000, 10000]

    def test_exact_power_law(self) -> None:
        fit = benchlib.fit_power_law(self.sizes, [3 * n**1.5 for n in self.sizes])
        self.assertAlmostEqual(fit.exponent, 1.5, places=12)
        self.assertAlmostEqual(fit.coefficient, 3, places=9)
        self.assertAlmostEqual(fit.r2, 1.0, places=12)
        self.assertEqual(fit.points, 4)

    def test_noisy_power_law_within_noise(self) -> None:
        rng = np.random.default_rng(7)
        sizes = np.repeat(self.sizes, 5)
        times = 40 * sizes**2.0 * np.exp(rng.normal(0, 0.05, sizes.size))
        fit = benchlib.fit_power_law(sizes, times)
        self.assertAlmostEqual(fit.exponent, 2.0, delta=0.03)
        self.assertGreater(fit.r2, 0.99)

    def test_curvature_lowers_r2_and_shows_in_local_exponents(self) -> None:
        sizes = [10, 100, 1000, 10000]
        times = [1000 * n + n**2 for n in sizes]
        fit = benchlib.fit_power_law(sizes, times)
        self.assertLess(fit.r2, 0.99)
        local = benchlib.local_exponents(sizes, times)
        self.assertEqual(len(local), 3)
        self.assertTrue(local[0] < local[1] < local[2])
        self.assertAlmostEqual(local[0], 1.0, delta=0.05)
        self.assertGreater(local[2], 1.7)

    def test_two_sizes_fit_exactly_and_r2_says_nothing(self) -> None:
        fit = benchlib.fit_power_law([10, 100], [5, 500])
        self.assertAlmostEqual(fit.exponent, 2.0)
        self.assertTrue(math.isnan(fit.r2))

    def test_no_fit_without_two_sizes_or_with_a_zero_time(self) -> None:
        self.assertIsNone(benchlib.fit_power_law([10, 10], [1, 2]))
        self.assertIsNone(benchlib.fit_power_law([10, 100], [0, 2]))
        with self.assertRaises(ValueError):
            benchlib.fit_power_law([10, 100], [1])


class FitScalingTests(TemporaryResults):
    def test_one_fit_per_backend_and_phase_with_the_generating_exponent(self) -> None:
        document = synthetic.results(synthetic.power_law_cases("w", "cassowary", 50.0, 2.0)
                                     + synthetic.power_law_cases("w", "springs-struts", 7.0, 1.0))
        results = self.load(("run.json", document))
        fits = benchlib.fit_scaling(results.phases).set_index(["backend", "phase"])
        self.assertAlmostEqual(fits.loc[("cassowary", "resizeContainer"), "exponent"], 2.0, places=9)
        self.assertAlmostEqual(fits.loc[("springs-struts", "resizeContainer"), "exponent"], 1.0, places=9)
        self.assertAlmostEqual(fits.loc[("cassowary", "resizeContainer"), "coefficientNanoseconds"], 50.0, places=6)
        self.assertEqual(fits.loc[("cassowary", "build"), "sizes"], 3)
        self.assertEqual(len(fits.loc[("cassowary", "build"), "localExponents"]), 2)

    def test_min_size_drops_small_sizes(self) -> None:
        document = synthetic.results(synthetic.power_law_cases("w", "cassowary", 1.0, 2.0))
        fits = benchlib.fit_scaling(self.load(("run.json", document)).phases, min_size=100)
        self.assertEqual(set(fits["minSize"]), {100})

    def test_files_are_never_mixed_in_one_fit(self) -> None:
        first = synthetic.results(synthetic.power_law_cases("w", "cassowary", 1.0, 1.0, sizes=(10, 100)))
        second = synthetic.results(synthetic.power_law_cases("w", "cassowary", 1.0, 3.0, sizes=(1000, 10000)),
                                   created="2026-11-22T10:00:00Z")
        fits = benchlib.fit_scaling(self.load(("a.json", first), ("b.json", second)).phases)
        resize = fits[fits["phase"] == "resizeContainer"].set_index("file")
        self.assertAlmostEqual(resize.loc["a.json", "exponent"], 1.0)
        self.assertAlmostEqual(resize.loc["b.json", "exponent"], 3.0)


class RatioTests(TemporaryResults):
    def test_by_size_pairs_each_size_with_its_newest_runs(self) -> None:
        # Sizes 10 and 100 measured in one pair of runs, 1,000 in a later pair of its own.
        small = synthetic.results(synthetic.power_law_cases("w", "cassowary", 10.0, 1.0, sizes=(10, 100)),
                                  created="2026-11-21T10:00:00Z")
        small_peer = synthetic.results(synthetic.power_law_cases("w", "kiwisolver", 20.0, 1.0, sizes=(10, 100)),
                                       created="2026-11-21T10:05:00Z")
        large = synthetic.results(synthetic.power_law_cases("w", "cassowary", 10.0, 1.0, sizes=(1000,)),
                                  created="2026-11-21T11:00:00Z")
        large_peer = synthetic.results(synthetic.power_law_cases("w", "kiwisolver", 50.0, 1.0, sizes=(1000,)),
                                       created="2026-11-21T11:05:00Z")
        phases = self.load(("small.json", small), ("small-peer.json", small_peer), ("large.json", large),
                           ("large-peer.json", large_peer)).phases
        by_size = benchlib.ratio_table(phases, by_size=True)
        resize = by_size[by_size["phase"] == "resizeContainer"].set_index("size")
        self.assertEqual(resize.index.tolist(), [10, 100, 1000])
        np.testing.assert_allclose(resize["ratio"], [2.0, 2.0, 5.0])
        self.assertEqual(resize["referenceFile"].tolist(), ["small.json", "small.json", "large.json"])
        # Without it, each backend's newest file alone: the peer's 1,000-view run.
        default = benchlib.ratio_table(phases)
        self.assertEqual(sorted(default["size"].unique()), [1000])

    def test_ratios_within_one_run(self) -> None:
        ratios = benchlib.ratio_table(self.load(("run.json", synthetic.run_file())).phases)
        self.assertEqual(set(ratios["backend"]), {"springs-struts"})
        self.assertTrue(ratios["sameRun"].all())
        # springs-struts at n=100 has no cassowary to compare with (that case failed).
        self.assertEqual(set(ratios["size"]), {10})
        by_phase = ratios.set_index("phase")["ratio"]
        self.assertAlmostEqual(by_phase["resizeContainer"], 130 / 65)
        self.assertAlmostEqual(by_phase["build"], 8 / 300)
        self.assertAlmostEqual(by_phase["firstLayout"], 40 / 30)

    def test_a_peer_file_without_the_reference_uses_the_newest_reference(self) -> None:
        run = synthetic.results(synthetic.power_law_cases("w", "cassowary", 10.0, 1.0), created="2026-11-21T10:00:00Z")
        older = synthetic.results(synthetic.power_law_cases("w", "cassowary", 99.0, 1.0), created="2026-11-01T10:00:00Z")
        peer = synthetic.results(synthetic.power_law_cases("w", "kiwisolver", 30.0, 1.0, sizes=(10, 100)),
                                 created="2026-11-22T10:00:00Z", environment={"hostname": "ci"})
        ratios = self.load(("run.json", run), ("older.json", older), ("peer.json", peer)).phases
        table = benchlib.ratio_table(ratios)
        resize = table[table["phase"] == "resizeContainer"]
        self.assertEqual(resize["size"].tolist(), [10, 100])
        self.assertFalse(resize["sameRun"].any())
        self.assertEqual(set(resize["referenceFile"]), {"run.json"})
        np.testing.assert_allclose(resize["ratio"], [3.0, 3.0])
        self.assertEqual(set(resize["reference"]), {"cassowary"})

    def test_system_driven_cases_are_a_backend_of_their_own(self) -> None:
        scene = synthetic.power_law_cases("w", "cassowary", 10.0, 1.0)
        system = synthetic.power_law_cases("w", "cassowary", 5.0, 1.0)
        for case in system:
            case["parameters"]["driver"] = "system"
        peer = synthetic.results(synthetic.power_law_cases("w", "kiwisolver", 20.0, 1.0), created="2026-11-22T10:00:00Z")
        results = self.load(("scene.json", synthetic.results(scene)),
                            ("system.json", synthetic.results(system, created="2026-11-23T10:00:00Z")),
                            ("peer.json", peer))
        self.assertEqual(benchlib.system_backend("cassowary"), "cassowary (system)")
        self.assertEqual(set(results.cases["backend"]), {"cassowary", "cassowary (system)", "kiwisolver"})
        # The newer system-driven file does not replace the scene-driven line.
        latest = benchlib.latest_per_backend(results.phases)
        self.assertEqual(set(latest[latest["backend"] == "cassowary"]["file"]), {"scene.json"})
        table = benchlib.ratio_table(results.phases, reference="cassowary (system)")
        kiwi = table[(table["backend"] == "kiwisolver") & (table["phase"] == "resizeContainer")]
        np.testing.assert_allclose(kiwi["ratio"], [4.0, 4.0, 4.0])
        self.assertEqual(set(kiwi["reference"]), {"cassowary (system)"})

    def test_the_same_run_reference_wins_over_a_newer_one(self) -> None:
        both = synthetic.results(synthetic.power_law_cases("w", "cassowary", 10.0, 1.0)
                                 + synthetic.power_law_cases("w", "kiwisolver", 20.0, 1.0),
                                 created="2026-11-21T10:00:00Z")
        newer = synthetic.results(synthetic.power_law_cases("w", "cassowary", 1.0, 1.0), created="2026-11-23T10:00:00Z")
        table = benchlib.ratio_table(self.load(("both.json", both), ("newer.json", newer)).phases)
        self.assertTrue(table["sameRun"].all())
        np.testing.assert_allclose(table["ratio"], 2.0)

    def test_geometric_means(self) -> None:
        self.assertAlmostEqual(benchlib.geometric_mean([2.0, 0.5]), 1.0)
        self.assertAlmostEqual(benchlib.geometric_mean([4.0, 1.0]), 2.0)
        self.assertTrue(math.isnan(benchlib.geometric_mean([])))
        with self.assertRaises(ValueError):
            benchlib.geometric_mean([1.0, 0.0])
        ratios = pd.DataFrame({"phase": ["a", "a", "b"], "backend": ["x", "x", "x"], "ratio": [8.0, 2.0, 0.5]})
        table = benchlib.geometric_mean_ratios(ratios).set_index("phase")
        self.assertAlmostEqual(table.loc["a", "geometricMean"], 4.0)
        self.assertEqual((table.loc["a", "cases"], table.loc["a", "min"], table.loc["a", "max"]), (2, 2.0, 8.0))
        self.assertAlmostEqual(table.loc["b", "geometricMean"], 0.5)


class HeadlineTests(unittest.TestCase):
    def ratios(self) -> pd.DataFrame:
        rows = []
        for workload, by_size in {"a": {10: 0.5, 100: 0.1, 1000: 0.01}, "b": {10: 2.0, 100: 4.0, 1000: 8.0},
                                  "c": {10: 1.0, 100: 0.5}}.items():
            rows += [{"suite": "s", "workload": workload, "phase": "resizeContainer", "size": size,
                      "backend": "x", "ratio": ratio} for size, ratio in by_size.items()]
        return pd.DataFrame(rows)

    def test_the_largest_size_most_workloads_reached(self) -> None:
        headline = benchlib.headline_ratios(self.ratios(), "x", "resizeContainer")
        # Two of three workloads reached n = 1000: exactly the default two thirds.
        self.assertEqual((headline.size, headline.workloads, headline.of_workloads), (1000, 2, 3))
        self.assertAlmostEqual(headline.geometric_mean, math.sqrt(0.01 * 8.0))
        self.assertEqual((headline.faster, headline.slower), (1, 1))
        self.assertEqual(headline.rows["workload"].tolist(), ["a", "b"])

    def test_a_size_only_one_workload_reached_is_no_headline(self) -> None:
        headline = benchlib.headline_ratios(self.ratios(), "x", "resizeContainer", min_share=0.9)
        self.assertEqual((headline.size, headline.workloads), (100, 3))

    def test_no_rows_no_headline(self) -> None:
        self.assertIsNone(benchlib.headline_ratios(self.ratios(), "y", "resizeContainer"))


class PoolChangesTests(unittest.TestCase):
    def test_several_kinds_of_change_become_one_phase(self) -> None:
        table = pd.DataFrame({
            "suite": ["churn", "churn", "churn", "stacks", "stacks"],
            "workload": ["churn.a", "churn.a", "churn.b", "stack.x", "stack.x"],
            "phase": ["build+firstLayout", "swap", "hide", "build", "resizeContainer"],
        })
        pooled = benchlib.pool_changes(table)
        self.assertEqual(pooled["phase"].tolist(),
                         ["build+firstLayout", "each change", "each change", "build", "resizeContainer"])
        self.assertEqual(pooled["workload"].tolist(),
                         ["churn.a", "churn.a · swap", "churn.b · hide", "stack.x", "stack.x"])
        self.assertEqual(pooled["caseWorkload"].tolist(), table["workload"].tolist())


class PhaseOrderTests(unittest.TestCase):
    def test_loading_first_then_changes_by_name(self) -> None:
        self.assertEqual(benchlib.phase_order(["swap", "resizeContainer", "firstLayout", "build+firstLayout", "build"]),
                         ["build", "firstLayout", "build+firstLayout", "resizeContainer", "swap"])


class CombinedPhaseTests(TemporaryResults):
    def test_samples_add_up_per_repetition(self) -> None:
        results = benchlib.with_combined_phase(self.load(("run.json", synthetic.run_file())))
        samples = results.samples[results.samples["phase"] == "build+firstLayout"]
        cassowary = samples[samples["backend"] == "cassowary"]["nanoseconds"].tolist()
        self.assertEqual(cassowary, [110, 330, 220, 440, 1100])
        row = self.phase_row(results, "cassowary", 10, "build+firstLayout")
        self.assertEqual((row["medianNanoseconds"], row["allocations"]), (330, 10))
        self.assertTrue(math.isnan(row["counter_pivots"]))
        springs = self.phase_row(results, "springs-struts", 10, "build+firstLayout")
        self.assertEqual(springs["medianNanoseconds"], 48)
        self.assertTrue(math.isnan(springs["allocations"]), "a sum with an uncounted part is uncounted")

    def test_unpaired_samples_are_not_combined(self) -> None:
        results = benchlib.with_combined_phase(self.load(("run.json", synthetic.run_file())))
        combined = results.phases[results.phases["phase"] == "build+firstLayout"]
        # springs-struts n=100 has 3 build samples and 2 first-layout samples.
        self.assertEqual(sorted(map(tuple, combined[["backend", "size"]].values.tolist())),
                         [("cassowary", 10), ("springs-struts", 10)])

    def test_combining_twice_changes_nothing(self) -> None:
        once = benchlib.with_combined_phase(self.load(("run.json", synthetic.run_file())))
        twice = benchlib.with_combined_phase(once)
        self.assertEqual(len(twice.samples), len(once.samples))


class FormattingTests(unittest.TestCase):
    def test_durations(self) -> None:
        cases = {589e6: "589 ms", 939e3: "939 µs", 1.04e6: "1.04 ms", 21.8e9: "21.8 s", 12: "12.0 ns",
                 999.7e3: "1.00 ms", 0.5: "0.500 ns", 230e9: "230 s"}
        for value, text in cases.items():
            self.assertEqual(benchlib.format_duration(value), text)
        self.assertEqual(benchlib.format_duration(math.nan), "–")

    def test_counts(self) -> None:
        cases = {0: "0", 0.0021: "0.0021", 9.65: "9.7", 21: "21", 35.2: "35", 120.4: "120", 1880428: "1,880,428"}
        for value, text in cases.items():
            self.assertEqual(benchlib.format_count(value), text)

    def test_ratios_in_words(self) -> None:
        self.assertEqual(benchlib.describe_ratio(1 / 287), "287× faster")
        self.assertEqual(benchlib.describe_ratio(8.4), "8.4× slower")
        self.assertEqual(benchlib.describe_ratio(1.03), "about the same (1.03×)")
        self.assertEqual(benchlib.describe_ratio(0.85), "1.2× faster")

    def test_ratios(self) -> None:
        cases = {8.4: "8.4×", 287.2: "287×", 1010.4: "1,010×", 0.9: "0.90×", 0.0035: "0.0035×", 99.96: "100×",
                 3698.06: "3,698×"}
        for value, text in cases.items():
            self.assertEqual(benchlib.format_ratio(value), text)


if __name__ == "__main__":
    unittest.main()
