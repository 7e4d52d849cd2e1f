"""The engine side of `layoutbench.engine/1` (docs/engines.md) for engines written in Python
or reached through a Python binding: the protocol loop, the untimed check pass, warm-up and
timed repetitions with `time.perf_counter_ns`, every sample kept.

An engine subclasses `Engine` and calls `run(MyEngine())`:

* `prepare(case)`, untimed: parse `case.document`, make the engine's input objects;
  returns a program. Raise `Skip(reason)` for a case the engine cannot express.
* `build(program)`, timed (`build`): a new solver with everything added; returns a state.
* `first_layout(state)`, timed (`firstLayout`): the first solve, every value read.
* `apply(state, operation)`, timed (one sample of `operation.phase`): the operation's steps,
  one solve, every value read. Raise `Refused` when the engine refuses a step and has
  undone it (formats.md section 1): that state's answer is `null`.
* `answers(state)`, untimed: `{name: value}` for constraints, `{view id: [x, y, w, h]}`
  for scenes and flex trees.
* optionally `counters(state)`, untimed after the check pass: `{phase: {name: number}}`
  (per operation), `calls_per_operation(program)` (`{phase: binding calls per operation}`)
  and `call_overhead_nanoseconds()` (one call's estimated cost; a phase reports it times
  its calls) for engines reached through a binding, and `parameters(program)`: `{name: text}` facts about
  how the engine ran the case, added to the case's parameters.
  A callback that can outlast the case limit alone may call `self.check_limit(where)` now
  and then (`self.checking()` says whether the untimed check pass is under way; the limit
  is checked between callbacks anyway).

The module has no dependency beyond the standard library, so it can be copied next to an
engine as it is.
"""

from __future__ import annotations

import gc
import json
import math
import sys
import time
import traceback
from dataclasses import dataclass
from typing import Any, Callable, Iterable, TextIO

PROTOCOL = "layoutbench.engine/1"


class Skip(Exception):
    """The engine cannot express this case (the message is the reason recorded)."""


class Refused(Exception):
    """The engine refused a step and undid it: the state's answer is null."""


class ProtocolError(Exception):
    """A message the SDK cannot act on (the runner broke the protocol)."""


@dataclass(frozen=True)
class Operation:
    """One measured operation: `steps` (the document's step objects) applied, then one
    solve; `phase` names the sample's phase."""
    phase: str
    steps: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Case:
    """One case as the runner sends it: its identity, the parsed file and its operations."""
    workload: str
    size: int
    seed: int
    input: str
    document: dict[str, Any]
    operations: tuple[Operation, ...]

    @property
    def phases(self) -> list[str]:
        """`build`, `firstLayout`, then each operation's phase as first met."""
        names = ["build", "firstLayout"]
        for operation in self.operations:
            if operation.phase not in names:
                names.append(operation.phase)
        return names


class Engine:
    """Subclass and override the callbacks (see the module's text)."""
    name = "engine"
    version = "0"
    inputs: tuple[str, ...] = ("constraints",)
    language: str | None = "Python"
    binding: str | None = None
    #: "float32" for an engine computing in 32-bit floats: its answers are checked at a
    #: tolerance of their own (docs/engines.md).
    precision: str | None = None

    def prepare(self, case: Case) -> Any:
        return case

    def build(self, program: Any) -> Any:
        raise NotImplementedError

    def first_layout(self, state: Any) -> None:
        raise NotImplementedError

    def apply(self, state: Any, operation: Operation) -> None:
        raise NotImplementedError

    def answers(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def counters(self, state: Any) -> dict[str, dict[str, float]]:
        return {}

    def calls_per_operation(self, program: Any) -> dict[str, float]:
        return {}

    def call_overhead_nanoseconds(self) -> float | None:
        """The estimated cost of one binding call (ns); a phase's `callOverheadNanoseconds`
        is that times its calls per operation."""
        return None

    def parameters(self, program: Any) -> dict[str, str]:
        return {}

    # Set by the SDK during the check pass only: (the time.monotonic() it must end by, the
    # case limit in seconds).
    _limit: tuple[float, float] | None = None

    def checking(self) -> bool:
        """Whether the callback under way is part of the untimed check pass."""
        return self._limit is not None

    def check_limit(self, where: str) -> None:
        """In the check pass, stops the case as over its limit once the limit has passed;
        a no-op in timed repetitions. For a callback that can outlast the limit alone (a
        build of thousands of calls), called now and then from inside it."""
        if self._limit is not None and time.monotonic() > self._limit[0]:
            raise _OverLimit(f"one repetition runs over the case limit of {self._limit[1]:g} s "
                             f"(the check pass was stopped in {where})")


def read_operations(document: dict[str, Any]) -> tuple[Operation, ...]:
    """The document's `operations` extension as operations (every step its own operation
    of phase `step` without it). Raises `ProtocolError` on a malformed member."""
    steps = document.get("steps", [])
    if not isinstance(steps, list):
        raise ProtocolError("'steps' is not an array")
    listed = document.get("operations")
    if listed is None:
        return tuple(Operation("step", (step,)) for step in steps)
    operations = []
    expected = 0
    for index, entry in enumerate(listed):
        try:
            phase, (start, end) = entry["phase"], entry["steps"]
        except (KeyError, TypeError, ValueError):
            raise ProtocolError(f"operations[{index}] is not {{\"phase\", \"steps\": [start, end]}}") from None
        if start != expected or end <= start or end > len(steps):
            raise ProtocolError(f"operations[{index}] covers steps {start}..<{end}, expected to start at {expected}")
        operations.append(Operation(phase, tuple(steps[start:end])))
        expected = end
    if expected != len(steps):
        raise ProtocolError(f"the operations cover {expected} of {len(steps)} steps")
    return tuple(operations)


class _OverLimit(Exception):
    pass


def _flatten(answers: dict[str, Any], names: list[str] | None, case: Case) -> tuple[list[str], list[float]]:
    """A state's answers as one array in `names` order (the first state's order when None)."""
    if names is None:
        names = list(answers)
    if set(answers) != set(names):
        raise ValueError("answers name other variables or views in different states")
    values: list[float] = []
    for name in names:
        value = answers[name]
        numbers = [float(v) for v in value] if case.input in ("scene", "flex") else [float(value)]
        if not all(math.isfinite(number) for number in numbers):
            raise ValueError(f"the answer for '{name}' is {value}, not finite")
        values.extend(numbers)
    return names, values


def _check_pass(engine: Engine, program: Any, case: Case, deadline: float, limit: float) -> tuple[Any, dict[str, Any]]:
    """The trace once, untimed: the answers after the first layout and each operation."""
    engine._limit = (deadline, limit)
    try:
        return _checked_trace(engine, program, case)
    finally:
        engine._limit = None


def _checked_trace(engine: Engine, program: Any, case: Case) -> tuple[Any, dict[str, Any]]:
    over = engine.check_limit
    state = engine.build(program)
    over("build")
    engine.first_layout(state)
    names, first = _flatten(engine.answers(state), None, case)
    states: list[list[float] | None] = [first]
    for number, operation in enumerate(case.operations):
        over(f"operation {number} ({operation.phase})")
        try:
            engine.apply(state, operation)
        except Refused:
            states.append(None)
            continue
        states.append(_flatten(engine.answers(state), names, case)[1])
    return state, {"names": names, "states": states}


def _repetition(engine: Engine, program: Any, case: Case, samples: dict[str, list[int]]) -> None:
    clock = time.perf_counter_ns
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = clock()
        state = engine.build(program)
        built = clock()
        engine.first_layout(state)
        laid_out = clock()
        samples["build"].append(built - start)
        samples["firstLayout"].append(laid_out - built)
        for operation in case.operations:
            start = clock()
            try:
                engine.apply(state, operation)
            except Refused:
                pass
            samples[operation.phase].append(clock() - start)
    finally:
        if enabled:
            gc.enable()


def measure(engine: Engine, case: Case, repetitions: int, warmup: int, budget: float, limit: float,
            progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """One case: the reply message (`result`, `skipped` or `failed`)."""
    started = time.monotonic()
    try:
        program = engine.prepare(case)
        progress("check pass")
        state, answers = _check_pass(engine, program, case, started + limit, limit)
        counters = engine.counters(state)
    except (Skip, _OverLimit) as reason:
        return {"message": "skipped", "reason": str(reason)}
    except Exception as error:  # the engine's own failure, reported with where it happened
        return {"message": "failed", "error": f"{type(error).__name__}: {error}".strip(": "),
                "traceback": traceback.format_exc(limit=4)}
    phases = case.phases
    for number in range(warmup):
        if number > 0 and time.monotonic() - started > budget / 2:
            break
        progress(f"warm-up {number + 1}/{warmup}")
        _repetition(engine, program, case, {phase: [] for phase in phases})
    samples: dict[str, list[int]] = {phase: [] for phase in phases}
    done = 0
    timed_start = time.monotonic()
    while done < repetitions and (done == 0 or time.monotonic() - timed_start < budget):
        progress(f"rep {done + 1}/{repetitions}")
        try:
            _repetition(engine, program, case, samples)
        except Exception as error:
            return {"message": "failed", "error": f"repetition {done + 1}: {type(error).__name__}: {error}"}
        done += 1
    per_operation = {phase: sum(1 for operation in case.operations if operation.phase == phase) for phase in phases}
    per_operation["build"] = per_operation["firstLayout"] = 1
    calls = engine.calls_per_operation(program)
    overhead = engine.call_overhead_nanoseconds()
    reply_phases = []
    for phase in phases:
        entry: dict[str, Any] = {"name": phase, "operations": per_operation[phase], "samplesNanoseconds": samples[phase]}
        if counters.get(phase):
            entry["counters"] = counters[phase]
        if phase in calls:
            entry["calls"] = calls[phase]
            if overhead is not None:
                entry["callOverheadNanoseconds"] = calls[phase] * overhead
        reply_phases.append(entry)
    reply = {"message": "result", "repetitions": done, "phases": reply_phases, "answers": answers}
    parameters = engine.parameters(program)
    if parameters:
        reply["parameters"] = {str(key): str(value) for key, value in parameters.items()}
    return reply


def _send(output: TextIO, message: dict[str, Any]) -> None:
    output.write(json.dumps(message, allow_nan=False, separators=(",", ":")) + "\n")
    output.flush()


def _case(message: dict[str, Any]) -> tuple[Case, int, int, float, float]:
    try:
        with open(message["file"], encoding="utf-8") as file:
            document = json.load(file, parse_constant=lambda text: (_ for _ in ()).throw(ValueError(text)))
        case = Case(message["workload"], int(message["size"]), int(message["seed"]), message["input"],
                    document, read_operations(document))
        settings = (int(message["repetitions"]), int(message["warmup"]), float(message["timeBudgetSeconds"]),
                    float(message["caseLimitSeconds"]))
    except (KeyError, TypeError, ValueError, OSError) as error:
        raise ProtocolError(f"bad case message: {type(error).__name__}: {error}") from None
    if settings[0] < 1 or settings[1] < 0 or not all(math.isfinite(v) and v > 0 for v in settings[2:]):
        raise ProtocolError("bad case message: repetitions >= 1, warmup >= 0 and positive seconds expected")
    return (case, *settings)


def run(engine: Engine, input: Iterable[str] | None = None, output: TextIO | None = None) -> int:
    """Serves the runner until `bye` or the end of input; returns the exit status (0, or 2
    after a message the SDK cannot act on, reported on standard error)."""
    lines = sys.stdin if input is None else input
    out = sys.stdout if output is None else output
    for line in lines:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
            kind = message.get("message") if isinstance(message, dict) else None
            if kind == "hello":
                if message.get("protocol") != PROTOCOL:
                    raise ProtocolError(f"protocol {message.get('protocol')!r}, this SDK speaks {PROTOCOL}")
                hello = {"message": "hello", "protocol": PROTOCOL, "engine": engine.name, "version": engine.version,
                         "inputs": list(engine.inputs)}
                if engine.language:
                    hello["language"] = engine.language
                if engine.binding:
                    hello["binding"] = engine.binding
                if engine.precision:
                    hello["precision"] = engine.precision
                _send(out, hello)
            elif kind == "case":
                case, repetitions, warmup, budget, limit = _case(message)
                if case.input not in engine.inputs:
                    _send(out, {"message": "skipped", "reason": f"{engine.name} does not read {case.input} input"})
                    continue
                reply = measure(engine, case, repetitions, warmup, budget, limit,
                                lambda text: _send(out, {"message": "progress", "text": text}))
                trace = reply.pop("traceback", None)
                if trace:
                    sys.stderr.write(trace)
                _send(out, reply)
            elif kind == "bye":
                return 0
            else:
                raise ProtocolError(f"unknown message {kind!r}")
        except (ProtocolError, json.JSONDecodeError) as error:
            sys.stderr.write(f"error: {error}\n")
            return 2
    return 0
