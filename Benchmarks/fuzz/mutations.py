"""Seeded, JSON-aware mutations of an input file, and a few byte-level ones.

`mutate(text, rng)` parses the file, applies one to four mutations chosen by `rng` at
nodes chosen by `rng`, renders it, and sometimes damages the bytes afterwards. The same
text and the same `rng` state always give the same bytes and the same descriptions (no
hash order, no clock, no set iteration), which is what makes a failing case replayable
from its seed and index alone.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Callable

from json_text import Members, RawText, encode, parse, render

# Numbers at the edges of what the solvers must handle: zeros of both signs, the smallest
# and largest magnitudes, spreads that break naive pivoting, integers past 2^53 and 2^64.
EDGE_NUMBERS: tuple[Any, ...] = (
    0, -0.0, 1, -1, 0.5, 1e-300, 5e-324, 1e-8, -1e-8, 1e8, -1e8, 1e16, -1e16, 1e308, -1e308,
    2**53 + 1, 2**63, -(2**63) - 1, 2**64, 10**30, -(10**30), 999, 1000, 1001, 999.9999999,
    1000.0000001, 250, 750, 251, 749)
SCALES: tuple[float, ...] = (1e8, 1e-8, 1e16, -1.0, 1e300, 1e-300)
# Number tokens that strict JSON refuses or that fall outside a double.
NUMBER_TOKENS: tuple[str, ...] = (
    "NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e-400", "01", "1.", ".5", "+1", "-",
    "1e", "0x10", "1E+2", "-0", "123456789012345678901234567890")
NUMBER_STRINGS: tuple[str, ...] = ("NaN", "Infinity", "-inf", "1e308", "", "0", "1000")
EDGE_STRINGS: tuple[str, ...] = (
    "", " ", "é", "名前", "\U0001f642", "a\u0301", "\u202eleft", "\u0000", "\ufeff", "\ud800",
    "a.b.c", "root", ".", "..", "x" * 4096, "\n", "\\", "\"", "left", "width", "H:|-[a]-|",
    "V:[a(==b)]", "H:|[a(>=0@1000)]|", "root.safeArea.top", "a.content.top")
BYTES_TO_INSERT: tuple[bytes, ...] = (b"\x00", b"\xff", b"\xc3", b'"', b"{", b"}", b"[", b"]", b",", b"\\", b" ")
NESTING_DEPTHS: tuple[int, ...] = (100, 510, 511, 512, 513, 2000, 100000)


@dataclass
class Slot:
    """Where a value sits: `container[index]` is it (a list, or a `[key, value]` pair with
    index 1), and `path` names it as formats.md does (`constraints[3].priority`)."""

    container: list
    index: int
    path: str

    @property
    def value(self) -> Any:
        return self.container[self.index]

    @value.setter
    def value(self, new: Any) -> None:
        self.container[self.index] = new


def slots(root_holder: list) -> list[Slot]:
    """Every value of the document in `root_holder[0]`, the document itself first, in
    document order."""
    found: list[Slot] = []
    pending = [Slot(root_holder, 0, "")]
    while pending:
        slot = pending.pop()
        found.append(slot)
        value = slot.value
        children: list[Slot] = []
        if isinstance(value, Members):
            children = [Slot(pair, 1, f"{slot.path}.{pair[0]}") for pair in value]
        elif isinstance(value, list):
            children = [Slot(value, index, f"{slot.path}[{index}]") for index in range(len(value))]
        pending.extend(reversed(children))
    return found


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and not isinstance(value, RawText)


def _strings(root: Any) -> list[str]:
    """Every string value and object key, in document order, each once."""
    seen: dict[str, None] = {}
    for slot in slots([root]):
        value = slot.value
        if isinstance(value, str) and not isinstance(value, RawText):
            seen.setdefault(value)
        if isinstance(value, Members):
            for key in value.keys():
                seen.setdefault(key)
    return list(seen)


def _describe(value: Any) -> str:
    text = render(value)
    return text if len(text) <= 40 else text[:37] + "..."


# Each mutation takes the generator, the slot it acts on and the whole document, changes
# the document in place and says what it did; `None` means the slot did not fit.
MutationFunction = Callable[[random.Random, Slot, Any], "str | None"]


def number_edge(rng: random.Random, slot: Slot, root: Any) -> str | None:
    if not _is_number(slot.value):
        return None
    old, slot.value = slot.value, rng.choice(EDGE_NUMBERS)
    return f"{_describe(old)} -> {_describe(slot.value)}"


def number_scaled(rng: random.Random, slot: Slot, root: Any) -> str | None:
    if not _is_number(slot.value):
        return None
    old, scale = slot.value, rng.choice(SCALES)
    slot.value = float(old) * scale
    return f"{_describe(old)} * {scale!r}"


def number_token(rng: random.Random, slot: Slot, root: Any) -> str | None:
    if not _is_number(slot.value):
        return None
    old, slot.value = slot.value, RawText(rng.choice(NUMBER_TOKENS))
    return f"{_describe(old)} -> token {slot.value}"


def number_as_string(rng: random.Random, slot: Slot, root: Any) -> str | None:
    if not _is_number(slot.value):
        return None
    old, slot.value = slot.value, rng.choice(NUMBER_STRINGS)
    return f"{_describe(old)} -> {_describe(slot.value)}"


def swap_type(rng: random.Random, slot: Slot, root: Any) -> str | None:
    old = slot.value
    replacements = [None, True, False, "x", "", [], Members(), 0, 1.5, [copy.deepcopy(old)],
                    Members([["value", copy.deepcopy(old)]])]
    choices = [item for item in replacements if type(item) is not type(old)]
    slot.value = rng.choice(choices)
    return f"{_describe(old)} -> {_describe(slot.value)}"


def string_edge(rng: random.Random, slot: Slot, root: Any) -> str | None:
    if not isinstance(slot.value, str) or isinstance(slot.value, RawText):
        return None
    old, slot.value = slot.value, rng.choice(EDGE_STRINGS)
    return f"{_describe(old)} -> {_describe(slot.value)}"


def string_from_document(rng: random.Random, slot: Slot, root: Any) -> str | None:
    """Another name of the same document: a view's parent becomes itself or its child, a
    constraint names the wrong anchor, a step an id from elsewhere."""
    if not isinstance(slot.value, str) or isinstance(slot.value, RawText):
        return None
    others = [text for text in _strings(root) if text != slot.value]
    if not others:
        return None
    old, slot.value = slot.value, rng.choice(others)
    return f"{_describe(old)} -> {_describe(slot.value)}"


def drop_member(rng: random.Random, slot: Slot, root: Any) -> str | None:
    if not isinstance(slot.value, Members) or not slot.value:
        return None
    key, _ = slot.value.pop(rng.randrange(len(slot.value)))
    return f"removed {key!r}"


def duplicate_member(rng: random.Random, slot: Slot, root: Any) -> str | None:
    members = slot.value
    if not isinstance(members, Members) or not members:
        return None
    index = rng.randrange(len(members))
    key, value = members[index]
    members.insert(index + 1, [key, copy.deepcopy(value) if rng.random() < 0.5 else rng.choice(EDGE_NUMBERS)])
    return f"repeated {key!r}"


def rename_member(rng: random.Random, slot: Slot, root: Any) -> str | None:
    members = slot.value
    if not isinstance(members, Members) or not members:
        return None
    pair = members[rng.randrange(len(members))]
    old = pair[0]
    pair[0] = rng.choice(_strings(root) + ["", "\u00e9", "Constraints", "unknownField"])
    return f"key {old!r} -> {pair[0]!r}"


def add_member(rng: random.Random, slot: Slot, root: Any) -> str | None:
    if not isinstance(slot.value, Members):
        return None
    key = rng.choice(["comment", "x", "", "format", "id", "priority", "steps", "\u00e9", "complete", "plannedCases"])
    slot.value.insert(rng.randrange(len(slot.value) + 1), [key, rng.choice([1, "x", None, [], Members(), False, True])])
    return f"added {key!r}"


def duplicate_element(rng: random.Random, slot: Slot, root: Any) -> str | None:
    items = slot.value
    if not isinstance(items, list) or isinstance(items, Members) or not items:
        return None
    index = rng.randrange(len(items))
    copies = rng.choice((1, 1, 2, 7))
    for _ in range(copies):
        items.insert(index + 1, copy.deepcopy(items[index]))
    return f"element {index} repeated {copies}x"


def drop_element(rng: random.Random, slot: Slot, root: Any) -> str | None:
    items = slot.value
    if not isinstance(items, list) or isinstance(items, Members) or not items:
        return None
    index = rng.randrange(len(items))
    del items[index]
    return f"element {index} removed"


def swap_elements(rng: random.Random, slot: Slot, root: Any) -> str | None:
    items = slot.value
    if not isinstance(items, list) or len(items) < 2:
        return None
    first, second = rng.sample(range(len(items)), 2)
    items[first], items[second] = items[second], items[first]
    return f"elements {first} and {second} swapped"


def copy_elsewhere(rng: random.Random, slot: Slot, root: Any) -> str | None:
    """A copy of this value replaces another value of the document (a step where a
    constraint was, a view where a step was)."""
    targets = [other for other in slots([root]) if other.path and other.path != slot.path
               and not other.path.startswith(slot.path + ".") and not other.path.startswith(slot.path + "[")]
    if not slot.path or not targets:
        return None
    target = rng.choice(targets)
    target.value = copy.deepcopy(slot.value)
    return f"copied over {target.path or '(top level)'}"


def deep_nesting(rng: random.Random, slot: Slot, root: Any) -> str | None:
    depth = rng.choice(NESTING_DEPTHS)
    inner = render(slot.value)
    if rng.random() < 0.5:
        slot.value = RawText("[" * depth + inner + "]" * depth)
    else:
        slot.value = RawText('{"a": ' * depth + inner + "}" * depth)
    return f"wrapped in {depth} levels"


def splice(rng: random.Random, slot: Slot, donor: Any) -> str | None:
    """A value of another input of the same kind in place of this one, of the same JSON
    type: another scene's steps, views or constraints, another system's terms, another
    results file's cases. Names then refer to what this file may not define."""
    if donor is None:
        return None
    kind = type(slot.value)
    fits = [other for other in slots([donor]) if type(other.value) is kind and other.path]
    if not fits:
        return None
    chosen = rng.choice(fits)
    slot.value = copy.deepcopy(chosen.value)
    return f"replaced by the donor's {chosen.path}"


MUTATIONS: tuple[tuple[str, MutationFunction, int], ...] = (
    ("number-edge", number_edge, 8),
    ("number-scaled", number_scaled, 4),
    ("number-token", number_token, 2),
    ("number-as-string", number_as_string, 1),
    ("swap-type", swap_type, 3),
    ("string-edge", string_edge, 3),
    ("string-from-document", string_from_document, 4),
    ("drop-member", drop_member, 3),
    ("duplicate-member", duplicate_member, 1),
    ("rename-member", rename_member, 1),
    ("add-member", add_member, 1),
    ("duplicate-element", duplicate_element, 4),
    ("drop-element", drop_element, 3),
    ("swap-elements", swap_elements, 2),
    ("copy-elsewhere", copy_elsewhere, 1),
    ("deep-nesting", deep_nesting, 1),
)


SPLICE_WEIGHT = 3


def _tree_mutation(rng: random.Random, holder: list, donor: Any) -> str:
    """One mutation at a node that fits it; tries other draws when a node does not fit."""
    names = [name for name, _, _ in MUTATIONS] + ["splice"]
    weights = [weight for _, _, weight in MUTATIONS] + [SPLICE_WEIGHT if donor is not None else 0]
    for _ in range(64):
        index = rng.choices(range(len(names)), weights)[0]
        candidates = slots(holder)
        slot = rng.choice(candidates)
        if index == len(MUTATIONS):
            described = splice(rng, slot, donor)
        else:
            described = MUTATIONS[index][1](rng, slot, holder[0])
        if described is not None:
            return f"{names[index]} at {slot.path or '(top level)'}: {described}"
    return "no mutation applied"


def damage_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """One byte-level change: truncation, a flipped bit, an inserted byte, a deleted run."""
    kind = rng.choice(("truncate", "flip", "insert", "delete"))
    if not data:
        return b"{", "insert at 0: b'{'"
    position = rng.randrange(len(data))
    if kind == "truncate":
        return data[:position], f"truncate at byte {position} of {len(data)}"
    if kind == "flip":
        bit = 1 << rng.randrange(8)
        return data[:position] + bytes([data[position] ^ bit]) + data[position + 1:], f"flip bit {bit} of byte {position}"
    if kind == "insert":
        inserted = rng.choice(BYTES_TO_INSERT)
        return data[:position] + inserted + data[position:], f"insert {inserted!r} at byte {position}"
    length = rng.randint(1, 16)
    return data[:position] + data[position + length:], f"delete {length} bytes at {position}"


def mutate(data: bytes, rng: random.Random, donor: bytes | None = None) -> tuple[bytes, list[str]]:
    """`data` mutated: one to four tree mutations (when it parses; `donor`, another input
    of the same kind, lends values to splice in), then, one time in eight, a byte-level
    change. Returns the bytes and one description per mutation."""
    descriptions: list[str] = []
    try:
        holder = [parse(data)]
    except ValueError:
        holder = None
    try:
        donor_root = parse(donor) if donor is not None else None
    except ValueError:
        donor_root = None
    if holder is not None:
        count = 1 + min(3, int(rng.expovariate(1.2)))
        for _ in range(count):
            descriptions.append(_tree_mutation(rng, holder, donor_root))
        data = encode(holder[0])
    if holder is None or rng.random() < 0.125:
        data, description = damage_bytes(data, rng)
        descriptions.append(description)
    return data, descriptions
