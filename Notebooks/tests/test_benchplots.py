"""The charts drawn from hand-written results: what is on each axis, which lines and cells
exist, that missing cases are marked, and that each figure renders to PNG."""

from __future__ import annotations

import io
import tempfile
import unittest
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import benchlib  # noqa: E402
import benchplots  # noqa: E402
from tests import synthetic  # noqa: E402


def texts(figure) -> list[str]:
    return [text.get_text() for ax in figure.axes for text in ax.texts]


def renders(figure) -> bool:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=40)
    return buffer.getvalue().startswith(b"\x89PNG")


class ChartTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cases = (synthetic.power_law_cases("stack.a", "cassowary", 50.0, 2.0)
                 + synthetic.power_law_cases("stack.a", "springs-struts", 5.0, 1.0)
                 + synthetic.power_law_cases("stack.b", "springs-struts", 5.0, 1.0)
                 + synthetic.power_law_cases("stack.b", "cassowary", 50.0, 2.0, sizes=(10, 100))
                 + [synthetic.case("stack.b", "cassowary", 1000, status="skipped", reason="predicted 2 min")])
        # No allocation counts for one backend: it must be left off the allocation chart.
        for case in cases:
            if case["backend"] == "springs-struts" and case["workload"] == "stack.b":
                for phase in case["phases"]:
                    phase["allocations"] = None
        with tempfile.TemporaryDirectory() as directory:
            synthetic.write(Path(directory), "run.json", synthetic.results(cases))
            cls.results = benchlib.load_results(Path(directory) / "run.json")
        cls.latest = benchlib.latest_per_backend(cls.results.phases)

    def test_scaling_panels_axes_and_lines(self) -> None:
        figure = benchplots.plot_scaling(self.latest, "resizeContainer", cases=self.results.cases)
        panels = [ax for ax in figure.axes if ax.get_visible()]
        self.assertEqual([ax.get_title() for ax in panels], ["stack.a", "stack.b"])
        for ax in panels:
            self.assertEqual((ax.get_xscale(), ax.get_yscale()), ("log", "log"))
        self.assertEqual(panels[0].get_ylabel(), "median time per operation")
        self.assertEqual(panels[0].get_xlabel(), "size n (log)")
        lines = [line for line in panels[0].get_lines() if line.get_marker() == "o"]
        self.assertEqual(len(lines), 2)
        medians = sorted(list(line.get_ydata()) for line in lines)
        self.assertEqual(medians[0], [50.0, 500.0, 5000.0])  # 5·n
        legend = [text.get_text() for text in figure.legends[0].get_texts()]
        self.assertEqual(legend[:2], ["cassowary", "springs-struts"])
        self.assertIn("skipped or error at that size", legend)
        self.assertTrue(renders(figure))

    def test_skipped_sizes_are_marked_on_their_panel(self) -> None:
        figure = benchplots.plot_scaling(self.latest, "resizeContainer", cases=self.results.cases)
        crosses = {ax.get_title(): [list(line.get_xdata()) for line in ax.get_lines() if line.get_marker() == "x"]
                   for ax in figure.axes}
        self.assertEqual(crosses, {"stack.a": [], "stack.b": [[1000]]})

    def test_scaling_duration_ticks_name_their_unit(self) -> None:
        figure = benchplots.plot_scaling(self.latest, "build")
        figure.canvas.draw()
        labels = [label.get_text() for label in figure.axes[0].get_yticklabels() if label.get_text()]
        self.assertTrue(labels)
        self.assertTrue(all(label.endswith((" ns", " µs", " ms", " s")) for label in labels), labels)

    def test_a_figure_is_shown_as_a_png_with_its_alternative_text(self) -> None:
        figure = benchplots.plot_scaling(self.latest, "build", title="a <suite>")
        # Two panels: the title is wrapped to the figure's width rather than cut off.
        self.assertEqual(figure.get_suptitle(),
                         "a <suite>: Scaling: build (load the scene), median per operation\n(log–log)")
        html = benchplots.figure_html(figure, 'scaling of "build" <all>', dpi=30)
        self.assertTrue(html.startswith('<img alt="scaling of &quot;build&quot; &lt;all&gt;" src="data:image/png;base64,iVBOR'))

    def test_scaling_of_an_unknown_phase_is_an_error(self) -> None:
        with self.assertRaises(ValueError):
            benchplots.plot_scaling(self.latest, "swap")

    def test_ratio_heat_map_cells_and_missing_cases(self) -> None:
        ratios = benchlib.ratio_table(self.results.phases)
        figure = benchplots.plot_ratio_heatmap(ratios, ["resizeContainer"], cases=self.results.cases)
        panel = figure.axes[0]
        self.assertIn("springs-struts ÷ cassowary", panel.get_title())
        cells = texts(figure)
        # stack.a: 5n / 50n² at n = 10, 100, 1000; stack.b: cassowary skipped at 1000.
        for expected in ["0.010×", "0.0010×", "0.00010×", "ref. skipped"]:
            self.assertIn(expected, cells)
        self.assertIn("geometric mean", panel.get_title())
        self.assertTrue(renders(figure))

    def test_allocations_leave_out_uncounted_phases(self) -> None:
        figure = benchplots.plot_allocations(self.latest, ["build", "resizeContainer"])
        self.assertEqual([ax.get_title() for ax in figure.axes], ["build (load the scene)",
                                                                   "resize (per resize)"])
        self.assertEqual(figure.axes[0].get_yscale(), "symlog")
        # cassowary on two workloads, springs-struts only on stack.a (stack.b is uncounted).
        self.assertEqual(len(figure.axes[0].get_lines()), 3)
        self.assertTrue(renders(figure))

    def test_every_backend_has_its_own_colour(self) -> None:
        colors = benchplots.backend_colors(["cassowary", "kiwisolver", "yoga", "taffy"])
        self.assertEqual(len(set(colors.values())), 4)
        self.assertEqual(colors["cassowary"], benchplots.BACKEND_COLORS["cassowary"])
        self.assertEqual(benchplots.backend_order(["yoga", "cassowary", "kiwisolver"]),
                         ["cassowary", "kiwisolver", "yoga"])

    def test_variants_of_a_backend_are_lighter_shades_of_its_colour(self) -> None:
        names = ["cassowary", "cassowary:core", "cassowary:-heldFlips", "cassowary (system)", "springs-struts"]
        colors = benchplots.backend_colors(names)
        self.assertEqual(len(set(colors.values())), len(names))
        self.assertEqual(colors["springs-struts"], "#009e73")
        # Three variants, in name order: "cassowary (system)", "cassowary:-heldFlips",
        # "cassowary:core", lightened by 0.5·1/4, 0.5·2/4, 0.5·3/4.
        self.assertEqual(colors["cassowary (system)"], benchplots.lighter("#0072b2", 0.125))
        self.assertEqual(colors["cassowary:core"], benchplots.lighter("#0072b2", 0.375))
        self.assertEqual(benchplots.lighter("#0072b2", 0.5), "#80b9d9")  # (0 + 255)·0.5 = 127.5 rounds up
        # The report's own example (Tests/ReportsTests/BackendPaletteTests.swift): one variant, a quarter.
        self.assertEqual(benchplots.backend_colors(["cassowary", "cassowary:core"])["cassowary:core"], "#4095c5")
        for name in names[1:4]:
            self.assertEqual(benchplots.base_backend(name), "cassowary")
        self.assertEqual(benchplots.backend_order(["kiwisolver", "cassowary:core", "cassowary"]),
                         ["cassowary", "cassowary:core", "kiwisolver"])

    def test_unnamed_backends_take_the_fallback_colours_in_name_order(self) -> None:
        colors = benchplots.backend_colors(["yoga", "taffy", "cassowary"])
        self.assertEqual((colors["taffy"], colors["yoga"]), tuple(benchplots.FALLBACK_COLORS[:2]))


class PaletteAgreementTests(unittest.TestCase):
    """The notebooks' colours are the HTML report's (Sources/Reports/BackendPalette.swift)."""

    def test_the_swift_table_is_read(self) -> None:
        text = ('static let named: [String: String] = [\n  "cassowary": "#0072B2",\n  "kiwisolver" : "#cc79a7",\n]\n'
                'public static let fallback = ["#E69F00", "#56B4E9"]\nstatic let variantLightening = 0.5\n')
        self.assertEqual(benchplots.swift_palette(text), {"cassowary": "#0072b2", "kiwisolver": "#cc79a7"})
        self.assertEqual(benchplots.swift_fallback(text), ["#e69f00", "#56b4e9"])
        self.assertEqual(benchplots.swift_variant_lightening(text), 0.5)

    def test_the_notebooks_and_the_report_agree(self) -> None:
        path = Path(__file__).resolve().parents[2] / benchplots.SWIFT_PALETTE
        self.assertTrue(path.exists(), f"{benchplots.SWIFT_PALETTE}: the report's palette is gone")
        text = path.read_text(encoding="utf-8")
        swift = benchplots.swift_palette(text)
        self.assertTrue(swift, f"{benchplots.SWIFT_PALETTE} has no \"backend\": \"#rrggbb\" table")
        self.assertEqual(benchplots.BACKEND_COLORS, swift, f"the named colours of {benchplots.SWIFT_PALETTE}")
        self.assertEqual(benchplots.FALLBACK_COLORS, benchplots.swift_fallback(text),
                         f"the fallback colours of {benchplots.SWIFT_PALETTE}")
        self.assertEqual(benchplots.VARIANT_LIGHTENING, benchplots.swift_variant_lightening(text),
                         f"variantLightening of {benchplots.SWIFT_PALETTE}")


class CommittedNotebookTests(unittest.TestCase):
    """Notebooks are committed without outputs so that diffs show code and prose only."""

    def test_notebooks_are_committed_stripped(self) -> None:
        import json

        notebooks = sorted(Path(__file__).resolve().parents[1].glob("*.ipynb"))
        self.assertTrue(notebooks, "no notebook in Notebooks/")
        for path in notebooks:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            for index, cell in enumerate(cells):
                if cell["cell_type"] == "code":
                    self.assertEqual(cell.get("outputs"), [], f"{path.name} cell {index} has outputs")
                    self.assertIsNone(cell.get("execution_count"), f"{path.name} cell {index} has a count")


if __name__ == "__main__":
    unittest.main()
