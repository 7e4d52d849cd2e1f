"""engine.py and kiwi_program.py through the SDK's `measure`: the prepared calls, what each
phase reports, refusals and bad input, on the two-view row whose layout is known by hand."""

from __future__ import annotations

import subprocess
import sys
import unittest
from pathlib import Path

import kiwisolver

from engine import KiwiSolverEngine
from kiwi_mapping import REQUIRED_EDIT_STRENGTH, SET_CONSTANT_MODES
from kiwi_program import KiwiInputError
from layoutbench_engine import measure
from tests.support import EXPECTED, ROW, case_of, constraint

ENGINE = Path(__file__).resolve().parents[1] / "engine.py"


def answers(mode: str, document: dict) -> list[dict[str, float]]:
    """kiwi's values after the build and after each operation (the SDK's check pass)."""
    reply = measure(KiwiSolverEngine(mode), case_of(document), 1, 0, 60, 60)
    assert reply["message"] == "result", reply
    names = reply["answers"]["names"]
    return [dict(zip(names, state)) for state in reply["answers"]["states"]]


class LayoutTests(unittest.TestCase):
    def test_every_mode_gives_the_layout_worked_out_by_hand(self) -> None:
        for mode in SET_CONSTANT_MODES:
            with self.subTest(mode=mode):
                states = answers(mode, ROW)
                self.assertEqual(len(states), len(EXPECTED))
                for index, (values, (width, w0, w1)) in enumerate(zip(states, EXPECTED)):
                    self.assertAlmostEqual(values["W"], width, places=9, msg=f"state {index}")
                    self.assertAlmostEqual(values["w0"], w0, places=9, msg=f"state {index}")
                    self.assertAlmostEqual(values["w1"], w1, places=9, msg=f"state {index}")
                    self.assertAlmostEqual(values["x1"], w0 + 10, places=9, msg=f"state {index}")

    def test_an_optional_equality_keeps_its_strength_as_an_edit_variable(self) -> None:
        document = {"constraints": [constraint("pin", {"x": 1}, -5, "==", 300), constraint("cap", {"x": 1}, -8, "<=")],
                    "steps": [{"setConstant": {"pin": -9}}]}
        program = KiwiSolverEngine("edit").prepare(case_of(document))
        add_edit = [arguments for method, arguments in program.build if method == kiwisolver.Solver.addEditVariable]
        self.assertEqual([strength for _, strength in add_edit], [kiwisolver.strength.medium])
        # The edit is as weak as the constraint was: the required cap wins at 8.
        self.assertEqual([state["x"] for state in answers("edit", document)], [5, 8])

    def test_edit_all_makes_a_required_equality_a_strong_edit_added_last(self) -> None:
        program = KiwiSolverEngine("edit-all").prepare(case_of(ROW))
        add_edit = [arguments for method, arguments in program.build if method == kiwisolver.Solver.addEditVariable]
        self.assertEqual([strength for _, strength in add_edit], [REQUIRED_EDIT_STRENGTH])
        self.assertEqual(REQUIRED_EDIT_STRENGTH, 10 * program.strengths.of(751))
        # Added after the constraints, with its initial value, as kiwi's enaml benchmark does.
        self.assertEqual(program.build_origins[-2:], ["constraints[1] ('width') as an edit variable"] * 2)
        self.assertEqual(program.build[-1], (kiwisolver.Solver.suggestValue, (program.variables[1], 300)))

    def test_under_edit_all_a_strong_edit_can_give_way_where_the_exact_mapping_holds(self) -> None:
        # Thirty rows as wide as the root, each wanting 500 at the top optional level: their
        # weights together outweigh a strong edit holding the root at 100.
        rows = [constraint("width", {"W": 1}, -100), constraint("low", {"W": 1}, -50, ">=", 10)]
        for index in range(30):
            rows += [constraint(f"row{index}", {f"r{index}": 1, "W": -1}, 0),
                     constraint(f"want{index}", {f"r{index}": 1}, -500, ">=", 750)]
        document = {"constraints": rows, "steps": [{"setConstant": {"width": -120}}]}
        self.assertEqual([state["W"] for state in answers("edit", document)], [100, 120])
        self.assertEqual([round(state["W"]) for state in answers("edit-all", document)], [500, 500])


class CallTests(unittest.TestCase):
    def test_calls_per_operation_in_each_phase(self) -> None:
        # 5 variables: reading them is updateVariables + 5 value() calls. edit-all's build:
        # Solver(), 7 constraints, addEditVariable + suggestValue for the width; resize: one
        # suggestValue; constants: a suggestValue and cr0 removed and added; swap: a removal
        # and an add.
        edit_all = KiwiSolverEngine("edit-all").prepare(case_of(ROW))
        self.assertEqual(edit_all.calls_per_operation(), {"build": 10, "firstLayout": 6, "resize": 7, "constants": 9,
                                                          "swap": 8})
        # The width is required: removed and added back by the other two.
        for mode in ("edit", "readd"):
            program = KiwiSolverEngine(mode).prepare(case_of(ROW))
            self.assertEqual(program.calls_per_operation(), {"build": 9, "firstLayout": 6, "resize": 8, "constants": 10,
                                                             "swap": 8})
            self.assertEqual(program.readded, {"width", "cr0"})

    def test_a_step_is_removed_whole_before_it_is_added_back(self) -> None:
        program = KiwiSolverEngine("readd").prepare(case_of(ROW))
        methods = [method.__name__ for method, _ in program.operations[2].actions]
        self.assertEqual(methods, ["removeConstraint", "removeConstraint", "addConstraint", "addConstraint"])

    def test_each_phase_reports_its_samples_calls_and_their_cost_and_the_case_its_mapping(self) -> None:
        engine = KiwiSolverEngine("edit-all")
        reply = measure(engine, case_of(ROW), 3, 1, 60, 60)
        self.assertEqual(reply["repetitions"], 3)
        phases = {phase["name"]: phase for phase in reply["phases"]}
        self.assertEqual(list(phases), ["build", "firstLayout", "resize", "constants", "swap"])
        for name, operations in [("build", 1), ("firstLayout", 1), ("resize", 2), ("constants", 1), ("swap", 1)]:
            self.assertEqual(len(phases[name]["samplesNanoseconds"]), 3 * operations)
        self.assertEqual(phases["resize"]["calls"], 7)
        self.assertAlmostEqual(phases["resize"]["callOverheadNanoseconds"], 7 * engine.call_overhead_nanoseconds(), 0)
        self.assertEqual(reply["parameters"], {
            "kiwi.setConstant": "edit-all", "kiwi.editVariables": "1", "kiwi.readdedConstants": "1",
            "kiwi.priorities": "5 optional priorities ranked from weak (1) to 1e5"})


class FailureTests(unittest.TestCase):
    def test_a_refused_constraint_fails_the_case_naming_it(self) -> None:
        document = {"constraints": [constraint("one", {"x": 1}, -1), constraint("two", {"x": 1}, -2)]}
        reply = measure(KiwiSolverEngine(), case_of(document), 1, 0, 60, 60)
        self.assertEqual(reply["message"], "failed")
        self.assertIn("kiwisolver refused constraints[1] ('two') in build: UnsatisfiableConstraint", reply["error"])
        document = {"constraints": [constraint("one", {"x": 1}, -1)],
                    "steps": [{"add": [constraint("two", {"x": 1}, -2)]}]}
        reply = measure(KiwiSolverEngine(), case_of(document), 1, 0, 60, 60)
        self.assertIn("kiwisolver refused steps[0].add ('two') in operation 0 (step, steps 0..<1)", reply["error"])

    def test_a_build_over_the_case_limit_stops_the_check_pass_inside_it(self) -> None:
        document = {"constraints": [constraint(f"c{k}", {f"x{k}": 1}, -k) for k in range(600)]}
        reply = measure(KiwiSolverEngine(), case_of(document), 1, 0, 60, 1e-9)
        self.assertEqual(reply["message"], "skipped")
        self.assertIn("(the check pass was stopped in build, call 0 of 600)", reply["reason"])

    def test_a_step_naming_an_absent_constraint_is_an_input_error(self) -> None:
        document = dict(ROW, steps=[{"remove": ["nope"]}] + ROW["steps"][1:])
        with self.assertRaisesRegex(KiwiInputError, r"steps\[0\].remove: unknownConstraint 'nope'"):
            KiwiSolverEngine().prepare(case_of(document))
        reply = measure(KiwiSolverEngine(), case_of({"constraints": [{"id": 3}]}), 1, 0, 60, 60)
        self.assertEqual(reply["message"], "failed")
        self.assertIn("KiwiInputError: constraints[0]", reply["error"])

    def test_the_command_line_and_a_missing_kiwisolver_have_their_exit_statuses(self) -> None:
        hello = '{"message": "hello", "protocol": "layoutbench.engine/1"}\n{"message": "bye"}\n'
        for arguments, status, said in [(["--set-constant", "readd"], 0, '"engine":"kiwisolver-readd"'),
                                         (["--set-constant", "edits"], 64, "invalid choice: 'edits'")]:
            done = subprocess.run([sys.executable, str(ENGINE), *arguments], input=hello, capture_output=True,
                                  text=True, timeout=60)
            self.assertEqual(done.returncode, status, done.stderr)
            self.assertIn(said, done.stdout + done.stderr)
        # -S leaves out site-packages, where kiwisolver is.
        done = subprocess.run([sys.executable, "-S", str(ENGINE)], input=hello, capture_output=True, text=True,
                              timeout=60)
        self.assertEqual(done.returncode, 4, done.stderr)
        self.assertIn("kiwisolver cannot be imported", done.stderr)


if __name__ == "__main__":
    unittest.main()
