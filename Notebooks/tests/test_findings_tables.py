"""findings_tables.py on hand-made results: every verdict it prints is checked against
numbers derived by hand."""

from __future__ import annotations

import io
import json
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import findings_tables
from tests import synthetic


def write(folder: Path, name: str, document: dict) -> str:
    path = folder / name
    path.write_text(json.dumps(document))
    return str(path)


def build_and_layout(workload: str, backend: str, size: int, build: float, layout: float, **more):
    phases = [synthetic.phase("build", [build] * 3), synthetic.phase("firstLayout", [layout] * 3)]
    phases += [synthetic.phase(name, [value] * 3, allocations={"count": allocations, "bytes": 0, "maxCount": allocations})
               for name, (value, allocations) in more.items()]
    return synthetic.case(workload, backend, size, phases)


class FindingsTablesTests(unittest.TestCase):
    def run_script(self, *documents: tuple[str, dict], system: tuple[tuple[str, dict], ...] = (),
                   expected_status: int = 0) -> str:
        with tempfile.TemporaryDirectory() as scratch:
            paths = [write(Path(scratch), name, document) for name, document in documents]
            system_paths = [write(Path(scratch), name, document) for name, document in system]
            output = io.StringIO()
            errors = io.StringIO()
            argv = sys.argv
            sys.argv = ["findings_tables.py", *paths] + (["--system", *system_paths] if system_paths else [])
            try:
                with redirect_stdout(output), redirect_stderr(errors):
                    status = findings_tables.main()
            finally:
                sys.argv = argv
        self.assertEqual(status, expected_status, errors.getvalue())
        return output.getvalue() + errors.getvalue()

    def test_screens_rows_give_each_operation_its_counters_and_the_time_per_fitted_row(self):
        # A scroll of 3 fitted rows in 600 µs: 200 µs per row; the first layout took 2 passes.
        phases = [synthetic.phase("build", [1_000_000] * 3),
                  synthetic.phase("firstLayout", [500_000] * 3, counters={"passes": 2, "rowsFitted": 4}),
                  synthetic.phase("scroll", [600_000] * 3, counters={"passes": 1, "rowsFitted": 3, "pivots": 30},
                                  allocations={"count": 1500, "bytes": 0, "maxCount": 1600})]
        screens = synthetic.results([synthetic.case("screen.feed", "cassowary", 1000, phases)], suite="screens")
        text = self.run_script(("screens.json", screens))
        self.assertIn("| `screen.feed` | 1,000 | 1.50 ms | 2 | `scroll` 600 µs (passes 1, rows 3, pivots 30, "
                      "allocations 1,500) |", text)
        self.assertIn("a scroll fits 3 rows in 600 µs, 200 µs per fitted row", text)

    def test_the_probes_table_fits_both_runs_and_divides_size_by_size(self):
        # Without probes n·1 µs (exponent 1); with probes n²·0.01 µs: at 100 views 100 µs
        # against 100 µs (1.00×), at 1,000 views 10 ms against 1 ms (10.00×), exponent 2.
        def run(coefficient: float, exponent: float, created: str) -> dict:
            cases = [build_and_layout("deep.nested", "cassowary", n, coefficient * n**exponent, 0) for n in (100, 1000)]
            return synthetic.results(cases, suite="screens", created=created)
        with tempfile.TemporaryDirectory() as scratch:
            plain = write(Path(scratch), "plain.json", run(1_000, 1, "2026-11-21T10:00:00Z"))
            probed = write(Path(scratch), "probed.json", run(10, 2, "2026-11-21T11:00:00Z"))
            output = io.StringIO()
            argv = sys.argv
            sys.argv = ["findings_tables.py", plain, "--diagnostics", probed]
            try:
                with redirect_stdout(output), redirect_stderr(io.StringIO()):
                    status = findings_tables.main()
            finally:
                sys.argv = argv
        self.assertEqual(status, 0)
        self.assertIn("| `deep.nested` | 1.00 | 2.00 ✗ (+0.800) | 100: 1.00×, 1,000: 10.00× |", output.getvalue())

    def test_system_driven_runs_give_a_solver_against_solver_table_and_are_kept_apart(self):
        # Scene-driven cassowary at 10 views: build 40 µs; the system-driven build 15 µs;
        # kiwisolver 20 µs. Scene against kiwi: 0.5× (slower); solver against solver: 1.33×.
        scene = synthetic.results([build_and_layout("deep.x", "cassowary", 10, 40_000, 1_000)], suite="deep")
        system_case = build_and_layout("deep.x", "cassowary", 10, 15_000, 1_000)
        system_case["parameters"]["driver"] = "system"
        system = synthetic.results([system_case], suite="deep", created="2026-11-21T12:00:00Z")
        kiwi = synthetic.results([build_and_layout("deep.x", "kiwisolver", 10, 20_000, 1_000)], suite="deep",
                                 created="2026-11-21T11:00:00Z")
        text = self.run_script(("scene.json", scene), ("kiwi.json", kiwi), system=(("system.json", system),))
        scene_part, solver_part = text.split("solver against solver")
        self.assertIn("| deep | `deep.x` | `build` | 10 | 0.50× … 0× | 10 (0.50×) |", scene_part)
        self.assertIn("Workload, phase and size combinations where cassowary is slower than kiwisolver: 0 of 3", solver_part)
        # A system-driven file among the positional ones is refused, naming it.
        refused = self.run_script(("scene.json", scene), ("system.json", system), expected_status=2)
        self.assertIn("system.json: its cases are of bench run --driver system; pass it with --system", refused)

    def test_exponents_are_fitted_over_sizes_from_100_on_the_summed_phases(self):
        # build + firstLayout: 10 (ignored, far off the line), 1e3 ns at 100, 1e5 ns at 1,000:
        # k = 2 for cassowary (over 1.2 by 0.8); springs-struts 1e3 → 1e4: k = 1 (met).
        cases = [
            build_and_layout("stack.x", "cassowary", 10, 900_000, 100_000),
            build_and_layout("stack.x", "cassowary", 100, 900, 100),
            build_and_layout("stack.x", "cassowary", 1000, 90_000, 10_000),
            build_and_layout("stack.x", "springs-struts", 100, 500, 500),
            build_and_layout("stack.x", "springs-struts", 1000, 5_000, 5_000),
        ]
        text = self.run_script(("a.json", synthetic.results(cases, suite="stackviews")))
        row = next(line for line in text.splitlines() if line.startswith("| stackviews | `stack.x`"))
        self.assertIn("2.00 ✗ (+0.800) (100–1,000; 100 µs)", row)
        self.assertIn("1.00 ✓ (100–1,000; 10.0 µs)", row)
        self.assertIn("cassowary: 0 of 1 workloads at or under k = 1.2.", text)

    def test_the_anchor_ratio_and_the_churn_verdicts(self):
        ours = synthetic.results([
            build_and_layout("chain.horizontal", "cassowary", 1000, 10_000_000, 1_000_000,
                             resizeContainer=(40_000, 0)),
            build_and_layout("churn.constantAnimation", "cassowary", 1000, 1, 1, constantAnimation=(9_000, 0)),
            build_and_layout("churn.sizeClassSwap", "cassowary", 1000, 1, 1, sizeClassSwap=(1_000_000, 5)),
            build_and_layout("churn.rebuild", "cassowary", 1000, 1, 1, rebuild=(25_000_000, 5)),
        ], suite="anchor")
        theirs = synthetic.results([
            build_and_layout("chain.horizontal", "kiwisolver", 1000, 1_099_000_000, 1_000_000,
                             resizeContainer=(4_000_000, 0)),
        ], suite="anchor", created="2026-11-21T11:00:00Z")
        text = self.run_script(("ours.json", ours), ("kiwi.json", theirs))
        # (1.099 s + 1 ms) / (10 ms + 1 ms) = 100×: met exactly at the bound.
        self.assertIn("| `build+firstLayout` | 1,000 | 11.0 ms | 1.10 s | 100.0× | ✓ |", text)
        self.assertIn("| `resizeContainer` | 1,000 | 40.0 µs | 4.00 ms | 100.0× | ✓ |", text)
        self.assertIn("9.00 µs, 0 allocations | ✓ |", text)
        self.assertIn("| container resize ≤ 50 µs | `chain.horizontal` | 40.0 µs, 0 allocations | ✓ |", text)
        self.assertIn("1.00 ms vs 25.0 ms: 25.0× | ✓ |", text)


class FindingsTablesCommandLineTests(unittest.TestCase):
    def test_a_bad_command_line_exits_64_and_a_file_that_is_not_results_exits_2(self):
        argv = sys.argv
        try:
            sys.argv = ["findings_tables.py", "--no-such-option"]
            with self.assertRaises(SystemExit) as raised, redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                findings_tables.main()
            self.assertEqual(raised.exception.code, 64)
            with tempfile.TemporaryDirectory() as scratch:
                path = write(Path(scratch), "x.json", {"format": "something else"})
                sys.argv = ["findings_tables.py", path]
                with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                    self.assertEqual(findings_tables.main(), 2)
        finally:
            sys.argv = argv


class MemoryPerViewTests(unittest.TestCase):
    def test_the_slope_is_bytes_per_view_and_bad_sizes_are_refused(self):
        import importlib.util
        path = Path(__file__).resolve().parents[2] / "Benchmarks" / "memory_per_view.py"
        spec = importlib.util.spec_from_file_location("memory_per_view", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        # 20 MiB + 8 KiB per view, exactly: slope 8,192 bytes, intercept 20 MiB.
        points = [(n, 20 * 2**20 + 8192 * n) for n in (1000, 3000, 10000)]
        per_view, intercept = module.slope(points)
        self.assertAlmostEqual(per_view, 8192, places=6)
        self.assertAlmostEqual(intercept, 20 * 2**20, delta=1e-3)
        for text in ("0", "10,-1", "ten", ""):
            with self.assertRaises(Exception):
                module.positive_ints(text)
        self.assertEqual(module.positive_ints("1000,3000"), [1000, 3000])


if __name__ == "__main__":
    unittest.main()
