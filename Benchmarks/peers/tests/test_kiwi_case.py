"""kiwi_case.py: operations, the priority and setConstant mappings, the prepared calls,
the check pass and the measured loop, on small systems whose layout is known by hand."""

from __future__ import annotations

import math
import tempfile
import unittest
from pathlib import Path

import kiwisolver

import kiwi_case
from kiwi_case import CaseInputError, Settings, Strengths, compile_program, load_program, plan_edit_variables
from systems import Row, parse_system_text
from tests.support import constraint, write_system

# A two-view row: x0 pinned at 0, a gap of 10, the second view ending at the container
# width W. Widths want 100 and 50 (compression resistance 750 / 751, hugging 250 / 251),
# so the first view stretches and, being the less resistant, compresses.
ROW = {
    "constraints": [
        constraint("left", {"x0": 1}, 0),
        constraint("width", {"W": 1}, -300),
        constraint("gap", {"x1": 1, "x0": -1, "w0": -1}, -10),
        constraint("fill", {"x1": 1, "w1": 1, "W": -1}, 0),
        constraint("cr0", {"w0": 1}, -100, ">=", 750),
        constraint("hug0", {"w0": 1}, -100, "<=", 250),
        constraint("cr1", {"w1": 1}, -50, ">=", 751),
        constraint("hug1", {"w1": 1}, -50, "<=", 251),
    ],
    "steps": [
        {"setConstant": {"width": -200}},
        {"setConstant": {"width": -120}},
        {"setConstant": {"width": -400, "cr0": -40}},
        {"remove": ["hug1"]},
        {"add": [constraint("hug1b", {"w1": 1}, -20, "<=", 249)]},
    ],
    "operations": [
        {"phase": "resize", "steps": [0, 1]},
        {"phase": "resize", "steps": [1, 2]},
        {"phase": "constants", "steps": [2, 3]},
        {"phase": "swap", "steps": [3, 5]},
    ],
}

# (W, w0, w1) after the build and after each operation.
EXPECTED = [(300, 240, 50), (200, 140, 50), (120, 60, 50), (400, 340, 50), (400, 100, 290)]


class Fixture(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.folder = Path(self.directory.name)

    def write(self, document: dict, name: str = "system.json") -> Path:
        return write_system(self.folder, document, name)

    def replay(self, program: kiwi_case.Program) -> list[dict[str, float]]:
        states: list[dict[str, float]] = []
        kiwi_case.check_pass(program, on_state=lambda index, values: states.append(values))
        return states


class OperationsTests(Fixture):
    def operations(self, operations: object, steps: int = 5) -> list[kiwi_case.Operation]:
        return kiwi_case.read_operations({"operations": operations}, steps, Path("f.json"))

    def test_groups_steps_into_phases_in_order_of_appearance(self) -> None:
        program, _ = load_program(self.write(ROW))
        self.assertEqual(program.phases, ["build", "firstLayout", "resize", "constants", "swap"])
        self.assertEqual([(program.phases[o.phase], o.steps) for o in program.operations],
                         [("resize", range(0, 1)), ("resize", range(1, 2)), ("constants", range(2, 3)),
                          ("swap", range(3, 5))])

    def test_without_operations_each_step_is_one_operation_named_after_its_kind(self) -> None:
        document = {key: value for key, value in ROW.items() if key != "operations"}
        program, _ = load_program(self.write(document))
        self.assertEqual(program.phases, ["build", "firstLayout", "setConstant", "remove", "add"])
        self.assertEqual(len(program.operations), 5)

    def test_invalid_operations_name_the_entry_at_fault(self) -> None:
        cases = [
            ([{"phase": "a", "steps": [0, 1]}, {"phase": "a", "steps": [2, 5]}],
             "operations[1].steps: starts at step 2, expected 1"),
            ([{"phase": "a", "steps": [0, 0]}], "operations[0].steps: [0, 0] is empty"),
            ([{"phase": "a", "steps": [0, 6]}], "operations[0].steps: ends at 6, past the 5 steps"),
            ([{"phase": "a", "steps": [0, 4]}], "operations: cover steps 0..<4 of 5"),
            ([{"phase": "build", "steps": [0, 5]}], "operations[0].phase: 'build' is the name of a phase"),
            ([{"phase": "a", "steps": [0]}], "operations[0].steps: expected [start, end]"),
            ([{"steps": [0, 5]}], "operations[0].phase: expected a non-empty string"),
            ({"phase": "a"}, "operations: expected an array"),
        ]
        for operations, message in cases:
            with self.subTest(message=message), self.assertRaises(CaseInputError) as raised:
                self.operations(operations)
            self.assertIn("f.json: " + message, str(raised.exception))

    def test_a_step_naming_an_absent_constraint_is_an_input_error(self) -> None:
        document = dict(ROW, steps=[{"remove": ["nope"]}] + ROW["steps"][1:])
        with self.assertRaises(CaseInputError) as raised:
            load_program(self.write(document))
        self.assertIn("steps[0].remove: unknownConstraint 'nope'", str(raised.exception))

    def test_an_unreadable_file_names_itself(self) -> None:
        path = self.folder / "missing.json"
        with self.assertRaises(CaseInputError) as raised:
            load_program(path)
        self.assertIn(str(path), str(raised.exception))
        broken = self.folder / "broken.json"
        broken.write_text('{"format": "layoutbench.constraints/1", "constraints": [{"id": 3}]}')
        with self.assertRaises(CaseInputError) as raised:
            load_program(broken)
        self.assertIn("constraints[0]", str(raised.exception))


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

    def test_every_priority_of_the_file_is_a_level(self) -> None:
        text = ('{"format": "layoutbench.constraints/1", "constraints": [{"id": "a", "terms": {"x": 1}, '
                '"constant": 0, "relation": "==", "priority": 10}], "edits": [{"variable": "e", "priority": 20}], '
                '"steps": [{"add": [{"id": "b", "terms": {"x": 1}, "constant": 1, "relation": "<=", "priority": 30}]},'
                ' {"setPriority": {"a": 40}}]}')
        system = parse_system_text(text, Path("f.json"))
        self.assertEqual(Strengths(kiwi_case.system_priorities(system)).levels, [10, 20, 30, 40])


class SetConstantMappingTests(Fixture):
    def system(self, document: dict):
        return parse_system_text(self.write(document).read_text(), Path("f.json"))

    def test_required_equalities_become_edit_variables_only_in_edit_all(self) -> None:
        mapping = plan_edit_variables(self.system(ROW), "edit-all")
        self.assertEqual(list(mapping), ["width"])
        self.assertEqual(mapping["width"].variable, "W")
        self.assertEqual(mapping["width"].value_for(-120), 120)
        self.assertEqual(plan_edit_variables(self.system(ROW), "edit"), {})
        self.assertEqual(plan_edit_variables(self.system(ROW), "readd"), {})

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
        mapping = plan_edit_variables(self.system(document), "edit")
        self.assertEqual(list(mapping), ["first"])
        self.assertEqual(mapping["first"].value_for(-6), 3)
        self.assertEqual(list(plan_edit_variables(self.system(document), "edit-all")), ["first", "required"])
        program, _ = load_program(self.write(document))
        self.assertEqual(program.readded, {"ineq", "two", "removed", "second", "edited", "zero", "required"})
        self.assertEqual(program.parameters("edit")["kiwi.editVariables"], "1")

    def test_an_optional_equality_keeps_its_strength_as_an_edit_variable(self) -> None:
        document = {"constraints": [constraint("pin", {"x": 1}, -5, "==", 300), constraint("cap", {"x": 1}, -8, "<=")],
                    "steps": [{"setConstant": {"pin": -9}}]}
        program, _ = load_program(self.write(document))
        add_edit = [arguments for method, arguments in program.build if method == kiwisolver.Solver.addEditVariable]
        self.assertEqual(len(add_edit), 1)
        self.assertEqual(add_edit[0][1], kiwisolver.strength.medium)
        # The edit is as weak as the constraint was: the required cap wins at 8.
        self.assertEqual([state["x"] for state in self.replay(program)], [5, 8])

    def test_edit_all_makes_a_required_equality_a_strong_edit_above_every_optional_level(self) -> None:
        program, _ = load_program(self.write(ROW), "edit-all")
        add_edit = [arguments for method, arguments in program.build if method == kiwisolver.Solver.addEditVariable]
        self.assertEqual([strength for _, strength in add_edit], [kiwisolver.strength.strong])
        self.assertEqual(kiwi_case.REQUIRED_EDIT_STRENGTH, 10 * program.strengths.of(751))
        # Added after the constraints, with its initial value, as kiwi's enaml benchmark does.
        self.assertEqual(program.build_origins[-2:], ["constraints[1] ('width') as an edit variable"] * 2)
        self.assertEqual(program.build[-1], (kiwisolver.Solver.suggestValue, (program.variables[1], 300)))

    def test_every_mapping_gives_the_layout_worked_out_by_hand(self) -> None:
        for mode in kiwi_case.SET_CONSTANT_MODES:
            with self.subTest(mode=mode):
                program, _ = load_program(self.write(ROW), mode)
                states = self.replay(program)
                self.assertEqual(len(states), len(EXPECTED))
                for index, (values, (width, w0, w1)) in enumerate(zip(states, EXPECTED)):
                    self.assertAlmostEqual(values["W"], width, places=9, msg=f"state {index}")
                    self.assertAlmostEqual(values["w0"], w0, places=9, msg=f"state {index}")
                    self.assertAlmostEqual(values["w1"], w1, places=9, msg=f"state {index}")
                    self.assertAlmostEqual(values["x1"], w0 + 10, places=9, msg=f"state {index}")


class CallTests(Fixture):
    def test_calls_per_operation_in_each_phase(self) -> None:
        # 5 variables: reading them is updateVariables + 5 value() calls.
        edit_all, _ = load_program(self.write(ROW), "edit-all")
        # build: Solver(), 7 constraints, addEditVariable + suggestValue for the width;
        # resize: one suggestValue; constants: a suggestValue and cr0 removed and added;
        # swap: a removal and an add.
        self.assertEqual(edit_all.calls(), [10, 6, 7, 9, 8])
        # The width is required: removed and added back by the other two.
        for mode in ("edit", "readd"):
            program, _ = load_program(self.write(ROW), mode)
            self.assertEqual(program.calls(), [9, 6, 8, 10, 8])
            self.assertEqual(program.readded, {"width", "cr0"})

    def test_a_step_is_removed_whole_before_it_is_added_back(self) -> None:
        program, _ = load_program(self.write(ROW), "readd")
        constants = program.operations[2]
        methods = [method.__name__ for method, _ in constants.actions]
        self.assertEqual(methods, ["removeConstraint", "removeConstraint", "addConstraint", "addConstraint"])


class CheckPassTests(Fixture):
    def test_a_refused_constraint_is_an_error_naming_it(self) -> None:
        document = {"constraints": [constraint("one", {"x": 1}, -1), constraint("two", {"x": 1}, -2)]}
        program, _ = load_program(self.write(document))
        outcome = kiwi_case.measure(program, Settings(1, 0, 1, None))
        self.assertEqual(outcome["status"], "error")
        self.assertIn("kiwisolver refused constraints[1] ('two') in build: UnsatisfiableConstraint", outcome["error"])

    def test_values_that_break_a_required_constraint_are_an_error_naming_it(self) -> None:
        program, _ = load_program(self.write(ROW))
        # Pretend the file also required x0 == 5: kiwi's values (x0 = 0) break it.
        bogus = Row("bogus", (("x0", 1.0),), -5.0, "==", 1000.0)
        state = program.states[2]
        program.states[2] = type(state)({**state.constraints, "bogus": bogus}, state.edit_priorities,
                                        state.edit_targets)
        with self.assertRaises(kiwi_case.CaseFailure) as raised:
            kiwi_case.check_pass(program)
        self.assertIn("after operation 1 (resize, steps 1..<2)", str(raised.exception))
        self.assertIn("'bogus' by 5", str(raised.exception))

    def test_a_strong_edit_that_gives_way_fails_the_case(self) -> None:
        # Thirty rows as wide as the root, each wanting 500 at the top optional level: their
        # weights together outweigh a strong edit holding the root at 100 (edit-all only).
        rows = [constraint("width", {"W": 1}, -100), constraint("low", {"W": 1}, -50, ">=", 10)]
        for index in range(30):
            rows += [constraint(f"row{index}", {f"r{index}": 1, "W": -1}, 0),
                     constraint(f"want{index}", {f"r{index}": 1}, -500, ">=", 750)]
        document = {"constraints": rows, "steps": [{"setConstant": {"width": -120}}]}
        program, _ = load_program(self.write(document), "edit-all")
        outcome = kiwi_case.measure(program, Settings(1, 0, 5, None))
        self.assertEqual(outcome["status"], "error")
        self.assertIn("kiwisolver's values break 1 required constraint(s) after the build, e.g. 'width' by 400",
                      outcome["error"])
        exact, _ = load_program(self.write(document), "edit")
        self.assertEqual([state["W"] for state in self.replay(exact)], [100, 120])

    def test_a_check_pass_over_the_case_limit_skips_the_case(self) -> None:
        program, _ = load_program(self.write(ROW))
        outcome = kiwi_case.measure(program, Settings(1, 0, 1, 1e-9))
        self.assertEqual(outcome["status"], "skipped")
        self.assertIn("one repetition runs over --case-limit 1e-09 s (the check pass was stopped in build)",
                      outcome["reason"])


class MeasureTests(Fixture):
    def test_every_sample_is_kept_per_operation(self) -> None:
        program, _ = load_program(self.write(ROW))
        progress: list[str] = []
        outcome = kiwi_case.measure(program, Settings(3, 2, 60, 60), progress.append)
        self.assertEqual(outcome["status"], "ok")
        self.assertEqual(outcome["repetitions"], 3)
        self.assertEqual(progress, ["check pass", "warm-up 1/2", "warm-up 2/2", "rep 1/3", "rep 2/3", "rep 3/3"])
        phases = {phase["name"]: phase for phase in outcome["phases"]}
        self.assertEqual(list(phases), ["build", "firstLayout", "resize", "constants", "swap"])
        for name, operations in [("build", 1), ("firstLayout", 1), ("resize", 2), ("constants", 1), ("swap", 1)]:
            self.assertEqual(phases[name]["operations"], operations)
            self.assertEqual(len(phases[name]["samples"]), 3 * operations)
            self.assertTrue(all(isinstance(sample, int) and sample > 0 for sample in phases[name]["samples"]))
        self.assertEqual(phases["resize"]["calls"], 8)

    def test_the_budget_stops_repetitions_but_one_always_runs(self) -> None:
        program, _ = load_program(self.write(ROW))
        outcome = kiwi_case.measure(program, Settings(50, 3, 1e-9, None))
        self.assertEqual(outcome["repetitions"], 1)
        stopped = kiwi_case.measure(program, Settings(50, 0, 60, None), should_stop=lambda: True)
        self.assertEqual(stopped["repetitions"], 1)

    def test_run_case_records_the_workload_parameters_and_the_mapping(self) -> None:
        document = dict(ROW, workload={"name": "row", "size": 2, "seed": 1, "parameters": {"axis": "horizontal"}})
        path = self.write(document)
        outcome = kiwi_case.run_case({"system": str(path), "repetitions": 1, "warmup": 0, "timeBudgetSeconds": 5,
                                      "caseLimitSeconds": 60, "setConstant": "readd"}, lambda _: None, lambda: False)
        self.assertEqual(outcome["status"], "ok")
        self.assertEqual(outcome["parameters"], {
            "axis": "horizontal", "kiwi.setConstant": "readd", "kiwi.editVariables": "0",
            "kiwi.readdedConstants": "2", "kiwi.priorities": "5 optional priorities ranked from weak (1) to 1e5"})


if __name__ == "__main__":
    unittest.main()
