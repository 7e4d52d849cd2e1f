"""The exact-semantics oracle: strictly lexicographic priorities solved as a sequence of LPs
with HiGHS (highspy's `Highs` model API).

Encoding (research/anchors-solvers.md section 7):

* every variable is a free column;
* a required row is an LP row: `a.x` in `[-c, -c]` for `==`, `(-inf, -c]` for `<=`,
  `[-c, inf)` for `>=`;
* an optional equality gets two error columns `e+, e- >= 0` with `a.x - e+ + e- == -c`; an
  optional `<=` one error `e >= 0` with `a.x - e <= -c`; an optional `>=` one error with
  `a.x + e >= -c`. So at the optimum each error column is exactly the row's violation.

The levels are solved from the highest priority down: minimise the sum of the level's
error columns, then keep that sum at most its optimum plus a small tolerance (relative to
the magnitudes of the system) while the next levels are optimised. This is exactly "no
amount of error at a lower priority buys any reduction at a higher one" (formats.md rule
2). The same model is reused from level to level, so HiGHS warm-starts.

A cap row alone is numerically fragile: HiGHS meets rows only within its feasibility
tolerance, so a level's computed optimum can lie slightly *below* the true one, and a tight
cap then squeezes the lower levels (random systems showed errors of 1.6e-6 at a lower level
with a 1e-9 slack, and infeasible later LPs with 1e-11). So after each level the model is
also restricted to that level's optimal face by complementary slackness: every column with
a nonzero reduced cost is fixed at its bound and every inequality row with a nonzero dual
at its active bound. Any point of that face is optimal for the level, the current optimum
stays feasible exactly, and the cap (with its slack) never has to bind.

Results are cached by the canonical key of the rows: backends that agree on which steps
succeed pose the same problems, and so does the kiwisolver replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import highspy
import numpy as np

from measures import violation
from systems import Row, rows_key

INFINITY = highspy.kHighsInf
FEASIBILITY_TOLERANCE = 1e-9
"""HiGHS's primal and dual feasibility tolerances (tighter than its 1e-7 default)."""
LEVEL_SLACK = 1e-9
"""How much a solved level's error sum may grow, relative to the system's magnitudes, when
lower levels are optimised; keeps the later LPs feasible despite rounding."""
DUAL_ZERO = 1e-7
"""Reduced costs and row duals at most this large count as zero when fixing the optimal
face (true nonzero duals of these small-integer systems are far larger)."""


class OracleError(RuntimeError):
    """HiGHS ended with a status that is neither optimal nor infeasible."""


@dataclass(frozen=True)
class LexicographicResult:
    """The lexicographic optimum of a set of rows.

    `feasible` is False when the required rows cannot hold together; then the other fields
    are empty. `level_errors` maps each optional priority present (highest first) to its
    optimal error sum; `values` is one optimal point (not unique in general).
    """

    feasible: bool
    level_errors: dict[float, float]
    values: dict[str, float]


class LexicographicOracle:
    """Solves and caches lexicographic problems and feasibility questions."""

    def __init__(self) -> None:
        self._solutions: dict[tuple, LexicographicResult] = {}
        self._feasibility: dict[tuple, bool] = {}
        self.lp_solves = 0

    def solve(self, rows: Sequence[Row]) -> LexicographicResult:
        """The lexicographic optimum of `rows` (cached)."""
        key = rows_key(rows)
        if key not in self._solutions:
            self._solutions[key] = self._solve(rows)
            self._feasibility[rows_key(row for row in rows if row.required)] = self._solutions[key].feasible
        return self._solutions[key]

    def required_feasible(self, rows: Iterable[Row]) -> bool:
        """Whether the required rows among `rows` can all hold (cached)."""
        required = [row for row in rows if row.required]
        key = rows_key(required)
        if key not in self._feasibility:
            self._feasibility[key] = self._solve(required).feasible
        return self._feasibility[key]

    def hard_feasible(self, rows: Iterable[Row]) -> bool:
        """Whether `rows`, every one taken as required, can hold together (explanations)."""
        return self.required_feasible([row.as_required() for row in rows])

    def _solve(self, rows: Sequence[Row]) -> LexicographicResult:
        if not any(coefficient != 0.0 for row in rows for _, coefficient in row.terms) and all(
            row.required for row in rows
        ):
            # No column at all (HiGHS calls such a model empty): only constants remain.
            empty = {name: 0.0 for row in rows for name in row.variables}
            return LexicographicResult(all(violation(row, empty) == 0.0 for row in rows), {}, {})
        model = _LexicographicModel(rows)
        levels = sorted({row.priority for row in rows if not row.required}, reverse=True)
        scale = max([1.0] + [abs(row.constant) for row in rows])
        optimum: dict[float, float] = {}
        if not levels:
            self.lp_solves += 1
            if not model.run():
                return LexicographicResult(False, {}, {})
        for level in levels:
            self.lp_solves += 1
            model.set_objective(level)
            if not model.run():
                if not optimum:
                    return LexicographicResult(False, {}, {})
                raise OracleError(f"level {level:g} became infeasible after fixing the levels above it")
            optimum[level] = max(0.0, model.objective_value())
            model.fix_optimal_face()
            model.cap_level(level, optimum[level] + LEVEL_SLACK * max(scale, optimum[level]))
        return LexicographicResult(True, optimum, model.values())


class _LexicographicModel:
    """One HiGHS model for a set of rows, with error columns grouped by priority level."""

    def __init__(self, rows: Sequence[Row]) -> None:
        self.highs = highspy.Highs()
        self.highs.setOptionValue("output_flag", False)
        self.highs.setOptionValue("primal_feasibility_tolerance", FEASIBILITY_TOLERANCE)
        self.highs.setOptionValue("dual_feasibility_tolerance", FEASIBILITY_TOLERANCE)
        names: dict[str, int] = {}
        for row in rows:
            for name, coefficient in row.terms:
                if coefficient != 0.0:
                    names.setdefault(name, len(names))
        self.names = list(names)
        self.column_count = len(names)
        if names:
            self.highs.addVars(len(names), np.full(len(names), -INFINITY), np.full(len(names), INFINITY))
        self.level_columns: dict[float, list[int]] = {}
        self.costed: list[int] = []
        self.warm = False  # whether a solve has run (later runs start from its basis)
        for row in rows:
            self._add_row(row, names)

    def _add_row(self, row: Row, names: dict[str, int]) -> None:
        indices = [names[name] for name, coefficient in row.terms if coefficient != 0.0]
        coefficients = [coefficient for _, coefficient in row.terms if coefficient != 0.0]
        if not row.required:
            # Error columns: e+ (coefficient -1) for every relation except >=, e- (+1) for
            # equalities and >=.
            signs = {"==": (-1.0, 1.0), "<=": (-1.0,), ">=": (1.0,)}[row.relation]
            for sign in signs:
                indices.append(self._add_error_column(row.priority))
                coefficients.append(sign)
        lower, upper = -row.constant, -row.constant
        if row.relation == "<=":
            lower = -INFINITY
        elif row.relation == ">=":
            upper = INFINITY
        self.highs.addRow(lower, upper, len(indices), np.array(indices, dtype=np.int32),
                          np.array(coefficients, dtype=np.float64))

    def _add_error_column(self, level: float) -> int:
        column = self.column_count
        self.highs.addVars(1, np.array([0.0]), np.array([INFINITY]))
        self.column_count += 1
        self.level_columns.setdefault(level, []).append(column)
        return column

    def set_objective(self, level: float) -> None:
        """Minimise the error sum of `level` only."""
        if self.costed:
            self._set_costs(self.costed, 0.0)
        self.costed = self.level_columns[level]
        self._set_costs(self.costed, 1.0)

    def _set_costs(self, columns: list[int], cost: float) -> None:
        self.highs.changeColsCost(len(columns), np.array(columns, dtype=np.int32), np.full(len(columns), cost))

    def cap_level(self, level: float, bound: float) -> None:
        """Keep the error sum of `level` at most `bound` from now on."""
        columns = self.level_columns[level]
        self.highs.addRow(-INFINITY, bound, len(columns), np.array(columns, dtype=np.int32), np.ones(len(columns)))

    def run(self) -> bool:
        """Solves; True when optimal, False when infeasible; raises on anything else.

        A warm start after the bound changes of `fix_optimal_face` occasionally ends in
        HiGHS's status "Unknown" (numerical trouble), and presolve may answer "unbounded or
        infeasible"; anything but a clean optimum is therefore solved again from scratch,
        then once more without presolve, before it is believed or reported."""
        status = self._run()
        if status not in (highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kInfeasible) or (
            status == highspy.HighsModelStatus.kInfeasible and self.warm
        ):
            self.highs.clearSolver()
            status = self._run()
        if status not in (highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kInfeasible):
            self.highs.setOptionValue("presolve", "off")
            self.highs.clearSolver()
            status = self._run()
            self.highs.setOptionValue("presolve", "choose")
        if status == highspy.HighsModelStatus.kOptimal:
            return True
        if status == highspy.HighsModelStatus.kInfeasible:
            return False
        raise OracleError(f"HiGHS ended with status {self.highs.modelStatusToString(status)}")

    def _run(self) -> highspy.HighsModelStatus:
        self.highs.run()
        self.warm = True
        return self.highs.getModelStatus()

    def fix_optimal_face(self) -> None:
        """Restricts the model to the optimal face of the objective just solved: columns
        with a nonzero reduced cost stay at the bound they are at, inequality rows with a
        nonzero dual at the bound they touch. Every feasible point left is optimal for the
        objective (complementary slackness with the current dual solution)."""
        solution = self.highs.getSolution()
        lp = self.highs.getLp()
        for index, dual in enumerate(solution.col_dual):
            bound = _touched_bound(dual, solution.col_value[index], lp.col_lower_[index], lp.col_upper_[index])
            if bound is not None:
                self.highs.changeColBounds(index, bound, bound)
        for index, dual in enumerate(solution.row_dual):
            bound = _touched_bound(dual, solution.row_value[index], lp.row_lower_[index], lp.row_upper_[index])
            if bound is not None:
                self.highs.changeRowBounds(index, bound, bound)

    def objective_value(self) -> float:
        return float(self.highs.getInfo().objective_function_value)

    def values(self) -> dict[str, float]:
        """The values of the layout variables at the current solution."""
        if not self.names:
            return {}
        columns = self.highs.getSolution().col_value
        return {name: float(columns[index]) for index, name in enumerate(self.names)}


def _touched_bound(dual: float, value: float, lower: float, upper: float) -> float | None:
    """The finite bound a column or row with a nonzero dual sits at (the one nearer its
    value), or None when there is nothing to fix (zero dual, already fixed, or no finite
    bound)."""
    if abs(dual) <= DUAL_ZERO or lower == upper:
        return None
    bound = lower if abs(value - lower) <= abs(value - upper) else upper
    return bound if abs(bound) < INFINITY else None
