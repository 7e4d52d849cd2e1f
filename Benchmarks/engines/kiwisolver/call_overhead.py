"""What one call into kiwisolver costs from Python: the interpreter's share of each of a
phase's calls, reported beside the samples so a report can state what the same calls
would cost from C++ (`medianNanoseconds - callOverheadNanoseconds`)."""

from __future__ import annotations

import gc
import time

import kiwisolver


def per_call_nanoseconds(calls: int = 200_000, trials: int = 9) -> float:
    """A loop calling `Variable.value()` minus the same loop empty, the fastest of `trials`
    each (interleaved, garbage collector off). Noise only ever adds time, so the minimum
    is the estimate. It is a floor: calls with arguments also parse them."""
    variables = [kiwisolver.Variable(f"v{index}") for index in range(1000)]
    sequence = variables * max(1, calls // len(variables))
    clock = time.perf_counter_ns

    def reading() -> int:
        start = clock()
        for variable in sequence:
            variable.value()
        return clock() - start

    def empty() -> int:
        start = clock()
        for variable in sequence:
            pass
        return clock() - start

    readings, empties = [], []
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(trials):
            readings.append(reading())
            empties.append(empty())
    finally:
        if enabled:
            gc.enable()
    return max(0.0, (min(readings) - min(empties)) / len(sequence))
