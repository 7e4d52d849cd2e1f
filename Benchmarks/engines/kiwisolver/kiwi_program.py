"""A case prepared for kiwi, outside every clock: every kiwi object made once — variables,
each constraint with the constant and strength it has where it is added (kiwi_mapping.py)
— and the list of solver calls of the build and of each operation, with where in the file
each call comes from. A timed repetition then only makes those calls (engine.py).

Making the kiwi objects is left out of the clock because it is the input, as the scene is
for the Swift runner; in C++ it is nearly free, and in Python it would mostly measure the
interpreter. What the interpreter still adds to the solver calls is estimated apart
(`calls_per_operation` here, the cost of one call in call_overhead.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import kiwisolver

from kiwi_mapping import REQUIRED_EDIT_STRENGTH, EditMapping, Strengths, plan_edit_variables, system_priorities
from systems import Row, System, apply_step, initial_edit_state, static_problems, with_constraint

Action = tuple[Callable[..., Any], tuple[Any, ...]]


class KiwiInputError(ValueError):
    """A step names what is not there (the static errors of docs/interchange.md), which an
    exported trace never does; the message names the step."""


class KiwiRefusal(Exception):
    """kiwi refused a call; the message names the call's origin in the file."""


class StepGroup(Protocol):
    """One measured operation as the SDK gives it: its phase and its steps, in file order."""

    phase: str
    steps: Sequence[Any]


@dataclass
class CompiledOperation:
    """The calls of one operation and where each comes from."""

    phase: str
    actions: list[Action]
    origins: list[str]
    context: str


@dataclass
class Program:
    names: list[str]
    variables: list[kiwisolver.Variable]
    build: list[Action]
    build_origins: list[str]
    operations: list[CompiledOperation]
    edits: dict[str, EditMapping]
    strengths: Strengths
    readded: set[str] = field(default_factory=set)

    def calls_per_operation(self) -> dict[str, float]:
        """kiwisolver calls per operation, mean per phase: `Solver()` and the set-up in
        build; `updateVariables()` and one `value()` per variable in the layout of every
        other operation."""
        reads = 1 + len(self.variables)
        totals = {"build": 1.0 + len(self.build), "firstLayout": float(reads)}
        counts = {"build": 1, "firstLayout": 1}
        for operation in self.operations:
            totals[operation.phase] = totals.get(operation.phase, 0.0) + len(operation.actions) + reads
            counts[operation.phase] = counts.get(operation.phase, 0) + 1
        return {phase: total / counts[phase] for phase, total in totals.items()}

    def parameters(self, mode: str) -> dict[str, str]:
        """How the system was mapped onto kiwi, for the case's parameters."""
        return {
            "kiwi.setConstant": mode,
            "kiwi.editVariables": str(sum(method is kiwisolver.Solver.addEditVariable for method, _ in self.build)),
            "kiwi.readdedConstants": str(len(self.readded)),
            "kiwi.priorities": self.strengths.describe(),
        }


def origin_of(actions: list[Action], origins: list[str], arguments: tuple[Any, ...]) -> str:
    """Where the call made with `arguments` comes from: each call has its own tuple, and a
    failing call's is what the loop making the calls holds when kiwi raises."""
    return next((origin for (_, theirs), origin in zip(actions, origins) if theirs is arguments), "a call")


def compile_program(system: System, operations: Sequence[StepGroup], mode: str = "edit") -> Program:
    """The solver calls of the build and of each operation (module docstring). Raises
    `KiwiInputError` for a step that names what is not there."""
    strengths = Strengths(system_priorities(system))
    edits = plan_edit_variables(system, mode)
    variables = {name: kiwisolver.Variable(name) for name in system.variables}
    solver = kiwisolver.Solver

    def constraint(row: Row) -> kiwisolver.Constraint:
        terms = [kiwisolver.Term(variables[name], coefficient) for name, coefficient in row.terms]
        return kiwisolver.Constraint(kiwisolver.Expression(terms, row.constant), row.relation, strengths.of(row.priority))

    live: dict[str, kiwisolver.Constraint] = {}
    build: list[Action] = []
    origins: list[str] = []
    for index, edit in enumerate(system.edits):
        build.append((solver.addEditVariable, (variables[edit.variable], strengths.of(edit.priority))))
        origins.append(f"edits[{index}] ('{edit.variable}')")
    state = initial_edit_state(system)
    for index, row in enumerate(system.constraints):
        if row.label in state.constraints:
            raise KiwiInputError(f"constraints[{index}].id: '{row.label}' is already defined")
        state = with_constraint(state, row)
        if row.label in edits:
            continue
        live[row.label] = constraint(row)
        build.append((solver.addConstraint, (live[row.label],)))
        origins.append(f"constraints[{index}] ('{row.label}')")
    # Edit variables come after the constraints, with their first suggestion, as in kiwi's
    # own enaml benchmark.
    for index, row in enumerate(system.constraints):
        if row.label in edits:
            mapping = edits[row.label]
            strength = REQUIRED_EDIT_STRENGTH if row.required else strengths.of(row.priority)
            build.append((solver.addEditVariable, (variables[mapping.variable], strength)))
            build.append((solver.suggestValue, (variables[mapping.variable], mapping.value_for(row.constant))))
            origins += [f"constraints[{index}] ('{row.label}') as an edit variable"] * 2

    compiled: list[CompiledOperation] = []
    readded: set[str] = set()
    step_index = 0
    for number, operation in enumerate(operations):
        actions: list[Action] = []
        action_origins: list[str] = []
        first = step_index
        for step in system.steps[first:first + len(operation.steps)]:
            where = f"steps[{step_index}].{step.kind}"
            problems = static_problems(state, step)
            if problems:
                raise KiwiInputError(f"{where}: {problems[0].kind} '{problems[0].name}'")
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
                changed = apply_step(state, step)
                names = list(dict.fromkeys(name for name, _ in step.entries))
                moved = [name for name in names if name in edits and step.kind == "setConstant"]
                readd = [name for name in names if name not in moved]
                for name in moved:
                    mapping = edits[name]
                    value = mapping.value_for(changed.constraints[name].constant)
                    actions.append((solver.suggestValue, (variables[mapping.variable], value)))
                    action_origins.append(f"{where} ('{name}', an edit variable)")
                for name in readd:
                    actions.append((solver.removeConstraint, (live.pop(name),)))
                    action_origins.append(f"{where} ('{name}', removed to change it)")
                for name in readd:
                    live[name] = constraint(changed.constraints[name])
                    actions.append((solver.addConstraint, (live[name],)))
                    action_origins.append(f"{where} ('{name}', added back changed)")
                if step.kind == "setConstant":
                    readded.update(readd)
            state = apply_step(state, step)
            step_index += 1
        context = f"operation {number} ({operation.phase}, steps {first}..<{step_index})"
        compiled.append(CompiledOperation(operation.phase, actions, action_origins, context))
    if step_index != len(system.steps):
        raise KiwiInputError(f"the operations cover {step_index} of {len(system.steps)} steps")
    return Program(list(variables), list(variables.values()), build, origins, compiled, edits, strengths, readded)
