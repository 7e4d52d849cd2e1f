"""What the fuzzer starts from and what it runs: the seed inputs (committed examples,
fixtures, small results files, and a few workloads `bench export` writes), and per kind
of input the `bench` commands that read it, with the check their answer gets.

The corpus is built in a fixed order from fixed files, so a seed picks the same case on
every machine whose repository holds the same files.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]

SYSTEM_FILES = ("Benchmarks/systems/formats-example.json", "Benchmarks/systems/set-constant-together.json")
SCENE_FILES = ("Benchmarks/scenes/formats-example.scene.json",)
SCENE_FIXTURES = "Tests/Fixtures"
# The smallest committed results files, one per shape: a system run, a scene rerun with
# several phases, a dense-simplex run, and a peer's file (no swiftVersion).
RESULTS_FILES = (
    "Results/current/anchor-1000-system.json",
    "Results/current/recheck-anchor.json",
    "Results/current/enaml-dense-simplex.json",
    "Results/current/anchor-1000-kiwisolver.json",
)
SMOKE_BASELINE = "Benchmarks/baselines/smoke.json"
# Exported at size 10, the smallest; each solves with --check in well under a second in a
# debug build.
EXPORTED_SYSTEMS = ("chain.horizontal", "deep.tree.constraints", "churn.sizeClassSwap")
EXPORTED_SCENES = ("chain.horizontal", "deep.tree.constraints", "stack.fill.horizontal", "churn.hideUnhide")
EXPORT_SIZE = 10
# The trimmed baseline keeps this many cases with this many samples each, so that report,
# compare and gate see several workloads and backends without reading half a megabyte.
TRIMMED_CASES = 6
TRIMMED_SAMPLES = 5
EXPLAIN_MAX_VIEWS = 4


@dataclass(frozen=True)
class Command:
    """One way to run `bench` on a mutated input. In `arguments`, `{input}` is the mutated
    file, `{other}` the unmutated source (for commands that read two files), `{view}` a
    view id of the source scene; `check` names the answer check (answers.CHECKS)."""

    name: str
    arguments: tuple[str, ...]
    check: str
    weight: int
    # Sources with more views are not given to this command (0: no limit).
    max_views: int = 0


COMMANDS: dict[str, tuple[Command, ...]] = {
    "system": (
        Command("solve cassowary", ("solve", "{input}", "--backend", "cassowary"), "solution", 6),
        Command("solve dense-simplex", ("solve", "{input}", "--backend", "dense-simplex"), "solution", 4),
        Command("solve --check", ("solve", "{input}", "--check"), "solution", 4),
    ),
    "scene": (
        Command("layout cassowary", ("layout", "{input}"), "frames", 5),
        Command("layout dense-simplex", ("layout", "{input}", "--backend", "dense-simplex"), "frames", 2),
        Command("layout springs-struts", ("layout", "{input}", "--backend", "springs-struts"), "frames", 2),
        # The debug build checks the tableau after every solver call, and explain makes
        # thousands: 4 s and more for 6 views on a busy machine, under 1 s up to 4.
        Command("explain", ("explain", "{input}", "--view", "{view}"), "explanation", 2, max_views=EXPLAIN_MAX_VIEWS),
        Command("explain --step 0", ("explain", "{input}", "--view", "{view}", "--step", "0"), "explanation", 1,
                max_views=EXPLAIN_MAX_VIEWS),
        Command("export --scene constraints", ("export", "--scene", "{input}", "--format", "constraints"), "json", 2),
        Command("export --scene", ("export", "--scene", "{input}"), "json", 1),
        Command("run --scene", ("run", "--scene", "{input}", "--backends", "cassowary", "--repetitions", "1",
                                "--warmup", "0", "--allow-debug", "--no-allocations", "--out", "run.json"), "none", 1),
    ),
    "results": (
        Command("report", ("report", "{input}", "--out", "report"), "results", 3),
        Command("report beside the unmutated file", ("report", "{other}", "{input}", "--out", "report"), "results", 1),
        Command("compare mutated head", ("compare", "{other}", "{input}"), "results", 2),
        Command("compare mutated base", ("compare", "{input}", "{other}"), "results", 2),
        Command("gate mutated current", ("gate", "--baseline", "{other}", "--current", "{input}"), "gate", 2),
        Command("gate mutated baseline", ("gate", "--baseline", "{input}", "--current", "{other}"), "gate", 2),
        Command("merge", ("merge", "{input}", "--out", "merged.json"), "results", 1),
    ),
}


@dataclass(frozen=True)
class Source:
    """One seed input: its name (a repository path, or `export:WORKLOAD` ...), its kind
    (`system`, `scene`, `results`), its bytes, and for scenes the ids of its views."""

    name: str
    kind: str
    data: bytes
    views: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Target:
    source: Source
    command: Command


def _scene_views(data: bytes) -> tuple[str, ...]:
    try:
        views = json.loads(data).get("views", [])
        return tuple(str(view["id"]) for view in views if isinstance(view, dict) and "id" in view)
    except (ValueError, AttributeError):
        return ()


def trimmed_results(data: bytes, interrupted: bool = False) -> bytes:
    """A results file cut to its first cases and first samples, the medians left as they
    were (the readers recompute what they need); `interrupted`: marked as a run that
    stopped before its plan was done (formats.md section 3: `"complete": false` and
    `plannedCases`), which readers must warn about and gate must fail on."""
    document = json.loads(data)
    if interrupted:
        document["complete"] = False
        document["plannedCases"] = TRIMMED_CASES + 1
    document["cases"] = document.get("cases", [])[:TRIMMED_CASES]
    for case in document["cases"]:
        for phase in case.get("phases", []):
            if isinstance(phase.get("samplesNanoseconds"), list):
                phase["samplesNanoseconds"] = phase["samplesNanoseconds"][:TRIMMED_SAMPLES]
    return (json.dumps(document, indent=1) + "\n").encode()


def _export(bench: Path, workload: str, export_format: str) -> bytes:
    completed = subprocess.run(
        [str(bench), "export", "--workload", workload, "--size", str(EXPORT_SIZE), "--format", export_format],
        capture_output=True, timeout=120, check=False)
    if completed.returncode != 0:
        raise RuntimeError(f"bench export --workload {workload} --format {export_format} exited with "
                           f"{completed.returncode}: {completed.stderr.decode(errors='replace').strip()}")
    return completed.stdout


def load_sources(bench: Path, repository: Path = REPOSITORY) -> list[Source]:
    """The whole corpus, in a fixed order."""
    sources: list[Source] = []
    for path in SYSTEM_FILES:
        sources.append(Source(path, "system", (repository / path).read_bytes()))
    for workload in EXPORTED_SYSTEMS:
        sources.append(Source(f"export:{workload}:constraints", "system", _export(bench, workload, "constraints")))
    scene_paths = list(SCENE_FILES) + sorted(
        str(path.relative_to(repository)) for path in (repository / SCENE_FIXTURES).glob("*.scene.json"))
    for path in scene_paths:
        data = (repository / path).read_bytes()
        sources.append(Source(path, "scene", data, _scene_views(data)))
    for workload in EXPORTED_SCENES:
        data = _export(bench, workload, "scene")
        sources.append(Source(f"export:{workload}:scene", "scene", data, _scene_views(data)))
    for path in RESULTS_FILES:
        sources.append(Source(path, "results", (repository / path).read_bytes()))
    baseline = (repository / SMOKE_BASELINE).read_bytes()
    sources.append(Source(f"{SMOKE_BASELINE}:trimmed", "results", trimmed_results(baseline)))
    sources.append(Source(f"{SMOKE_BASELINE}:trimmed,interrupted", "results", trimmed_results(baseline, interrupted=True)))
    return sources


# Each kind's share of the cases, whatever the number of its sources: the 70 fixtures
# would otherwise crowd out the handful of systems, where the solvers' bugs live.
KIND_WEIGHTS = {"system": 5, "scene": 4, "results": 2}


def targets(sources: list[Source]) -> tuple[list[Target], list[float]]:
    """Every (source, command) pair with its weight: a kind's weight split over its sources
    and then over its commands by their weights."""
    chosen: list[Target] = []
    weights: list[float] = []
    for kind, commands in COMMANDS.items():
        of_kind = [source for source in sources if source.kind == kind]
        total = sum(command.weight for command in commands)
        for source in of_kind:
            for command in commands:
                if "{view}" in command.arguments and not source.views:
                    continue
                if command.max_views and len(source.views) > command.max_views:
                    continue
                chosen.append(Target(source, command))
                weights.append(KIND_WEIGHTS[kind] * command.weight / (total * len(of_kind)))
    return chosen, weights
