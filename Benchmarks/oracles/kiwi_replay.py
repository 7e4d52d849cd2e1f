"""kiwisolver as a second, independent incremental implementation.

kiwi blends priorities into one weighted objective (strength = a*1e6 + b*1e3 + c), which
equals the lexicographic semantics only when at most one optional priority level is
present. So the replay maps every optional constraint and every edit variable to the one
strength `medium` (required stays required) and compares kiwi with HiGHS only in the
states where at most one optional level is present (edits included): there the weighted
objective (weight 1 per unit of violation, times a common factor) is the level's error sum.

kiwi is driven incrementally along the *expected* path: the replay applies a step when the
checker's verdict says it must succeed, and tries it when the verdict says it must fail as
unsatisfiable (kiwi must then raise `UnsatisfiableConstraint`, and is put back). kiwi has no
in-place constant change, so `setConstant` removes the old constraints and adds the new
ones (the whole step at once, as formats.md judges it). `setPriority` is a no-op: every
optional constraint has the same strength.

After kiwi raises `UnsatisfiableConstraint` its solver is not reliably back where it was
(a row added for the artificial-variable phase stays behind: nucleic/kiwi issue #52, so a
later, feasible add can be refused). The replay therefore rebuilds kiwi from the current
state after every refusal, and stays incremental everywhere else.
"""

from __future__ import annotations

from typing import Sequence

import kiwisolver

from checker import initial_acceptance, judge_step
from lexicographic import LexicographicOracle
from measures import COMPARISON, level_errors, required_residuals
from report import SystemReport
from systems import Row, State, Step, System, apply_step, initial_edit_state, with_constraint

BACKEND = "kiwisolver"
OPTIONAL_STRENGTH = kiwisolver.strength.medium


class KiwiMirror:
    """A kiwisolver `Solver` holding the constraints and edit variables of a state."""

    def __init__(self, state: State) -> None:
        self.variables: dict[str, kiwisolver.Variable] = {}
        self.rebuild(state)

    def rebuild(self, state: State) -> None:
        """Starts a new kiwi solver holding exactly `state` (used after kiwi refuses
        something, since a refusal can leave kiwi's tableau changed)."""
        self.solver = kiwisolver.Solver()
        self.constraints: dict[str, kiwisolver.Constraint] = {}
        for variable in state.edit_priorities:
            self.solver.addEditVariable(self.variable(variable), OPTIONAL_STRENGTH)
            self.solver.suggestValue(self.variable(variable), state.edit_targets.get(variable, 0.0))
        restored = self.add(list(state.constraints.values()))
        assert restored, "kiwi refused a state it held before"

    @staticmethod
    def accepts(state: State) -> bool:
        """Whether a kiwi built from scratch takes every constraint of `state`."""
        mirror = KiwiMirror(_edits_only(state))
        return mirror.add(list(state.constraints.values()))

    def variable(self, name: str) -> kiwisolver.Variable:
        """kiwi's variable for a name, made on first use."""
        if name not in self.variables:
            self.variables[name] = kiwisolver.Variable(name)
        return self.variables[name]

    def make(self, row: Row) -> kiwisolver.Constraint:
        """kiwi's constraint for a row: required stays required, optional gets one strength."""
        terms = tuple(kiwisolver.Term(self.variable(name), coefficient) for name, coefficient in row.terms)
        strength = kiwisolver.strength.required if row.required else OPTIONAL_STRENGTH
        return kiwisolver.Constraint(kiwisolver.Expression(terms, row.constant), row.relation, strength)

    def add(self, rows: Sequence[Row]) -> bool:
        """Adds the rows in order; False as soon as kiwi finds one unsatisfiable (the
        caller then rebuilds)."""
        for row in rows:
            constraint = self.make(row)
            try:
                self.solver.addConstraint(constraint)
            except kiwisolver.UnsatisfiableConstraint:
                return False
            self.constraints[row.label] = constraint
        return True

    def remove(self, labels: Sequence[str]) -> None:
        """Removes the constraints with these ids."""
        for label in labels:
            self.solver.removeConstraint(self.constraints.pop(label))

    def suggest(self, variable: str, value: float) -> None:
        self.solver.suggestValue(self.variable(variable), value)

    def values(self) -> dict[str, float]:
        """Current values of every variable kiwi knows."""
        self.solver.updateVariables()
        return {name: variable.value() for name, variable in self.variables.items()}


def check_with_kiwi(system: System, oracle: LexicographicOracle, report: SystemReport) -> None:
    """Replays `system` in kiwisolver along the expected path and compares the eligible
    states with HiGHS; findings go to `report` under the backend name `kiwisolver`.

    When incremental kiwi disagrees with HiGHS, the same operation (or state) is tried on
    a kiwi built from scratch. If that one agrees, the fault is kiwi's own incremental
    path (e.g. nucleic/kiwi issue #52, or the removal of one of two redundant required
    equalities, which leaves the other violated in kiwisolver 1.5.1): it is listed as a
    kiwi defect, not a disagreement, and the replay goes on from the rebuilt kiwi. If the
    fresh kiwi disagrees too, HiGHS and kiwi really differ: a disagreement.
    """
    state = initial_edit_state(system)
    kiwi = KiwiMirror(state)
    for row, accept in zip(system.constraints, initial_acceptance(system, oracle)):
        if kiwi.add([row]) != accept:
            kiwi.rebuild(state)
            if kiwi.add([row]) != accept:
                report.disagree(0, BACKEND, f"kiwi {'refused' if accept else 'accepted'} initial '{row.label}', "
                                            f"HiGHS says it {'fits' if accept else 'conflicts'}; "
                                            "kiwi is not checked further")
                return
            report.kiwi_defects.append(f"state 0: incremental kiwi {'refused' if accept else 'accepted'} "
                                       f"initial '{row.label}'; kiwi built from scratch agrees with HiGHS")
        if accept:
            state = with_constraint(state, row)
        else:
            kiwi.rebuild(state)
    _compare(kiwi, state, oracle, report, 0)
    for step_index, step in enumerate(system.steps):
        index = step_index + 1
        verdict = judge_step(state, step, oracle)
        if verdict.problems:
            _compare(kiwi, state, oracle, report, index)
            continue
        applied = _apply(kiwi, state, step)
        if applied != verdict.ok:
            if KiwiMirror.accepts(verdict.new_state) != verdict.ok:
                report.disagree(index, BACKEND, f"kiwi {'accepted' if applied else 'refused'} '{step.describe()}', "
                                                f"but it {verdict.describe()}; kiwi is not checked further")
                return
            report.kiwi_defects.append(f"state {index}: incremental kiwi {'accepted' if applied else 'refused'} "
                                       f"'{step.describe()}'; kiwi built from scratch agrees with HiGHS")
        if verdict.ok:
            state = verdict.new_state
        else:
            kiwi.rebuild(state)
        _compare(kiwi, state, oracle, report, index)


def _edits_only(state: State) -> State:
    """`state` with its edit variables only."""
    return State({}, state.edit_priorities, state.edit_targets)


def _apply(kiwi: KiwiMirror, state: State, step: Step) -> bool:
    """Applies a step without static problems to kiwi; False when kiwi refuses it (kiwi
    must then be rebuilt)."""
    if step.kind == "add":
        return kiwi.add(list(step.entries))
    if step.kind == "remove":
        kiwi.remove(list(step.entries))
        return True
    if step.kind == "setConstant":
        names = list(dict.fromkeys(name for name, _ in step.entries))
        new_state = apply_step(state, step)
        kiwi.remove(names)
        return kiwi.add([new_state.constraints[name] for name in names])
    if step.kind == "suggest":
        for variable, value in step.entries:
            kiwi.suggest(variable, value)
    return True


def _compare(kiwi: KiwiMirror, state: State, oracle: LexicographicOracle, report: SystemReport, index: int) -> None:
    """Compares kiwi with HiGHS in one state when at most one optional level is present;
    on a difference, compares a kiwi rebuilt from scratch too (see `check_with_kiwi`)."""
    if len(state.optional_levels()) > 1:
        return
    rows = state.rows()
    optimum = oracle.solve(rows)
    if not optimum.feasible:
        report.disagree(index, BACKEND, "HiGHS finds the required constraints infeasible where kiwi accepted them")
        return
    findings = _differences(rows, kiwi.values(), optimum.level_errors)
    if findings:
        kiwi.rebuild(state)
        fresh = _differences(rows, kiwi.values(), optimum.level_errors)
        for finding in fresh:
            report.disagree(index, BACKEND, finding)
        if not fresh:
            report.kiwi_defects.append(f"state {index}: incremental kiwi: {findings[0]}; "
                                       "kiwi built from scratch agrees with HiGHS")
    report.kiwi_compared += 1


def _differences(rows: list[Row], values: dict[str, float], optimum: dict[float, float]) -> list[str]:
    """What is wrong with kiwi's values: required residuals and level sums off HiGHS's."""
    findings = [f"required {failure.row.describe()} has residual {failure.residual:.9g}"
                for failure in required_residuals(rows, values)]
    measured = level_errors(rows, values)
    for level, best in optimum.items():
        got = measured[level]
        if not COMPARISON.is_close(got.total, best, got.scale):
            findings.append(f"level {level:g}: kiwi's error sum {got.total:.9g}, HiGHS optimum {best:.9g} "
                            f"(difference {got.total - best:+.3g})")
    return findings
