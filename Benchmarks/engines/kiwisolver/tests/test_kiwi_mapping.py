"""kiwi_mapping.py: priorities ranked into strengths, and which constant changes become
edit variables in each mode."""

from __future__ import annotations

import math
import unittest
from pathlib import Path

import kiwisolver

from kiwi_mapping import Strengths, plan_edit_variables, system_priorities
from systems import System, parse_system_value
from tests.support import ROW, constraint


def system(document: dict) -> System:
    return parse_system_value({"format": "layoutbench.constraints/1", **document}, Path("f.json"))


class StrengthTests(unittest.TestCase):
    def test_levels_are_spread_geometrically_from_weak_to_a_tenth_of_strong(self) -> None:
        strengths = Strengths([750, 250, 751, 1000, 251, 249, 250])
        self.assertEqual(strengths.levels, [249, 250, 251, 750, 751])
        for rank, priority in enumerate(strengths.levels):
            self.assertAlmostEqual(math.log10(strengths.of(priority)), 1.25 * rank)
        self.assertEqual(strengths.of(249), kiwisolver.strength.weak)
        self.assertAlmostEqual(strengths.of(751), kiwisolver.strength.strong / 10)
        self.assertEqual(strengths.of(1000), kiwisolver.strength.required)

    def test_one_level_is_medium(self) -> None:
        self.assertEqual(Strengths([500, 1000]).of(500), kiwisolver.strength.medium)
        self.assertEqual(Strengths([500, 1000]).describe(), "one optional priority, medium")
        self.assertEqual(Strengths([1000]).describe(), "no optional priority")

    def test_every_priority_of_the_file_is_a_level(self) -> None:
        document = {"constraints": [constraint("a", {"x": 1}, 0, "==", 10)], "edits": [{"variable": "e", "priority": 20}],
                    "steps": [{"add": [constraint("b", {"x": 1}, 1, "<=", 30)]}, {"setPriority": {"a": 40}}]}
        self.assertEqual(Strengths(system_priorities(system(document))).levels, [10, 20, 30, 40])


class EditVariableTests(unittest.TestCase):
    def test_required_equalities_become_edit_variables_only_in_edit_all(self) -> None:
        mapping = plan_edit_variables(system(ROW), "edit-all")
        self.assertEqual(list(mapping), ["width"])
        self.assertEqual(mapping["width"].variable, "W")
        self.assertEqual(mapping["width"].value_for(-120), 120)
        self.assertEqual(plan_edit_variables(system(ROW), "edit"), {})
        self.assertEqual(plan_edit_variables(system(ROW), "readd"), {})

    def test_what_stays_removal_and_re_adding(self) -> None:
        document = {
            "constraints": [
                constraint("ineq", {"a": 1}, -1, "<=", 500),             # not an equality
                constraint("two", {"a": 1, "b": 1}, -1),                 # two variables
                constraint("removed", {"c": 1}, -1),                     # a step removes it
                constraint("first", {"d": 2}, -4, "==", 300),            # taken: d
                constraint("second", {"d": 1}, -2, "==", 200),           # d already has an edit
                constraint("edited", {"e": 1}, -1, "==", 400),           # e is an edit variable of the file
                constraint("zero", {"f": 0}, -1, "==", 400),             # no variable really
                constraint("unchanged", {"g": 1}, -1),                   # no step changes it
                constraint("required", {"h": 1}, -1),                    # required: edit-all only
            ],
            "edits": [{"variable": "e", "priority": 100}],
            "steps": [{"setConstant": {"ineq": 0, "two": 0, "removed": 0, "first": -6, "second": 0, "edited": 0,
                                       "zero": 0, "required": -2}},
                      {"remove": ["removed"]}],
        }
        mapping = plan_edit_variables(system(document), "edit")
        self.assertEqual(list(mapping), ["first"])
        self.assertEqual(mapping["first"].value_for(-6), 3)
        self.assertEqual(list(plan_edit_variables(system(document), "edit-all")), ["first", "required"])

    def test_an_unknown_mode_is_refused(self) -> None:
        with self.assertRaisesRegex(ValueError, "unknown setConstant mode 'edits'"):
            plan_edit_variables(system(ROW), "edits")


if __name__ == "__main__":
    unittest.main()
