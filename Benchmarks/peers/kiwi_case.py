"""One case of kiwisolver as a peer: a `layoutbench.constraints/1` file exported by
`bench export --format constraints`, turned into kiwisolver calls and measured with the
phases of `bench run` (docs/running.md "What one case measures").

Preparation, outside every clock: the file is read (Benchmarks/oracles/systems.py), its
`operations` are checked, and every kiwi object is made once — variables, each constraint
with the constant and strength it has where it is added — together with the list of solver
calls for the build and for each operation. A repetition then only calls the solver:

* `build`: a new `Solver` and every call that sets up the initial system;
* `firstLayout`: `updateVariables()` and every variable's `value()` read into a list;
* each operation (one sample of its phase): its calls, then `updateVariables()` and every
  variable's `value()` read into a list.

Making the kiwi objects is left out of the clock because it is the input, as the scene is
for the Swift runner; in C++ it is nearly free, and in Python it would mostly measure the
interpreter. What the interpreter still adds to the solver calls is estimated apart
(`calls` and `callOverheadNanoseconds`, kiwisolver_peer.py).

How the format maps onto kiwi (Benchmarks/README.md, "kiwisolver as a peer"):

* **Priorities.** kiwi has weighted strengths, not strict levels (formats.md section 1).
  The distinct optional priorities of the file (constraints, adds, `setPriority` targets,
  edits) are ranked and spread geometrically over kiwi's usual range, from `weak` (1) for
  the lowest to a tenth of `strong` (1e5) for the highest; a file with one optional
  priority uses `medium`. Required (1000) stays `required`. Spreading the levels present,
  rather than a fixed formula of the priority, keeps every pair of adjacent levels as far
  apart as the range allows (a factor 2.6 for the 13 levels of a stack). A linear map
  (`create(0, p, 0)`) makes 250 and 251 differ by 0.4 %, and then a few units of error at
  priority 0.5 outweigh one at 251: it gives other frames than Cassowary on stack.fill at
  100 views and on enaml; a map exponential in the priority (1 to 1e6) crowds the low
  priorities together and differs on stack.nested and churn.dynamicType. The ranking
  gives Cassowary's frames on every workload kind the tests compare. `strong` itself is
  left to the required edit variables of `edit-all`.
* **setConstant.** kiwi cannot change a constant in place. What kiwi's maintainers
  recommend for values the application drives (nucleic/kiwi issues #41, #154) is an edit
  variable: a single-variable equality `a·x + c == 0` at an optional priority whose
  constant the trace changes (and that the trace never removes, adds or re-prioritises)
  becomes an edit variable on `x` at the same strength, moved with `suggestValue(x, -c/a)`:
  the same system, solved by kiwi's dual simplex. Every other constant change removes the
  constraint and adds the prebuilt one with the new constant (a step's entries all
  removed, then all added, as formats.md judges a step on its result). That includes the
  required root size every resize changes: kiwi refuses required edit variables, and a
  weighted edit is not a required constraint (below). Mode `edit` (the default) does
  this; `readd` removes and re-adds every changed constraint (kiwi's generic path);
  `edit-all` also turns required single-variable equalities into edit variables at
  `strong`, as kiwi's own enaml benchmark does with the window size. That is kiwi's
  idiom but not the same system: where enough optional errors move with the root size
  (58 compressing rows of `stack.nested` at 1,000 views, each at a level of 1e5) their
  weights outweigh the edit, the root size gives way, and the check pass fails the case.
  A stronger edit is no cure: at 1e9 over levels down to 1, kiwi's rounding finds "the
  objective is unbounded" on a two-view row. Edit variables are added after the
  constraints, with their initial suggestion, in `build`, as in kiwi's benchmark.
* **setPriority** removes the constraint and adds it with the new strength; **suggest**
  is `suggestValue`; the file's **edits** are added first, held at 0 until suggested, as
  formats.md says.

Run as a program, this module measures one case for kiwisolver_peer.py in a child process
(a C++ exception kiwisolver does not translate aborts only that process):
`kiwi_case.py SPEC.json` reads the settings, writes the outcome to the spec's `result`
path, and reports progress on standard error as `progress: ...` lines.
"""

from __future__ import annotations

import gc
import json
import math
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

# Appended, not prepended: the oracles folder has its own `tests` package.
sys.path.append(str(Path(__file__).resolve().parents[1] / "oracles"))

import kiwisolver  # noqa: E402

from measures import required_residuals  # noqa: E402
from systems import (  # noqa: E402
    REQUIRED, Row, State, System, SystemFormatError, apply_step, initial_edit_state,
    parse_system_text_with_extensions, static_problems, with_constraint,
)

BUILD, FIRST_LAYOUT = "build", "firstLayout"
# Everything stays within kiwi's usual weak...strong scale, leaving `strong` to the required
# edits of `edit-all`: with an edit at 1e9 over levels down to 1, kiwi 1.5.1's rounding finds
# "the objective is unbounded" on the two-view row of tests/test_kiwi_case.py, an
# InternalSolverError its Python binding lets abort the process.
WEAKEST, STRONGEST = kiwisolver.strength.weak, kiwisolver.strength.strong / 10
SINGLE_LEVEL = kiwisolver.strength.medium
REQUIRED_EDIT_STRENGTH = kiwisolver.strength.strong
SET_CONSTANT_MODES = ("edit", "edit-all", "readd")


class CaseInputError(ValueError):
    """The file cannot be measured; the message names the file and the JSON path."""


# ---------------------------------------------------------------------------------------
# Operations


@dataclass(frozen=True)
class Operation:
    """One measured operation: the steps `start..<end`, one sample of `phase`."""

    phase: str
    start: int
    end: int


def read_operations(extensions: dict[str, Any], step_count: int, path: Path) -> list[Operation]:
    """The `operations` member (docs/interchange.md): consecutive, non-empty operations
    that cover every step exactly. Without it every step is its own operation, named after
    its kind."""
    if "operations" not in extensions:
        return []
    value = extensions["operations"]
    if not isinstance(value, list):
        raise CaseInputError(f"{path}: operations: expected an array")
    operations = []
    expected_start = 0
    for index, entry in enumerate(value):
        where = f"{path}: operations[{index}]"
        if not isinstance(entry, dict):
            raise CaseInputError(f"{where}: expected an object")
        phase = entry.get("phase")
        if not isinstance(phase, str) or not phase:
            raise CaseInputError(f"{where}.phase: expected a non-empty string")
        if phase in (BUILD, FIRST_LAYOUT):
            raise CaseInputError(f"{where}.phase: '{phase}' is the name of a phase every case has")
        bounds = entry.get("steps")
        if (not isinstance(bounds, list) or len(bounds) != 2
                or not all(isinstance(b, int) and not isinstance(b, bool) for b in bounds)):
            raise CaseInputError(f"{where}.steps: expected [start, end], two integers")
        start, end = bounds
        if start != expected_start:
            raise CaseInputError(f"{where}.steps: starts at step {start}, expected {expected_start} "
                                 "(operations are consecutive and cover every step)")
        if end <= start:
            raise CaseInputError(f"{where}.steps: [{start}, {end}] is empty (the end is excluded)")
        if end > step_count:
            raise CaseInputError(f"{where}.steps: ends at {end}, past the {step_count} steps")
        operations.append(Operation(phase, start, end))
        expected_start = end
    if expected_start != step_count:
        raise CaseInputError(f"{path}: operations: cover steps 0..<{expected_start} of {step_count}")
    return operations


def default_operations(system: System) -> list[Operation]:
    return [Operation(step.kind, index, index + 1) for index, step in enumerate(system.steps)]


# ---------------------------------------------------------------------------------------
# Priorities and constant changes


class Strengths:
    """Optional priorities ranked and spread geometrically from kiwi's `weak` to a tenth of
    its `strong` (module docstring); required stays required."""

    def __init__(self, priorities: Sequence[float]) -> None:
        self.levels = sorted({p for p in priorities if p < REQUIRED})
        if len(self.levels) == 1:
            self._table = {self.levels[0]: SINGLE_LEVEL}
        else:
            span = math.log10(STRONGEST / WEAKEST)
            self._table = {p: WEAKEST * 10 ** (span * rank / (len(self.levels) - 1))
                           for rank, p in enumerate(self.levels)}

    def of(self, priority: float) -> float:
        if priority >= REQUIRED:
            return kiwisolver.strength.required
        return self._table[priority]

    def describe(self) -> str:
        if not self.levels:
            return "no optional priority"
        return f"{len(self.levels)} optional priorities ranked from weak (1) to 1e5" \
            if len(self.levels) > 1 else "one optional priority, medium"


def system_priorities(system: System) -> list[float]:
    """Every priority a constraint or edit of the file can have."""
    priorities = [row.priority for row in system.constraints] + [edit.priority for edit in system.edits]
    for step in system.steps:
        if step.kind == "add":
            priorities.extend(row.priority for row in step.entries)
        elif step.kind == "setPriority":
            priorities.extend(priority for _, priority in step.entries)
    return priorities


@dataclass(frozen=True)
class EditMapping:
    """A constraint `coefficient·variable + c == 0` driven as an edit variable."""

    variable: str
    coefficient: float

    def value_for(self, constant: float) -> float:
        return -constant / self.coefficient


def plan_edit_variables(system: System, mode: str) -> dict[str, EditMapping]:
    """Which constraints' constant changes become `suggestValue` (module docstring): the
    initial single-variable equalities whose constant a step changes and that no step
    removes, adds or re-prioritises, one per variable, on variables that are not edit
    variables of the file already; optional ones only in `edit` mode, required ones too in
    `edit-all`, none in `readd`. Everything else is removed and re-added."""
    if mode not in SET_CONSTANT_MODES:
        raise ValueError(f"unknown setConstant mode {mode!r}")
    if mode == "readd":
        return {}
    changed: set[str] = set()
    untouchable: set[str] = set()
    for step in system.steps:
        if step.kind == "setConstant":
            changed.update(name for name, _ in step.entries)
        elif step.kind == "remove":
            untouchable.update(step.entries)
        elif step.kind == "add":
            untouchable.update(row.label for row in step.entries)
        elif step.kind == "setPriority":
            untouchable.update(name for name, _ in step.entries)
    taken = {edit.variable for edit in system.edits}
    mappings: dict[str, EditMapping] = {}
    for row in system.constraints:
        if row.label not in changed or row.label in untouchable or row.label in mappings:
            continue
        if row.relation != "==" or len(row.terms) != 1 or (row.required and mode != "edit-all"):
            continue
        variable, coefficient = row.terms[0]
        if coefficient == 0 or variable in taken:
            continue
        taken.add(variable)
        mappings[row.label] = EditMapping(variable, coefficient)
    return mappings


# ---------------------------------------------------------------------------------------
# The program: every solver call, prepared once


Action = tuple[Callable[..., Any], tuple[Any, ...]]


@dataclass
class CompiledOperation:
    phase: int
    actions: list[Action]
    origins: list[str]
    steps: range


@dataclass
class Program:
    """A case ready to run: kiwi objects and the solver calls of each phase, with where
    in the file each call comes from (for error messages) and the state after each
    operation (for the check pass)."""

    path: Path
    names: list[str]
    variables: list[kiwisolver.Variable]
    build: list[Action]
    build_origins: list[str]
    phases: list[str]
    operations: list[CompiledOperation]
    states: list[State]
    edits: dict[str, EditMapping]
    strengths: Strengths
    readded: set[str] = field(default_factory=set)

    def calls(self) -> list[float]:
        """kiwisolver calls per operation, mean per phase (the `calls` counter): `Solver()`
        and the set-up in build; `updateVariables()` and one `value()` per variable in the
        layout of every other operation."""
        reads = 1 + len(self.variables)
        totals = [1.0 + len(self.build), float(reads)] + [0.0] * (len(self.phases) - 2)
        counts = [1, 1] + [0] * (len(self.phases) - 2)
        for operation in self.operations:
            totals[operation.phase] += len(operation.actions) + reads
            counts[operation.phase] += 1
        return [total / max(count, 1) for total, count in zip(totals, counts)]

    def parameters(self, mode: str) -> dict[str, str]:
        return {
            "kiwi.setConstant": mode,
            "kiwi.editVariables": str(len(self.edits)),
            "kiwi.readdedConstants": str(len(self.readded)),
            "kiwi.priorities": self.strengths.describe(),
        }


def load_program(path: Path, mode: str = "edit") -> tuple[Program, dict[str, Any]]:
    """Reads an exported file and prepares it (module docstring). Returns the program and
    the file's `workload` member (empty when absent).
    Raises `CaseInputError` naming the file and JSON path at fault."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise CaseInputError(f"{path}: cannot read ({error.strerror or error})") from error
    try:
        system, extensions = parse_system_text_with_extensions(text, path)
    except SystemFormatError as error:
        raise CaseInputError(str(error)) from error
    operations = read_operations(extensions, len(system.steps), path) or default_operations(system)
    workload = extensions.get("workload", {})
    return compile_program(system, operations, mode), workload if isinstance(workload, dict) else {}


def compile_program(system: System, operations: list[Operation], mode: str = "edit") -> Program:
    """The solver calls of every phase (module docstring), and the state after each
    operation. Raises `CaseInputError` for a step that names what is not there (the
    static errors of docs/interchange.md): an exported trace never does."""
    path = system.path
    strengths = Strengths(system_priorities(system))
    edits = plan_edit_variables(system, mode)
    variables = {name: kiwisolver.Variable(name) for name in system.variables}
    solver = kiwisolver.Solver

    def constraint(row: Row, constant: float | None = None, priority: float | None = None) -> kiwisolver.Constraint:
        terms = [kiwisolver.Term(variables[name], coefficient) for name, coefficient in row.terms]
        expression = kiwisolver.Expression(terms, row.constant if constant is None else constant)
        return kiwisolver.Constraint(expression, row.relation, strengths.of(row.priority if priority is None else priority))

    live: dict[str, kiwisolver.Constraint] = {}
    build: list[Action] = []
    origins: list[str] = []
    for index, edit in enumerate(system.edits):
        build.append((solver.addEditVariable, (variables[edit.variable], strengths.of(edit.priority))))
        origins.append(f"edits[{index}] ('{edit.variable}')")
    state = initial_edit_state(system)
    for index, row in enumerate(system.constraints):
        if row.label in state.constraints:
            raise CaseInputError(f"{path}: constraints[{index}].id: '{row.label}' is already defined")
        state = with_constraint(state, row)
        if row.label in edits:
            continue
        live[row.label] = constraint(row)
        build.append((solver.addConstraint, (live[row.label],)))
        origins.append(f"constraints[{index}] ('{row.label}')")
    for index, row in enumerate(system.constraints):
        if row.label in edits:
            mapping = edits[row.label]
            strength = REQUIRED_EDIT_STRENGTH if row.required else strengths.of(row.priority)
            build.append((solver.addEditVariable, (variables[mapping.variable], strength)))
            build.append((solver.suggestValue, (variables[mapping.variable], mapping.value_for(row.constant))))
            origins += [f"constraints[{index}] ('{row.label}') as an edit variable"] * 2

    phases = [BUILD, FIRST_LAYOUT]
    compiled: list[CompiledOperation] = []
    states = [state]
    readded: set[str] = set()
    for operation in operations:
        if operation.phase not in phases:
            phases.append(operation.phase)
        actions: list[Action] = []
        action_origins: list[str] = []
        for step_index in range(operation.start, operation.end):
            step = system.steps[step_index]
            where = f"steps[{step_index}].{step.kind}"
            problems = static_problems(state, step)
            if problems:
                problem = problems[0]
                raise CaseInputError(f"{path}: {where}: {problem.kind} '{problem.name}'")
            if step.kind == "add":
                for row in step.entries:
                    live[row.label] = constraint(row)
                    actions.append((solver.addConstraint, (live[row.label],)))
                    action_origins.append(f"{where} ('{row.label}')")
            elif step.kind == "remove":
                for name in step.entries:
                    actions.append((solver.removeConstraint, (live.pop(name),)))
                    action_origins.append(f"{where} ('{name}')")
            elif step.kind == "suggest":
                for name, value in step.entries:
                    actions.append((solver.suggestValue, (variables[name], value)))
                    action_origins.append(f"{where} ('{name}')")
            else:
                # setConstant and setPriority: edit variables move in place; the rest is
                # removed, then added back changed, as one change (formats.md).
                new_state = apply_step(state, step)
                names = list(dict.fromkeys(name for name, _ in step.entries))
                moved = [name for name in names if name in edits and step.kind == "setConstant"]
                readd = [name for name in names if name not in moved]
                for name in moved:
                    mapping = edits[name]
                    value = mapping.value_for(new_state.constraints[name].constant)
                    actions.append((solver.suggestValue, (variables[mapping.variable], value)))
                    action_origins.append(f"{where} ('{name}', an edit variable)")
                for name in readd:
                    actions.append((solver.removeConstraint, (live.pop(name),)))
                    action_origins.append(f"{where} ('{name}', removed to change it)")
                for name in readd:
                    live[name] = constraint(new_state.constraints[name])
                    actions.append((solver.addConstraint, (live[name],)))
                    action_origins.append(f"{where} ('{name}', added back changed)")
                if step.kind == "setConstant":
                    readded.update(readd)
            state = apply_step(state, step)
        compiled.append(CompiledOperation(phases.index(operation.phase), actions, action_origins,
                                          range(operation.start, operation.end)))
        states.append(state)
    return Program(path, list(variables), list(variables.values()), build, origins, phases, compiled, states, edits,
                   strengths, readded)


# ---------------------------------------------------------------------------------------
# Running


class CaseFailure(Exception):
    """kiwi refused a call, or its values break a required constraint."""


class OverLimit(Exception):
    """The check pass ran past the case limit (the reason says where)."""


def timed_repetition(program: Program, samples: list[list[int]]) -> Any:
    """One run of the whole trace on a new solver, each phase's operations timed with
    `perf_counter_ns`. Returns what must outlive the clock (the solver and the value
    lists, whose deallocation would otherwise land in the next sample); the caller drops
    it between repetitions."""
    clock = time.perf_counter_ns
    variables = program.variables
    kept = []
    start = clock()
    solver = kiwisolver.Solver()
    for method, arguments in program.build:
        method(solver, *arguments)
    samples[0].append(clock() - start)

    start = clock()
    solver.updateVariables()
    kept.append([variable.value() for variable in variables])
    samples[1].append(clock() - start)

    for operation in program.operations:
        start = clock()
        for method, arguments in operation.actions:
            method(solver, *arguments)
        solver.updateVariables()
        kept.append([variable.value() for variable in variables])
        samples[operation.phase].append(clock() - start)
    return solver, kept


def check_pass(program: Program, deadline: float | None = None, limit_text: str = "",
               on_state: Callable[[int, dict[str, float]], None] = lambda *_: None) -> None:
    """The whole trace once, untimed, every call guarded: after the build and after each
    operation, kiwi's values must be finite and hold every required constraint present
    (a required single-variable equality driven as an edit variable included); each
    state's values by name go to `on_state` (0 after the build, k after operation k-1).
    Raises `CaseFailure` naming the call or constraint and the operation, or `OverLimit`
    when `time.monotonic()` passes `deadline`."""
    solver = kiwisolver.Solver()

    def call(action: Action, origin: str, context: str) -> None:
        method, arguments = action
        try:
            method(solver, *arguments)
        except Exception as error:  # kiwi's own exception types, e.g. UnsatisfiableConstraint
            raise CaseFailure(f"kiwisolver refused {origin} in {context}: {type(error).__name__}"
                              + (f": {error}" if str(error) else "")) from error

    def over(context: str) -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise OverLimit(f"one repetition runs over {limit_text} (the check pass was stopped in {context})")

    for index, (action, origin) in enumerate(zip(program.build, program.build_origins)):
        if index % 64 == 0:
            over("build")
        call(action, origin, "build")
    on_state(0, check_values(program, solver, 0, "the build"))
    for number, operation in enumerate(program.operations):
        over(f"operation {number} ({program.phases[operation.phase]})")
        context = f"operation {number} ({program.phases[operation.phase]}, steps {operation.steps.start}..<{operation.steps.stop})"
        for action, origin in zip(operation.actions, operation.origins):
            call(action, origin, context)
        on_state(number + 1, check_values(program, solver, number + 1, context))


def check_values(program: Program, solver: kiwisolver.Solver, state_index: int, context: str) -> dict[str, float]:
    """kiwi's values in state `state_index`, checked (see `check_pass`)."""
    solver.updateVariables()
    values = {name: variable.value() for name, variable in zip(program.names, program.variables)}
    for name, value in values.items():
        if not math.isfinite(value):
            raise CaseFailure(f"kiwisolver gives {name} = {value} after {context}")
    failures = required_residuals(program.states[state_index].rows(), values)
    if failures:
        worst = max(failures, key=lambda failure: failure.residual)
        raise CaseFailure(f"kiwisolver's values break {len(failures)} required constraint(s) after {context}, "
                          f"e.g. '{worst.row.label}' by {worst.residual:.6g}")
    return values


@dataclass(frozen=True)
class Settings:
    repetitions: int = 5
    warmup: int = 1
    time_budget_seconds: float = 20.0
    case_limit_seconds: float | None = 60.0


def measure(program: Program, settings: Settings, progress: Callable[[str], None] = lambda _: None,
            should_stop: Callable[[], bool] = lambda: False) -> dict[str, Any]:
    """The passes of `bench run` (CaseMeasurement): the check pass, warm-up repetitions
    while under half the budget, then timed repetitions up to `repetitions` while under
    the budget, at least one. Returns the outcome as kiwisolver_peer.py records it.
    The garbage collector is off while a repetition runs (as `timeit` does): kiwi objects
    hold no cycles, and a collection would land in whichever sample it interrupts."""
    start = time.monotonic()

    def elapsed() -> float:
        return time.monotonic() - start

    limit = settings.case_limit_seconds
    progress("check pass")
    try:
        check_pass(program, None if limit is None else start + limit, f"--case-limit {float(limit or 0)!r} s")
    except OverLimit as error:
        return {"status": "skipped", "reason": str(error)}
    except CaseFailure as error:
        return {"status": "error", "error": str(error)}

    def repetition(samples: list[list[int]]) -> None:
        gc.collect()
        gc.disable()
        try:
            kept = timed_repetition(program, samples)
        finally:
            gc.enable()
        del kept

    try:
        for number in range(settings.warmup):
            if elapsed() >= settings.time_budget_seconds / 2 or should_stop():
                break
            progress(f"warm-up {number + 1}/{settings.warmup}")
            repetition([[] for _ in program.phases])
        samples: list[list[int]] = [[] for _ in program.phases]
        done = 0
        while done < settings.repetitions and (done == 0 or (elapsed() < settings.time_budget_seconds
                                                             and not should_stop())):
            progress(f"rep {done + 1}/{settings.repetitions}")
            repetition(samples)
            done += 1
    except Exception as error:  # a refusal the check pass did not see: kiwi is deterministic, so a bug
        return {"status": "error", "error": f"kiwisolver failed in a timed repetition: {type(error).__name__}: {error}"}
    calls = program.calls()
    return {
        "status": "ok",
        "repetitions": done,
        "phases": [{"name": name, "samples": samples[index], "operations": len(samples[index]) // done,
                    "calls": calls[index]} for index, name in enumerate(program.phases)],
    }


def run_case(spec: dict[str, Any], progress: Callable[[str], None], should_stop: Callable[[], bool]) -> dict[str, Any]:
    """Loads and measures the case a spec describes (see `main`)."""
    mode = spec.get("setConstant", "edit")
    try:
        program, workload = load_program(Path(spec["system"]), mode)
    except CaseInputError as error:
        return {"status": "error", "error": str(error)}
    parameters = {str(key): str(value) for key, value in (workload.get("parameters") or {}).items()}
    parameters.update(program.parameters(mode))
    settings = Settings(spec["repetitions"], spec["warmup"], spec["timeBudgetSeconds"], spec.get("caseLimitSeconds"))
    outcome = measure(program, settings, progress, should_stop)
    outcome["parameters"] = parameters
    return outcome


def main(argv: list[str]) -> int:
    """`kiwi_case.py SPEC.json`: the spec names the exported `system`, the `result` path
    to write the outcome to, `repetitions`, `warmup`, `timeBudgetSeconds`,
    `caseLimitSeconds` and `setConstant`. Exit status 0 when the outcome was written
    (whatever it says), 2 when the spec cannot be read or the result cannot be written."""
    if len(argv) != 1:
        print("usage: kiwi_case.py SPEC.json (run by kiwisolver_peer.py)", file=sys.stderr)
        return 2
    try:
        spec = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"error: {argv[0]}: {error}", file=sys.stderr)
        return 2
    stop = []
    # The first Ctrl-C finishes the repetition under way; the run keeps what it measured.
    signal.signal(signal.SIGINT, lambda *_: (stop.append(True), signal.signal(signal.SIGINT, signal.SIG_DFL)))

    def progress(text: str) -> None:
        print(f"progress: {text}", file=sys.stderr, flush=True)

    outcome = run_case(spec, progress, lambda: bool(stop))
    try:
        Path(spec["result"]).write_text(json.dumps(outcome), encoding="utf-8")
    except OSError as error:
        print(f"error: {spec['result']}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
