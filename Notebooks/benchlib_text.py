"""Numbers as the notebooks and scripts print them (durations, counts, ratios), and the
scripts' argument parser."""

from __future__ import annotations

import argparse
import math
import sys


def describe_ratio(ratio: float, tolerance: float = 1.1) -> str:
    """A ratio to the reference in words: "287× faster", "8.4× slower", or "about the same
    (1.03×)" within a factor `tolerance` either way, where run-to-run noise can decide the
    direction."""
    if ratio is None or not math.isfinite(ratio) or ratio <= 0:
        return "–"
    if 1 / tolerance <= ratio <= tolerance:
        return f"about the same ({_significant(ratio, 3)}×)"
    if ratio < 1:
        return f"{format_ratio(1 / ratio)} faster"
    return f"{format_ratio(ratio)} slower"


_DURATION_UNITS = [(1e9, "s"), (1e6, "ms"), (1e3, "µs"), (1.0, "ns")]


def format_duration(nanoseconds: float, digits: int = 3) -> str:
    """A duration in the largest unit that keeps it at least 1, to `digits` significant
    digits: 589 ms, 939 µs, 1.04 ms, 21.8 s."""
    if nanoseconds is None or not math.isfinite(nanoseconds):
        return "–"
    for index, (scale, unit) in enumerate(_DURATION_UNITS):
        if abs(nanoseconds) >= scale or scale == 1.0:
            text = _significant(nanoseconds / scale, digits)
            # 999.7 µs rounds to 1,000 µs: say 1.00 ms instead.
            if index > 0 and abs(float(text.replace(",", ""))) >= 1000:
                scale, unit = _DURATION_UNITS[index - 1]
                text = _significant(nanoseconds / scale, digits)
            return f"{text} {unit}"
    raise AssertionError("unreachable")


def format_count(value: float) -> str:
    """A count or a count per operation: 0, 0.0021, 9.7, 21, 1,880,428 (whole numbers
    from 100 up, two significant digits below 1, never exponent notation)."""
    if value is None or not math.isfinite(value):
        return "–"
    if value == 0 or value >= 100 or value == int(value):
        return f"{value:,.0f}"
    return _significant(value, 2)


def format_ratio(ratio: float) -> str:
    """8.4×, 287×, 1,010×, 0.90×, 0.0035×: two significant digits, three from 100 up (so
    large ratios keep their integer part)."""
    if ratio is None or not math.isfinite(ratio):
        return "–"
    return f"{_significant(ratio, 3 if ratio >= 100 else 2)}×"


def _significant(value: float, digits: int) -> str:
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    decimals = max(digits - 1 - magnitude, 0)
    rounded = round(value, decimals)
    # Rounding can add a digit (999.7 → 1000); recount so 3 digits stay 3.
    if rounded != 0 and math.floor(math.log10(abs(rounded))) > magnitude:
        decimals = max(decimals - 1, 0)
        rounded = round(value, decimals)
    return f"{rounded:,.{decimals}f}"


class UsageParser(argparse.ArgumentParser):
    """The scripts' argument parser: a bad command line exits 64, as `bench` does
    (argparse's own status, 2, means bad input here)."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(64, f"{self.prog}: error: {message}\n")
