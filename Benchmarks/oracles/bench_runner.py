"""Running the `bench` executable: `bench list` for the backends, `bench solve` for solutions.

Exit statuses of `bench solve` (README.md, docs/interchange.md): 0 valid file (steps may
have failed), 2 malformed file, 3 the backend refuses the system (e.g. over a size limit),
4 internal solver error, 64 bad command line. The checker maps them to `BenchRun.outcome`.
"""

from __future__ import annotations

import json
import re
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


@dataclass(frozen=True)
class ListedWorkload:
    """A workload as `bench list` shows it under its suite: its default sizes (what
    `bench run` sweeps without `--sizes`), or `one_size` for a transcribed scene (enaml,
    the examples), whose one size is 1 and which ignores `--sizes`."""

    name: str
    sizes: tuple[int, ...]
    one_size: bool


_SIZES = re.compile(r"sizes (\d+(?:, \d+)*)(?=[ ;]|$)")


def parse_suites(listing: str) -> dict[str, list[ListedWorkload]]:
    """The suites in the text of `bench list`, in its order, each with its workloads.

    In the `Suites` section a suite is a line indented by two spaces (name, then a
    summary) and each of its workloads a line indented by four: the name, then either
    `sizes 10, 100, ... (what a size counts); backends: ...` or `one size; backends: ...`.
    A workload line in any other shape raises `BenchError`, so a change of the listing is
    noticed rather than misread.
    """
    suites: dict[str, list[ListedWorkload]] = {}
    in_suites = False
    current: list[ListedWorkload] | None = None
    for number, line in enumerate(listing.splitlines(), start=1):
        if not line.startswith(" "):
            in_suites = line.startswith("Suites")
            current = None
            continue
        if not in_suites or not line.strip():
            continue
        if not line.startswith("   "):
            current = suites.setdefault(line.split()[0], [])
            continue
        if current is None:
            raise BenchError(f"bench list, line {number}: a workload before any suite: {line.strip()!r}")
        parts = line.split(None, 1)
        rest = parts[1] if len(parts) > 1 else ""
        if rest.startswith("one size"):
            current.append(ListedWorkload(parts[0], (1,), True))
            continue
        match = _SIZES.match(rest)
        if not match:
            raise BenchError(f"bench list, line {number}: cannot read the sizes of workload {parts[0]!r}: {rest!r}")
        current.append(ListedWorkload(parts[0], tuple(int(size) for size in match.group(1).split(", ")), False))
    return suites


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
