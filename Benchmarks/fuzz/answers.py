"""Checks of what `bench` printed when it exited 0: the answer must be readable and must
not contradict its input.

* `solve` (formats.md section 1): every required constraint present in a state holds on
  that state's values, within 1e-6 · (1 + |constant| + Σ|coefficient · value|). The
  constraints present are replayed from the input: the initial ones minus those the
  initial state lists as refused, then each step that did not fail.
* `layout`: every frame and content size is four (two) finite numbers.
* `explain`: every attribute's value is a finite number or null.
* `export`: the output is strict JSON.
* `solve` of a file formats.md rejects (no `constraints`, an empty id): exit 0 at all.
* `report`, `compare`, `merge`, `gate` on a results file with an unreadable `createdAt`,
  a case or a phase listed twice: exit 0 without a warning; `gate` on a file that says
  `"complete": false`: exit 0 at all.

Each check returns the problems it found, as sentences; none means the answer passes. A
problem with the input that should have been refused starts with `accepted`.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from typing import Any

import json_text

RESIDUAL_TOLERANCE = 1e-6
# At most this many problems are described per answer: the first is what matters.
PROBLEM_LIMIT = 5


def _strict_json(text: str) -> Any:
    """stdout parsed as strict JSON; raises ValueError on NaN/Infinity tokens too."""
    def refuse(token: str) -> Any:
        raise ValueError(f"non-JSON number token {token}")
    return json.loads(text, parse_constant=refuse)


def read_output(stdout: bytes) -> tuple[Any, list[str]]:
    """The one JSON document on stdout, or the problem with it."""
    try:
        return _strict_json(stdout.decode("utf-8")), []
    except (UnicodeDecodeError, ValueError) as error:
        return None, [f"exit 0 but stdout is not one strict JSON document: {error}"]


def _read_input(data: bytes) -> Any:
    """The input as `bench` read it, or None when Python cannot read it (then there is
    nothing to check the answer against)."""
    try:
        return json_text.plain(json_text.parse(data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        return float(value)
    except OverflowError:
        return None


class _Constraint:
    def __init__(self, value: dict[str, Any]) -> None:
        self.identifier = str(value.get("id"))
        self.terms = value.get("terms") if isinstance(value.get("terms"), dict) else {}
        self.constant = _number(value.get("constant", 0)) or 0.0
        self.relation = value.get("relation", "==")
        priority = _number(value.get("priority", 1000))
        self.priority = 1000.0 if priority is None else priority

    @property
    def required(self) -> bool:
        return self.priority >= 1000

    def violation(self, values: dict[str, Any]) -> str | None:
        """Why these values break this constraint, or None when they satisfy it (or when
        its magnitudes overflow a double, where no tolerance means anything)."""
        total = self.constant
        scale = 1.0 + abs(self.constant)
        for name, coefficient in self.terms.items():
            if name not in values:
                return f"variable {name!r} of required {self.identifier!r} is missing from the values"
            value = _number(values[name])
            factor = _number(coefficient)
            if value is None or not math.isfinite(value):
                return f"variable {name!r} of required {self.identifier!r} is {values[name]!r}, not a finite number"
            if factor is None:
                return None
            total += factor * value
            scale += abs(factor * value)
        if not math.isfinite(scale) or not math.isfinite(total):
            return None
        residual = {"==": abs(total), "<=": max(0.0, total), ">=": max(0.0, -total)}.get(self.relation)
        if residual is None or residual <= RESIDUAL_TOLERANCE * scale:
            return None
        return (f"required {self.identifier!r} ({self.relation} 0) has residual {residual:.9g} "
                f"(tolerance {RESIDUAL_TOLERANCE * scale:.3g})")


def _constraints(values: Any) -> list[_Constraint]:
    return [_Constraint(item) for item in values if isinstance(item, dict)] if isinstance(values, list) else []


def _apply_step(present: dict[str, _Constraint], step: Any) -> None:
    if not isinstance(step, dict):
        return
    for kind, argument in step.items():
        if kind == "setConstant" and isinstance(argument, dict):
            for identifier, constant in argument.items():
                if identifier in present and _number(constant) is not None:
                    present[identifier].constant = _number(constant)
        elif kind == "setPriority" and isinstance(argument, dict):
            for identifier, priority in argument.items():
                if identifier in present and _number(priority) is not None:
                    present[identifier].priority = _number(priority)
        elif kind == "remove" and isinstance(argument, list):
            for identifier in argument:
                present.pop(str(identifier), None)
        elif kind == "add":
            for constraint in _constraints(argument):
                present[constraint.identifier] = constraint


def _invalid_system(system: dict[str, Any]) -> list[str]:
    """What makes a system file invalid that `solve` must refuse (exit 2) and not run."""
    if "constraints" not in system:
        return ["accepted a system without 'constraints' (exit 0)"]
    steps = system.get("steps") if isinstance(system.get("steps"), list) else []
    added = [item for step in steps if isinstance(step, dict) and isinstance(step.get("add"), list) for item in step["add"]]
    for item in (system.get("constraints") if isinstance(system.get("constraints"), list) else []) + added:
        if isinstance(item, dict) and item.get("id") == "":
            return ["accepted a constraint with an empty id (exit 0)"]
    return []


def check_solution(input_data: bytes, stdout: bytes, stderr: bytes = b"", other_data: bytes = b"") -> list[str]:
    """The problems of `bench solve`'s answer (see the module's description)."""
    solution, problems = read_output(stdout)
    if problems:
        return problems
    system = _read_input(input_data)
    if not isinstance(system, dict) or not isinstance(solution, dict):
        return [] if isinstance(solution, dict) else ["exit 0 but the solution is not a JSON object"]
    problems = _invalid_system(system)
    if problems:
        return problems
    states = solution.get("states")
    if not isinstance(states, list) or not states:
        return ["exit 0 but the solution has no states"]
    steps = system.get("steps") if isinstance(system.get("steps"), list) else []
    if len(states) != len(steps) + 1:
        problems.append(f"{len(states)} states for {len(steps)} steps (expected one more state than steps)")
    initial = states[0] if isinstance(states[0], dict) else {}
    refused = {str(error.get("constraint")) for error in initial.get("errors", []) if isinstance(error, dict)}
    present: dict[str, _Constraint] = {}
    for constraint in _constraints(system.get("constraints")):
        if constraint.identifier not in refused:
            present[constraint.identifier] = constraint
    for index, state in enumerate(states):
        if not isinstance(state, dict):
            problems.append(f"state {index} is not an object")
            continue
        if index > 0:
            if "error" in state:
                continue
            if index - 1 < len(steps):
                _apply_step(present, steps[index - 1])
        values = state.get("values")
        if not isinstance(values, dict):
            if "error" not in state:
                problems.append(f"state {index} has neither values nor an error")
            continue
        label = "initial state" if index == 0 else f"state after step {index - 1}"
        for constraint in present.values():
            if constraint.required:
                violation = constraint.violation(values)
                if violation:
                    problems.append(f"{label}: {violation}")
        if len(problems) >= PROBLEM_LIMIT:
            break
    return problems[:PROBLEM_LIMIT]


def _finite_numbers(value: Any, count: int) -> bool:
    return (isinstance(value, list) and len(value) == count
            and all(_number(item) is not None and math.isfinite(_number(item)) for item in value))


def check_frames(input_data: bytes, stdout: bytes, stderr: bytes = b"", other_data: bytes = b"") -> list[str]:
    """The problems of `bench layout`'s answer: frames and content sizes not finite."""
    document, problems = read_output(stdout)
    if problems:
        return problems
    states = document.get("states") if isinstance(document, dict) else None
    if not isinstance(states, list) or not states:
        return ["exit 0 but the frames document has no states"]
    for index, state in enumerate(states):
        if not isinstance(state, dict) or "error" in state:
            continue
        frames = state.get("frames")
        if not isinstance(frames, dict):
            problems.append(f"state {index} has neither frames nor an error")
            continue
        for view, frame in frames.items():
            if not _finite_numbers(frame, 4):
                problems.append(f"state {index}: frame of {view!r} is {frame!r}, not four finite numbers")
        for view, size in (state.get("contentSizes") or {}).items():
            if not _finite_numbers(size, 2):
                problems.append(f"state {index}: content size of {view!r} is {size!r}, not two finite numbers")
        if len(problems) >= PROBLEM_LIMIT:
            break
    return problems[:PROBLEM_LIMIT]


def check_explanation(input_data: bytes, stdout: bytes, stderr: bytes = b"", other_data: bytes = b"") -> list[str]:
    """The problems of `bench explain`'s answer: a value neither finite nor null."""
    document, problems = read_output(stdout)
    if problems:
        return problems
    for axis in ("horizontal", "vertical"):
        part = document.get(axis) if isinstance(document, dict) else None
        for attribute in (part or {}).get("attributes", []):
            value = attribute.get("value")
            if value is not None and (_number(value) is None or not math.isfinite(_number(value))):
                problems.append(f"{axis} {attribute.get('attribute')}: value {value!r} is not a finite number")
    return problems


def check_json_output(input_data: bytes, stdout: bytes, stderr: bytes = b"", other_data: bytes = b"") -> list[str]:
    """Only that stdout is one strict JSON document."""
    return read_output(stdout)[1]


def check_nothing(input_data: bytes, stdout: bytes, stderr: bytes = b"", other_data: bytes = b"") -> list[str]:
    """Commands whose exit status is the whole verdict."""
    return []


# formats.md's createdAt: a UTC time such as 2026-11-21T10:00:00Z (fractions allowed).
CREATED_AT = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?Z")


def _valid_time(text: Any) -> bool:
    match = CREATED_AT.fullmatch(text) if isinstance(text, str) else None
    if not match:
        return False
    try:
        datetime.datetime(*(int(part) for part in match.groups()[:6]))
        return True
    except ValueError:
        return False


def _results_defects(results: dict[str, Any]) -> list[str]:
    """What a reader must not pass over in silence: an unreadable creation time, a case
    listed twice (workload, size, backend) or a phase listed twice in one case."""
    defects = []
    if "createdAt" in results and not _valid_time(results["createdAt"]):
        defects.append(f"createdAt {results['createdAt']!r} is not a UTC time")
    seen_cases = set()
    for case in results.get("cases") if isinstance(results.get("cases"), list) else []:
        if not isinstance(case, dict):
            continue
        key = json.dumps([case.get("workload"), case.get("size"), case.get("backend")])
        if key in seen_cases:
            defects.append(f"the case {key} is listed twice")
        seen_cases.add(key)
        names = [phase.get("name") for phase in case.get("phases", []) if isinstance(phase, dict)]
        if len(set(map(str, names))) != len(names):
            defects.append(f"a phase is listed twice in the case {key}")
    return defects


def check_results_reader(input_data: bytes, stdout: bytes, stderr: bytes = b"", other_data: bytes = b"") -> list[str]:
    """report, compare, merge on a mutated results file: a defect the reader neither
    refused (exit 2) nor warned about is read wrongly in silence (formats.md: never
    silently misread)."""
    results = _read_input(input_data)
    if not isinstance(results, dict):
        return []
    warned = any(line.startswith("warning:") for line in stderr.decode("utf-8", errors="replace").splitlines())
    return [] if warned else [f"accepted without a warning: {defect}" for defect in _results_defects(results)]


def check_gate(input_data: bytes, stdout: bytes, stderr: bytes = b"", other_data: bytes = b"") -> list[str]:
    """gate as a reader, and formats.md section 3: gate fails on an incomplete file, the
    mutated one or the unmutated one it is judged with (`other_data`)."""
    if any(isinstance(results, dict) and results.get("complete") is False
           for results in (_read_input(input_data), _read_input(other_data))):
        return ["accepted an incomplete file (\"complete\": false): gate must fail on it, not exit 0"]
    return check_results_reader(input_data, stdout, stderr)


CHECKS = {
    "solution": check_solution,
    "frames": check_frames,
    "explanation": check_explanation,
    "json": check_json_output,
    "results": check_results_reader,
    "gate": check_gate,
    "none": check_nothing,
}
