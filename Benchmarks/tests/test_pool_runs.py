"""pool_runs.py: repeated runs of one plan pooled into one results file, and the inputs
it refuses, each named."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any

import pool_runs

sys.path.append(str(Path(__file__).resolve().parents[1] / "oracles"))
from bench_runner import locate_bench  # noqa: E402


def phase(name: str, samples: list[int], operations: int = 1, pivots: int = 0) -> dict[str, Any]:
    return {
        "name": name, "iterations": 1, "samplesNanoseconds": samples, "medianNanoseconds": 0,
        "operations": operations, "allocations": {"count": 3, "bytes": 96, "maxCount": 3},
        "counters": {"pivots": pivots},
    }


def case(workload: str, size: int, phases: list[dict[str, Any]], repetitions: int = 2,
         status: str = "ok", reference: list[int] | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "workload": workload, "backend": "cassowary", "size": size, "parameters": {}, "status": status,
        "seed": "1", "repetitions": repetitions, "phases": phases,
    }
    if reference is not None:
        document["reference"] = {"name": "reference/1", "samplesNanoseconds": reference, "medianNanoseconds": 0}
    return document


def run(created: str, cases: list[dict[str, Any]], revision: str = "abc") -> dict[str, Any]:
    return {
        "format": "layoutbench.results/1", "suite": "smoke", "createdAt": created,
        "environment": {"gitRevision": revision, "configuration": "release", "os": "Linux", "cpu": "x",
                        "cores": 2, "allocator": None},
        "run": {"command": "bench run --suite smoke", "repetitions": 2, "warmup": 1, "timeBudgetSeconds": 10,
                "seed": "1", "interrupted": False, "workloads": ["w"], "backends": ["cassowary"]},
        "cases": cases,
    }


class StatisticsTests(unittest.TestCase):
    def test_order_statistics_as_sample_statistics_computes_them(self) -> None:
        self.assertEqual(pool_runs.statistics([4, 1, 3, 2]), {
            "medianNanoseconds": 2.5, "minNanoseconds": 1, "meanNanoseconds": 2.5, "madNanoseconds": 1,
            "maxNanoseconds": 4})
        # Type 7 quantile and the median absolute deviation (unscaled) of a skewed set.
        self.assertEqual(pool_runs.statistics([10, 11, 12, 100, 13])["medianNanoseconds"], 12)
        self.assertEqual(pool_runs.statistics([10, 11, 12, 100, 13])["madNanoseconds"], 1)
        self.assertEqual(pool_runs.statistics([7])["madNanoseconds"], 0)


class PoolTests(unittest.TestCase):
    def test_samples_pool_in_file_order_and_statistics_are_derived_again(self) -> None:
        first = run("2026-11-27T07:00:00Z", [case("w", 10, [phase("build", [10, 30], pivots=7)], reference=[5, 7])])
        second = run("2026-11-27T07:05:00Z", [case("w", 10, [phase("build", [20, 100], pivots=9)], reference=[6])])
        pooled = pool_runs.pool([(Path("a.json"), first), (Path("b.json"), second)])
        build = pooled["cases"][0]["phases"][0]
        self.assertEqual(build["samplesNanoseconds"], [10, 30, 20, 100])
        # Type 7 median of 10, 20, 30, 100 is 25; the deviations 15, 5, 5, 75 have median 10.
        self.assertEqual((build["medianNanoseconds"], build["minNanoseconds"], build["maxNanoseconds"]), (25, 10, 100))
        self.assertEqual(build["madNanoseconds"], 10)
        # Deterministic figures are the first input's.
        self.assertEqual(build["counters"], {"pivots": 7})
        self.assertEqual(pooled["cases"][0]["repetitions"], 4)
        self.assertEqual(pooled["cases"][0]["reference"]["samplesNanoseconds"], [5, 7, 6])
        self.assertEqual(pooled["cases"][0]["reference"]["medianNanoseconds"], 6)
        self.assertEqual(pooled["run"]["repetitions"], 4)
        self.assertEqual(pooled["createdAt"], "2026-11-27T07:05:00Z")
        self.assertEqual([source["file"] for source in pooled["mergedFrom"]], ["a.json", "b.json"])
        self.assertEqual(pooled["mergedFrom"][1]["cases"], 1)

    def test_an_error_or_a_skip_in_any_run_is_the_pooled_status(self) -> None:
        ok = case("w", 10, [phase("build", [10])])
        skipped = {**case("w", 10, [], status="skipped"), "reason": "over the case limit"}
        failed = {**case("w", 10, [], status="error"), "error": "boom"}
        pooled = pool_runs.pool([(Path("a"), run("1", [ok])), (Path("b"), run("2", [skipped]))])
        self.assertEqual(pooled["cases"][0]["status"], "skipped")
        self.assertEqual(pooled["cases"][0]["reason"], "over the case limit")
        pooled = pool_runs.pool([(Path("a"), run("1", [ok])), (Path("b"), run("2", [skipped])), (Path("c"), run("3", [failed]))])
        self.assertEqual(pooled["cases"][0]["status"], "error")

    def test_kernels_that_differ_are_dropped_not_mixed(self) -> None:
        first = run("1", [case("w", 10, [phase("build", [10])], reference=[5])])
        second = run("2", [case("w", 10, [phase("build", [12])])])
        pooled = pool_runs.pool([(Path("a"), first), (Path("b"), second)])
        self.assertNotIn("reference", pooled["cases"][0])

    def test_runs_of_other_plans_are_refused_naming_the_file(self) -> None:
        base = run("1", [case("w", 10, [phase("build", [10])])])
        refusals = {
            "other cases": run("2", [case("w", 100, [phase("build", [10])])]),
            "gitRevision": run("2", [case("w", 10, [phase("build", [10])])], revision="def"),
            "phases": run("2", [case("w", 10, [phase("firstLayout", [10])])]),
            "operations per repetition": run("2", [case("w", 10, [phase("build", [10], operations=4)])]),
        }
        for what, other in refusals.items():
            with self.subTest(what), self.assertRaises(pool_runs.PoolError) as raised:
                pool_runs.pool([(Path("base.json"), base), (Path("other.json"), other)])
            self.assertIn("other.json", str(raised.exception))
            self.assertIn(what, str(raised.exception))

    def test_runs_of_different_plan_fingerprints_are_refused(self) -> None:
        base = run("1", [case("w", 10, [phase("build", [10])])])
        base["run"]["plan"] = "00000000000000aa"
        other = run("2", [case("w", 10, [phase("build", [10])])])
        other["run"]["plan"] = "00000000000000bb"
        with self.assertRaises(pool_runs.PoolError) as raised:
            pool_runs.pool([(Path("base.json"), base), (Path("other.json"), other)])
        self.assertIn("other.json: $.run.plan", str(raised.exception))

    def test_the_pool_is_complete_only_when_every_run_is(self) -> None:
        whole = run("1", [case("w", 10, [phase("build", [10])])])
        whole.update(complete=True, plannedCases=1)
        unsaid = run("2", [case("w", 10, [phase("build", [12])])])
        del unsaid["createdAt"]
        pooled = pool_runs.pool([(Path("a"), whole), (Path("b"), dict(whole))])
        self.assertIs(pooled["complete"], True)
        self.assertEqual(pooled["plannedCases"], 1)
        pooled = pool_runs.pool([(Path("a"), whole), (Path("b"), unsaid)])
        self.assertIs(pooled["complete"], False)
        # An input without a time gives its entry none: readers refuse an empty one.
        self.assertNotIn("createdAt", pooled["mergedFrom"][1])

    def test_an_output_that_is_not_a_regular_file_is_refused_untouched(self) -> None:
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            good = root / "good.json"
            good.write_text(json.dumps(run("1", [case("w", 10, [phase("build", [10])])])))
            victim = root / "victim.txt"
            victim.write_text("precious\n")
            link = root / "out.json"
            link.symlink_to(victim)
            quiet = io.StringIO()
            with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
                self.assertEqual(pool_runs.main([str(good), "--out", str(link)]), 2)
            self.assertIn(f"{link}: is a symbolic link", quiet.getvalue())
            self.assertEqual(victim.read_text(), "precious\n")
            self.assertTrue(link.is_symlink())

    def test_a_dirty_revision_pools_only_when_told_to(self) -> None:
        clean = run("1", [case("w", 10, [phase("build", [10])])])
        dirty = run("2", [case("w", 10, [phase("build", [12])])], revision="abc+dirty")
        with self.assertRaises(pool_runs.PoolError) as raised:
            pool_runs.pool([(Path("clean.json"), clean), (Path("dirty.json"), dirty)])
        self.assertIn("--ignore-dirty", str(raised.exception))
        pooled = pool_runs.pool([(Path("clean.json"), clean), (Path("dirty.json"), dirty)], ignore_dirty=True)
        self.assertEqual(pooled["cases"][0]["phases"][0]["samplesNanoseconds"], [10, 12])
        self.assertEqual(pooled["mergedFrom"][1]["environment"]["gitRevision"], "abc+dirty")
        other = run("2", [case("w", 10, [phase("build", [12])])], revision="def+dirty")
        with self.assertRaises(pool_runs.PoolError):
            pool_runs.pool([(Path("clean.json"), clean), (Path("other.json"), other)], ignore_dirty=True)

    def test_command_line_exit_statuses(self) -> None:
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            good = root / "good.json"
            good.write_text(json.dumps(run("1", [case("w", 10, [phase("build", [10])])])))
            broken = root / "broken.json"
            broken.write_text("{")
            quiet = io.StringIO()
            with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
                self.assertEqual(pool_runs.main([str(good), str(good), "--out", str(root / "out.json")]), 0)
                self.assertEqual(pool_runs.main([str(good), str(broken), "--out", str(root / "x.json")]), 2)
                self.assertEqual(pool_runs.main([str(good), str(root / "missing.json"), "--out", str(root / "x.json")]), 2)
                self.assertEqual(pool_runs.main([str(good)]), 64)
            self.assertIn("broken.json", quiet.getvalue())
            pooled = json.loads((root / "out.json").read_text())
            self.assertEqual(pooled["cases"][0]["phases"][0]["samplesNanoseconds"], [10, 10])
            self.assertFalse((root / "x.json").exists())

    def test_bench_reads_a_pooled_file(self) -> None:
        bench = locate_bench(Path(__file__).resolve().parents[2])
        if bench is None:
            self.skipTest("no bench executable (make peer-tests builds one and sets LAYOUTBENCH_BENCH)")
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            parts = []
            for k in range(2):
                path = root / f"part{k}.json"
                subprocess.run(
                    [str(bench), "run", "--suite", "deep", "--workloads", "deep.chain.autoresizing", "--sizes", "10",
                     "--backends", "springs-struts", "--repetitions", "2", "--warmup", "0", "--no-allocations",
                     "--allow-debug", "--out", str(path)],
                    check=True, capture_output=True)
                parts.append(path)
            pooled = root / "pooled.json"
            self.assertEqual(pool_runs.main([str(p) for p in parts] + ["--out", str(pooled)]), 0)
            compared = subprocess.run([str(bench), "compare", str(parts[0]), str(pooled)], capture_output=True, text=True)
            self.assertEqual(compared.returncode, 0, compared.stderr)
            self.assertIn("deep.chain.autoresizing", compared.stdout)


if __name__ == "__main__":
    unittest.main()
