"""The checker must be able to fail: solutions built by hand (no bench run) with a wrong
value, a wrongly accepted infeasible step, a wrongly refused feasible step, a bad
explanation, and the whole CLI on a fake `bench` that prints such a solution."""

from __future__ import annotations

import copy
import io
import json
import stat
import sys
import tempfile
import unittest
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import check
from checker import check_solution
from kiwi_replay import check_with_kiwi
from lexicographic import LexicographicOracle
from random_systems import generate_system
from report import SystemReport
from systems import load_system, parse_system_text

EXAMPLE = Path(__file__).resolve().parents[2] / "systems" / "formats-example.json"

# What `bench solve` prints for the formats.md example (docs/interchange.md: W is held at
# 0 until the first suggestion).
EXAMPLE_SOLUTION: dict[str, Any] = {
    "format": "layoutbench.solution/1",
    "backend": "cassowary",
    "states": [
        {"step": None, "values": {"x0": 0, "w0": 40, "x1": 48, "W": 0}},
        {"step": 0, "values": {"x0": 0, "w0": 40, "x1": 48, "W": 320}},
        {"step": 1, "values": {"x0": 0, "w0": 50, "x1": 58, "W": 320}},
        {"step": 2, "values": {"x0": 0, "w0": 50, "x1": 58, "W": 320}},
        {"step": 3, "values": {"x0": 0, "w0": 50, "x1": 0, "W": 320}},
        {"step": 4, "values": {"x0": 0, "w0": 50, "x1": 66, "W": 320}},
    ],
}

# x == 1 required, y == 7 @250; step 0 adds x == 2 (must fail as unsatisfiable), step 1
# adds y == 2 (must succeed), step 2 removes 'b', which never got in (unknownConstraint).
CONFLICT_SYSTEM: dict[str, Any] = {
    "format": "layoutbench.constraints/1",
    "constraints": [
        {"id": "a", "terms": {"x": 1}, "constant": -1, "relation": "=="},
        {"id": "soft", "terms": {"y": 1}, "constant": -7, "relation": "==", "priority": 250},
    ],
    "steps": [
        {"add": [{"id": "b", "terms": {"x": 1}, "constant": -2, "relation": "=="}]},
        {"add": [{"id": "c", "terms": {"y": 1}, "constant": -2, "relation": "=="}]},
        {"remove": ["b"]},
    ],
}

CONFLICT_SOLUTION: dict[str, Any] = {
    "format": "layoutbench.solution/1",
    "backend": "fake",
    "states": [
        {"step": None, "values": {"x": 1, "y": 7}},
        {"step": 0, "error": {"kind": "unsatisfiable", "constraint": "b", "conflicts": ["a"], "message": "m"}},
        {"step": 1, "values": {"x": 1, "y": 2}},
        {"step": 2, "error": {"kind": "unknownConstraint", "constraint": "b", "message": "m"}},
    ],
}


def parsed(document: dict[str, Any]):
    """A system from a document written as plain dicts (through the file reader's path)."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "system.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        return load_system(path)


class CheckSolutionTests(unittest.TestCase):
    def check(self, system, solution) -> SystemReport:
        report = SystemReport(system.path)
        check_solution(system, "fake", solution, LexicographicOracle(), report)
        return report

    def test_correct_solutions_agree(self) -> None:
        self.assertEqual(self.check(load_system(EXAMPLE), EXAMPLE_SOLUTION).disagreements, [])
        report = self.check(parsed(CONFLICT_SYSTEM), CONFLICT_SOLUTION)
        self.assertEqual(report.disagreements, [])
        self.assertEqual(report.refusals_verified, 2)

    def test_value_breaking_a_required_constraint(self) -> None:
        solution = copy.deepcopy(EXAMPLE_SOLUTION)
        solution["states"][1]["values"]["w0"] = 39  # gap1: x1 - x0 - w0 - 8 = 1
        report = self.check(load_system(EXAMPLE), solution)
        self.assertTrue(report.disagreements)
        self.assertEqual({d.state for d in report.disagreements}, {1})
        self.assertTrue(any("required gap1" in d.message for d in report.disagreements))

    def test_feasible_but_not_optimal_value(self) -> None:
        # w0 = 30, x1 = 38 keeps the required constraints but violates cr0 (@750) by 10,
        # where the optimum violates nothing at 750.
        solution = copy.deepcopy(EXAMPLE_SOLUTION)
        solution["states"][1]["values"].update({"w0": 30, "x1": 38})
        report = self.check(load_system(EXAMPLE), solution)
        self.assertEqual(len(report.disagreements), 1)
        self.assertIn("level 750", report.disagreements[0].message)

    def test_edit_not_following_its_suggestion(self) -> None:
        solution = copy.deepcopy(EXAMPLE_SOLUTION)
        solution["states"][1]["values"]["W"] = 0  # step 0 suggests W = 320 (@999)
        report = self.check(load_system(EXAMPLE), solution)
        self.assertTrue(any("level 999" in d.message for d in report.disagreements))

    def test_missing_variable(self) -> None:
        solution = copy.deepcopy(EXAMPLE_SOLUTION)
        del solution["states"][2]["values"]["x1"]
        report = self.check(load_system(EXAMPLE), solution)
        self.assertTrue(any("no value" in d.message for d in report.disagreements))

    def test_wrongly_accepted_infeasible_step(self) -> None:
        solution = copy.deepcopy(CONFLICT_SOLUTION)
        solution["states"][1] = {"step": 0, "values": {"x": 1, "y": 7}}
        report = self.check(parsed(CONFLICT_SYSTEM), solution)
        self.assertEqual(len(report.disagreements), 1)
        self.assertEqual(report.disagreements[0].state, 1)
        self.assertIn("was accepted", report.disagreements[0].message)

    def test_wrongly_refused_feasible_step(self) -> None:
        solution = copy.deepcopy(CONFLICT_SOLUTION)
        solution["states"][2] = {"step": 1, "error": {"kind": "unsatisfiable", "constraint": "c",
                                                      "conflicts": ["a"], "message": "m"}}
        report = self.check(parsed(CONFLICT_SYSTEM), solution)
        self.assertEqual(len(report.disagreements), 1)
        self.assertIn("was refused", report.disagreements[0].message)

    def test_explanation_that_explains_nothing(self) -> None:
        solution = copy.deepcopy(CONFLICT_SOLUTION)
        solution["states"][1]["error"]["conflicts"] = []  # x == 2 alone is satisfiable
        report = self.check(parsed(CONFLICT_SYSTEM), solution)
        self.assertEqual(len(report.disagreements), 1)
        self.assertIn("can all hold together", report.disagreements[0].message)

    def test_wrong_error_kind(self) -> None:
        solution = copy.deepcopy(CONFLICT_SOLUTION)
        solution["states"][3]["error"]["kind"] = "duplicateConstraint"
        report = self.check(parsed(CONFLICT_SYSTEM), solution)
        self.assertEqual(len(report.disagreements), 1)

    def test_initial_constraint_skipped_without_a_conflict(self) -> None:
        solution = copy.deepcopy(CONFLICT_SOLUTION)
        solution["states"][0]["errors"] = [{"kind": "unsatisfiable", "constraint": "a", "conflicts": [],
                                            "message": "m"}]
        report = self.check(parsed(CONFLICT_SYSTEM), solution)
        self.assertTrue(any("skipped as unsatisfiable" in d.message for d in report.disagreements))


    def test_multi_entry_set_constant_refused_only_in_one_order(self) -> None:
        # x == 1 and x <= 1 required; setting both constants to -2 keeps them feasible as a
        # whole (x == 2), though setting c1 first, alone, would not be. formats.md refuses
        # only a change that leaves them unsatisfiable, so refusing it is a disagreement.
        system = parsed({
            "format": "layoutbench.constraints/1",
            "constraints": [{"id": "c1", "terms": {"x": 1}, "constant": -1, "relation": "=="},
                            {"id": "c2", "terms": {"x": 1}, "constant": -1, "relation": "<="}],
            "steps": [{"setConstant": {"c1": -2, "c2": -2}}],
        })
        solution = {"format": "layoutbench.solution/1", "backend": "fake", "states": [
            {"step": None, "values": {"x": 1}},
            {"step": 0, "error": {"kind": "unsatisfiable", "constraint": "c1", "conflicts": ["c2"], "message": "m"}},
        ]}
        report = self.check(system, solution)
        self.assertEqual(len(report.disagreements), 1)
        self.assertIn("one at a time", report.disagreements[0].message)


class KiwiAndGeneratorTests(unittest.TestCase):
    def test_kiwi_is_compared_on_single_level_systems(self) -> None:
        report = SystemReport(Path("conflict.json"))
        check_with_kiwi(parsed(CONFLICT_SYSTEM), LexicographicOracle(), report)
        self.assertEqual(report.disagreements, [])
        self.assertEqual(report.kiwi_compared, 4)

    def test_random_systems_are_reproducible_and_readable(self) -> None:
        first, single = generate_system(7, 3, 1.0)
        second, _ = generate_system(7, 3, 1.0)
        self.assertEqual(first, second)
        self.assertTrue(single)
        system = parse_system_text(json.dumps(first), Path("random.json"))
        levels = {row.priority for row in system.constraints if not row.required}
        levels |= {edit.priority for edit in system.edits}
        self.assertLessEqual(len(levels), 1)


class CommandLineTests(unittest.TestCase):
    """The whole CLI against a fake `bench` whose solution is wrong: exit status 1, the
    disagreement printed, the system copied to the failures directory."""

    def run_cli(self, solution: dict[str, Any], system: dict[str, Any]) -> tuple[int, str, Path]:
        directory = Path(self.enterContext(tempfile.TemporaryDirectory()))
        system_path = directory / "conflict.json"
        system_path.write_text(json.dumps(system), encoding="utf-8")
        solution_path = directory / "solution.json"
        solution_path.write_text(json.dumps(solution), encoding="utf-8")
        bench = directory / "bench"
        bench.write_text(
            f"#!{sys.executable}\n"
            "import sys\n"
            "if sys.argv[1] == 'list':\n"
            "    print('Backends:')\n"
            "    print('  fake  prints a fixed solution')\n"
            "    print('        bench solve: every constraint system')\n"
            "else:\n"
            f"    print(open({str(solution_path)!r}).read())\n",
            encoding="utf-8",
        )
        bench.chmod(bench.stat().st_mode | stat.S_IXUSR)
        failures = directory / "failures"
        output = io.StringIO()
        with redirect_stdout(output):
            status = check.main([str(system_path), "--bench", str(bench), "--failures", str(failures),
                                 "--work", str(directory / "work")])
        return status, output.getvalue(), failures

    def test_agreement_exits_zero(self) -> None:
        status, output, failures = self.run_cli(CONFLICT_SOLUTION, CONFLICT_SYSTEM)
        self.assertEqual(status, 0, output)
        self.assertFalse(failures.exists())

    def test_disagreement_exits_one_and_copies_the_system(self) -> None:
        solution = copy.deepcopy(CONFLICT_SOLUTION)
        solution["states"][1] = {"step": 0, "values": {"x": 1, "y": 7}}
        status, output, failures = self.run_cli(solution, CONFLICT_SYSTEM)
        self.assertEqual(status, 1, output)
        self.assertIn("DISAGREE", output)
        self.assertIn("[fake]", output)
        self.assertTrue((failures / "conflict.json").is_file())
        self.assertTrue((failures / "conflict.json.disagreements.txt").is_file())

    def test_unreadable_input_exits_two(self) -> None:
        status, output, _ = self.run_cli(CONFLICT_SOLUTION, {"format": "something else"})
        self.assertEqual(status, 2, output)


if __name__ == "__main__":
    unittest.main()
