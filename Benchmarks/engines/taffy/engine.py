#!/usr/bin/env python3
"""Taffy (the Rust flexbox engine) as an outside engine: flexbox trees (docs/flexbox.md,
`layoutbench.flex/1`) through stretchable's low-level module `taffylib` (PyO3 bindings of
Taffy), on the Python SDK (docs/engines.md).

Prepared outside the clock: every node's style as the dictionary taffylib takes. Timed:
`build` is a new Taffy tree (every node created with its style and added to its parent);
`firstLayout` is node_compute_layout on the root and node_get_layout of every answered
node; an operation is its steps (node_set_style of the root with its new size), the
layout and the reads. Rounding is off (Taffy rounds to whole points by default), and
Taffy computes in 32-bit floats, which the hello says (`precision`).

The binding is timed with the engine: every sample includes Python → Rust calls. The
engine counts them per phase (`calls`) and estimates one call's cost by timing a trivial
call (node_dirty) many times, so reports can state the binding's share; the layout call
itself is also timed alone in the check pass (counter `layoutCallNanoseconds`).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sdk"))

from layoutbench_engine import Case, Engine, Operation, Skip, run  # noqa: E402

try:
    from stretchable import taffylib  # noqa: E402
    from stretchable.style import Style  # noqa: E402
    from stretchable.style.geometry.size import SizeAvailableSpace  # noqa: E402
except ImportError as error:  # the venv lacks it: say how to get it
    sys.stderr.write(f"error: stretchable is not installed ({error}); make engines installs it into .venv\n")
    sys.exit(2)

# taffylib's enumerations (stretchable.style.props) and length scales (geometry.length).
AUTO, POINTS, PERCENT = 0, 1, 2
DISPLAY = {"flex": 1, "none": 0}
DIRECTION = {"row": 0, "column": 1, "row-reverse": 2}
ALIGN = {"flex-start": 2, "flex-end": 3, "center": 4, "stretch": 6}
JUSTIFY = {"flex-start": 2, "space-between": 6}
RELATIVE, ABSOLUTE = 0, 1
SIDES = ("top", "left", "bottom", "right")


def length(value: Any, where: str, auto: bool = True) -> dict[str, float]:
    """A format length (points, "N%", or absent) as taffylib's {dim, value}; Taffy's
    percentages are fractions."""
    if value is None:
        return {"dim": AUTO if auto else POINTS, "value": 0.0 if not auto else math.nan}
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return {"dim": POINTS, "value": float(value)}
    if isinstance(value, str) and value.endswith("%"):
        return {"dim": PERCENT, "value": float(value[:-1]) / 100}
    raise ValueError(f"{where}: expected a number or \"N%\", found {value!r}")


def choice(table: dict[str, int], node: dict[str, Any], key: str, default: str) -> int:
    text = node.get(key, default)
    if text not in table:
        raise ValueError(f"node {node.get('id')}: {key} {text!r} is not one of {sorted(table)}")
    return table[text]


def style(node: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """A node of the format as taffylib's style dictionary, every field set (Taffy's own
    defaults, such as flex-shrink 1 and automatic minimum sizes, never apply)."""
    where = f"node {node.get('id')}"
    result = dict(base)
    result["display"] = choice(DISPLAY, node, "display", "flex")
    result["flex_direction"] = choice(DIRECTION, node, "direction", "row")
    result["justify_content"] = choice(JUSTIFY, node, "justifyContent", "flex-start")
    result["align_items"] = choice(ALIGN, node, "alignItems", "stretch")
    align_self = node.get("alignSelf", "auto")
    result["align_self"] = None if align_self == "auto" else choice(ALIGN, node, "alignSelf", "auto")
    result["align_content"] = ALIGN["flex-start"]
    result["flex_wrap"] = 0
    gap = float(node.get("gap", 0))
    result["gap"] = {"width": {"dim": POINTS, "value": gap}, "height": {"dim": POINTS, "value": gap}}
    padding = node.get("padding", [0, 0, 0, 0])
    result["padding"] = {side: {"dim": POINTS, "value": float(padding[k])} for k, side in enumerate(SIDES)}
    result["position"] = ABSOLUTE if node.get("position", "relative") == "absolute" else RELATIVE
    result["inset"] = {side: length(node.get(side), f"{where}.{side}") for side in SIDES}
    result["size"] = {"width": length(node.get("width"), f"{where}.width"),
                      "height": length(node.get("height"), f"{where}.height")}
    result["min_size"] = {"width": {"dim": POINTS, "value": float(node.get("minWidth", 0))},
                          "height": {"dim": POINTS, "value": float(node.get("minHeight", 0))}}
    result["max_size"] = {"width": length(node.get("maxWidth"), f"{where}.maxWidth"),
                          "height": length(node.get("maxHeight"), f"{where}.maxHeight")}
    result["flex_basis"] = length(node.get("basis"), f"{where}.basis")
    result["flex_grow"] = float(node.get("grow", 0))
    result["flex_shrink"] = float(node.get("shrink", 0))
    return result


class Program:
    """The case's nodes as styles and parent indices, the answered nodes, and each
    operation's root styles."""

    def __init__(self, case: Case) -> None:
        base = Style().to_dict()
        nodes = case.document["nodes"]
        self.ids: list[str] = []
        self.parents: list[int] = []
        self.styles: list[dict[str, Any]] = []
        index: dict[str, int] = {}
        shown: list[bool] = []
        for node in nodes:
            identifier = node["id"]
            if identifier in index:
                raise ValueError(f"node {identifier} is listed twice")
            parent = node.get("parent")
            if (parent is None) != (not self.ids):
                raise ValueError(f"node {identifier}: exactly the first node is the root")
            if parent is not None and parent not in index:
                raise ValueError(f"node {identifier}: parent {parent} is not listed before it")
            index[identifier] = len(self.ids)
            self.ids.append(identifier)
            self.parents.append(-1 if parent is None else index[parent])
            self.styles.append(style(node, base))
            shown.append(node.get("display", "flex") != "none" and (parent is None or shown[index[parent]]))
        if not self.ids:
            raise ValueError("no nodes")
        self.answered = [k for k, visible in enumerate(shown) if visible]
        self.root_node = nodes[0]
        self.steps: dict[int, list[dict[str, Any]]] = {}
        self.step_counts: dict[str, list[int]] = {}
        for operation in case.operations:
            self.step_counts.setdefault(operation.phase, []).append(len(operation.steps))
            root_styles = []
            for step in operation.steps:
                if set(step) != {"setRootSize"}:
                    raise Skip(f"a step other than setRootSize ({sorted(step)[0]})")
                width, height = step["setRootSize"]
                root_styles.append(style(dict(self.root_node, width=width, height=height), base))
            self.steps[id(operation)] = root_styles
        # The root's size is its style's; the space around it is unbounded.
        self.space = SizeAvailableSpace.default().to_dict()


class State:
    def __init__(self, taffy: int, nodes: list[int]) -> None:
        self.taffy = taffy
        self.nodes = nodes
        self.values: list[list[float]] = []
        self.layout = taffylib.PyLayout()


class Taffy(Engine):
    name = "taffy"
    version = f"stretchable {metadata.version('stretchable')}"
    inputs = ("flex",)
    binding = "Python → Rust (PyO3, stretchable's taffylib)"
    precision = "float32"

    def __init__(self) -> None:
        self.retired: list[int] = []
        self.program: Program | None = None
        self.layout_times: dict[str, list[int]] = {}
        self.per_call: float | None = None

    def prepare(self, case: Case) -> Program:
        # Trees of the previous case's repetitions are freed here, outside the clock.
        for taffy in self.retired:
            taffylib.free(taffy)
        self.retired = []
        self.layout_times = {}
        self.program = Program(case)
        return self.program

    def build(self, program: Program) -> State:
        taffy = taffylib.init()
        taffylib.disable_rounding(taffy)
        create, add = taffylib.node_create, taffylib.node_add_child
        nodes: list[int] = []
        for style_, parent in zip(program.styles, program.parents):
            node = create(taffy, style_)
            if parent >= 0:
                add(taffy, nodes[parent], node)
            nodes.append(node)
        self.retired.append(taffy)
        return State(taffy, nodes)

    def first_layout(self, state: State) -> None:
        self._layout(state, "firstLayout")

    def apply(self, state: State, operation: Operation) -> None:
        for root_style in self.program.steps[id(operation)]:
            taffylib.node_set_style(state.taffy, state.nodes[0], root_style)
        self._layout(state, operation.phase)

    def _layout(self, state: State, phase: str) -> None:
        program = self.program
        start = time.perf_counter_ns()
        taffylib.node_compute_layout(state.taffy, state.nodes[0], program.space)
        self.layout_times.setdefault(phase, []).append(time.perf_counter_ns() - start)
        get, layout, nodes = taffylib.node_get_layout, state.layout, state.nodes
        values = []
        for k in program.answered:
            get(state.taffy, nodes[k], layout)
            values.append([layout.x, layout.y, layout.width, layout.height])
        state.values = values

    def answers(self, state: State) -> dict[str, Any]:
        return {self.program.ids[k]: frame for k, frame in zip(self.program.answered, state.values)}

    def counters(self, state: State) -> dict[str, dict[str, float]]:
        # The check pass's layout calls: the engine's share of a sample without the reads.
        return {phase: {"layoutCallNanoseconds": statistics.median(times)} for phase, times in self.layout_times.items()}

    def calls_per_operation(self, program: Program) -> dict[str, float]:
        nodes, answered = len(program.ids), len(program.answered)
        # init and disable_rounding, a node_create per node, a node_add_child per child.
        calls = {"build": 2 + nodes + (nodes - 1), "firstLayout": 1 + answered}
        for phase, counts in program.step_counts.items():
            calls[phase] = statistics.mean(counts) + 1 + answered
        return calls

    def call_overhead_nanoseconds(self) -> float | None:
        if self.per_call is None:
            taffy = taffylib.init()
            node = taffylib.node_create(taffy, Style().to_dict())
            dirty = taffylib.node_dirty
            samples = []
            for _ in range(21):
                start = time.perf_counter_ns()
                for _ in range(1000):
                    dirty(taffy, node)
                samples.append((time.perf_counter_ns() - start) / 1000)
            taffylib.free(taffy)
            self.per_call = statistics.median(samples)
        return self.per_call

    def parameters(self, program: Program) -> dict[str, str]:
        return {"taffy.rounding": "off", "taffy.callCostNanoseconds": f"{self.call_overhead_nanoseconds():.0f}"}


if __name__ == "__main__":
    sys.exit(run(Taffy()))
