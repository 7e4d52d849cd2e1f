"""Small results documents written by hand, so every expected number in the tests is
known without running `bench`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ENVIRONMENT = {"gitRevision": "abc123", "swiftVersion": "6.3", "configuration": "release", "os": "Debian 12",
               "cpu": "test cpu", "cores": 2, "allocator": "jemalloc 5.3.0", "hostname": "ci"}


def phase(name: str, samples: list[float], *, allocations: Any = "default", iterations: int | None = None,
          operations: int = 1, counters: dict[str, float] | None = None, **extra: Any) -> dict[str, Any]:
    document: dict[str, Any] = {"name": name, "samplesNanoseconds": samples, "operations": operations}
    if iterations is not None:
        document["iterations"] = iterations
    document["allocations"] = {"count": 10, "bytes": 640, "maxCount": 12} if allocations == "default" else allocations
    if counters is not None:
        document["counters"] = counters
    document.update(extra)
    return document


def case(workload: str, backend: str, size: int, phases: list[dict[str, Any]] | None = None,
         status: str = "ok", **extra: Any) -> dict[str, Any]:
    document: dict[str, Any] = {"workload": workload, "backend": backend, "size": size,
                                "parameters": {"n": str(size)}, "status": status, "phases": phases or []}
    document.update(extra)
    return document


def results(cases: list[dict[str, Any]], *, suite: str = "synthetic", created: str = "2026-11-21T10:00:00Z",
            environment: dict[str, Any] | None = None, complete: bool | None = True) -> dict[str, Any]:
    """A results file of `cases`; `complete` True says the run finished its plan (the cases
    given), False that it holds one case fewer than planned, None leaves the member out."""
    document: dict[str, Any] = {"format": "layoutbench.results/1", "suite": suite, "createdAt": created}
    if complete is not None:
        document["complete"] = complete
        document["plannedCases"] = len(cases) + (0 if complete else 1)
    document["environment"] = ENVIRONMENT if environment is None else environment
    document["cases"] = cases
    return document


def power_law_cases(workload: str, backend: str, coefficient: float, exponent: float,
                    sizes: tuple[int, ...] = (10, 100, 1000)) -> list[dict[str, Any]]:
    """Cases whose resize samples are spread symmetrically around coefficient·n^exponent,
    so that the median is exactly that value."""
    built = []
    for size in sizes:
        centre = coefficient * size**exponent
        built.append(case(workload, backend, size, [
            phase("build", [centre * 10] * 3),
            phase("resizeContainer", [centre * 0.9, centre, centre * 1.1, centre * 0.8, centre * 1.2], operations=5),
        ]))
    return built


def run_file() -> dict[str, Any]:
    """One run: three backends, a skipped and a failed case, a phase without allocation
    counts, a phase timed in batches of four operations and a file median that is wrong on
    purpose (readers must recompute it)."""
    cases = [
        case("stack.a", "cassowary", 10, [
            phase("build", [100, 300, 200, 400, 1000], counters={"pivots": 7, "rows": 12},
                  medianNanoseconds=999999),
            phase("firstLayout", [10, 30, 20, 40, 100], allocations={"count": 0, "bytes": 0, "maxCount": 0}),
            phase("resizeContainer", [50, 60, 70, 80], operations=2),
        ]),
        case("stack.a", "springs-struts", 10, [
            phase("build", [8, 8, 8, 8, 8], allocations=None),
            phase("firstLayout", [40, 40, 40, 40, 40], allocations=None),
            phase("resizeContainer", [400, 480, 560, 640], iterations=4, operations=2),
        ]),
        case("stack.a", "dense-simplex", 10, status="skipped",
             reason="predicted 255 s per repetition, over --case-limit 60.0 s"),
        case("stack.a", "cassowary", 100, status="error", error="internal error: the tableau lost a row"),
        case("stack.a", "springs-struts", 100, [
            phase("build", [80, 80, 80]),
            phase("firstLayout", [400, 400]),
            phase("resizeContainer", [200, 200, 200, 200], operations=2),
        ]),
    ]
    return results(cases)


def write(directory: Path, name: str, document: Any) -> Path:
    path = directory / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path
