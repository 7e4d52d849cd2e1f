"""How a `layoutbench.constraints/1` system maps onto kiwi: priorities ranked into
strengths, and which constant changes become edit variables.

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
  weighted edit is not a required constraint (below). Mode `edit` (engine `kiwisolver`)
  does this; `readd` (engine `kiwisolver-readd`) removes and re-adds every changed
  constraint (kiwi's generic path); `edit-all` (engine `kiwisolver-edit-all`) also turns
  required single-variable equalities into edit variables at `strong`, as kiwi's own
  enaml benchmark does with the window size. That is kiwi's idiom but not the same system:
  where enough optional errors move with the root size (58 compressing rows of
  `stack.nested` at 1,000 views, each at a level of 1e5) their weights outweigh the edit,
  the root size gives way, and the answers differ from Cassowary's. A stronger edit is no
  cure: at 1e9 over levels down to 1, kiwi's rounding finds "the objective is unbounded"
  on a two-view row.
* **setPriority** removes the constraint and adds it with the new strength; **suggest**
  is `suggestValue`; the file's **edits** are added first, held at 0 until suggested, as
  formats.md says.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import kiwisolver

from systems import REQUIRED, System

# Everything stays within kiwi's usual weak...strong scale, leaving `strong` to the required
# edits of `edit-all`: with an edit at 1e9 over levels down to 1, kiwi 1.5.1's rounding finds
# "the objective is unbounded" on the two-view row of tests/test_kiwi_program.py, an
# InternalSolverError its Python binding lets abort the process.
WEAKEST, STRONGEST = kiwisolver.strength.weak, kiwisolver.strength.strong / 10
SINGLE_LEVEL = kiwisolver.strength.medium
REQUIRED_EDIT_STRENGTH = kiwisolver.strength.strong
SET_CONSTANT_MODES = ("edit", "edit-all", "readd")


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
        if len(self.levels) == 1:
            return "one optional priority, medium"
        return f"{len(self.levels)} optional priorities ranked from weak (1) to 1e5"


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
        raise ValueError(f"unknown setConstant mode {mode!r} (modes: {', '.join(SET_CONSTANT_MODES)})")
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
