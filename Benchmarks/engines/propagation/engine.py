#!/usr/bin/env python3
"""An example engine on the Python SDK (docs/engines.md): solves systems of required
equalities whose variables can be found one at a time (each constraint, once all but one of
its variables are known, gives the last one), re-solving from scratch after each operation.
That covers the `deep` suite's exported systems (autoresizing and pinned chains and trees);
a case with an inequality, an optional priority, an edit variable or a coupled block of
equalities is skipped with the reason. The engine is small on purpose: it is the SDK's
worked example and the test suite's outside engine, not a solver to compare against.
"""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sdk"))

from layoutbench_engine import Case, Engine, Operation, Refused, Skip, run  # noqa: E402

Row = tuple[tuple[tuple[int, float], ...], float]


class Program:
    """The case's variables (by first appearance) and every constraint row it can hold."""

    def __init__(self, case: Case) -> None:
        document = case.document
        if document.get("edits"):
            raise Skip("edit variables are not required equalities")
        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.initial = {c["id"]: self.row(c) for c in document["constraints"]}
        for operation in case.operations:
            for step in operation.steps:
                for constraint in step.get("add", []):
                    self.row(constraint)
                if "setPriority" in step or "suggest" in step:
                    raise Skip(f"a step changes a priority or suggests a value ({sorted(step)[0]})")

    def row(self, constraint: dict) -> Row:
        if constraint.get("relation", "==") != "==" or constraint.get("priority", 1000) != 1000:
            raise Skip(f"constraint '{constraint['id']}' is not a required equality")
        terms = []
        for name, coefficient in constraint["terms"].items():
            if name not in self.index:
                self.index[name] = len(self.names)
                self.names.append(name)
            terms.append((self.index[name], float(coefficient)))
        return tuple(terms), float(constraint.get("constant", 0))


class State:
    def __init__(self, program: Program) -> None:
        self.program = program
        self.rows: dict[str, Row] = dict(program.initial)
        self.values: list[float] = []


def solve(state: State) -> list[float]:
    """Every variable from the rows, one row giving one variable at a time. O(cells).
    Raises `Refused` when a fully known row does not hold, `Skip` when rows are coupled."""
    count = len(state.program.names)
    known: list[float | None] = [None] * count
    rows = list(state.rows.items())
    unknown = [len(terms) for _, (terms, _) in rows]
    uses: list[list[int]] = [[] for _ in range(count)]
    for r, (_, (terms, _)) in enumerate(rows):
        for v, _ in terms:
            uses[v].append(r)
    ready = deque(r for r in range(len(rows)) if unknown[r] <= 1)
    while ready:
        r = ready.popleft()
        identifier, (terms, constant) = rows[r]
        total, missing = constant, None
        for v, coefficient in terms:
            if known[v] is None:
                missing = (v, coefficient)
            else:
                total += coefficient * known[v]
        if missing is None:
            if abs(total) > 1e-9 * (1 + abs(constant)):
                raise Refused(f"'{identifier}' does not hold (residual {total:g})")
            continue
        v, coefficient = missing
        known[v] = -total / coefficient
        for other in uses[v]:
            unknown[other] -= 1
            if unknown[other] <= 1:
                ready.append(other)
    if any(value is None for value in known):
        first = next(name for name, value in zip(state.program.names, known) if value is None)
        raise Skip(f"'{first}' is not found one variable at a time (a coupled block of equalities)")
    return [float(value) for value in known]  # type: ignore[arg-type]


class Propagation(Engine):
    name, version, inputs = "propagation", "1.0", ("constraints",)

    def prepare(self, case: Case) -> Program:
        return Program(case)

    def build(self, program: Program) -> State:
        return State(program)

    def first_layout(self, state: State) -> None:
        state.values = solve(state)

    def apply(self, state: State, operation: Operation) -> None:
        before = dict(state.rows)
        for step in operation.steps:
            for identifier, constant in step.get("setConstant", {}).items():
                terms, _ = state.rows[identifier]
                state.rows[identifier] = (terms, float(constant))
            for identifier in step.get("remove", []):
                del state.rows[identifier]
            for constraint in step.get("add", []):
                state.rows[constraint["id"]] = state.program.row(constraint)
        try:
            state.values = solve(state)
        except Refused:
            state.rows = before
            raise

    def answers(self, state: State) -> dict[str, float]:
        return dict(zip(state.program.names, state.values))


if __name__ == "__main__":
    sys.exit(run(Propagation()))
