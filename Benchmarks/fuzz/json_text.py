"""JSON as the fuzzer edits it: objects keep their member order and may hold one key twice,
and a number or a whole fragment can be written as exact text.

Python's `json` cannot do either: a dict drops a repeated key, and there is no way to write
`1e400`, a bare `NaN` or two thousand nested brackets. Those are inputs `bench`'s strict
parser must refuse with exit status 2, so the mutations need to produce them.
"""

from __future__ import annotations

import json
import math
from typing import Any


class Members(list):
    """A JSON object as a list of `[key, value]` pairs, in order, repeats allowed."""

    def get(self, key: str, default: Any = None) -> Any:
        """The value of the last member named `key` (what a lenient reader would keep)."""
        for name, value in reversed(self):
            if name == key:
                return value
        return default

    def keys(self) -> list[str]:
        return [name for name, _ in self]

    def has_repeated_key(self) -> bool:
        names = self.keys()
        return len(set(names)) != len(names)


class RawText(str):
    """Text written into the document as it is: a number token such as `1e400` or `NaN`,
    or a fragment a mutation built by hand (deep nesting)."""


def parse(text: str | bytes) -> Any:
    """The document as `Members`, lists and scalars. Accepts what Python's json accepts
    (including `NaN`), since mutated corpus files are parsed again only by the checkers."""
    return json.loads(text, object_pairs_hook=lambda pairs: Members([list(pair) for pair in pairs]))


def plain(value: Any) -> Any:
    """`value` with every `Members` turned into a dict (the last of repeated keys wins)."""
    if isinstance(value, Members):
        return {key: plain(item) for key, item in value}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def render(value: Any) -> str:
    """The JSON text of `value`. Non-finite floats become the bare tokens `NaN`, `Infinity`
    and `-Infinity` (not JSON: the point is to see them refused)."""
    parts: list[str] = []
    _render_into(value, parts)
    return "".join(parts)


def encode(value: Any) -> bytes:
    """`render(value)` as UTF-8; a lone surrogate in a string is written as its invalid
    three-byte sequence rather than failing, so invalid UTF-8 reaches `bench` too."""
    return render(value).encode("utf-8", errors="surrogatepass")


def _render_into(value: Any, parts: list[str]) -> None:
    # Iterative over containers would be faster, but documents stay shallow: deep nesting
    # is built as RawText, so recursion depth is the corpus's own (under 20).
    if isinstance(value, RawText):
        parts.append(str(value))
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, int):
        parts.append(str(value))
    elif isinstance(value, float):
        parts.append(_float_text(value))
    elif isinstance(value, str):
        parts.append(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, Members):
        parts.append("{")
        for index, (key, item) in enumerate(value):
            if index:
                parts.append(", ")
            parts.append(json.dumps(key, ensure_ascii=False))
            parts.append(": ")
            _render_into(item, parts)
        parts.append("}")
    elif isinstance(value, list):
        parts.append("[")
        for index, item in enumerate(value):
            if index:
                parts.append(", ")
            _render_into(item, parts)
        parts.append("]")
    else:
        raise TypeError(f"cannot write {type(value).__name__} as JSON")


def _float_text(number: float) -> str:
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    return repr(number)
