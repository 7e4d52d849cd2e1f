#!/usr/bin/env python3
"""kiwisolver as a peer of the Swift backends: the workloads of a suite, exported by
`bench export --format constraints`, run through kiwisolver (PyPI) with the phases of
`bench run`, into a `layoutbench.results/1` file whose cases have the backend `kiwisolver`.

Usage:
    kiwisolver_peer.py --suite NAME [--workloads a,b] [--sizes 10,100] [--repetitions 5]
        [--warmup 1] [--time-budget 20] [--case-limit 60] [--seed 1]
        [--set-constant edit|edit-all|readd] [--bench PATH] [--out FILE]

The workloads and their default sizes come from `bench list`; each case (workload × size)
is exported once and measured in a child process (kiwi_case.py, which says how the format
maps onto kiwi and what each phase times). A case predicted from the smaller sizes of the
same workload to take more than `--case-limit` seconds per repetition is skipped with the
prediction as the reason, as `bench run` does; so is one whose untimed check pass runs over
the limit. The results file is rewritten atomically after every case.

Exit status: 0 every case ran or was skipped; 1 some case ended in an error (recorded in
the file); 2 the output cannot be written; 3 the bench executable is missing, fails or
prints what cannot be read; 4 kiwisolver cannot be imported; 64 bad command line (unknown
suite or workload: the valid names are listed; a size that is not an integer in
1...1,000,000; a bad number); 130 interrupted (the file holds the finished cases).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
sys.path.append(str(HERE.parent / "oracles"))

from bench_runner import BenchError, ListedWorkload, bench_list, parse_suites  # noqa: E402
from peer_results import (  # noqa: E402
    CaseResult, CostPredictor, PhaseResult, ResultsDocument, WriteError, check_writable, duration,
    file_timestamp, machine_environment, skip_reason, statistics, timestamp, write_atomically,
)

BACKEND = "kiwisolver"
# The default output folder, relative to the working directory as bench run's is: git
# ignores it, so a trial run never replaces a committed results file.
SCRATCH = Path("Results/scratch")
EXIT_OK, EXIT_CASE_ERROR, EXIT_OUTPUT, EXIT_BENCH, EXIT_KIWI, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 64, 130
# Workload.largestSize (docs/workloads.md); `bench export` stays the authority on a size.
LARGEST_SIZE = 1_000_000
EXPORT_TIMEOUT_SECONDS = 600


class UsageError(Exception):
    """A bad command line (exit 64)."""


class SetupError(Exception):
    """Something the run needs is missing; `status` is the exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would exit 2, which here means "output"
        raise UsageError(message)


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = _Parser(prog="kiwisolver_peer.py",
                     description="Run the exported workloads of a suite through kiwisolver and write "
                                 "layoutbench.results/1 (backend 'kiwisolver').")
    parser.add_argument("--suite", required=True, help="the suite (see 'bench list')")
    parser.add_argument("--workloads", help="comma-separated workloads of the suite (default: all)")
    parser.add_argument("--sizes", help="comma-separated sizes for sized workloads (default: those bench list gives)")
    parser.add_argument("--repetitions", type=_positive_int, default=5, help="timed repetitions per case (5)")
    parser.add_argument("--warmup", type=_non_negative_int, default=1, help="discarded repetitions first (1)")
    parser.add_argument("--time-budget", type=_positive_seconds, default=20.0, metavar="SECONDS",
                        help="stop taking repetitions of a case after this many seconds (20)")
    parser.add_argument("--case-limit", type=_positive_seconds, default=60.0, metavar="SECONDS",
                        help="skip a case predicted to take longer per repetition (60)")
    parser.add_argument("--seed", type=_seed, default=1, help="the workloads' seed (1)")
    parser.add_argument("--set-constant", choices=("edit", "edit-all", "readd"), default="edit",
                        help="edit: optional single-variable equalities become edit variables, the rest is removed "
                             "and re-added (default); edit-all: required ones too, as strong edit variables (kiwi's "
                             "window-size idiom, not the same system); readd: every change removes and re-adds")
    parser.add_argument("--bench", type=Path, default=REPOSITORY / ".build/release/bench",
                        help="the bench executable (default: .build/release/bench of this checkout)")
    parser.add_argument("--out", type=Path, help="the results file (default: Results/scratch/kiwisolver-<suite>-<UTC time>.json, "
                                                             "a folder git ignores)")
    return parser.parse_args(argv)


def _positive_int(text: str) -> int:
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, found '{text}'")
    return value


def _non_negative_int(text: str) -> int:
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, found '{text}'")
    return value


def _integer(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, found '{text}'") from None


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, found '{text}'")
    return value


def _seed(text: str) -> int:
    value = _integer(text)
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"expected an unsigned 64-bit integer, found '{text}'")
    return value


def parse_sizes(text: str) -> list[int]:
    """`--sizes 10,100`: positive integers up to the largest size a workload takes,
    ascending, each once."""
    sizes = []
    for item in text.split(","):
        item = item.strip()
        if not item.isdigit() or not 1 <= int(item) <= LARGEST_SIZE:
            raise UsageError(f"--sizes: '{item}' is not a size (an integer from 1 to {LARGEST_SIZE:,})")
        sizes.append(int(item))
    return sorted(set(sizes))


@dataclass(frozen=True)
class PlannedCase:
    workload: str
    size: int


def plan(suites: dict[str, list[ListedWorkload]], suite: str, workloads: str | None,
         sizes: list[int] | None) -> tuple[list[ListedWorkload], list[PlannedCase]]:
    """The chosen workloads and the cases in `bench run`'s order: workload by workload,
    size ascending. A transcribed scene (one size) ignores `--sizes`.
    Raises `UsageError` listing what is valid."""
    if suite not in suites:
        raise UsageError(f"unknown suite '{suite}' (suites: {', '.join(suites)})")
    listed = suites[suite]
    chosen = listed
    if workloads is not None:
        names = [name.strip() for name in workloads.split(",") if name.strip()]
        if not names:
            raise UsageError("--workloads names no workload")
        every = {workload.name for entries in suites.values() for workload in entries}
        for name in names:
            if name not in {workload.name for workload in listed}:
                elsewhere = f" (it is not in suite '{suite}')" if name in every else ""
                raise UsageError(f"unknown workload '{name}'{elsewhere}; suite '{suite}' has: "
                                 + ", ".join(workload.name for workload in listed))
        chosen = [workload for workload in listed if workload.name in names]
    cases = [PlannedCase(workload.name, size)
             for workload in chosen
             for size in (workload.sizes if workload.one_size or sizes is None else sizes)]
    return chosen, cases


# ---------------------------------------------------------------------------------------
# Python's cost of calling into kiwisolver


def per_call_nanoseconds(calls: int = 200_000, trials: int = 9) -> float:
    """What one trivial call into kiwisolver costs from Python here: a loop calling
    `Variable.value()` minus the same loop empty, the fastest of `trials` each
    (interleaved, garbage collector off). Noise only ever adds time, so the minimum is
    the estimate; it is what the interpreter adds to each of a phase's calls."""
    import kiwisolver

    variables = [kiwisolver.Variable(f"v{index}") for index in range(1000)]
    sequence = variables * max(1, calls // len(variables))
    clock = time.perf_counter_ns

    def reading() -> int:
        start = clock()
        for variable in sequence:
            variable.value()
        return clock() - start

    def empty() -> int:
        start = clock()
        for variable in sequence:
            pass
        return clock() - start

    readings, empties = [], []
    gc.disable()
    try:
        for _ in range(trials):
            readings.append(reading())
            empties.append(empty())
    finally:
        gc.enable()
    return max(0.0, (min(readings) - min(empties)) / len(sequence))


# ---------------------------------------------------------------------------------------
# Running cases


class Interruption:
    """Ctrl-C once: finish the case under way (its child stops after the repetition it is
    in), then stop. Twice: stop at once; the file still holds every finished case."""

    def __init__(self) -> None:
        self.requested = False
        self.child: subprocess.Popen[str] | None = None

    def install(self) -> None:
        signal.signal(signal.SIGINT, self._handle)

    def _handle(self, *_: Any) -> None:
        if self.requested:
            if self.child is not None and self.child.poll() is None:
                self.child.kill()
            raise KeyboardInterrupt
        self.requested = True


class Progress:
    """Finished cases as lines on standard error; on a terminal also one live line."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.terminal = sys.stderr.isatty()
        self.prefix = ""
        self.started = time.monotonic()

    def case_started(self, index: int, description: str) -> None:
        width = len(str(self.total))
        self.prefix = f"[{index + 1:>{width}}/{self.total}] {description}"
        self.started = time.monotonic()
        self.update("exporting")

    def update(self, status: str) -> None:
        if self.terminal:
            sys.stderr.write(f"\r\x1b[2K{self.prefix}: {status} ({time.monotonic() - self.started:.0f} s)")
            sys.stderr.flush()

    def line(self, text: str) -> None:
        if self.terminal:
            sys.stderr.write("\r\x1b[2K")
        sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def case_finished(self, summary: str) -> None:
        self.line(f"{self.prefix}: {summary}")


def export_case(bench: Path, workload: str, size: int, seed: int, directory: Path) -> Path:
    """`bench export --format constraints` of one case. Raises `BenchError` with bench's
    message when it fails."""
    out = directory / f"{workload}-{size}.json"
    command = [str(bench), "export", "--workload", workload, "--size", str(size), "--seed", str(seed),
               "--format", "constraints", "--out", str(out)]
    try:
        completed = subprocess.run(command, capture_output=True, text=True, timeout=EXPORT_TIMEOUT_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BenchError(f"cannot run {shlex.join(command)}: {error}") from error
    if completed.returncode != 0:
        raise BenchError(f"bench export exited with {completed.returncode}: {completed.stderr.strip()}")
    return out


def run_child(spec: dict[str, Any], watchdog_seconds: float, progress: Progress, interruption: Interruption,
              script: Path = HERE / "kiwi_case.py") -> dict[str, Any]:
    """Measures one case in a child process (kiwi_case.py) and returns its outcome. The
    child's `progress:` lines go to the live line; anything else it prints is kept for
    the error when it dies (kiwisolver lets some C++ exceptions abort the process)."""
    spec_path = Path(spec["result"]).with_suffix(".spec.json")
    spec_path.write_text(json.dumps(spec), encoding="utf-8")
    Path(spec["result"]).unlink(missing_ok=True)
    child = subprocess.Popen([sys.executable, str(script), str(spec_path)],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    interruption.child = child
    messages: list[str] = []

    def read() -> None:
        assert child.stderr is not None
        for line in child.stderr:
            line = line.rstrip("\n")
            if line.startswith("progress: "):
                progress.update(line[len("progress: "):])
            elif line:
                messages.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        status = child.wait(timeout=watchdog_seconds)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        reader.join(timeout=5)
        return {"status": "error", "error": f"stopped after {watchdog_seconds:.0f} s, the most a case may take "
                                            "(--time-budget + 4 × --case-limit + 120 s)"}
    finally:
        interruption.child = None
    reader.join(timeout=5)
    try:
        outcome = json.loads(Path(spec["result"]).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        tail = " | ".join(messages[-6:]) or "no message"
        how = f"signal {-status}" if status < 0 else f"exit status {status}"
        return {"status": "error", "error": f"the kiwisolver process ended with {how} and no result: {tail}"}
    for message in messages:
        progress.line(f"  kiwi_case.py: {message}")
    return outcome


def case_result(planned: PlannedCase, seed: int, outcome: dict[str, Any], call_nanoseconds: float) -> CaseResult:
    """The recorded case: an ok outcome's phases get the `calls` counter (mean kiwisolver
    calls per operation) and `callOverheadNanoseconds` (calls × the per-call cost)."""
    result = CaseResult(planned.workload, BACKEND, planned.size, seed, outcome.get("status", "error"),
                        dict(outcome.get("parameters", {})))
    if result.status == "ok":
        result.repetitions = outcome["repetitions"]
        for phase in outcome["phases"]:
            counters = {"calls": phase["calls"], "callOverheadNanoseconds": round(phase["calls"] * call_nanoseconds, 1)}
            result.phases.append(PhaseResult(phase["name"], phase["samples"], phase["operations"], counters))
    elif result.status == "skipped":
        result.reason = outcome.get("reason", "")
        result.parameters = {}
    else:
        result.status = "error"
        result.error = outcome.get("error", "no message")
    return result


def summary_table(document: ResultsDocument) -> str:
    """One row per case: the median per operation of build and first layout, then each
    other phase's median with its calls and their estimated interpreter cost."""
    rows = []
    for case in document.cases:
        head = [case.workload, str(case.size)]
        if case.status != "ok":
            text = f"{case.status}: {case.reason if case.status == 'skipped' else case.error}"
            rows.append(head + ["-", "-", text if len(text) <= 90 else text[:87] + "..."])
            continue
        medians = {phase.name: duration(statistics([float(sample) for sample in phase.samples])["medianNanoseconds"])
                   for phase in case.phases}
        changes = "; ".join(
            f"{phase.name} {medians[phase.name]} ({phase.counters['calls']:.0f} calls, "
            f"~{duration(phase.counters['callOverheadNanoseconds'])} in Python)"
            for phase in case.phases[2:])
        rows.append(head + [medians.get("build", "-"), medians.get("firstLayout", "-"), changes])
    header = ["workload", "n", "build", "first layout", "per change: median (calls, their call overhead)"]
    widths = [max(len(row[column]) for row in rows + [header]) for column in range(4)]
    lines = []
    for row in [header, ["-" * width for width in widths] + ["-" * len(header[4])]] + rows:
        cells = [row[0].ljust(widths[0]), row[1].rjust(widths[1]), row[2].rjust(widths[2]), row[3].rjust(widths[3]),
                 row[4]]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    try:
        return run(argv)
    except UsageError as error:
        print(f"error: {error}\nUsage: kiwisolver_peer.py --suite NAME [options]; see --help", file=sys.stderr)
        return EXIT_USAGE
    except SetupError as error:
        print(f"error: {error}", file=sys.stderr)
        return error.status
    except WriteError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_OUTPUT


def run(argv: list[str], on_document: Callable[[ResultsDocument], None] = lambda _: None) -> int:
    arguments = parse_arguments(argv)
    sizes = parse_sizes(arguments.sizes) if arguments.sizes is not None else None
    try:
        import kiwisolver
    except ImportError as error:
        raise SetupError(f"kiwisolver cannot be imported ({error}); install Benchmarks/peers/requirements.txt "
                         "(make peers does)", EXIT_KIWI) from error
    bench: Path = arguments.bench
    if not bench.is_file() or not os.access(bench, os.X_OK):
        raise SetupError(f"{bench}: no bench executable there (build it with `swift build -c release --product "
                         "bench`, or pass --bench PATH)", EXIT_BENCH)
    try:
        suites = parse_suites(bench_list(bench))
    except BenchError as error:
        raise SetupError(str(error), EXIT_BENCH) from error
    if not suites:
        raise SetupError(f"{bench} list shows no suites", EXIT_BENCH)
    workloads, cases = plan(suites, arguments.suite, arguments.workloads, sizes)

    started = time.time()
    out: Path = arguments.out or SCRATCH / f"kiwisolver-{arguments.suite}-{file_timestamp(started)}.json"
    if arguments.out is None:
        out.parent.mkdir(parents=True, exist_ok=True)
    check_writable(out)

    call_nanoseconds = per_call_nanoseconds()
    environment = machine_environment(REPOSITORY)
    python = ".".join(str(part) for part in sys.version_info[:3])
    environment.update({
        "configuration": f"kiwisolver {kiwisolver.__version__} (Python {python})",
        "pythonVersion": python,
        "kiwisolverVersion": kiwisolver.__version__,
        "callNanoseconds": round(call_nanoseconds, 2),
    })
    document = ResultsDocument(
        suite=arguments.suite, created_at=timestamp(started), environment=environment,
        run={"command": shlex.join(["Benchmarks/peers/kiwisolver_peer.py", *argv]),
             "repetitions": arguments.repetitions, "warmup": arguments.warmup,
             "timeBudgetSeconds": arguments.time_budget, "seed": str(arguments.seed), "interrupted": False,
             "workloads": [workload.name for workload in workloads], "backends": [BACKEND]})
    write_atomically(document.json_text(), out)

    interruption = Interruption()
    interruption.install()
    progress = Progress(len(cases))
    progress.line(f"kiwisolver {kiwisolver.__version__}, Python {python}: {len(cases)} cases of suite "
                  f"'{arguments.suite}', one call into kiwisolver costs {call_nanoseconds:.1f} ns here; writing {out}")
    predictor = CostPredictor()
    watchdog = arguments.time_budget + 4 * arguments.case_limit + 120
    try:
        with tempfile.TemporaryDirectory(prefix="kiwisolver-peer-") as scratch:
            for index, planned in enumerate(cases):
                if interruption.requested:
                    break
                progress.case_started(index, f"{planned.workload} n={planned.size} {BACKEND}")
                prediction = predictor.predict(planned.workload, BACKEND, planned.size)
                if prediction is not None and prediction.seconds_per_repetition > arguments.case_limit:
                    outcome = {"status": "skipped", "reason": skip_reason(prediction, arguments.case_limit)}
                else:
                    try:
                        system = export_case(bench, planned.workload, planned.size, arguments.seed, Path(scratch))
                    except BenchError as error:
                        outcome = {"status": "error", "error": str(error)}
                    else:
                        spec = {"system": str(system), "result": str(Path(scratch) / "result.json"),
                                "repetitions": arguments.repetitions, "warmup": arguments.warmup,
                                "timeBudgetSeconds": arguments.time_budget, "caseLimitSeconds": arguments.case_limit,
                                "setConstant": arguments.set_constant}
                        outcome = run_child(spec, watchdog, progress, interruption)
                        system.unlink(missing_ok=True)
                result = case_result(planned, arguments.seed, outcome, call_nanoseconds)
                document.cases.append(result)
                predictor.record(result)
                progress.case_finished(result.summary())
                write_atomically(document.json_text(), out)
                on_document(document)
    except KeyboardInterrupt:
        interruption.requested = True
    if interruption.requested:
        document.run["interrupted"] = True
        write_atomically(document.json_text(), out)
    print(summary_table(document))
    elapsed = time.time() - started
    progress.line(f"{len(document.cases)} cases in {elapsed / 60:.1f} min")
    progress.line(f"wrote {out}")
    if interruption.requested:
        return EXIT_INTERRUPTED
    return EXIT_CASE_ERROR if any(case.status == "error" for case in document.cases) else EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
