"""Seeded random `layoutbench.constraints/1` systems that stress the corner cases.

Each system: 2-12 variables, 3-40 constraints with 1-4 terms, small integer coefficients
(mostly +-1, some +-2/+-3, some 0), integer constants, mixed `==`/`<=`/`>=`, priorities
mostly required and otherwise from {999, 750, 500, 251, 250, 1} with occasional other
values, sometimes edit variables, then 0-14 steps of every kind.

Degenerate cases are mixed in on purpose: redundant required equalities (a multiple of a
present one), exactly conflicting required pairs (same terms, another constant, so some
initial constraints and some adds or constant changes are unsatisfiable), equal-priority
ties (two optional constraints on the same terms pulling apart), constant-only rows, steps
on ids that are not present, removing an id twice, re-adding a removed id (with its old
or a new definition), `setPriority` on a required constraint, empty steps.

A *single-level* system uses one optional priority for every optional constraint and
edit, so every state has at most one optional level and kiwisolver can be compared there.

Every file is valid for `bench solve` (the static rules of formats.md and
docs/interchange.md hold): ids unique within `constraints` and within each `add`, steps
name only ids defined earlier in the file, suggestions only declared edit variables,
`setPriority` only values in (0, 1000). System `i` of seed `s` depends only on `(s, i)`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

OPTIONAL_PRIORITIES = (999, 750, 500, 251, 250, 1)
RELATIONS = ("==", "<=", ">=")
FLIPPED = {"==": "==", "<=": ">=", ">=": "<="}


def system_seed(seed: int, index: int) -> str:
    """The seed of system `index` in a run with `seed` (strings seed `random` the same way
    on every platform and Python run)."""
    return f"layoutbench-oracles:{seed}:{index}"


class SystemGenerator:
    """Builds one random system; `single_level` fixes one optional priority for it."""

    def __init__(self, rng: random.Random, single_level: bool) -> None:
        self.rng = rng
        self.variables = [f"v{i}" for i in range(rng.randint(2, 12))]
        self.level: float | None = None
        if single_level:
            self.level = self.optional_priority()
        self.present: dict[str, dict[str, Any]] = {}
        self.removed: dict[str, dict[str, Any]] = {}
        self.added_count = 0

    # -- numbers ---------------------------------------------------------------------

    def optional_priority(self) -> float:
        """A priority below 1000: mostly the UIKit-like set, sometimes anything."""
        if self.level is not None:
            return self.level
        draw = self.rng.random()
        if draw < 0.85:
            return self.rng.choice(OPTIONAL_PRIORITIES)
        if draw < 0.93:
            return self.rng.randint(2, 998)
        return round(self.rng.uniform(0.5, 999.5), 3)

    def priority(self) -> float:
        """Required more often than not."""
        return 1000 if self.rng.random() < 0.55 else self.optional_priority()

    def coefficient(self) -> int:
        draw = self.rng.random()
        if draw < 0.78:
            return self.rng.choice((1, -1))
        if draw < 0.94:
            return self.rng.choice((2, -2, 3, -3))
        return 0

    def constant(self) -> int:
        if self.rng.random() < 0.85:
            return self.rng.randint(-20, 20)
        return self.rng.randint(-200, 200)

    # -- constraints -----------------------------------------------------------------

    def constraint(self, constraint_id: str) -> dict[str, Any]:
        """A fresh random constraint."""
        if self.rng.random() < 0.03:
            terms: dict[str, int] = {}
        else:
            count = min(len(self.variables), self.rng.choice((1, 1, 2, 2, 2, 3, 3, 4)))
            terms = {name: self.coefficient() for name in self.rng.sample(self.variables, count)}
        return self.shaped(constraint_id, terms, self.constant(), self.rng.choice(RELATIONS), self.priority())

    def shaped(self, constraint_id: str, terms: dict[str, int], constant: int, relation: str,
               priority: float) -> dict[str, Any]:
        """A constraint object; a required priority is sometimes left out (absent = 1000)."""
        result: dict[str, Any] = {"id": constraint_id, "terms": terms, "constant": constant, "relation": relation}
        if priority != 1000 or self.rng.random() < 0.7:
            result["priority"] = priority
        return result

    def companion(self, base: dict[str, Any], constraint_id: str) -> dict[str, Any]:
        """A constraint on the same terms as `base` that makes a degenerate pair with it:
        redundant, conflicting, an equal-priority tie, or a required bound tight at it
        (`t + c == 0` with `t + c <= 0`: moving one without the other is infeasible)."""
        kind = self.rng.choice(("redundant", "conflict", "conflict", "tie", "tight"))
        terms, constant, relation = base["terms"], base["constant"], base["relation"]
        if kind == "tight":
            return self.shaped(constraint_id, dict(terms), constant, self.rng.choice(("<=", ">=")), 1000)
        if kind == "redundant":
            factor = self.rng.choice((1, 2, -1, -2))
            scaled = {name: factor * value for name, value in terms.items()}
            new_relation = relation if factor > 0 else FLIPPED[relation]
            return self.shaped(constraint_id, scaled, factor * constant, new_relation, 1000)
        gap = self.rng.randint(1, 10)
        if kind == "conflict":
            if relation == "==":
                return self.shaped(constraint_id, dict(terms), constant + self.rng.choice((gap, -gap)), "==", 1000)
            # t + c <= 0 (t <= -c) against t >= -c + gap, and the mirror image for >=.
            shift = -gap if relation == "<=" else gap
            return self.shaped(constraint_id, dict(terms), constant + shift, FLIPPED[relation], 1000)
        priority = base.get("priority", 1000)
        if priority >= 1000:
            priority = self.optional_priority()
            base["priority"] = priority
        new_relation = self.rng.choice(("==", FLIPPED[relation]))
        return self.shaped(constraint_id, dict(terms), constant - gap, new_relation, priority)

    def initial_constraints(self) -> list[dict[str, Any]]:
        constraints: list[dict[str, Any]] = []
        for index in range(self.rng.randint(3, 40)):
            constraint_id = f"c{index}"
            if constraints and self.rng.random() < 0.18:
                constraints.append(self.companion(self.rng.choice(constraints), constraint_id))
            else:
                constraints.append(self.constraint(constraint_id))
        for constraint in constraints:
            self.present[constraint["id"]] = constraint
        return constraints

    def edits(self) -> list[dict[str, Any]]:
        if self.rng.random() < 0.6:
            return []
        count = min(len(self.variables), self.rng.choice((1, 1, 2)))
        return [{"variable": name, "priority": self.optional_priority()}
                for name in self.rng.sample(self.variables, count)]

    # -- steps -----------------------------------------------------------------------

    def steps(self, edits: list[dict[str, Any]]) -> list[dict[str, Any]]:
        kinds = ["setConstant", "setPriority", "remove", "add", "add"] + ["suggest"] * (3 if edits else 0)
        return [self.step(self.rng.choice(kinds), edits) for _ in range(self.rng.randint(0, 14))]

    def step(self, kind: str, edits: list[dict[str, Any]]) -> dict[str, Any]:
        if kind == "suggest":
            if self.rng.random() < 0.08:
                return {"suggest": {}}
            chosen = self.rng.sample(edits, self.rng.randint(1, len(edits)))
            return {"suggest": {edit["variable"]: self.rng.randint(-50, 150) for edit in chosen}}
        if kind == "setConstant":
            return {"setConstant": self.set_constant()}
        if kind == "setPriority":
            return {"setPriority": self.set_priority()}
        if kind == "remove":
            return {"remove": self.remove()}
        return {"add": self.add()}

    def some_ids(self, count: int, absent_share: float) -> list[str]:
        """Up to `count` distinct ids: present ones, or (sometimes) removed ones."""
        ids: list[str] = []
        for _ in range(count):
            pool = self.removed if (self.removed and self.rng.random() < absent_share) else self.present
            candidates = [name for name in pool if name not in ids]
            if candidates:
                ids.append(self.rng.choice(candidates))
        return ids

    def set_constant(self) -> dict[str, int]:
        if self.rng.random() < 0.2:
            coupled = self.coupled_shift()
            if coupled:
                return coupled
        entries: dict[str, int] = {}
        for name in self.some_ids(1 if self.rng.random() < 0.8 else 2, 0.1):
            definition = self.present.get(name)
            if definition is not None and self.rng.random() < 0.6:
                constant = definition["constant"] + self.rng.randint(-10, 10)
            else:
                constant = self.constant()
            entries[name] = constant
            if definition is not None:
                self.present[name] = dict(definition, constant=constant)
        return entries

    def coupled_shift(self) -> dict[str, int]:
        """Moves two present constraints on identical terms by the same amount, in either
        order: one at a time the middle state may be infeasible (x == 1 and x <= 1 moved to
        2), the result is not — formats.md judges the result, so backends must accept it."""
        by_terms: dict[tuple[tuple[str, int], ...], list[str]] = {}
        for name, definition in self.present.items():
            by_terms.setdefault(tuple(sorted(definition["terms"].items())), []).append(name)
        pairs = [names for names in by_terms.values() if len(names) >= 2]
        if not pairs:
            return {}
        first, second = self.rng.sample(self.rng.choice(pairs), 2)
        delta = self.rng.choice((-5, -2, -1, 1, 2, 5))
        entries: dict[str, int] = {}
        for name in (first, second):
            definition = self.present[name]
            entries[name] = definition["constant"] + delta
            self.present[name] = dict(definition, constant=entries[name])
        return entries

    def set_priority(self) -> dict[str, float]:
        optional = [name for name, c in self.present.items() if c.get("priority", 1000) < 1000]
        required = [name for name, c in self.present.items() if c.get("priority", 1000) >= 1000]
        draw = self.rng.random()
        if draw < 0.75 and optional:
            name = self.rng.choice(optional)
        elif draw < 0.9 and required:
            name = self.rng.choice(required)
        else:
            ids = self.some_ids(1, 0.5)
            if not ids:
                return {}
            name = ids[0]
        priority = self.optional_priority()
        if name in self.present and self.present[name].get("priority", 1000) < 1000:
            self.present[name] = dict(self.present[name], priority=priority)
        return {name: priority}

    def remove(self) -> list[str]:
        ids = self.some_ids(1 if self.rng.random() < 0.7 else 2, 0.08)
        if ids and self.rng.random() < 0.03:
            ids.append(ids[0])
        for name in ids:
            if name in self.present:
                self.removed[name] = self.present.pop(name)
        return ids

    def add(self) -> list[dict[str, Any]]:
        constraints: list[dict[str, Any]] = []
        for _ in range(self.rng.choice((1, 1, 1, 2, 3))):
            taken = {c["id"] for c in constraints}
            draw = self.rng.random()
            readd = [name for name in self.removed if name not in taken]
            duplicate = [name for name in self.present if name not in taken]
            if draw < 0.25 and readd:
                name = self.rng.choice(readd)
                old = self.removed[name]
                constraints.append(dict(old) if self.rng.random() < 0.5 else self.constraint(name))
            elif draw < 0.3 and duplicate:
                constraints.append(self.constraint(self.rng.choice(duplicate)))
            else:
                name = f"a{self.added_count}"
                self.added_count += 1
                if self.present and self.rng.random() < 0.3:
                    base = self.present[self.rng.choice(list(self.present))]
                    constraints.append(self.companion(dict(base), name))
                else:
                    constraints.append(self.constraint(name))
        for constraint in constraints:
            if constraint["id"] not in self.present:
                self.removed.pop(constraint["id"], None)
                self.present[constraint["id"]] = constraint
        return constraints

    # -- whole system ----------------------------------------------------------------

    def system(self) -> dict[str, Any]:
        constraints = self.initial_constraints()
        edits = self.edits()
        steps = self.steps(edits)
        return {"format": "layoutbench.constraints/1", "constraints": constraints, "edits": edits, "steps": steps}


def generate_system(seed: int, index: int, single_level_share: float) -> tuple[dict[str, Any], bool]:
    """System `index` of a run with `seed`, and whether it is a single-level one."""
    rng = random.Random(system_seed(seed, index))
    single_level = rng.random() < single_level_share
    return SystemGenerator(rng, single_level).system(), single_level


def write_random_systems(directory: Path, count: int, seed: int, single_level_share: float) -> list[Path]:
    """Writes `count` systems to `directory` as `random-s{seed}-{index}.json` (with
    `-1level` for single-level ones) and returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(count):
        document, single_level = generate_system(seed, index, single_level_share)
        suffix = "-1level" if single_level else ""
        path = directory / f"random-s{seed}-{index:04d}{suffix}.json"
        path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        paths.append(path)
    return paths
