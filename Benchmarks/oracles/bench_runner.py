"""Running the `bench` executable: `bench list` for the backends, `bench solve` for solutions,
and finding the build to run.

Exit statuses of `bench solve` (README.md, docs/interchange.md): 0 valid file (steps may
have failed), 2 malformed file, 3 the backend refuses the system (e.g. over a size limit),
4 internal solver error, 64 bad command line. The checker maps them to `BenchRun.outcome`.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SOLUTION_FORMAT = "layoutbench.solution/1"
TIMEOUT_SECONDS = 600


class BenchError(RuntimeError):
    """`bench` could not be run or printed something unreadable where it must not."""


@dataclass(frozen=True)
class BenchRun:
    """The result of one `bench solve FILE --backend NAME`.

    `outcome` is `solved` (exit 0, `solution` holds the parsed document), `malformed`
    (exit 2: bench rejects the file), `refused` (exit 3: the backend declines, a skip, not a
    disagreement) or `failed` (exit 4 or anything unexpected: a disagreement).
    """

    backend: str
    outcome: str
    exit_status: int
    solution: dict[str, Any] | None
    stderr: str


def locate_bench(repository: Path) -> Path | None:
    """The bench the tests run: LAYOUTBENCH_BENCH (`make` sets it), else a debug or release
    build of `repository`; None when there is none. Raises `BenchError` when
    LAYOUTBENCH_BENCH names no file."""
    named = os.environ.get("LAYOUTBENCH_BENCH")
    if named:
        if not Path(named).is_file():
            raise BenchError(f"LAYOUTBENCH_BENCH={named} is not a file")
        return Path(named)
    return next((path for path in (repository / ".build/debug/bench", repository / ".build/release/bench")
                 if path.is_file()), None)


def list_backends(bench: Path) -> list[str]:
    """The backends `bench list` says `bench solve` can use.

    In its `Backends:` section each backend is a line indented by two spaces (name, then
    a description), followed by deeper-indented lines per command that can use it; only
    those with a `bench solve:` line solve constraint systems (springs-struts, for one,
    only lays out scenes). Later sections (suites, workloads) are not backends.
    """
    return parse_solver_backends(bench_list(bench))


def bench_list(bench: Path) -> str:
    """The text `bench list` prints."""
    try:
        completed = subprocess.run([str(bench), "list"], capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BenchError(f"cannot run {bench}: {error}") from error
    if completed.returncode != 0:
        raise BenchError(f"{bench} list exited with {completed.returncode}: {completed.stderr.strip()}")
    return completed.stdout


def parse_solver_backends(listing: str) -> list[str]:
    """The solver backends in the text of `bench list` (see `list_backends`)."""
    backends: list[str] = []
    in_backends = False
    current: str | None = None
    for line in listing.splitlines():
        if not line.startswith(" "):
            in_backends = line.strip() == "Backends:"
            current = None
            continue
        if not in_backends or not line.strip():
            continue
        if not line.startswith("   "):
            current = line.split()[0] if not line.strip().startswith("(") else None
        elif current is not None and line.strip().startswith("bench solve:") and current not in backends:
            backends.append(current)
    return backends


def solve(bench: Path, system_file: Path, backend: str) -> BenchRun:
    """Runs `bench solve` on one file with one backend and classifies the result."""
    command = [str(bench), "solve", str(system_file), "--backend", backend]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BenchError(f"cannot run {' '.join(command)}: {error}") from error
    status = completed.returncode
    stderr = completed.stderr.strip()
    if status == 0:
        try:
            solution = json.loads(completed.stdout)
        except json.JSONDecodeError as error:
            return BenchRun(backend, "failed", status, None, f"stdout is not JSON ({error}); {stderr}")
        if not isinstance(solution, dict) or solution.get("format") != SOLUTION_FORMAT:
            return BenchRun(backend, "failed", status, None, f"stdout is not a {SOLUTION_FORMAT} document")
        return BenchRun(backend, "solved", status, solution, stderr)
    if status == 2:
        return BenchRun(backend, "malformed", status, None, stderr)
    if status == 3:
        return BenchRun(backend, "refused", status, None, stderr)
    return BenchRun(backend, "failed", status, None, stderr)
