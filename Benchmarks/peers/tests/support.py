"""Shared helpers of the peer tests: small systems written to files, and the bench
executable when one is built (make test passes it as LAYOUTBENCH_BENCH)."""

from __future__ import annotations

import json
import os
import unittest
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[3]


def write_system(directory: Path, document: dict[str, Any], name: str = "system.json") -> Path:
    path = directory / name
    path.write_text(json.dumps({"format": "layoutbench.constraints/1", **document}), encoding="utf-8")
    return path


def constraint(label: str, terms: dict[str, float], constant: float, relation: str = "==",
               priority: float = 1000) -> dict[str, Any]:
    return {"id": label, "terms": terms, "constant": constant, "relation": relation, "priority": priority}


def bench_executable(test: unittest.TestCase) -> Path:
    """The bench to run against: LAYOUTBENCH_BENCH (an error when it names nothing), else
    a debug or release build of this checkout; the test is skipped when there is none."""
    named = os.environ.get("LAYOUTBENCH_BENCH")
    if named:
        path = Path(named)
        if not path.is_file():
            test.fail(f"LAYOUTBENCH_BENCH={named} is not a file")
        return path
    for candidate in (REPOSITORY / ".build/debug/bench", REPOSITORY / ".build/release/bench"):
        if candidate.is_file():
            return candidate
    test.skipTest("no bench executable (make test builds one and sets LAYOUTBENCH_BENCH)")
    raise AssertionError("unreachable")
