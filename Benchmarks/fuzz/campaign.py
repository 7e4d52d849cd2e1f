"""One fuzz case from its seed and index to a verdict, and the replay folder of a failure.

A case fails when `bench`
* exits 4 (internal error) or with a status no command documents (not 0, 1, 2, 3, 64),
* dies by a signal (a Swift trap is SIGILL or SIGTRAP; also SIGSEGV, SIGABRT, ...),
* does not exit within the timeout, nor within four times it on a second try (so a machine
  busy with other builds does not pass for a hang), or
* exits 0 with an answer its check refuses, or on an input it should have refused or
  warned about (answers.py).
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from answers import CHECKS
from corpus import Target
from mutations import mutate

DOCUMENTED_STATUSES = {0, 1, 2, 3, 64}
RETRY_TIMEOUT_FACTOR = 4
# The head of stderr: a trap's message comes first, its backtrace (long) after.
STDERR_HEAD = 3000
SIGNATURE_MARKERS = ("Fatal error", "Precondition failed", "Assertion failed", "internal error", "error:")


@dataclass
class Run:
    status: int | None  # None: killed at the timeout
    stdout: bytes
    stderr: bytes
    seconds: float


@dataclass
class CaseResult:
    seed: int
    index: int
    target: Target
    mutations: list[str]
    arguments: list[str]
    failure: str | None = None  # the class: "exit 4", "signal SIGILL", "hang", "wrong answer", ...
    problems: list[str] = field(default_factory=list)
    status: int | None = None
    stderr: str = ""
    seconds: float = 0.0
    replay_folder: Path | None = None

    @property
    def command_name(self) -> str:
        return self.target.command.name

    @property
    def signature(self) -> str:
        """The line of stderr that says what broke (a trap's message, bench's error), with
        numbers blanked so that failures of one cause group together."""
        for line in self.stderr.splitlines():
            if any(marker in line for marker in SIGNATURE_MARKERS):
                return re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", line.strip())[:160]
        return self.problems[0][:160] if self.problems else ""


def case_generator(seed: int, index: int) -> random.Random:
    """The generator of case `index` of `seed`: independent of every other case, so any one
    case can be replayed alone and workers may take cases in any order."""
    return random.Random(f"layoutbench-fuzz/{seed}/{index}")


def run_bench(bench: Path, arguments: list[str], folder: Path, timeout: float) -> Run:
    """`bench arguments...` in `folder`, killed with its whole process group at `timeout`."""
    started = time.monotonic()
    process = subprocess.Popen([str(bench), *arguments], cwd=folder, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        return Run(process.returncode, stdout, stderr, time.monotonic() - started)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        return Run(None, stdout, stderr, time.monotonic() - started)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def judge(run: Run, check: str, input_data: bytes, other_data: bytes = b"") -> tuple[str | None, list[str]]:
    """The failure class and its problems, or (None, []) when the run is acceptable.
    `other_data` is the unmutated file the command also read, if any."""
    if run.status is None:
        return "hang", [f"no exit within {run.seconds:.1f} s"]
    if run.status < 0:
        name = _signal_name(-run.status)
        return f"signal {name}", [f"killed by {name}"]
    if run.status == 4:
        return "exit 4", ["internal error (exit status 4)"]
    if run.status not in DOCUMENTED_STATUSES:
        return f"exit {run.status}", [f"undocumented exit status {run.status}"]
    if run.status == 0:
        problems = CHECKS[check](input_data, run.stdout, run.stderr, other_data)
        if problems:
            return ("accepted invalid input" if problems[0].startswith("accepted") else "wrong answer"), problems
    return None, []


def prepare_case(seed: int, index: int, targets: list[Target], weights: list[float]) -> tuple[Target, bytes, list[str], list[str]]:
    """Case `index` of `seed`: its target, mutated input, mutation descriptions and
    `bench` arguments (relative to the case's folder)."""
    rng = case_generator(seed, index)
    target = rng.choices(targets, weights)[0]
    donors = sorted({other.source.name: other.source for other in targets
                     if other.source.kind == target.source.kind and other.source is not target.source}.items())
    donor = rng.choice(donors)[1] if donors else None
    data, descriptions = mutate(target.source.data, rng, donor.data if donor else None)
    if donor is not None:
        descriptions = [text.replace("the donor's", f"{donor.name}'s") for text in descriptions]
    view = rng.choice(target.source.views) if target.source.views else ""
    arguments = [argument.replace("{input}", "input.json").replace("{other}", "other.json").replace("{view}", view)
                 for argument in target.command.arguments]
    return target, data, descriptions, arguments


def run_case(bench: Path, seed: int, index: int, targets: list[Target], weights: list[float],
             work: Path, failures: Path, timeout: float) -> CaseResult:
    """Prepares, runs and judges one case; a failing case's folder moves to `failures`."""
    target, data, descriptions, arguments = prepare_case(seed, index, targets, weights)
    folder = work / f"case-{index}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "input.json").write_bytes(data)
    if "{other}" in target.command.arguments:
        (folder / "other.json").write_bytes(target.source.data)
    result = CaseResult(seed, index, target, descriptions, arguments)
    run = run_bench(bench, arguments, folder, timeout)
    if run.status is None:
        run = run_bench(bench, arguments, folder, timeout * RETRY_TIMEOUT_FACTOR)
    other = target.source.data if "{other}" in target.command.arguments else b""
    result.failure, result.problems = judge(run, target.command.check, data, other)
    result.status, result.seconds = run.status, run.seconds
    result.stderr = run.stderr.decode("utf-8", errors="replace")[:STDERR_HEAD]
    if result.failure:
        result.replay_folder = record_failure(result, folder, failures, bench, data)
    shutil.rmtree(folder, ignore_errors=True)
    return result


def record_failure(result: CaseResult, folder: Path, failures: Path, bench: Path, data: bytes) -> Path:
    """A folder that replays the case with nothing else: the inputs, `case.json` (what ran,
    from which seed, case and source, and what went wrong) and `replay.sh`."""
    destination = failures / f"seed-{result.seed}-case-{result.index}"
    shutil.rmtree(destination, ignore_errors=True)
    destination.mkdir(parents=True)
    (destination / "input.json").write_bytes(data)
    if (folder / "other.json").exists():
        shutil.copyfile(folder / "other.json", destination / "other.json")
    record = {
        "seed": result.seed,
        "case": result.index,
        "command": ["bench", *result.arguments],
        "commandName": result.command_name,
        "source": result.target.source.name,
        "mutations": result.mutations,
        "failure": result.failure,
        "signature": result.signature,
        "problems": result.problems,
        "exitStatus": result.status,
        "seconds": round(result.seconds, 3),
        "stderr": result.stderr,
    }
    (destination / "case.json").write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    script = destination / "replay.sh"
    lines = [
        "#!/bin/sh",
        f"# {result.failure}: {result.problems[0] if result.problems else ''}".replace("\n", " "),
        f"# seed {result.seed}, case {result.index}: {result.command_name} on {result.target.source.name}",
        "# BENCH=PATH picks another build.",
        'cd "$(dirname "$0")" || exit 2',
        f'exec "${{BENCH:-{bench.resolve()}}}" {shlex.join(result.arguments)}',
    ]
    script.write_text("\n".join(lines) + "\n")
    script.chmod(0o755)
    return destination
