"""The Python SDK of `layoutbench.engine/1` (docs/engines.md) driven in-process: the
protocol loop, the check pass, the timed repetitions and the replies' shapes."""

from __future__ import annotations

import io
import json
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from layoutbench_engine import Case, Engine, Operation, ProtocolError, Refused, Skip, read_operations, run  # noqa: E402

SYSTEM = {
    "format": "layoutbench.constraints/1",
    "constraints": [{"id": "w", "terms": {"W": 1}, "constant": -100, "relation": "==", "priority": 1000}],
    "steps": [{"setConstant": {"w": -200}}, {"setConstant": {"w": -300}}, {"setConstant": {"w": -1}}],
    "operations": [{"phase": "resize", "steps": [0, 2]}, {"phase": "shrink", "steps": [2, 3]}],
}


class Width(Engine):
    """W = -constant; an operation whose value would be 1 is refused."""
    name, version, inputs = "width", "2", ("constraints",)

    def build(self, program: Case) -> dict:
        return {"W": 0.0, "constant": -100.0}

    def first_layout(self, state: dict) -> None:
        state["W"] = -state["constant"]

    def apply(self, state: dict, operation: Operation) -> None:
        constant = state["constant"]
        for step in operation.steps:
            constant = step["setConstant"]["w"]
        if constant == -1:
            raise Refused("too small")
        state["constant"] = constant
        state["W"] = -constant

    def answers(self, state: dict) -> dict:
        return {"W": state["W"]}

    def parameters(self, program: Case) -> dict:
        return {"width.rule": "negated constant"}


def converse(engine: Engine, *messages: dict) -> list[dict]:
    output = io.StringIO()
    status = run(engine, [json.dumps(message) + "\n" for message in messages], output)
    assert status == 0, status
    return [json.loads(line) for line in output.getvalue().splitlines()]


class SDKTests(unittest.TestCase):
    def case_message(self, document: dict, **settings) -> dict:
        folder = tempfile.mkdtemp()
        path = Path(folder) / "case.json"
        path.write_text(json.dumps(document))
        message = {"message": "case", "workload": "w", "size": 1, "seed": 1, "input": "constraints", "file": str(path),
                   "repetitions": 3, "warmup": 1, "timeBudgetSeconds": 10, "caseLimitSeconds": 10}
        message.update(settings)
        return message

    def test_hello_names_the_engine_and_its_inputs(self) -> None:
        replies = converse(Width(), {"message": "hello", "protocol": "layoutbench.engine/1"}, {"message": "bye"})
        self.assertEqual(replies, [{"message": "hello", "protocol": "layoutbench.engine/1", "engine": "width", "version": "2",
                                    "inputs": ["constraints"], "language": "Python"}])

    def test_a_case_gives_every_sample_and_the_answers_of_every_state(self) -> None:
        replies = converse(Width(), self.case_message(SYSTEM))
        result = replies[-1]
        self.assertEqual(result["message"], "result")
        self.assertEqual(result["repetitions"], 3)
        self.assertEqual([(p["name"], p["operations"], len(p["samplesNanoseconds"])) for p in result["phases"]],
                         [("build", 1, 3), ("firstLayout", 1, 3), ("resize", 1, 3), ("shrink", 1, 3)])
        self.assertTrue(all(sample >= 0 for p in result["phases"] for sample in p["samplesNanoseconds"]))
        self.assertEqual(result["answers"], {"names": ["W"], "states": [[100.0], [300.0], None]})
        self.assertEqual(result["parameters"], {"width.rule": "negated constant"})
        self.assertIn({"message": "progress", "text": "rep 3/3"}, replies)

    def test_a_bound_engine_reports_its_calls_and_their_cost_per_phase(self) -> None:
        class Bound(Width):
            binding, precision = "Python → C", "float32"

            def calls_per_operation(self, program: Case) -> dict:
                return {"build": 3, "resize": 4}

            def call_overhead_nanoseconds(self) -> float:
                return 50.0

        replies = converse(Bound(), {"message": "hello", "protocol": "layoutbench.engine/1"}, self.case_message(SYSTEM))
        self.assertEqual((replies[0]["binding"], replies[0]["precision"]), ("Python → C", "float32"))
        phases = {p["name"]: p for p in replies[-1]["phases"]}
        self.assertEqual((phases["build"]["calls"], phases["build"]["callOverheadNanoseconds"]), (3, 150.0))
        self.assertEqual((phases["resize"]["calls"], phases["resize"]["callOverheadNanoseconds"]), (4, 200.0))
        self.assertNotIn("calls", phases["shrink"])

    def test_flex_answers_are_four_numbers_per_node(self) -> None:
        class Frames(Width):
            inputs = ("flex",)

            def answers(self, state: dict) -> dict:
                return {"root": [0, 0, state["W"], 10]}

        result = converse(Frames(), self.case_message(SYSTEM, input="flex"))[-1]
        self.assertEqual(result["answers"]["states"][0], [0.0, 0.0, 100.0, 10.0])

    def test_skip_and_failure_become_their_replies(self) -> None:
        class Skipping(Width):
            def prepare(self, case: Case) -> Case:
                raise Skip("no widths here")

        class Failing(Width):
            def first_layout(self, state: dict) -> None:
                raise ZeroDivisionError("boom")

        self.assertEqual(converse(Skipping(), self.case_message(SYSTEM))[-1], {"message": "skipped", "reason": "no widths here"})
        self.assertEqual(converse(Failing(), self.case_message(SYSTEM))[-1], {"message": "failed", "error": "ZeroDivisionError: boom"})

    def test_a_non_finite_answer_fails_the_case_naming_it(self) -> None:
        class Diverging(Width):
            def answers(self, state: dict) -> dict:
                return {"W": float("nan")}

        reply = converse(Diverging(), self.case_message(SYSTEM))[-1]
        self.assertEqual(reply, {"message": "failed", "error": "ValueError: the answer for 'W' is nan, not finite"})

    def test_a_check_pass_over_the_case_limit_skips_the_case(self) -> None:
        class Slow(Width):
            def apply(self, state: dict, operation: Operation) -> None:
                import time
                time.sleep(0.3)
                super().apply(state, operation)

        reply = converse(Slow(), self.case_message(SYSTEM, caseLimitSeconds=0.2))[-1]
        self.assertEqual(reply["message"], "skipped")
        self.assertIn("case limit of 0.2 s", reply["reason"])

    def test_a_long_callback_can_stop_the_check_pass_itself(self) -> None:
        class LongBuild(Width):
            def build(self, program: Case) -> dict:
                import time
                seen.append(self.checking())
                for _ in range(100):
                    self.check_limit("build, slice 3")
                    time.sleep(0.01)
                return super().build(program)

        seen: list[bool] = []
        reply = converse(LongBuild(), self.case_message(SYSTEM, caseLimitSeconds=0.05))[-1]
        self.assertEqual(reply["message"], "skipped")
        self.assertIn("(the check pass was stopped in build, slice 3)", reply["reason"])
        self.assertEqual(seen, [True])
        seen.clear()
        reply = converse(LongBuild(), self.case_message(SYSTEM, repetitions=1, warmup=0, caseLimitSeconds=5))[-1]
        self.assertEqual(reply["message"], "result")
        self.assertEqual(seen, [True, False])

    def test_the_time_budget_stops_starting_repetitions(self) -> None:
        class Slow(Width):
            def build(self, program: Case) -> dict:
                import time
                time.sleep(0.05)
                return super().build(program)

        reply = converse(Slow(), self.case_message(SYSTEM, repetitions=50, warmup=0, timeBudgetSeconds=0.2))[-1]
        self.assertLess(reply["repetitions"], 50)
        self.assertGreaterEqual(reply["repetitions"], 1)

    def test_operations_must_cover_the_steps(self) -> None:
        self.assertEqual(len(read_operations(SYSTEM)), 2)
        self.assertEqual([o.phase for o in read_operations({"steps": [{}, {}]})], ["step", "step"])
        for operations in ([{"phase": "a", "steps": [0, 2]}], [{"phase": "a", "steps": [1, 3]}], [{"phase": "a"}]):
            with self.assertRaises(ProtocolError):
                read_operations({"steps": [{}, {}, {}], "operations": operations})

    def test_a_message_it_cannot_act_on_exits_two(self) -> None:
        output = io.StringIO()
        self.assertEqual(run(Width(), ['{"message": "dance"}\n'], output), 2)
        self.assertEqual(run(Width(), ['{"message": "hello", "protocol": "layoutbench.engine/9"}\n'], output), 2)
        self.assertEqual(run(Width(), ["not json\n"], output), 2)
        self.assertEqual(output.getvalue(), "")


if __name__ == "__main__":
    unittest.main()
