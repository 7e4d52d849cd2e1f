"""What a solution costs under formats.md section 1, computed from variable values alone.

Every backend, kiwisolver and HiGHS is judged by the same functions here, so no solver's
own bookkeeping is trusted:

* the *violation* of a row: equality |lhs|, `<=` max(0, lhs), `>=` max(0, -lhs);
* the *error sum* of an optional priority level: the sum of its rows' violations, weight 1;
* the *magnitude* of a row at some values: |constant| + sum |coefficient * value|, the scale
  against which its residual is judged ("relative to the magnitudes involved").

The closeness rule is the project's `Tolerance` (Sources/LayoutModel/Tolerance.swift):
`a` and `b` are close when |a - b| <= absolute, or <= relative * max(|a|, |b|, scale).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from systems import Row


@dataclass(frozen=True)
class Tolerance:
    """Absolute-or-relative closeness, as in LayoutModel's `Tolerance`."""

    absolute: float
    relative: float

    def is_close(self, a: float, b: float, scale: float = 0.0) -> bool:
        """Whether `a` and `b` agree within the tolerance, judged against `scale`."""
        difference = abs(a - b)
        return difference <= self.absolute or difference <= self.relative * max(abs(a), abs(b), abs(scale))


RESIDUAL = Tolerance(absolute=1e-6, relative=1e-6)
"""Residuals of required constraints (formats.md: 1e-6 relative to the magnitudes)."""

COMPARISON = Tolerance(absolute=1e-6, relative=1e-7)
"""Comparing two solvers' error sums."""


def lhs(row: Row, values: Mapping[str, float]) -> float:
    """`sum(coefficient * value) + constant`; a variable without a value counts as 0."""
    return sum(coefficient * values.get(name, 0.0) for name, coefficient in row.terms) + row.constant


def violation(row: Row, values: Mapping[str, float]) -> float:
    """How far the row is from holding (0 when it holds)."""
    value = lhs(row, values)
    if row.relation == "==":
        return abs(value)
    if row.relation == "<=":
        return max(0.0, value)
    return max(0.0, -value)


def magnitude(row: Row, values: Mapping[str, float]) -> float:
    """The size of the numbers that produce the row's left-hand side."""
    return abs(row.constant) + sum(abs(coefficient * values.get(name, 0.0)) for name, coefficient in row.terms)


@dataclass(frozen=True)
class LevelError:
    """The error sum of one optional priority level and the magnitude it was summed from."""

    total: float
    scale: float


def level_errors(rows: Iterable[Row], values: Mapping[str, float]) -> dict[float, LevelError]:
    """Error sum per optional priority level present among `rows`, highest priority first."""
    totals: dict[float, float] = {}
    scales: dict[float, float] = {}
    for row in rows:
        if row.required:
            continue
        totals[row.priority] = totals.get(row.priority, 0.0) + violation(row, values)
        scales[row.priority] = scales.get(row.priority, 0.0) + magnitude(row, values)
    return {level: LevelError(totals[level], scales[level]) for level in sorted(totals, reverse=True)}


@dataclass(frozen=True)
class Residual:
    """A required row that does not hold within `RESIDUAL`."""

    row: Row
    residual: float
    scale: float


def required_residuals(rows: Iterable[Row], values: Mapping[str, float]) -> list[Residual]:
    """The required rows whose residual exceeds the tolerance at these values."""
    failures = []
    for row in rows:
        if not row.required:
            continue
        residual = violation(row, values)
        scale = magnitude(row, values)
        if not RESIDUAL.is_close(residual, 0.0, scale):
            failures.append(Residual(row, residual, scale))
    return failures
