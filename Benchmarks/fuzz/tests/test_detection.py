"""The fuzzer against fake `bench` scripts that fail on purpose: each way of failing is
caught, written as a replay folder whose script reproduces it, and a well-behaved bench
yields no failure."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
from contextlib import redirect_stdout
from pathlib import Path

import fuzz
from campaign import Run, judge, prepare_case, run_case
from corpus import COMMANDS, Source, Target

SYSTEM = json.dumps({
    "format": "layoutbench.constraints/1",
    "constraints": [{"id": "pin", "terms": {"x": 1}, "constant": -5, "relation": "==", "priority": 1000}],
}).encode()

# Each behaviour is what the fake does for every command but `export` (which the corpus
# runs to build its sources, and which always answers with SYSTEM).
BEHAVIOURS = {
    "exit4": "sys.stderr.write('error: internal error: planted\\n'); sys.exit(4)",
    "abort": "os.kill(os.getpid(), signal.SIGABRT)",
    "segfault": "os.kill(os.getpid(), signal.SIGSEGV)",
    "hang": "time.sleep(600)",
    "status 5": "sys.exit(5)",
    # x = 4 breaks the required x - 5 == 0 of whatever system is given, mutated or not,
    # as long as it still reads: the fake does not look at the file.
    "violating": "print(json.dumps({'format': 'layoutbench.solution/1', 'states': "
                 "[{'step': None, 'values': {'x': 4}}]}))",
    "refusing": "sys.stderr.write('error: input.json: malformed\\n'); sys.exit(2)",
}


def write_fake_bench(folder: Path, behaviour: str) -> Path:
    script = folder / f"bench-{behaviour.replace(' ', '-')}"
    script.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import json, os, signal, sys, time
        if sys.argv[1] == "export":
            print({SYSTEM.decode()!r})
            sys.exit(0)
        {BEHAVIOURS[behaviour]}
        """))
    script.chmod(0o755)
    return script


def system_targets() -> tuple[list[Target], list[float]]:
    source = Source("planted.json", "system", SYSTEM)
    solve = COMMANDS["system"][0]
    return [Target(source, solve)], [1.0]


class DetectionTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="fuzz-detection-"))
        self.work = self.folder / "work"
        self.failures = self.folder / "failures"

    def run_one(self, behaviour: str, index: int = 0, timeout: float = 5.0):
        targets, weights = system_targets()
        bench = write_fake_bench(self.folder, behaviour)
        return run_case(bench, 11, index, targets, weights, self.work, self.failures, timeout)

    def test_exit_status_4_is_a_failure_with_a_replay_folder(self) -> None:
        result = self.run_one("exit4", index=3)
        self.assertEqual(result.failure, "exit 4")
        self.assertIn("internal error: planted", result.signature)
        folder = self.failures / "seed-11-case-3"
        self.assertEqual(result.replay_folder, folder)
        _, data, _, _ = prepare_case(11, 3, *system_targets())
        self.assertEqual((folder / "input.json").read_bytes(), data)
        record = json.loads((folder / "case.json").read_text())
        self.assertEqual((record["seed"], record["case"], record["failure"]), (11, 3, "exit 4"))
        self.assertEqual(record["command"], ["bench", "solve", "input.json", "--backend", "cassowary"])
        self.assertTrue(record["mutations"])
        replayed = subprocess.run(["sh", str(folder / "replay.sh")], capture_output=True, check=False)
        self.assertEqual(replayed.returncode, 4)

    def test_death_by_a_signal_is_a_failure_named_after_it(self) -> None:
        self.assertEqual(self.run_one("abort").failure, "signal SIGABRT")
        self.assertEqual(self.run_one("segfault").failure, "signal SIGSEGV")

    def test_a_hang_is_a_failure_after_a_longer_second_try(self) -> None:
        result = self.run_one("hang", timeout=0.2)
        self.assertEqual(result.failure, "hang")
        self.assertGreaterEqual(result.seconds, 0.8)

    def test_an_undocumented_exit_status_is_a_failure(self) -> None:
        self.assertEqual(self.run_one("status 5").failure, "exit 5")

    def test_an_answer_breaking_a_required_constraint_is_a_failure(self) -> None:
        # The fake's x = 4 breaks `pin` only where the mutations left `pin` as it was and
        # added no other defect, so the case is one of those.
        original = json.loads(SYSTEM)["constraints"][0]

        def keeps_pin(index: int) -> bool:
            _, data, _, _ = prepare_case(11, index, *system_targets())
            try:
                system = json.loads(data)
                return system["constraints"][0] == original and set(system) == {"format", "constraints"}
            except (ValueError, KeyError, IndexError, TypeError, RecursionError):
                return False

        index = next(index for index in range(200) if keeps_pin(index))
        result = self.run_one("violating", index=index)
        self.assertEqual(result.failure, "wrong answer")
        self.assertIn("'pin'", result.problems[0])

    def test_exit_0_on_an_input_formats_md_rejects_is_a_class_of_its_own(self) -> None:
        answer = Run(0, b'{"states": [{"step": null, "values": {}}]}', b"", 0.1)
        failure, problems = judge(answer, "solution", b'{"format": "layoutbench.constraints/1"}')
        self.assertEqual(failure, "accepted invalid input")
        self.assertIn("without 'constraints'", problems[0])

    def test_a_refusal_with_exit_status_2_passes_and_leaves_nothing(self) -> None:
        result = self.run_one("refusing")
        self.assertIsNone(result.failure)
        self.assertFalse(self.failures.exists())
        self.assertEqual(list(self.work.iterdir()), [])

    def test_the_driver_prints_the_seed_and_how_to_replay(self) -> None:
        bench = write_fake_bench(self.folder, "exit4")
        output = io.StringIO()
        with redirect_stdout(output):
            status = fuzz.main(["--bench", str(bench), "--seed", "5", "--cases", "4", "--workers", "2",
                                "--work", str(self.work), "--failures", str(self.failures)])
        self.assertEqual(status, fuzz.EXIT_FAILURES)
        text = output.getvalue()
        self.assertIn("seed 5", text)
        self.assertIn("replay: sh ", text)
        self.assertIn("--seed 5 --case ", text)
        # Every case fails but those that run `export`, which the fake answers.
        failing = text.count("FAIL case ")
        self.assertGreater(failing, 0)
        self.assertEqual(len(list(self.failures.iterdir())), failing)

    def test_the_long_run_multiplies_the_cases(self) -> None:
        arguments = fuzz.parse_arguments(["--cases", "3"])
        previous = os.environ.get("LAYOUTBENCH_LONG_TESTS")
        os.environ["LAYOUTBENCH_LONG_TESTS"] = "1"
        try:
            self.assertEqual(len(fuzz.case_indices(arguments)), 3 * fuzz.LONG_RUN_FACTOR)
        finally:
            if previous is None:
                del os.environ["LAYOUTBENCH_LONG_TESTS"]
            else:
                os.environ["LAYOUTBENCH_LONG_TESTS"] = previous


if __name__ == "__main__":
    unittest.main()
