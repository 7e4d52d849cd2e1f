"""findings_charts.py on hand-made results: which rows each chart takes, and that the
command writes the three PNGs."""

from __future__ import annotations

import io
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import findings_charts
from tests import synthetic


def loading(workload: str, backend: str, size: int, build: float, layout: float, change: str = "resizeContainer",
            change_samples: tuple[float, ...] = (1_000.0,), driver: str | None = None):
    phases = [synthetic.phase("build", [build] * 3), synthetic.phase("firstLayout", [layout] * 3),
              synthetic.phase(change, list(change_samples))]
    case = synthetic.case(workload, backend, size, phases)
    if driver is not None:
        case["parameters"]["driver"] = driver
    return case


class DataSelectionTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.folder = tempfile.TemporaryDirectory()
        folder = Path(cls.folder.name)
        stack = [loading("stack.a", backend, size, 100.0 * size, 10.0 * size,
                         change_samples=(40_000.0, 50_000.0, 60_000.0) if backend == "cassowary" else (90_000.0,))
                 for backend in ("cassowary", "springs-struts") for size in (10, 100, 1000)]
        synthetic.write(folder, "stackviews-scene.json", synthetic.results(stack, suite="stackviews"))
        synthetic.write(folder, "stackviews-dense-simplex.json", synthetic.results(
            [loading("stack.a", "dense-simplex", 1000, 5e6, 5e6, change_samples=(10.0,))], suite="stackviews"))
        # build+firstLayout at 1,000 views: 110 µs scene-driven (100·n + 10·n ns), 55 µs system-driven.
        synthetic.write(folder, "stackviews-system.json", synthetic.results(
            [loading("stack.a", "cassowary", 1000, 50_000, 5_000, driver="system")], suite="stackviews"))
        synthetic.write(folder, "stackviews-kiwisolver.json", synthetic.results(
            [loading("stack.a", "kiwisolver", 1000, 440_000, 0, change_samples=(2_000.0,))], suite="stackviews",
            environment={"configuration": "kiwisolver 1.5.1", "cores": 1}))
        churn = [loading("churn.rebuild", "cassowary", 100, 1_000, 0, change="rebuild", change_samples=(300.0,)),
                 loading("churn.rebuild", "kiwisolver", 100, 4_000, 0, change="rebuild", change_samples=(600.0,))]
        synthetic.write(folder, "churn-scene.json", synthetic.results(churn[:1], suite="churn"))
        synthetic.write(folder, "churn-kiwisolver.json", synthetic.results(churn[1:], suite="churn"))
        synthetic.write(folder, "memory-per-view.json", {"format": "layoutbench.memory/1", "rows": []})
        # Newer, but a recheck and a --diagnostics run: neither replaces the campaign's points.
        for name in ("recheck-stackviews.json", "stackviews-diagnostics.json"):
            synthetic.write(folder, name, synthetic.results(
                [loading("stack.a", "cassowary", 1000, 1e9, 1e9, change_samples=(1e9,))], suite="stackviews",
                created="2026-12-01T10:00:00Z"))
        cls.phases = findings_charts.load(folder)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.folder.cleanup()

    def test_scaling_takes_build_and_first_layout_of_the_scaling_suites(self) -> None:
        points = findings_charts.scaling_points(self.phases)
        self.assertEqual(set(points["suite"]), {"stackviews"})  # churn is not a scaling suite
        self.assertEqual(set(points["backend"]), {"cassowary", "springs-struts", "dense-simplex", "kiwisolver"})
        cassowary = points[points["backend"] == "cassowary"]
        self.assertEqual(cassowary["size"].tolist(), [10, 100, 1000])
        self.assertEqual(cassowary["medianNanoseconds"].tolist(), [1_100.0, 11_000.0, 110_000.0])
        self.assertEqual(cassowary["medianNanoseconds"].tolist(), [1_100.0, 11_000.0, 110_000.0])

    def test_kiwisolver_ratios_against_both_drivers_with_changes_pooled(self) -> None:
        ratios = findings_charts.kiwisolver_ratios(self.phases)
        scene = ratios[(ratios["driver"] == "scene") & (ratios["suite"] == "stackviews")].set_index("phase")
        system = ratios[ratios["driver"] == "system"].set_index("phase")
        # 440 µs over the scene's 110 µs; over the system-driven 55 µs.
        self.assertAlmostEqual(scene.loc["build+firstLayout", "ratio"], 4.0)
        self.assertAlmostEqual(system.loc["build+firstLayout", "ratio"], 8.0)
        # A resize of 2 µs over cassowary's median 50 µs, pooled as a change named resizeContainer.
        self.assertAlmostEqual(scene.loc["each change", "ratio"], 0.04)
        self.assertEqual(scene.loc["each change", "change"], "resizeContainer")
        churn = ratios[ratios["suite"] == "churn"].set_index("phase")
        self.assertAlmostEqual(churn.loc["each change", "ratio"], 2.0)
        self.assertEqual(churn.loc["each change", "change"], "rebuild")
        self.assertNotIn("build", set(ratios["phase"]))
        self.assertEqual(set(ratios["driver"]), {"scene", "system"})

    def test_resize_takes_1000_views_of_cassowary_and_springs_struts(self) -> None:
        rows = findings_charts.resize_rows(self.phases)
        self.assertEqual(rows["backend"].tolist(), ["cassowary", "springs-struts"])
        self.assertEqual(rows["medianNanoseconds"].tolist(), [50_000.0, 90_000.0])
        self.assertEqual(rows["met"].tolist(), [True, False])  # the 50 µs target, met exactly
        self.assertEqual(rows["p25Nanoseconds"].iloc[0], 45_000.0)

    def test_the_command_writes_three_pngs(self) -> None:
        # A low resolution keeps the test quick; the committed charts are checked for size
        # when they are written.
        with tempfile.TemporaryDirectory() as out, redirect_stdout(io.StringIO()) as printed, \
                mock.patch.object(findings_charts, "DPI", 40):
            status = findings_charts.main(["--results", self.folder.name, "--out", out])
            self.assertEqual(status, 0)
            for name in ("scaling.png", "kiwisolver-ratio.png", "resize.png"):
                path = Path(out) / name
                self.assertTrue(path.read_bytes().startswith(b"\x89PNG"), name)
                self.assertLess(path.stat().st_size, 150 * 1024, name)
        self.assertIn("resize.png", printed.getvalue())

    def test_a_folder_without_results_exits_2(self) -> None:
        with tempfile.TemporaryDirectory() as empty, redirect_stderr(io.StringIO()) as errors:
            self.assertEqual(findings_charts.main(["--results", empty]), 2)
        self.assertIn("no layoutbench.results/1 file", errors.getvalue())


if __name__ == "__main__":
    unittest.main()
