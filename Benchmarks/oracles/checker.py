"""Checking one backend's `layoutbench.solution/1` against the replayed system and HiGHS.

For each backend the checker replays the file itself, *following the backend's outcomes*:
where the backend says a step failed, the state stays as it was (as formats.md says), but
the failure is verified first; where it says the step succeeded, the checker applies the
step and verifies that it had to succeed. Then every state with values is judged:

* every variable of the file has a value;
* every present required constraint holds (residual <= 1e-6 relative to its magnitudes);
* the error sum of every optional level, computed from the backend's values, equals the
  lexicographic optimum HiGHS finds for that state.

A step that should have failed but was accepted ends the check of that backend on that
system: the backend's state is no longer one the file can produce.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from lexicographic import LexicographicOracle
from measures import COMPARISON, level_errors, required_residuals
from report import SystemReport
from systems import (
    Problem,
    Row,
    State,
    Step,
    System,
    apply_step,
    can_become_infeasible,
    initial_edit_state,
    static_problems,
    with_constraint,
)

SKIP_KINDS = ("limitExceeded",)
"""Error kinds that mean "the backend declines", reported as skips, never disagreements."""


@dataclass(frozen=True)
class Verdict:
    """What a step must do from a given state.

    `problems`: static reasons to refuse (any one is an acceptable error). `infeasible`:
    the step, applied whole, leaves the required constraints unsatisfiable.
    `new_state`: the state after the step when it has no static problem. `sequential_entry`:
    for a feasible multi-entry `setConstant`, the first entry whose one-at-a-time application
    would be infeasible (None when there is none).
    """

    problems: tuple[Problem, ...]
    infeasible: bool
    new_state: State | None
    sequential_entry: int | None = None

    @property
    def ok(self) -> bool:
        return not self.problems and not self.infeasible

    def describe(self) -> str:
        if self.problems:
            return "must fail with " + " or ".join(f"{p.kind} '{p.name}'" for p in self.problems)
        if self.infeasible:
            return "must fail: HiGHS finds the required constraints infeasible with the step applied"
        return "must succeed: no static problem and HiGHS finds the required constraints feasible"


def judge_step(state: State, step: Step, oracle: LexicographicOracle) -> Verdict:
    """Decides what `step` must do from `state`."""
    problems = tuple(static_problems(state, step))
    if problems:
        return Verdict(problems, False, None)
    new_state = apply_step(state, step)
    if not can_become_infeasible(step):
        return Verdict((), False, new_state)
    if not oracle.required_feasible(new_state.rows()):
        return Verdict((), True, new_state)
    sequential_entry = None
    if step.kind == "setConstant" and len(step.entries) > 1:
        for count in range(1, len(step.entries)):
            if not oracle.required_feasible(apply_step(state, step, count).rows()):
                sequential_entry = count - 1
                break
    return Verdict((), False, new_state, sequential_entry)


def initial_acceptance(system: System, oracle: LexicographicOracle) -> list[bool]:
    """Which initial constraints a correct backend adds (file order; a required one that
    conflicts with those accepted before it is skipped)."""
    required = [row for row in system.constraints if row.required]
    if oracle.required_feasible(required):
        return [True] * len(system.constraints)
    accepted: list[Row] = []
    decisions = []
    for row in system.constraints:
        fits = not row.required or oracle.required_feasible(accepted + [row])
        if fits and row.required:
            accepted.append(row)
        decisions.append(fits)
    return decisions


@dataclass
class BackendTrace:
    """Per state index: the state's key and the backend's per-level error sums (for
    comparing backends with each other)."""

    keys: dict[int, tuple]
    levels: dict[int, dict[float, float]]


def check_values(
    system: System,
    state: State,
    values: Mapping[str, float],
    oracle: LexicographicOracle,
    report: SystemReport,
    index: int,
    backend: str,
) -> dict[float, float] | None:
    """Judges one state's values; returns the per-level error sums, or None when the
    state could not be compared."""
    missing = [name for name in system.variables if name not in values]
    if missing:
        report.disagree(index, backend, f"no value for {len(missing)} variables: {', '.join(missing[:5])}")
    rows = state.rows()
    for failure in required_residuals(rows, values):
        report.disagree(index, backend, f"required {failure.row.describe()} has residual {failure.residual:.9g} "
                                        f"(magnitude {failure.scale:.6g})")
    optimum = oracle.solve(rows)
    if not optimum.feasible:
        report.disagree(index, backend, "HiGHS finds the required constraints of this state infeasible")
        return None
    measured = level_errors(rows, values)
    report.max_levels = max(report.max_levels, len(measured))
    for level, best in optimum.level_errors.items():
        got = measured[level]
        if not COMPARISON.is_close(got.total, best, got.scale):
            report.disagree(index, backend, f"level {level:g}: error sum {got.total:.9g} from the backend's values, "
                                            f"HiGHS optimum {best:.9g} (difference {got.total - best:+.3g}, "
                                            f"magnitude {got.scale:.6g})")
    report.count_state(backend)
    return {level: error.total for level, error in measured.items()}


def check_explanation(
    error: Mapping[str, Any],
    definitions: Mapping[str, Row],
    oracle: LexicographicOracle,
    report: SystemReport,
    index: int,
    backend: str,
) -> None:
    """Verifies an `unsatisfiable` error's explanation: the named constraint and its
    `conflicts` (as defined at that moment) are required and cannot hold together. An
    explanation that is not minimal is only noted (formats.md asks for the smallest the
    backend can find, not for a minimum)."""
    name = error.get("constraint")
    conflicts = error.get("conflicts", [])
    if not isinstance(name, str) or not isinstance(conflicts, list):
        report.disagree(index, backend, f"unsatisfiable error without a constraint and conflicts: {error}")
        return
    rows = []
    for label in [name] + conflicts:
        row = definitions.get(label)
        if row is None:
            report.disagree(index, backend, f"the explanation names '{label}', which is not present")
            return
        if not row.required:
            report.disagree(index, backend, f"the explanation names the optional constraint '{label}'")
        rows.append(row)
    if oracle.hard_feasible(rows):
        report.disagree(index, backend, f"'{name}' and its conflicts {conflicts} can all hold together "
                                        "(HiGHS), so they do not explain the failure")
        return
    for left_out in range(len(rows)):
        if not oracle.hard_feasible(rows[:left_out] + rows[left_out + 1:]):
            report.notes.append(f"state {index} [{backend}]: explanation of '{name}' is not minimal: "
                                f"infeasible without '{rows[left_out].label}'")
            break


def definitions_at_failure(state: State, step: Step, name: str) -> dict[str, Row]:
    """The constraint definitions when `name` failed within `step`: for an add, the present
    ones plus the step's; for a setConstant, every entry applied (a refused setConstant
    step is judged on its result, so its explanation is about the step applied whole;
    docs/interchange.md)."""
    if step.kind == "add":
        definitions = dict(state.constraints)
        for row in step.entries:
            definitions[row.label] = row
        return definitions
    if step.kind == "setConstant":
        return dict(apply_step(state, step).constraints)
    return dict(state.constraints)


def check_solution(
    system: System,
    backend: str,
    solution: Mapping[str, Any],
    oracle: LexicographicOracle,
    report: SystemReport,
) -> BackendTrace:
    """Checks one backend's solution document for `system`; findings go to `report`."""
    trace = BackendTrace({}, {})
    states = solution.get("states")
    if not isinstance(states, list) or len(states) != len(system.steps) + 1:
        count = len(states) if isinstance(states, list) else "no"
        report.disagree(None, backend, f"{count} states for {len(system.steps)} steps (expected one more)")
        return trace
    initial = _initial_state(system, backend, states[0], oracle, report)
    if initial is None:
        return trace
    state = initial
    _record(trace, 0, state, _check_state_values(system, state, states[0], oracle, report, 0, backend))
    for step_index, step in enumerate(system.steps):
        index = step_index + 1
        entry = states[index]
        if not isinstance(entry, dict) or entry.get("step") != step_index:
            report.disagree(index, backend, f"state {index} is not labelled step {step_index}")
            return trace
        verdict = judge_step(state, step, oracle)
        if "error" in entry:
            _check_refusal(state, step, verdict, entry["error"], oracle, report, index, backend)
            # Refused (rightly or not): the state stays as it was, as formats.md says.
            continue
        if not verdict.ok:
            report.disagree(index, backend, f"'{step.describe()}' was accepted, but it {verdict.describe()}; "
                                            "later states of this backend are not checked")
            return trace
        state = verdict.new_state
        _record(trace, index, state, _check_state_values(system, state, entry, oracle, report, index, backend))
    return trace


def _record(trace: BackendTrace, index: int, state: State, levels: dict[float, float] | None) -> None:
    trace.keys[index] = state.key()
    if levels is not None:
        trace.levels[index] = levels


def _check_state_values(
    system: System,
    state: State,
    entry: Mapping[str, Any],
    oracle: LexicographicOracle,
    report: SystemReport,
    index: int,
    backend: str,
) -> dict[float, float] | None:
    values = entry.get("values")
    if not isinstance(values, dict) or not all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in values.values()
    ):
        report.disagree(index, backend, "the state has no values object of numbers")
        return None
    return check_values(system, state, {k: float(v) for k, v in values.items()}, oracle, report, index, backend)


def _initial_state(
    system: System,
    backend: str,
    entry: Any,
    oracle: LexicographicOracle,
    report: SystemReport,
) -> State | None:
    """Rebuilds the initial state as the backend reports it (skipping what its `errors`
    list names) and verifies every skip and every acceptance. None when the rest of the
    run cannot be checked."""
    if not isinstance(entry, dict) or entry.get("step", 0) is not None:
        report.disagree(0, backend, "the first state is not the initial one (\"step\": null)")
        return None
    if "error" in entry:
        error = entry["error"]
        if isinstance(error, dict) and error.get("kind") in SKIP_KINDS:
            report.skipped.append(f"{backend}: initial solve refused ({error.get('kind')}: {error.get('message')})")
        else:
            report.disagree(0, backend, f"the initial solve failed: {error}")
        return None
    errors = entry.get("errors", [])
    by_constraint: dict[str, dict[str, Any]] = {}
    skipped_edits: list[str] = []
    for error in errors if isinstance(errors, list) else []:
        if not isinstance(error, dict):
            continue
        if error.get("kind") in SKIP_KINDS:
            report.skipped.append(f"{backend}: initial {error.get('constraint') or error.get('variable')} refused "
                                  f"({error.get('kind')}), the system is not checked for this backend")
            return None
        if isinstance(error.get("constraint"), str):
            by_constraint[error["constraint"]] = error
        elif isinstance(error.get("variable"), str):
            skipped_edits.append(error["variable"])
            report.disagree(0, backend, f"edit variable '{error['variable']}' was refused: {error}")
    known = {row.label for row in system.constraints}
    for name in by_constraint:
        if name not in known:
            report.disagree(0, backend, f"the initial errors name '{name}', which is not an initial constraint")
    state = initial_edit_state(system, skipped_edits)
    accepted_required: list[Row] = []
    for row in system.constraints:
        error = by_constraint.get(row.label)
        if error is None:
            state = with_constraint(state, row)
            if row.required:
                accepted_required.append(row)
            continue
        if error.get("kind") != "unsatisfiable":
            report.disagree(0, backend, f"initial constraint '{row.label}' was skipped with {error.get('kind')}: {error}")
        elif not row.required:
            report.disagree(0, backend, f"optional constraint '{row.label}' was skipped as unsatisfiable")
        elif oracle.required_feasible(accepted_required + [row]):
            report.disagree(0, backend, f"required '{row.label}' was skipped as unsatisfiable, but HiGHS finds it "
                                        "feasible with the required constraints accepted before it")
        else:
            definitions = dict(state.constraints)
            definitions[row.label] = row
            check_explanation(error, definitions, oracle, report, 0, backend)
            report.refusals_verified += 1
    if not oracle.required_feasible(accepted_required):
        accepted: list[Row] = []
        for row in accepted_required:
            if not oracle.required_feasible(accepted + [row]):
                report.disagree(0, backend, f"required '{row.label}' was accepted, but HiGHS finds it infeasible "
                                            "with the required constraints accepted before it; "
                                            "later states of this backend are not checked")
                return None
            accepted.append(row)
    return state


def _check_refusal(
    state: State,
    step: Step,
    verdict: Verdict,
    error: Any,
    oracle: LexicographicOracle,
    report: SystemReport,
    index: int,
    backend: str,
) -> None:
    """Verifies a step the backend refused."""
    if not isinstance(error, dict):
        report.disagree(index, backend, f"the error is not an object: {error!r}")
        return
    kind = error.get("kind")
    if kind in SKIP_KINDS:
        report.skipped.append(f"state {index} [{backend}]: step refused with {kind} ({error.get('message')})")
        return
    name = error.get("constraint", error.get("variable"))
    if verdict.ok:
        message = f"'{step.describe()}' was refused with {kind} '{name}', but it {verdict.describe()}"
        if verdict.sequential_entry is not None:
            entry_name = step.entries[verdict.sequential_entry][0]
            message += (f"; only applying its entries one at a time makes them infeasible (after '{entry_name}'), "
                        "while formats.md refuses a constant change that leaves them unsatisfiable")
        report.disagree(index, backend, message)
        return
    if verdict.problems:
        if Problem(str(kind), str(name)) not in verdict.problems:
            report.disagree(index, backend, f"'{step.describe()}' was refused with {kind} '{name}', "
                                            f"but it {verdict.describe()}")
            return
        report.refusals_verified += 1
        return
    if kind != "unsatisfiable":
        report.disagree(index, backend, f"'{step.describe()}' was refused with {kind} '{name}', "
                                        f"but it {verdict.describe()}")
        return
    check_explanation(error, definitions_at_failure(state, step, str(name)), oracle, report, index, backend)
    report.refusals_verified += 1


def compare_backends(traces: Mapping[str, BackendTrace], report: SystemReport) -> None:
    """Backends that reached the same state must have the same per-level error sums."""
    names = list(traces)
    for position, first in enumerate(names):
        for second in names[position + 1:]:
            a, b = traces[first], traces[second]
            for index in sorted(set(a.levels) & set(b.levels)):
                if a.keys.get(index) != b.keys.get(index):
                    continue
                for level in a.levels[index]:
                    x, y = a.levels[index][level], b.levels[index].get(level, 0.0)
                    if not COMPARISON.is_close(x, y):
                        report.disagree(index, f"{first} vs {second}",
                                        f"level {level:g}: error sums {x:.9g} and {y:.9g}")

