"""What the checker found in one system: counts, skips, notes and disagreements."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Disagreement:
    """One thing a solver got wrong (or that two solvers disagree on).

    `state` is the index in the solution's `states` (0 = initial solve, k + 1 = after step
    k); None when the whole run is at fault.
    """

    system: Path
    state: int | None
    backend: str
    message: str

    def render(self) -> str:
        if self.state is None:
            where = "whole run"
        elif self.state == 0:
            where = "state 0 (initial)"
        else:
            where = f"state {self.state} (step {self.state - 1})"
        return f"DISAGREE {self.system} {where} [{self.backend}]: {self.message}"


@dataclass
class SystemReport:
    """Everything checked for one system file."""

    system: Path
    state_count: int = 0
    states_checked: dict[str, int] = field(default_factory=dict)
    refusals_verified: int = 0
    max_levels: int = 0
    kiwi_compared: int = 0  # states with at most one optional level, compared with HiGHS
    kiwi_defects: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    unreadable: str | None = None

    def disagree(self, state: int | None, backend: str, message: str) -> None:
        """Records a disagreement."""
        self.disagreements.append(Disagreement(self.system, state, backend, message))

    def count_state(self, backend: str) -> None:
        """Counts one state of `backend` whose values were compared with HiGHS."""
        self.states_checked[backend] = self.states_checked.get(backend, 0) + 1

    def summary_line(self) -> str:
        """One line with the counts, for the report."""
        if self.unreadable is not None:
            return f"UNREADABLE {self.system}: {self.unreadable}"
        status = "ok  " if not self.disagreements else "FAIL"
        per_backend = ", ".join(f"{name} {count}" for name, count in self.states_checked.items()) or "none"
        parts = [
            f"{status} {self.system}: {self.state_count} states",
            f"checked ({per_backend})",
            f"{self.refusals_verified} refusals verified",
            f"up to {self.max_levels} optional levels",
            f"kiwi {self.kiwi_compared}/{self.state_count} states",
        ]
        if self.kiwi_defects:
            parts.append(f"{len(self.kiwi_defects)} kiwi defects")
        if self.skipped:
            parts.append(f"{len(self.skipped)} skipped")
        if self.disagreements:
            parts.append(f"{len(self.disagreements)} disagreements")
        return ", ".join(parts)
