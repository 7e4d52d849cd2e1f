"""Constraint systems (`layoutbench.constraints/1`) read into Python, and their replay.

The checker never trusts a backend about *what* should be present in a state: it replays
the file itself. This module holds the plain data (rows, steps, states) and the rules of
formats.md section 1 and docs/interchange.md that decide what a step does:

* a state is the set of present constraints (with their current constant and priority)
  plus every edit variable with its priority and held target (0 until the first
  successful suggestion);
* a step either has a *static* problem that the replay of `bench solve` refuses up front
  (`unknownConstraint`, `duplicateConstraint`, `requiredPriorityChange`,
  `unknownEditVariable`), or it can be applied; whether an applied `add`/`setConstant`
  keeps the required constraints feasible is for the LP oracle to say (lexicographic.py).

Reading is lenient on purpose: `bench solve` is the strict reader (it exits 2 on a
malformed file, and the checker reports that). Here a file only has to have the shape the
checker needs; anything else raises `SystemFormatError`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

FORMAT = "layoutbench.constraints/1"
REQUIRED = 1000.0
RELATIONS = ("==", "<=", ">=")
STEP_KINDS = ("suggest", "setConstant", "setPriority", "remove", "add")


class SystemFormatError(ValueError):
    """The file cannot be read as a layoutbench.constraints/1 system."""


@dataclass(frozen=True)
class Row:
    """One linear relation `sum(coefficient * variable) + constant RELATION 0` at a priority.

    Constraints of the file are rows labelled with their id; each edit variable becomes the
    row `variable - target == 0` at the edit's priority, with `is_edit` set (so an edit can
    never be confused with a constraint whose id happens to equal a variable name).
    """

    label: str
    terms: tuple[tuple[str, float], ...]
    constant: float
    relation: str
    priority: float
    is_edit: bool = False

    @property
    def required(self) -> bool:
        """Priority 1000 means required; everything below is optional."""
        return self.priority >= REQUIRED

    @property
    def variables(self) -> tuple[str, ...]:
        """The variables named in the terms (zero coefficients included)."""
        return tuple(name for name, _ in self.terms)

    def as_required(self) -> Row:
        """The same relation as a hard constraint (used to test explanations)."""
        return replace(self, priority=REQUIRED)

    def describe(self) -> str:
        """A short human-readable form, e.g. `gap1: x1 - x0 - w0 - 8 == 0 @1000`."""
        parts = [f"{coefficient:+g}*{name}" for name, coefficient in self.terms]
        parts.append(f"{self.constant:+g}")
        kind = "edit " if self.is_edit else ""
        return f"{kind}{self.label}: {' '.join(parts)} {self.relation} 0 @{self.priority:g}"


@dataclass(frozen=True)
class Edit:
    """An edit variable declared in `edits`."""

    variable: str
    priority: float


@dataclass(frozen=True)
class Step:
    """One entry of `steps`.

    `entries` depends on `kind`: `(name, number)` pairs for suggest, setConstant and
    setPriority (in file order); constraint ids for remove; `Row`s for add.
    """

    kind: str
    entries: tuple[Any, ...]

    def describe(self) -> str:
        """A compact rendering for reports, e.g. `setConstant cr0=-50`."""
        if self.kind == "add":
            return "add " + ", ".join(row.label for row in self.entries)
        if self.kind == "remove":
            return "remove " + ", ".join(self.entries)
        return self.kind + " " + ", ".join(f"{name}={value:g}" for name, value in self.entries)


@dataclass(frozen=True)
class System:
    """A whole constraint-system file."""

    path: Path
    constraints: tuple[Row, ...]
    edits: tuple[Edit, ...]
    steps: tuple[Step, ...]
    variables: tuple[str, ...]


@dataclass(frozen=True)
class Problem:
    """A reason the replay refuses a step before touching the solver: `kind` is the error
    kind `bench solve` writes, `name` the constraint id or variable it names."""

    kind: str
    name: str


@dataclass(frozen=True)
class State:
    """What is present after a solve: constraints by id (file order of addition) and the
    edit variables with their priority and held target.

    Treated as immutable: `apply` returns a new state.
    """

    constraints: Mapping[str, Row] = field(default_factory=dict)
    edit_priorities: Mapping[str, float] = field(default_factory=dict)
    edit_targets: Mapping[str, float] = field(default_factory=dict)

    def rows(self) -> list[Row]:
        """Every row the solvers see: present constraints, then one row per edit variable."""
        rows = list(self.constraints.values())
        for variable, priority in self.edit_priorities.items():
            target = self.edit_targets.get(variable, 0.0)
            rows.append(Row(variable, ((variable, 1.0),), -target, "==", priority, is_edit=True))
        return rows

    def key(self) -> tuple[Any, ...]:
        """A canonical, hashable description: two states with equal keys pose the same
        optimisation problem (used to cache LP solves and to pair backends' states)."""
        return rows_key(self.rows())

    def optional_levels(self) -> list[float]:
        """The distinct optional priorities present (edits included), highest first."""
        return sorted({row.priority for row in self.rows() if not row.required}, reverse=True)


def rows_key(rows: Iterable[Row]) -> tuple[Any, ...]:
    """A canonical, hashable key for a set of rows."""
    return tuple(sorted((row.is_edit, row.label, row.terms, row.constant, row.relation, row.priority) for row in rows))


# ---------------------------------------------------------------------------------------
# Reading


def load_system(path: Path) -> System:
    """Reads a system file. Raises `SystemFormatError` (or `OSError`) when it cannot."""
    return parse_system_text(path.read_text(encoding="utf-8-sig"), path)


def parse_system_text(text: str, path: Path) -> System:
    """Reads a system from JSON text; `path` is only used in messages and reports."""
    return parse_system(_decode(text, path), path)


def parse_system_value(document: Any, path: Path) -> System:
    """A system from JSON already decoded into plain dicts and lists (by `json.load`, which
    keeps a repeated key's last value); `path` is only used in messages."""
    return parse_system(_as_pairs(document), path)


def _as_pairs(value: Any) -> Any:
    if isinstance(value, dict):
        return _Pairs((key, _as_pairs(member)) for key, member in value.items())
    if isinstance(value, list):
        return [_as_pairs(member) for member in value]
    return value


def _decode(text: str, path: Path) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_pairs)
    except json.JSONDecodeError as error:
        raise SystemFormatError(f"{path}: not JSON: {error}") from error


def parse_system(document: Any, path: Path) -> System:
    """Turns a document decoded with `_pairs` objects into a `System`."""
    top = _object(document, "(top level)")
    if top.get("format") != FORMAT:
        raise SystemFormatError(f"{path}: format is {top.get('format')!r}, expected {FORMAT!r}")
    constraints = tuple(
        _row(value, f"constraints[{index}]") for index, value in enumerate(_array(top.get("constraints", []), "constraints"))
    )
    edits = []
    for index, value in enumerate(_array(top.get("edits", []), "edits")):
        entry = _object(value, f"edits[{index}]")
        edits.append(Edit(_string(entry.get("variable"), f"edits[{index}].variable"),
                          _number(entry.get("priority"), f"edits[{index}].priority")))
    steps = tuple(_step(value, f"steps[{index}]") for index, value in enumerate(_array(top.get("steps", []), "steps")))
    variables: dict[str, None] = {}
    for row in constraints:
        variables.update(dict.fromkeys(row.variables))
    for edit in edits:
        variables[edit.variable] = None
    for step in steps:
        if step.kind == "add":
            for row in step.entries:
                variables.update(dict.fromkeys(row.variables))
    return System(path, constraints, tuple(edits), steps, tuple(variables))


class _Pairs(list):
    """A JSON object kept as its list of (key, value) pairs, so repeated keys survive."""


def _pairs(pairs: list[tuple[str, Any]]) -> _Pairs:
    return _Pairs(pairs)


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, _Pairs):
        raise SystemFormatError(f"{where}: expected an object")
    return dict(value)


def _array(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or isinstance(value, _Pairs):
        raise SystemFormatError(f"{where}: expected an array")
    return value


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SystemFormatError(f"{where}: expected a string")
    return value


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SystemFormatError(f"{where}: expected a number")
    return float(value)


def _row(value: Any, where: str) -> Row:
    """One constraint object. Repeated variables within `terms` are merged by adding their
    coefficients (docs/interchange.md: repeated terms are merged)."""
    entry = _object(value, where)
    merged: dict[str, float] = {}
    terms = entry.get("terms", _Pairs())
    if not isinstance(terms, _Pairs):
        raise SystemFormatError(f"{where}.terms: expected an object")
    for name, coefficient in terms:
        merged[name] = merged.get(name, 0.0) + _number(coefficient, f"{where}.terms.{name}")
    relation = entry.get("relation")
    if relation not in RELATIONS:
        raise SystemFormatError(f"{where}.relation: expected one of {RELATIONS}")
    return Row(
        label=_string(entry.get("id"), f"{where}.id"),
        terms=tuple(merged.items()),
        constant=_number(entry.get("constant", 0), f"{where}.constant"),
        relation=relation,
        priority=_number(entry.get("priority", REQUIRED), f"{where}.priority"),
    )


def _step(value: Any, where: str) -> Step:
    entry = _object(value, where)
    kinds = [kind for kind in STEP_KINDS if kind in entry]
    if len(kinds) != 1:
        raise SystemFormatError(f"{where}: expected exactly one of {STEP_KINDS}")
    kind = kinds[0]
    payload = entry[kind]
    if kind == "remove":
        return Step(kind, tuple(_string(item, f"{where}.remove") for item in _array(payload, f"{where}.remove")))
    if kind == "add":
        rows = _array(payload, f"{where}.add")
        return Step(kind, tuple(_row(item, f"{where}.add[{index}]") for index, item in enumerate(rows)))
    if not isinstance(payload, _Pairs):
        raise SystemFormatError(f"{where}.{kind}: expected an object")
    return Step(kind, tuple((name, _number(number, f"{where}.{kind}.{name}")) for name, number in payload))


# ---------------------------------------------------------------------------------------
# Replay rules


def initial_edit_state(system: System, skipped_edits: Iterable[str] = ()) -> State:
    """The state before any constraint: every edit variable (except those the backend
    skipped) held at 0, as formats.md says."""
    skipped = set(skipped_edits)
    priorities = {edit.variable: edit.priority for edit in system.edits if edit.variable not in skipped}
    return State({}, priorities, dict.fromkeys(priorities, 0.0))


def with_constraint(state: State, row: Row) -> State:
    """The state with one more constraint (used while building the initial state)."""
    constraints = dict(state.constraints)
    constraints[row.label] = row
    return State(constraints, state.edit_priorities, state.edit_targets)


def static_problems(state: State, step: Step) -> list[Problem]:
    """Every problem that makes the replay refuse the step before solving, in entry order.

    Mirrors `SystemReplay.apply`: ids not present (or removed twice in one step) are
    `unknownConstraint`; an add of a present id, or of an id twice in one step, is
    `duplicateConstraint`; `setPriority` of a required constraint is
    `requiredPriorityChange`; a suggestion for a variable that is not an edit variable is
    `unknownEditVariable`. Any one of them is an acceptable error for the step.
    """
    problems: list[Problem] = []
    if step.kind == "remove":
        seen: set[str] = set()
        for name in step.entries:
            if name not in state.constraints or name in seen:
                problems.append(Problem("unknownConstraint", name))
            seen.add(name)
    elif step.kind == "add":
        seen = set()
        for row in step.entries:
            if row.label in state.constraints or row.label in seen:
                problems.append(Problem("duplicateConstraint", row.label))
            seen.add(row.label)
    elif step.kind == "setConstant":
        for name, _ in step.entries:
            if name not in state.constraints:
                problems.append(Problem("unknownConstraint", name))
    elif step.kind == "setPriority":
        for name, priority in step.entries:
            if name not in state.constraints:
                problems.append(Problem("unknownConstraint", name))
            elif state.constraints[name].required or priority >= REQUIRED:
                problems.append(Problem("requiredPriorityChange", name))
    elif step.kind == "suggest":
        for name, _ in step.entries:
            if name not in state.edit_priorities:
                problems.append(Problem("unknownEditVariable", name))
    return problems


def apply_step(state: State, step: Step, entry_count: int | None = None) -> State:
    """The state after the step (or after its first `entry_count` entries), assuming it
    has no static problem. Feasibility is not judged here."""
    entries = step.entries if entry_count is None else step.entries[:entry_count]
    constraints = dict(state.constraints)
    targets = dict(state.edit_targets)
    if step.kind == "remove":
        for name in entries:
            del constraints[name]
    elif step.kind == "add":
        for row in entries:
            constraints[row.label] = row
    elif step.kind == "setConstant":
        for name, constant in entries:
            constraints[name] = replace(constraints[name], constant=constant)
    elif step.kind == "setPriority":
        for name, priority in entries:
            constraints[name] = replace(constraints[name], priority=priority)
    elif step.kind == "suggest":
        for name, value in entries:
            targets[name] = value
    return State(constraints, state.edit_priorities, targets)


def can_become_infeasible(step: Step) -> bool:
    """Only adds and constant changes touch the required constraints: removals, priority
    moves within the optional range and suggestions never make them infeasible."""
    return step.kind in ("add", "setConstant")
