"""results_index.py on a made-up repository: how citations are read, what the index says
of each file, and each way the check fails."""

from __future__ import annotations

import io
import json
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import results_index
from tests import synthetic


class CitationParsingTests(unittest.TestCase):
    def parse(self, text: str, document: str = "README.md") -> list[tuple[str, tuple[str, ...], bool]]:
        return [(c.text, c.patterns, c.in_code) for c in results_index.citations(text, document)]

    def test_paths_relative_to_the_repository_and_to_results(self) -> None:
        found = self.parse("See `Results/current/deep-scene.json` and [x](current/churn-system.json).")
        self.assertEqual(found, [("Results/current/deep-scene.json", ("Results/current/deep-scene.json",), False),
                                 ("current/churn-system.json", ("Results/current/churn-system.json",), False)])

    def test_links_up_a_folder_and_trailing_punctuation(self) -> None:
        found = self.parse("[tables](../Results/current/tables.md). **Results/current/INDEX.md**, then")
        self.assertEqual([patterns for _, patterns, _ in found],
                         [("Results/current/tables.md",), ("Results/current/INDEX.md",)])

    def test_braces_expand_and_globs_stay(self) -> None:
        found = self.parse("current/{stackviews,deep}-{scene,system}.json and Results/current/*-kiwisolver.json")
        self.assertEqual(found[0][1], ("Results/current/stackviews-scene.json", "Results/current/stackviews-system.json",
                                       "Results/current/deep-scene.json", "Results/current/deep-system.json"))
        self.assertEqual(found[1][1], ("Results/current/*-kiwisolver.json",))
        self.assertEqual(results_index.expand_braces("a{b,c{d,e}}f"), ["abf", "acdf", "acef"])

    def test_placeholders_scratch_and_other_roots_cite_nothing(self) -> None:
        found = self.parse("writes Results/stackviews-<UTC time>.json or Results/scratch/regenerated; "
                           "/tmp/Results/x.json; Benchmarks/current/x.json")
        self.assertEqual(found, [])

    def test_paths_in_fenced_code_are_marked(self) -> None:
        found = self.parse("```sh\nbench report Results/current/a.json\n```\nResults/current/b.json\n")
        self.assertEqual([(text, in_code) for text, _, in_code in found],
                         [("Results/current/a.json", True), ("Results/current/b.json", False)])

    def test_a_folder_backs_what_it_holds_but_the_whole_folder_backs_nothing(self) -> None:
        backs = results_index.backs
        self.assertTrue(backs("Results/current/alternating/", "alternating/deep-01.json"))
        self.assertTrue(backs("Results/current/alternating", "alternating/deep-01.json"))
        self.assertFalse(backs("Results/current/alt", "alternating/deep-01.json"))
        self.assertFalse(backs("Results/current/", "deep-scene.json"))
        self.assertTrue(backs("Results/current/*-scene.json", "deep-scene.json"))
        self.assertFalse(backs("Results/current/deep-scene.json", "deep-scene.json.bak"))


class IndexAndCheckTests(unittest.TestCase):
    def setUp(self) -> None:
        self.scratch = tempfile.TemporaryDirectory()
        self.root = Path(self.scratch.name)
        self.folder = self.root / "Results" / "current"
        (self.folder / "alternating").mkdir(parents=True)
        (self.folder / "charts").mkdir()
        (self.root / "docs").mkdir()
        (self.root / "Benchmarks").mkdir()
        case = synthetic.case("stack.a", "cassowary", 10, [synthetic.phase("build", [1.0])])
        system = synthetic.case("stack.a", "cassowary", 10, [synthetic.phase("build", [1.0])])
        system["parameters"]["driver"] = "system"
        synthetic.write(self.folder, "stackviews-scene.json", synthetic.results([case], suite="stackviews"))
        synthetic.write(self.folder, "stackviews-system.json", synthetic.results([system], suite="stackviews"))
        synthetic.write(self.folder / "alternating", "deep-01.json", synthetic.results(
            [synthetic.case("deep.x", "kiwisolver", 10, [synthetic.phase("build", [1.0])])], suite="deep",
            environment={"configuration": "kiwisolver 1.5.1", "cpu": "test cpu", "cores": 1, "os": "Debian 12"}))
        engine = synthetic.case("stack.a", "kiwisolver", 10, [synthetic.phase("build", [1.0])])
        engine["engine"] = {"name": "kiwisolver", "version": "1.5.1", "language": "C++"}
        synthetic.write(self.folder, "stackviews-kiwisolver.json", synthetic.results([engine], suite="stackviews"))
        synthetic.write(self.folder, "memory-per-view.json", {"format": "layoutbench.memory/1", "rows": []})
        (self.folder / "charts" / "scaling.png").write_bytes(b"\x89PNG")
        (self.folder / "regenerate.sh").write_text("#!/bin/sh\n")
        (self.root / "README.md").write_text("The runs: current/stackviews-{scene,system,kiwisolver}.json.\n")
        (self.root / "Results" / "FINDINGS.md").write_text(
            "Pairs in [the folder](current/alternating/); memory: `Results/current/memory-per-view.json`.\n")
        (self.root / "docs" / "running.md").write_text("```sh\nbench run --out Results/current/new.json\n```\n")
        (self.root / "Benchmarks" / "README.md").write_text("Peers: Results/current/alternating/deep-01.json\n")

    def tearDown(self) -> None:
        self.scratch.cleanup()

    def run_index(self, *options: str) -> tuple[int, str, str]:
        output, errors = io.StringIO(), io.StringIO()
        with redirect_stdout(output), redirect_stderr(errors):
            status = results_index.main(["--results", str(self.folder), "--root", str(self.root), *options])
        return status, output.getvalue(), errors.getvalue()

    def test_the_index_describes_every_file_and_who_cites_it(self) -> None:
        status, _, errors = self.run_index("--write")
        self.assertEqual((status, errors), (0, ""))
        text = (self.folder / "INDEX.md").read_text()
        self.assertIn("| `stackviews-scene.json` | stackviews | scene | cassowary | 1 (1/0/0) | "
                      "2026-11-21T10:00:00Z | abc123 | A | README.md |", text)
        self.assertIn("| `stackviews-system.json` | stackviews | system | cassowary |", text)
        self.assertIn("| `stackviews-kiwisolver.json` | stackviews | engine: kiwisolver 1.5.1 | kiwisolver |", text)
        self.assertIn("| `alternating/deep-01.json` | deep | peer: kiwisolver 1.5.1 | kiwisolver | 1 (1/0/0) | "
                      "2026-11-21T10:00:00Z | — | B | Benchmarks/README.md, Results/FINDINGS.md |", text)
        self.assertIn("| A | test cpu | 2 | Debian 12 |", text)
        # The folder's own files before its subfolders'.
        self.assertLess(text.index("`stackviews-system.json`"), text.index("`alternating/deep-01.json`"))
        self.assertIn("| `memory-per-view.json` | peak resident memory per view (Benchmarks/memory_per_view.py) | "
                      "Results/FINDINGS.md |", text)
        self.assertIn("| `charts/scaling.png` | a chart of FINDINGS (Notebooks/findings_charts.py) | generated here |",
                      text)
        self.assertIn("| `INDEX.md` | this index (Notebooks/results_index.py) | generated here |", text)
        self.assertEqual(self.run_index("--check")[0], 0)

    def test_a_stale_or_missing_index_fails_the_check(self) -> None:
        status, _, errors = self.run_index("--check")
        self.assertEqual(status, 1)
        self.assertIn("INDEX.md: missing", errors)
        self.run_index("--write")
        (self.root / "docs" / "running.md").write_text("Also current/stackviews-scene.json.\n")
        status, _, errors = self.run_index("--check")
        self.assertEqual(status, 1)
        self.assertIn("INDEX.md: stale", errors)

    def test_a_cited_path_that_does_not_exist_fails_the_check(self) -> None:
        with (self.root / "README.md").open("a") as readme:
            readme.write("Old: Results/stackviews-old.json and current/{deep,churn}-scene.json.\n")
        self.run_index("--write")
        status, _, errors = self.run_index("--check")
        self.assertEqual(status, 1)
        self.assertIn("README.md:2: Results/stackviews-old.json does not exist", errors)
        self.assertIn("README.md:2: Results/current/deep-scene.json (from current/{deep,churn}-scene.json) "
                      "does not exist", errors)
        # A command in a fenced block (docs/running.md) is not a citation that must exist.
        self.assertNotIn("new.json", errors)

    def test_a_file_cited_by_nothing_fails_the_check_unless_generated(self) -> None:
        synthetic.write(self.folder, "deep-scene.json", synthetic.results([], suite="deep"))
        (self.folder / "tables.md").write_text("| tables |\n")
        self.run_index("--write")
        status, _, errors = self.run_index("--check")
        self.assertEqual(status, 1)
        self.assertIn("Results/current/deep-scene.json: cited by no document", errors)
        self.assertNotIn("tables.md", errors)
        self.assertEqual(errors.count("results_index:"), 1, errors)

    def test_write_warns_and_a_missing_folder_exits_2(self) -> None:
        synthetic.write(self.folder, "deep-scene.json", synthetic.results([], suite="deep"))
        status, _, errors = self.run_index("--write")
        self.assertEqual(status, 0)
        self.assertIn("warning: Results/current/deep-scene.json: cited by no document", errors)
        with redirect_stderr(io.StringIO()):
            self.assertEqual(results_index.main(["--results", str(self.root / "nowhere")]), 2)
        with redirect_stderr(io.StringIO()), self.assertRaises(SystemExit) as raised:
            results_index.main(["--results", str(self.folder), "--write", "--check"])
        self.assertEqual(raised.exception.code, 64)

    def test_the_index_is_the_same_written_twice(self) -> None:
        self.run_index("--write")
        first = (self.folder / "INDEX.md").read_text()
        self.run_index("--write")
        self.assertEqual((self.folder / "INDEX.md").read_text(), first)
        self.assertEqual(json.loads((self.folder / "memory-per-view.json").read_text())["rows"], [])


if __name__ == "__main__":
    unittest.main()
