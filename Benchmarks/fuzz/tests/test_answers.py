"""The answer checks: a solution that breaks a required constraint present in its state is
caught, one within tolerance passes, and the constraints present follow the steps."""

from __future__ import annotations

import json
import unittest

from answers import check_explanation, check_frames, check_gate, check_results_reader, check_solution

SYSTEM = json.dumps({
    "format": "layoutbench.constraints/1",
    "constraints": [
        {"id": "pin", "terms": {"x": 1}, "constant": -5, "relation": "==", "priority": 1000},
        {"id": "cap", "terms": {"x": 1, "y": -1}, "constant": 0, "relation": "<=", "priority": 1000},
        {"id": "soft", "terms": {"y": 1}, "constant": -100, "relation": "==", "priority": 500},
    ],
    "steps": [{"setConstant": {"pin": -7}}, {"remove": ["pin"]}],
}).encode()


def solution(*states: dict) -> bytes:
    return json.dumps({"format": "layoutbench.solution/1", "backend": "fake", "states": list(states)}).encode()


def state(step: int | None, **values: float) -> dict:
    return {"step": step, "values": values}


class SolutionCheckTests(unittest.TestCase):
    def test_a_solution_that_holds_every_required_constraint_passes(self) -> None:
        answer = solution(state(None, x=5, y=5), state(0, x=7, y=7), state(1, x=1, y=1))
        self.assertEqual(check_solution(SYSTEM, answer), [])

    def test_a_broken_required_equality_is_caught_with_its_id(self) -> None:
        problems = check_solution(SYSTEM, solution(state(None, x=4, y=4), state(0, x=7, y=7), state(1, x=1, y=1)))
        self.assertEqual(len(problems), 1)
        self.assertIn("initial state", problems[0])
        self.assertIn("'pin'", problems[0])

    def test_a_broken_required_inequality_is_caught(self) -> None:
        problems = check_solution(SYSTEM, solution(state(None, x=5, y=4), state(0, x=7, y=7), state(1, x=1, y=1)))
        self.assertTrue(problems)
        self.assertIn("'cap'", problems[0])

    def test_residuals_within_the_relative_tolerance_pass(self) -> None:
        answer = solution(state(None, x=5 + 1e-9, y=5 + 1e-9), state(0, x=7, y=7), state(1, x=1, y=1))
        self.assertEqual(check_solution(SYSTEM, answer), [])

    def test_optional_constraints_are_not_required(self) -> None:
        answer = solution(state(None, x=5, y=5), state(0, x=7, y=7), state(1, x=1, y=1))
        self.assertEqual(check_solution(SYSTEM, answer), [])  # soft wants y == 100

    def test_a_step_moves_the_constant_that_is_checked(self) -> None:
        problems = check_solution(SYSTEM, solution(state(None, x=5, y=5), state(0, x=5, y=5), state(1, x=1, y=1)))
        self.assertEqual(len(problems), 1)
        self.assertIn("after step 0", problems[0])

    def test_a_failed_step_changes_nothing(self) -> None:
        failed = {"step": 0, "error": {"kind": "unsatisfiable", "message": "no"}}
        problems = check_solution(SYSTEM, solution(state(None, x=5, y=5), failed, state(1, x=5, y=5)))
        self.assertEqual(problems, [])  # pin kept -5 until its removal

    def test_a_removed_constraint_is_not_checked(self) -> None:
        answer = solution(state(None, x=5, y=5), state(0, x=7, y=7), state(1, x=123, y=200))
        self.assertEqual(check_solution(SYSTEM, answer), [])

    def test_an_initial_constraint_the_state_lists_as_refused_is_not_checked(self) -> None:
        initial = {"step": None, "values": {"x": 1, "y": 1},
                   "errors": [{"kind": "unsatisfiable", "constraint": "pin", "message": "refused"}]}
        self.assertEqual(check_solution(SYSTEM, solution(initial, state(0, x=1, y=1), state(1, x=1, y=1))), [])

    def test_a_missing_variable_is_a_problem(self) -> None:
        problems = check_solution(SYSTEM, solution(state(None, y=5), state(0, x=7, y=7), state(1, x=1, y=1)))
        self.assertIn("missing", problems[0])

    def test_a_non_json_number_token_is_a_problem(self) -> None:
        problems = check_solution(SYSTEM, b'{"states": [{"step": null, "values": {"x": NaN}}]}')
        self.assertIn("not one strict JSON document", problems[0])

    def test_a_state_count_other_than_steps_plus_one_is_a_problem(self) -> None:
        problems = check_solution(SYSTEM, solution(state(None, x=5, y=5)))
        self.assertIn("1 states for 2 steps", problems[0])

    def test_a_system_without_constraints_must_not_be_solved(self) -> None:
        problems = check_solution(json.dumps({"format": "layoutbench.constraints/1"}).encode(), solution(state(None)))
        self.assertIn("accepted a system without 'constraints'", problems[0])

    def test_an_empty_id_must_not_be_solved_even_in_a_step(self) -> None:
        system = {"constraints": [], "steps": [{"add": [{"id": "", "terms": {"x": 1}}]}]}
        problems = check_solution(json.dumps(system).encode(), solution(state(None), state(0, x=0)))
        self.assertIn("empty id", problems[0])

    def test_magnitudes_beyond_a_double_are_not_judged(self) -> None:
        system = json.dumps({"constraints": [{"id": "huge", "terms": {"x": 1e308}, "constant": 0}]}).encode()
        self.assertEqual(check_solution(system, solution(state(None, x=1e308))), [])


def results(**members) -> dict:
    case = {"workload": "w", "backend": "cassowary", "size": 10,
            "phases": [{"name": "build", "samplesNanoseconds": [1, 2]}]}
    document = {"format": "layoutbench.results/1", "createdAt": "2026-11-21T10:00:00Z", "cases": [case]}
    document.update(members)
    return document


class ResultsCheckTests(unittest.TestCase):
    def check(self, document: dict, stderr: bytes = b"") -> list[str]:
        return check_results_reader(json.dumps(document).encode(), b"", stderr)

    def test_a_sound_file_passes(self) -> None:
        self.assertEqual(self.check(results()), [])
        self.assertEqual(self.check(results(createdAt="2026-11-21T10:00:00.25Z")), [])

    def test_an_impossible_creation_time_read_in_silence_is_a_problem(self) -> None:
        self.assertIn("createdAt", self.check(results(createdAt="2026-13-45T99:99:99Z"))[0])
        self.assertIn("createdAt", self.check(results(createdAt=False))[0])

    def test_a_case_or_phase_listed_twice_in_silence_is_a_problem(self) -> None:
        document = results()
        document["cases"].append(json.loads(json.dumps(document["cases"][0])))
        self.assertIn("listed twice", self.check(document)[0])
        document = results()
        document["cases"][0]["phases"].append({"name": "build", "samplesNanoseconds": [3]})
        self.assertIn("phase is listed twice", self.check(document)[0])

    def test_a_warning_on_stderr_is_enough(self) -> None:
        document = results(createdAt="yesterday")
        self.assertEqual(self.check(document, b"warning: createdAt 'yesterday' is not a time\n"), [])

    def test_gate_must_fail_on_an_incomplete_file_warning_or_not(self) -> None:
        data = json.dumps(results(complete=False, plannedCases=3)).encode()
        self.assertIn("incomplete", check_gate(data, b"", b"warning: incomplete\n")[0])
        self.assertEqual(check_gate(json.dumps(results(complete=True)).encode(), b"", b""), [])
        self.assertIn("incomplete", check_gate(json.dumps(results()).encode(), b"", b"", data)[0])


class FramesCheckTests(unittest.TestCase):
    def test_finite_frames_pass_and_others_are_named(self) -> None:
        good = json.dumps({"states": [{"step": None, "frames": {"root": [0, 0, 320, 480]}}]}).encode()
        self.assertEqual(check_frames(b"", good), [])
        bad = b'{"states": [{"step": null, "frames": {"root": [0, 0, 1e999, 480]}}]}'
        self.assertIn("'root'", check_frames(b"", bad)[0])

    def test_a_short_frame_is_a_problem(self) -> None:
        bad = json.dumps({"states": [{"step": None, "frames": {"a": [0, 0, 1]}}]}).encode()
        self.assertTrue(check_frames(b"", bad))

    def test_an_explanation_value_must_be_finite_or_null(self) -> None:
        good = json.dumps({"horizontal": {"attributes": [{"attribute": "minX", "value": None}]}}).encode()
        self.assertEqual(check_explanation(b"", good), [])
        bad = b'{"horizontal": {"attributes": [{"attribute": "minX", "value": 1e999}]}}'
        self.assertIn("minX", check_explanation(b"", bad)[0])


if __name__ == "__main__":
    unittest.main()
