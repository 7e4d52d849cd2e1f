"""`layoutbench.results/1` files written from Python, for solvers that run outside `bench`.

What `bench run` does in Swift (Sources/BenchCore, Sources/Interchange/ResultsDocument*),
restated for peers so their files read like the runner's: the same statistics derived from
every kept sample, the same case and phase members (docs/running.md "Results file
extensions"), the same atomic rewrite after every case, the same machine description and
the same cost prediction that skips a case over `--case-limit`. Nothing here knows about
kiwisolver; kiwisolver_peer.py adds what is peculiar to it.
"""

from __future__ import annotations

import json
import math
import os
import platform
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "layoutbench.results/1"


# ---------------------------------------------------------------------------------------
# Statistics (Sources/Interchange/SampleStatistics.swift)


def quantile(q: float, ordered: list[float]) -> float:
    """Type 7 of Hyndman and Fan (linear between closest ranks), as SampleStatistics."""
    if not ordered or not 0.0 <= q <= 1.0:
        raise ValueError("quantile needs samples and q in [0, 1]")
    position = q * (len(ordered) - 1)
    lower = math.floor(position)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)


def statistics(samples: list[float]) -> dict[str, float]:
    """The derived members of a phase, named as the Swift writer names them. The mean
    rounds to integer nanoseconds when it is one, so integer samples give integers."""
    ordered = sorted(samples)
    median = quantile(0.5, ordered)
    deviations = sorted(abs(sample - median) for sample in ordered)
    return {
        "medianNanoseconds": _number(median),
        "minNanoseconds": _number(ordered[0]),
        "meanNanoseconds": _number(sum(ordered) / len(ordered)),
        "madNanoseconds": _number(quantile(0.5, deviations)),
        "maxNanoseconds": _number(ordered[-1]),
    }


def _number(value: float) -> float | int:
    """Integral floats as ints, so the JSON reads `805000`, not `805000.0`."""
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else value


# ---------------------------------------------------------------------------------------
# Durations for people (Sources/BenchCore/Formatting.swift)


def duration(nanoseconds: float) -> str:
    """`812 ns`, `8.12 µs`, `1.23 ms`, `2.50 s`: three significant digits."""
    if nanoseconds < 1_000:
        return f"{round(nanoseconds)} ns"
    if nanoseconds < 1_000_000:
        return _significant(nanoseconds / 1_000) + " µs"
    if nanoseconds < 1_000_000_000:
        return _significant(nanoseconds / 1_000_000) + " ms"
    return _significant(nanoseconds / 1_000_000_000) + " s"


def _significant(value: float) -> str:
    if abs(value) < 10:
        return f"{value:.2f}"
    if abs(value) < 100:
        return f"{value:.1f}"
    return f"{value:.0f}"


# ---------------------------------------------------------------------------------------
# Phases and cases


@dataclass
class PhaseResult:
    """One phase of a measured case: every sample (nanoseconds, one per operation, in
    repetition order), the operations per repetition and counters (means per operation)."""

    name: str
    samples: list[int]
    operations: int
    counters: dict[str, float] = field(default_factory=dict)

    def json_value(self) -> dict[str, Any]:
        value: dict[str, Any] = {
            "name": self.name,
            "iterations": 1,
            "samplesNanoseconds": list(self.samples),
        }
        value.update(statistics([float(sample) for sample in self.samples]))
        value["operations"] = self.operations
        # Not counted (formats.md: null when unavailable, never 0 by default).
        value["allocations"] = None
        value["counters"] = {name: _number(number) for name, number in self.counters.items()}
        return value


@dataclass
class CaseResult:
    """One case: `status` is ok (with phases and repetitions), skipped (reason) or error."""

    workload: str
    backend: str
    size: int
    seed: int
    status: str
    parameters: dict[str, str] = field(default_factory=dict)
    phases: list[PhaseResult] = field(default_factory=list)
    repetitions: int | None = None
    reason: str | None = None
    error: str | None = None

    def json_value(self) -> dict[str, Any]:
        value: dict[str, Any] = {
            "workload": self.workload,
            "backend": self.backend,
            "size": self.size,
            "parameters": dict(self.parameters),
            "status": self.status,
        }
        if self.status == "skipped":
            value["reason"] = self.reason or ""
        elif self.status == "error":
            value["error"] = self.error or ""
        # A string: seeds are 64-bit and a JSON number holds 53 bits exactly.
        value["seed"] = str(self.seed)
        if self.repetitions is not None:
            value["repetitions"] = self.repetitions
        value["phases"] = [phase.json_value() for phase in self.phases]
        return value

    def seconds_per_repetition(self) -> float | None:
        """What the predictor learns from: every sample of every phase over the
        repetitions (CaseCostPredictor.record)."""
        if self.status != "ok" or not self.repetitions:
            return None
        return sum(sum(phase.samples) for phase in self.phases) / self.repetitions / 1e9

    def summary(self) -> str:
        """One line for progress: `ok: build 1.2 ms, firstLayout 80 µs, resize 45 µs`."""
        if self.status == "skipped":
            return f"skipped: {self.reason}"
        if self.status == "error":
            return f"error: {self.error}"
        return "ok: " + ", ".join(
            f"{phase.name} {duration(statistics([float(s) for s in phase.samples])['medianNanoseconds'])}"
            for phase in self.phases)


@dataclass
class ResultsDocument:
    """The whole file: written after every case, so it always holds the finished ones."""

    suite: str
    created_at: str
    environment: dict[str, Any]
    run: dict[str, Any]
    cases: list[CaseResult] = field(default_factory=list)

    def json_value(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "suite": self.suite,
            "createdAt": self.created_at,
            "environment": self.environment,
            "run": self.run,
            "cases": [case.json_value() for case in self.cases],
        }

    def json_text(self) -> str:
        """One case per line, as the Swift writer lays files out, so diffs stay readable."""
        value = self.json_value()
        lines = ["{"]
        members = [(key, member) for key, member in value.items() if key != "cases"]
        for key, member in members:
            lines.append(f"  {json.dumps(key)}: {_compact(member)},")
        if value["cases"]:
            lines.append('  "cases": [')
            lines.append(",\n".join(f"    {_compact(case)}" for case in value["cases"]))
            lines.append("  ]")
        else:
            lines.append('  "cases": []')
        lines.append("}")
        return "\n".join(lines) + "\n"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)


class WriteError(OSError):
    """The results file cannot be written; the message names the path."""


def write_atomically(text: str, path: Path) -> None:
    """Writes `text` to a temporary file beside `path` and renames it over `path`, so a
    reader or an interrupted run never sees half a file (ResultsFile.write)."""
    directory = path.parent if str(path.parent) else Path(".")
    temporary = directory / f".{path.name}.{os.getpid()}.tmp"
    try:
        temporary.write_text(text, encoding="utf-8")
    except OSError as error:
        raise WriteError(f"{path}: cannot write ({error.strerror or error})") from error
    try:
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise WriteError(f"{path}: cannot replace the file ({error.strerror or error})") from error


def check_writable(path: Path) -> None:
    """Before anything runs: the directory exists and is writable and `path` is not a
    directory (ResultsFile.checkWritable). Raises `WriteError` saying what is wrong."""
    if path.is_dir():
        raise WriteError(f"{path}: is a directory")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise WriteError(f"{path}: the directory {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise WriteError(f"{path}: the directory {folder} is not writable")
    if path.exists() and not os.access(path, os.W_OK):
        raise WriteError(f"{path}: the file is not writable")


# ---------------------------------------------------------------------------------------
# Cost prediction (Sources/BenchCore/CaseCostPredictor.swift)


@dataclass(frozen=True)
class Prediction:
    seconds_per_repetition: float
    exponent: float
    basis: str


class CostPredictor:
    """Predicts a case's seconds per repetition from the smaller sizes of the same
    workload and backend measured earlier in the run: `cost ∝ size^k` through the two
    largest (k clamped to 1...3, since noise at small sizes can give any slope), or k = 1
    from one size, which can only underestimate a super-linear case, never skip a linear
    one wrongly."""

    def __init__(self) -> None:
        self._history: dict[tuple[str, str], dict[int, float]] = {}

    def record(self, case: CaseResult) -> None:
        seconds = case.seconds_per_repetition()
        if seconds is not None:
            self._history.setdefault((case.workload, case.backend), {})[case.size] = seconds

    def predict(self, workload: str, backend: str, size: int) -> Prediction | None:
        known = sorted((n, s) for n, s in self._history.get((workload, backend), {}).items() if n < size)
        if not known or known[-1][1] <= 0:
            return None
        last_size, last_seconds = known[-1]
        exponent = 1.0
        basis = f"{duration(last_seconds * 1e9)} per repetition at n={last_size}"
        if len(known) >= 2 and known[-2][1] > 0:
            before_size, before_seconds = known[-2]
            slope = math.log(last_seconds / before_seconds) / math.log(last_size / before_size)
            exponent = min(max(slope, 1.0), 3.0)
            basis += f", growth exponent {exponent:.2f} from n={before_size}"
        return Prediction(last_seconds * (size / last_size) ** exponent, exponent, basis)


def skip_reason(prediction: Prediction, case_limit_seconds: float) -> str:
    """The reason `bench run` writes, e.g. `predicted 17 min per repetition (...)`."""
    return (f"predicted {human_seconds(prediction.seconds_per_repetition)} per repetition ({prediction.basis}), "
            f"over --case-limit {float(case_limit_seconds)!r} s")


def human_seconds(seconds: float) -> str:
    """`3.58 s`, `87.0 s`, `17 min`, `3.2 h`: long predictions in units people read."""
    if seconds < 120:
        return duration(seconds * 1e9)
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


# ---------------------------------------------------------------------------------------
# The machine (Sources/BenchCore/RunEnvironment.swift)


def machine_environment(repository: Path) -> dict[str, Any]:
    """The members `bench run` writes about the machine and checkout. Fields a peer
    cannot know (the Swift toolchain) are left out; `allocator` is null: a Python peer's
    allocations are not counted."""
    return {
        "gitRevision": git_revision(repository),
        "os": operating_system(),
        "cpu": cpu_model(),
        "cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "allocator": None,
        "memoryBytes": os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"),
        "clockResolutionNanoseconds": _number(time.get_clock_info("perf_counter").resolution * 1e9),
        "hostname": socket.gethostname(),
    }


def git_revision(repository: Path) -> str | None:
    """HEAD of the checkout, with `+dirty` when tracked files differ from it: numbers from
    uncommitted code must say so."""
    def git(*arguments: str) -> str | None:
        try:
            completed = subprocess.run(["git", "-C", str(repository), *arguments], capture_output=True, text=True,
                                       timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return completed.stdout.strip() if completed.returncode == 0 else None

    revision = git("rev-parse", "HEAD")
    if not revision:
        return None
    status = git("status", "--porcelain", "--untracked-files=no")
    return revision if status == "" else revision + "+dirty"


def operating_system() -> str:
    """`PRETTY_NAME` of /etc/os-release plus the kernel release."""
    name = "Linux"
    try:
        for line in Path("/etc/os-release").read_text(encoding="utf-8").splitlines():
            if line.startswith("PRETTY_NAME="):
                name = line[len("PRETTY_NAME="):].strip('"')
                break
    except OSError:
        pass
    return f"{name}, kernel {platform.release()}"


def cpu_model() -> str | None:
    """`model name` of /proc/cpuinfo."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name") and ":" in line:
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def timestamp(seconds: float | None = None) -> str:
    """ISO 8601 UTC, seconds precision: `2026-11-21T10:00:00Z`."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def file_timestamp(seconds: float | None = None) -> str:
    """The UTC time in default file names: `2026-11-21T182549Z`."""
    return time.strftime("%Y-%m-%dT%H%M%SZ", time.gmtime(seconds))
