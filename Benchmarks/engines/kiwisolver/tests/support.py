"""The two-view row every test of the engine works on, and a case made of a document."""

from __future__ import annotations

from typing import Any

from layoutbench_engine import Case, read_operations


def constraint(label: str, terms: dict[str, float], constant: float, relation: str = "==",
               priority: float = 1000) -> dict[str, Any]:
    return {"id": label, "terms": terms, "constant": constant, "relation": relation, "priority": priority}


def case_of(document: dict[str, Any]) -> Case:
    document = {"format": "layoutbench.constraints/1", **document}
    return Case("row", 2, 1, "constraints", document, read_operations(document))


# A two-view row: x0 pinned at 0, a gap of 10, the second view ending at the container
# width W. Widths want 100 and 50 (compression resistance 750 / 751, hugging 250 / 251),
# so the first view stretches and, being the less resistant, compresses.
ROW: dict[str, Any] = {
    "constraints": [
        constraint("left", {"x0": 1}, 0),
        constraint("width", {"W": 1}, -300),
        constraint("gap", {"x1": 1, "x0": -1, "w0": -1}, -10),
        constraint("fill", {"x1": 1, "w1": 1, "W": -1}, 0),
        constraint("cr0", {"w0": 1}, -100, ">=", 750),
        constraint("hug0", {"w0": 1}, -100, "<=", 250),
        constraint("cr1", {"w1": 1}, -50, ">=", 751),
        constraint("hug1", {"w1": 1}, -50, "<=", 251),
    ],
    "steps": [
        {"setConstant": {"width": -200}},
        {"setConstant": {"width": -120}},
        {"setConstant": {"width": -400, "cr0": -40}},
        {"remove": ["hug1"]},
        {"add": [constraint("hug1b", {"w1": 1}, -20, "<=", 249)]},
    ],
    "operations": [
        {"phase": "resize", "steps": [0, 1]},
        {"phase": "resize", "steps": [1, 2]},
        {"phase": "constants", "steps": [2, 3]},
        {"phase": "swap", "steps": [3, 5]},
    ],
}

# (W, w0, w1) after the build and after each operation.
EXPECTED = [(300, 240, 50), (200, 140, 50), (120, 60, 50), (400, 340, 50), (400, 100, 290)]
