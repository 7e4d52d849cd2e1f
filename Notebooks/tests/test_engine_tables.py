"""engine_tables.py on hand-made results: the engines' table and the ratios, derived by hand."""

from __future__ import annotations

import io
import json
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import engine_tables
from tests import synthetic


def engine_case(workload: str, backend: str, size: int, build: float, layout: float, resize: float,
                mismatches: int = 0) -> dict:
    phases = [synthetic.phase("build", [build] * 3, allocations=None), synthetic.phase("firstLayout", [layout] * 3, allocations=None),
              synthetic.phase("resizeContainer", [resize] * 3, allocations=None)]
    case = synthetic.case(workload, backend, size, phases)
    case["engine"] = {"name": backend, "version": "1.0", "language": "C++"}
    case["check"] = {"reference": "cassowary", "states": 3, "values": 30, "mismatches": mismatches, "examples": []}
    return case


class EngineTablesTests(unittest.TestCase):
    def run_script(self, document: dict, *arguments: str, expected_status: int = 0) -> str:
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "engines.json"
            path.write_text(json.dumps(document))
            output, errors = io.StringIO(), io.StringIO()
            argv = sys.argv
            sys.argv = ["engine_tables.py", str(path), *arguments]
            try:
                with redirect_stdout(output), redirect_stderr(errors):
                    status = engine_tables.main()
            finally:
                sys.argv = argv
        self.assertEqual(status, expected_status, errors.getvalue())
        return output.getvalue() + errors.getvalue()

    def document(self) -> dict:
        reference = synthetic.case("w", "cassowary", 100, [
            synthetic.phase("build", [1000] * 3), synthetic.phase("firstLayout", [100] * 3),
            synthetic.phase("resizeContainer", [50] * 3)])
        skipped = synthetic.case("v", "kiwi", 100)
        skipped.update(status="skipped", reason="predicted 9 min per repetition: over the limit", phases=[])
        skipped["engine"] = {"name": "kiwi", "version": "1.0", "language": "C++"}
        return synthetic.results([reference, engine_case("w", "kiwi", 100, 2000, 200, 25, mismatches=2), skipped],
                                 suite="stackviews")

    def test_an_engine_row_counts_measured_skipped_and_differing_cases(self):
        text = self.run_script(self.document(), "--sizes", "100")
        self.assertIn("| `kiwi` | 1.0, C++ | none | 1 of 2 | 1: predicted over the case limit | 1 | `w` at 100 (2 of 30) |", text)

    def test_ratios_divide_each_engine_by_cassowary_and_mark_differing_answers(self):
        text = self.run_script(self.document(), "--sizes", "100")
        # build+firstLayout: (2000 + 200) / (1000 + 100) = 2; resize 25 / 50 = 0.5.
        self.assertIn("| stackviews | `w` | 100 | `build+firstLayout` | 2.00× ≠ |", text)
        self.assertIn("| stackviews | `w` | 100 | `resizeContainer` | 0.50× ≠ |", text)

    def test_files_without_engine_cases_are_refused(self):
        plain = synthetic.results([synthetic.case("w", "cassowary", 10, [synthetic.phase("build", [1] * 3)])])
        self.assertIn("no case of these files was measured by an outside engine", self.run_script(plain, expected_status=2))


if __name__ == "__main__":
    unittest.main()
