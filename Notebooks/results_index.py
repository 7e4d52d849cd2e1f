#!/usr/bin/env python3
"""The index of a results folder (Results/current/INDEX.md): every file in it, what it holds
and which documents cite it, and a check that the documents and the folder agree.

Usage: results_index.py --results DIR [--write | --check] [--root REPO]

Without --write or --check the index is printed. --write writes DIR/INDEX.md (and prints
the problems --check would report, as warnings). --check exits 1, naming each problem, when
  * DIR/INDEX.md is missing or differs from the index generated now (stale: run --write);
  * a document cites a `Results/...` path that does not exist;
  * a file in DIR is cited by no document, except the files the folder's own scripts
    generate (INDEX.md, regenerate.sh, tables.md, recheck-tables.md,
    alternating-10-views.md, engine-tables.md, reports/, charts/), which are backed by
    construction.

The documents: README.md, Results/FINDINGS.md, docs/*.md and Benchmarks/README.md of REPO
(default: the repository this script is in). A document cites a file of DIR by its path,
`Results/current/NAME` or `current/NAME` (relative to Results/), also through `../`; by a
folder that holds it (`Results/current/alternating-10-views/`, not the whole folder); or
by a pattern, with braces (`current/{stackviews,deep}-scene.json`) or `*` and `?`. DIR
stands for Results/current in citations even when it is another folder (regenerate.sh
writes a scratch folder that replaces it). A path with a placeholder (`Results/<suite>-
<UTC time>.json`) or under Results/scratch/ (users' trial runs) cites nothing; a path in a
fenced code block (a command) backs a file when it matches one, and is not required to
exist.

Exit status: 0 written, printed or checked; 1 the check failed; 2 DIR does not exist;
64 bad command line.
"""
from __future__ import annotations

import fnmatch
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchlib  # noqa: E402

RESULTS_FORMAT = "layoutbench.results/1"
CANONICAL = "Results/current"
INDEX = "INDEX.md"
DOCUMENTS = ("README.md", "Results/FINDINGS.md", "docs/*.md", "Benchmarks/README.md")
# Written by the folder's own scripts (regenerate.sh's last step): backed by construction.
GENERATED = {
    INDEX: "this index (Notebooks/results_index.py)",
    "regenerate.sh": "the script that measures and writes this folder",
    "tables.md": "FINDINGS' tables (Notebooks/findings_tables.py)",
    "recheck-tables.md": "target 3's tables from the recheck files (Notebooks/findings_tables.py)",
    "alternating-10-views.md": "the alternating pairs' verdicts (Notebooks/alternating_runs.py)",
    "engine-tables.md": "the outside engines' tables (Notebooks/engine_tables.py)",
}
GENERATED_FOLDERS = {
    "reports": "`bench report` of a suite",
    "charts": "a chart of FINDINGS (Notebooks/findings_charts.py)",
}
KINDS = {
    "layoutbench.memory/1": "peak resident memory per view (Benchmarks/memory_per_view.py)",
    "layoutbench.gate-trials/1": "the gate's false-positive and detection rates (bench gate-trials)",
}

# A path token: optional ../ or ./, then Results/ or current/, then path characters, with
# brace groups allowed to hold commas. Not preceded by a path or word character, so
# /tmp/Results/x and Results/current/x (as current/x) are not read twice.
_TOKEN = re.compile(r"(?<![\w/.\-])(?:\.\.?/)*((?:Results|current)/(?:[\w.*?<>@+=~%\-/]|\{[^{}\s]*\})*)")
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Citation:
    document: str
    line: int
    text: str  # as written, e.g. current/{a,b}.json
    patterns: tuple[str, ...]  # repository-relative, braces expanded, e.g. Results/current/a.json
    in_code: bool


def expand_braces(text: str) -> list[str]:
    """`a{b,c}d{e,f}` -> abde, abdf, acde, acdf; nested groups too (`a{b,c{d,e}}` -> ab,
    acd, ace). Text without braces is itself."""
    match = re.search(r"\{([^{}]*)\}", text)
    if not match:
        return [text]
    head, tail = text[:match.start()], text[match.end():]
    expanded = [path for option in match.group(1).split(",") for path in expand_braces(head + option + tail)]
    return list(dict.fromkeys(expanded))


def normalise(token: str) -> str | None:
    """A token as a repository-relative path pattern, or None when it cites nothing (a
    placeholder, users' scratch runs)."""
    token = token.rstrip(".")
    if token.endswith("**"):
        token = token.rstrip("*")  # Markdown bold around a path
    if "<" in token or ">" in token:
        return None
    path = token if token.startswith("Results/") else "Results/" + token
    if path == "Results/scratch" or path.startswith("Results/scratch/"):
        return None
    return path


def citations(text: str, document: str) -> list[Citation]:
    """Every path into Results/ that a Markdown document cites, in order."""
    found = []
    in_code = False
    for number, line in enumerate(text.splitlines(), start=1):
        if _FENCE.match(line):
            in_code = not in_code
            continue
        for match in _TOKEN.finditer(line):
            path = normalise(match.group(1))
            if path is None:
                continue
            patterns = tuple(dict.fromkeys(expand_braces(path)))
            found.append(Citation(document, number, match.group(1).rstrip("."), patterns, in_code))
    return found


def document_paths(root: Path) -> list[Path]:
    paths = []
    for pattern in DOCUMENTS:
        paths.extend(sorted(root.glob(pattern)))
    return paths


def all_citations(root: Path) -> list[Citation]:
    found = []
    for path in document_paths(root):
        found.extend(citations(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix()))
    return found


def folder_files(folder: Path) -> list[str]:
    """Every file under `folder` (hidden ones aside), relative, sorted."""
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*")
                  if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts))


def _is_pattern(text: str) -> bool:
    return any(character in text for character in "*?[")


def backs(pattern: str, name: str) -> bool:
    """Whether a cited pattern (repository-relative) cites the file `name` of the folder:
    the path itself, a glob matching it, or a subfolder holding it."""
    path = f"{CANONICAL}/{name}"
    pattern = pattern.rstrip("/")
    if pattern == path or (_is_pattern(pattern) and fnmatch.fnmatchcase(path, pattern)):
        return True
    # A folder cites what it holds; the folder itself is too broad to back anything.
    return pattern.startswith(CANONICAL + "/") and path.startswith(pattern + "/")


def exists(pattern: str, root: Path, folder: Path, names: list[str]) -> bool:
    """Whether a cited pattern names something: under Results/current, a file or subfolder of
    the folder indexed; elsewhere, a path of the repository."""
    stripped = pattern.rstrip("/")
    if stripped == CANONICAL:
        return True
    if stripped.startswith(CANONICAL + "/"):
        return any(backs(pattern, name) for name in names)
    if _is_pattern(stripped):
        return any(root.glob(stripped))
    return (root / stripped).exists()


def generated(name: str) -> bool:
    return name in GENERATED or name.split("/", 1)[0] in GENERATED_FOLDERS


# Describing files -----------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # "results" or what the file is
    suite: str = ""
    driver: str = ""
    backends: str = ""
    cases: str = ""
    created: str = ""
    revision: str = ""
    machine: tuple[str, str, str] | None = None


def describe(folder: Path, name: str) -> Entry:
    path = folder / name
    if name in GENERATED:
        return Entry(name, GENERATED[name])
    top = name.split("/", 1)[0]
    if top in GENERATED_FOLDERS and "/" in name:
        return Entry(name, GENERATED_FOLDERS[top])
    if path.suffix != ".json":
        return Entry(name, f"{path.suffix.lstrip('.') or 'a'} file")
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        return Entry(name, f"unreadable JSON ({error.__class__.__name__})")
    found = document.get("format") if isinstance(document, dict) else None
    if found != RESULTS_FORMAT:
        return Entry(name, KINDS.get(found, f"JSON, format {found!r}"))
    environment = document.get("environment") or {}
    cases = [case for case in document.get("cases") or [] if isinstance(case, dict)]
    statuses = [case.get("status") for case in cases]
    backends = sorted({str(case.get("backend")) for case in cases})
    drivers = sorted({driver(case) for case in cases})
    if "swiftVersion" not in environment:
        drivers = [f"peer: {environment.get('configuration') or 'no build'}"]
    count = f"{len(cases)} ({statuses.count('ok')}/{statuses.count('skipped')}/{statuses.count('error')})"
    machine = (str(environment.get("cpu") or "?"), str(environment.get("cores") or "?"),
               str(environment.get("os") or "?"))
    return Entry(name, "results", suite=str(document.get("suite") or ""), driver=", ".join(drivers),
                 backends=", ".join(backends), cases=count, created=str(document.get("createdAt") or ""),
                 revision=str(environment.get("gitRevision") or "")[:10], machine=machine)


def driver(case: dict) -> str:
    """`engine: NAME VERSION` for a case an outside engine measured (its `engine` member,
    docs/engines.md), else the case's driver parameter (`scene` when absent)."""
    engine = case.get("engine")
    if isinstance(engine, dict):
        return f"engine: {engine.get('name')} {engine.get('version')}"
    return (case.get("parameters") or {}).get("driver") or "scene"


# The index ------------------------------------------------------------------------------


def cited_by(name: str, found: list[Citation]) -> list[str]:
    return sorted({c.document for c in found if any(backs(pattern, name) for pattern in c.patterns)})


def render(folder: Path, found: list[Citation]) -> str:
    # The folder's own files first, then its subfolders'.
    names = sorted(folder_files(folder), key=lambda name: ("/" in name, name))
    entries = [describe(folder, name) for name in names]
    # Machines lettered by how many files they ran, most first (then in file order).
    counts: dict[tuple[str, str, str], int] = {}
    for entry in entries:
        if entry.machine is not None:
            counts[entry.machine] = counts.get(entry.machine, 0) + 1
    ranked = sorted(counts, key=lambda machine: -counts[machine])
    machines = {machine: chr(ord("A") + index) if index < 26 else str(index) for index, machine in enumerate(ranked)}

    def cell(text: str) -> str:
        return text.replace("|", "\\|") or "—"

    def citing(name: str) -> str:
        documents = cited_by(name, found)
        if documents:
            return ", ".join(documents)
        return "generated here" if generated(name) else "—"

    lines = [
        "# Index of the committed results",
        "",
        "Generated by `Notebooks/results_index.py --results Results/current --write` (the last step of",
        "`regenerate.sh`); `make notebooks` fails when it is stale, when a document cites a",
        "`Results/` path that does not exist, or when a file here is cited by no document. *Cited by*",
        "lists the documents that name the file, a pattern matching it or a folder holding it",
        "(README.md, Results/FINDINGS.md, docs/\\*.md, Benchmarks/README.md); *generated here* marks the",
        "files this folder's scripts write from the others.",
        "",
        "## Results files (`layoutbench.results/1`)",
        "",
        "*driver*: `scene` (`bench run`), `system` (`bench run --driver system`: the exported",
        "constraint systems straight into the solver), `engine` (`bench run --engine`: an outside",
        "engine, docs/engines.md, its name and version) or `peer` (a file written outside `bench`: its",
        "configuration). *cases*: all (ok/skipped/error). *machine*: see the table below.",
        "",
        "| file | suite | driver | backends | cases | createdAt | revision | machine | cited by |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for entry in entries:
        if entry.kind != "results":
            continue
        lines.append(f"| `{entry.name}` | {cell(entry.suite)} | {cell(entry.driver)} | {cell(entry.backends)} | "
                     f"{entry.cases} | {cell(entry.created)} | {cell(entry.revision)} | "
                     f"{machines[entry.machine]} | {citing(entry.name)} |")
    lines += ["", "## Machines", "", "| machine | cpu | cores | os |", "|---|---|---|---|"]
    for (cpu, cores, os_name), key in machines.items():
        lines.append(f"| {key} | {cell(cpu)} | {cell(cores)} | {cell(os_name)} |")
    if any(cores == "1" for _, cores, _ in machines):
        lines += ["", "A peer runs pinned to one core and counts the cores it may use: 1."]
    lines += ["", "## Other files", "", "| file | kind | cited by |", "|---|---|---|"]
    for entry in entries:
        if entry.kind == "results":
            continue
        lines.append(f"| `{entry.name}` | {cell(entry.kind)} | {citing(entry.name)} |")
    return "\n".join(lines) + "\n"


def problems(root: Path, folder: Path, found: list[Citation]) -> list[str]:
    """Cited paths that do not exist, then files cited by nothing (INDEX.md staleness is
    checked apart)."""
    names = folder_files(folder)
    messages = []
    for citation in found:
        if citation.in_code:
            continue
        for pattern in citation.patterns:
            if not exists(pattern, root, folder, names):
                shown = citation.text if len(citation.patterns) == 1 else f"{pattern} (from {citation.text})"
                messages.append(f"{citation.document}:{citation.line}: {shown} does not exist")
    for name in names:
        if not generated(name) and not cited_by(name, found):
            messages.append(f"{CANONICAL}/{name}: cited by no document (cite it or remove it)")
    return messages


def main(argv: list[str] | None = None) -> int:
    parser = benchlib.UsageParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, required=True, help="the folder indexed (Results/current)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="write RESULTS/INDEX.md")
    mode.add_argument("--check", action="store_true", help="exit 1 when the index or the citations are wrong")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the repository whose documents cite the files (default: this script's)")
    args = parser.parse_args(argv)
    folder = args.results
    if not folder.is_dir():
        print(f"results_index: {folder} is not a folder", file=sys.stderr)
        return 2
    found = all_citations(args.root)
    text = render(folder, found)
    index = folder / INDEX
    if args.write:
        index.write_text(text, encoding="utf-8")
        # The index lists itself: render again now that it exists.
        text = render(folder, found)
        index.write_text(text, encoding="utf-8")
        for message in problems(args.root, folder, found):
            print(f"results_index: warning: {message}", file=sys.stderr)
        return 0
    if not args.check:
        sys.stdout.write(text)
        return 0
    messages = problems(args.root, folder, found)
    if not index.exists():
        messages.insert(0, f"{index}: missing (write it: Notebooks/results_index.py --results {folder} --write)")
    elif index.read_text(encoding="utf-8") != text:
        messages.insert(0, f"{index}: stale, it differs from the index generated now "
                           f"(rewrite it: Notebooks/results_index.py --results {folder} --write)")
    for message in messages:
        print(f"results_index: {message}", file=sys.stderr)
    if messages:
        return 1
    print(f"results_index: {index} is current, every cited Results/ path exists and every file is cited")
    return 0


if __name__ == "__main__":
    sys.exit(main())
