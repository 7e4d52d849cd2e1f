"""Reading results files (`layoutbench.results/1`, formats.md section 3) into the tidy
tables of `benchlib.Results`, strictly: a file that claims the format but breaks it raises
`ResultsFormatError` naming the file and the JSON path, like `bench`'s own reader. A file
not known to be complete (its run was interrupted or killed, or it does not say) is read
and reported in one `IncompleteResultsWarning`."""

from __future__ import annotations

import glob as globbing
import json
import math
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np
import pandas as pd

FORMAT = "layoutbench.results/1"
REFERENCE_BACKEND = "cassowary"
STATUSES = ("ok", "skipped", "error")

# The columns that say where a row came from; every table but `files` starts with them.
RUN_COLUMNS = ["file", "suite", "gitRevision", "createdAt", "host"]
CASE_COLUMNS = ["workload", "backend", "size"]
COUNTER_PREFIX = "counter_"
SYSTEM_DRIVER = "system"


def system_backend(backend: str) -> str:
    """The name a backend's cases of `bench run --driver system` get in every table,
    `cassowary (system)`: they time the exported constraint systems straight into the
    solver (the work a peer such as kiwisolver is timed on), not the scene, and would
    otherwise be taken for the scene-driven cases of the same backend."""
    return f"{backend} ({SYSTEM_DRIVER})"


class ResultsFormatError(ValueError):
    """A file that says it is `layoutbench.results/1` but breaks the format; the message
    names the file and the JSON path at fault, like `bench`'s own reader."""


class IncompleteResultsWarning(UserWarning):
    """Files read that are not known to hold their run's whole plan: `"complete": false`
    (interrupted, killed, or written while the run went on) or no `complete` member. Their
    cases are read; charts drawn from them may lack cases."""


# A UTC time as `bench` writes it, optionally with a fraction of a second.
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")


@dataclass(frozen=True)
class Results:
    """Everything read from a set of results files.

    files: one row per file read (suite, when, revision, machine, case counts, and
        `complete` (True, False or None when the file does not say) with `plannedCases`).
    cases: one row per case, any status, with `reason` for skipped and error cases.
    samples: one row per timing sample, `nanoseconds` per operation.
    phases: one row per measured phase of an ok case: quartiles of the samples,
        allocations per operation (NaN when not counted) and solver counters.
    ignored: (path, why) for each file matched that is not a results file.
    """

    files: pd.DataFrame
    cases: pd.DataFrame
    samples: pd.DataFrame
    phases: pd.DataFrame
    ignored: list[tuple[str, str]] = field(default_factory=list)


# Reading -------------------------------------------------------------------------------


def load_results(paths: str | Path | Iterable[str | Path]) -> Results:
    """Reads every results file among `paths` (a glob pattern such as `Results/*.json`, one
    path, or several). JSON files of another format are skipped and listed in `ignored`;
    a file that claims the format but breaks it raises `ResultsFormatError`, since silently
    dropping part of a run would bias every chart drawn from the rest."""
    resolved = _expand(paths)
    documents: list[tuple[str, dict[str, Any]]] = []
    ignored: list[tuple[str, str]] = []
    for path in resolved:
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise ResultsFormatError(f"{path}: not valid JSON ({error})") from error
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            found = document.get("format") if isinstance(document, dict) else type(document).__name__
            ignored.append((str(path), f"format is {found!r}, not {FORMAT!r}"))
            continue
        documents.append((str(path), document))
    names = _file_names([path for path, _ in documents])
    parsed = [_parse_document(document, path, names[path]) for path, document in documents]
    _warn_incomplete(parsed)
    return _tables(parsed, ignored)


def _warn_incomplete(parsed: list[_ParsedFile]) -> None:
    """One warning naming every file not known to be complete, with what it says."""
    problems = []
    for p in parsed:
        row = p.file_row
        if row["complete"] is True:
            continue
        if row["complete"] is None:
            problems.append(f"{row['file']} (does not say whether its run finished its plan)")
        else:
            planned = row["plannedCases"]
            held = f"{row['cases']} of {planned} planned cases" if planned is not None else f"{row['cases']} cases"
            problems.append(f"{row['file']} (incomplete: {held})")
    if problems:
        warnings.warn("results files not known to be complete, cases may be missing: " + "; ".join(problems),
                      IncompleteResultsWarning, stacklevel=3)


def _expand(paths: str | Path | Iterable[str | Path]) -> list[Path]:
    if isinstance(paths, (str, Path)):
        text = str(paths)
        if any(character in text for character in "*?["):
            return [Path(match) for match in sorted(globbing.glob(text))]
        return [Path(text)]
    return [Path(path) for path in paths]


def _file_names(paths: Sequence[str]) -> dict[str, str]:
    """The file column: the base name, or the whole path where two base names collide (two
    directories of results), so rows of different files never share a key."""
    bases = [Path(path).name for path in paths]
    return {path: base if bases.count(base) == 1 else path for path, base in zip(paths, bases)}


@dataclass
class _ParsedFile:
    file_row: dict[str, Any]
    case_rows: list[dict[str, Any]]
    phase_rows: list[dict[str, Any]]
    sample_columns: dict[str, list[Any]]


class _Reader:
    """Type checks that name the JSON path at fault."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, message: str) -> ResultsFormatError:
        return ResultsFormatError(f"{self.path}: {where}: {message}")

    def get(self, node: dict[str, Any], key: str, where: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
        value = node.get(key)
        if value is None:
            if required:
                raise self.fail(f"{where}.{key}" if where else key, "missing")
            return None
        if not isinstance(value, kind) or (kind in (int, float, (int, float)) and isinstance(value, bool)):
            raise self.fail(f"{where}.{key}" if where else key, f"expected {_kind_name(kind)}, found {value!r}")
        return value

    def number(self, node: dict[str, Any], key: str, where: str, required: bool = True, minimum: float | None = None) -> float | None:
        value = self.get(node, key, where, (int, float), required)
        if value is None:
            return None
        if not math.isfinite(value) or (minimum is not None and value < minimum):
            expected = "a finite number" + ("" if minimum is None else f" >= {minimum:g}")
            raise self.fail(f"{where}.{key}" if where else key, f"expected {expected}, found {value!r}")
        return float(value)

    def integer(self, node: dict[str, Any], key: str, where: str, minimum: int, required: bool = True) -> int | None:
        value = self.get(node, key, where, (int, float), required)
        if value is None:
            return None
        if not math.isfinite(value) or value != int(value) or value < minimum:
            raise self.fail(f"{where}.{key}" if where else key, f"expected an integer >= {minimum}, found {value!r}")
        return int(value)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", float: "a number", list: "an array", dict: "an object", bool: "a boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(dict.fromkeys(names.get(k, k.__name__) for k in kinds))


def _parse_document(document: dict[str, Any], path: str, name: str) -> _ParsedFile:
    read = _Reader(path)
    suite = read.get(document, "suite", "", str)
    created_text = read.get(document, "createdAt", "", str, required=False)
    created = _timestamp(read, created_text, "createdAt")
    complete = read.get(document, "complete", "", bool, required=False)
    if "complete" in document and complete is None:
        raise read.fail("complete", "expected a boolean, found null")
    planned = read.integer(document, "plannedCases", "", minimum=0, required=False)
    environment = read.get(document, "environment", "", dict, required=False) or {}
    run = read.get(document, "run", "", dict, required=False) or {}

    def text(key: str) -> str | None:
        return read.get(environment, key, "environment", str, required=False)

    origin = {
        "file": name,
        "suite": suite,
        "gitRevision": text("gitRevision"),
        "createdAt": created,
        "host": text("hostname"),
    }
    cases = read.get(document, "cases", "", list)
    case_rows: list[dict[str, Any]] = []
    phase_rows: list[dict[str, Any]] = []
    samples: dict[str, list[Any]] = {key: [] for key in ["case", "phase", "sample", "nanoseconds"]}
    seen_cases: set[tuple[str, str, str, int]] = set()
    for index, case in enumerate(cases):
        where = f"cases[{index}]"
        if not isinstance(case, dict):
            raise read.fail(where, f"expected an object, found {case!r}")
        # A file may hold several suites (formats.md allows it); a case's own suite wins.
        case_suite = read.get(case, "suite", where, str, required=False) or suite
        workload = read.get(case, "workload", where, str)
        backend = read.get(case, "backend", where, str)
        parameters = read.get(case, "parameters", where, dict, required=False) or {}
        if parameters.get("driver") == SYSTEM_DRIVER:
            # The exported constraint system straight into the solver: other work than the
            # scene-driven case of the same backend, so a backend of its own.
            backend = system_backend(backend)
        size = read.integer(case, "size", where, minimum=1)
        status = read.get(case, "status", where, str)
        if status not in STATUSES:
            raise read.fail(f"{where}.status", f"expected one of {', '.join(STATUSES)}, found {status!r}")
        reason = None
        if status == "skipped":
            reason = read.get(case, "reason", where, str)
        elif status == "error":
            reason = read.get(case, "error", where, str)
        key = (case_suite, workload, backend, size)
        if key in seen_cases:
            raise read.fail(where, f"{workload} n={size} {backend} appears twice in suite {case_suite}")
        seen_cases.add(key)
        case_id = len(case_rows)
        case_rows.append(
            {**origin, "suite": case_suite, "workload": workload, "backend": backend, "size": size,
             "status": status, "reason": reason,
             "repetitions": read.integer(case, "repetitions", where, minimum=1, required=False)}
        )
        phases = read.get(case, "phases", where, list, required=False) or []
        if status == "ok" and not phases:
            raise read.fail(f"{where}.phases", 'a case with status "ok" needs at least one phase')
        if status != "ok":
            # A skipped or failed case may carry partial phases; they are not a measurement.
            continue
        seen_phases: set[str] = set()
        for phase_index, phase in enumerate(phases):
            phase_where = f"{where}.phases[{phase_index}]"
            if not isinstance(phase, dict):
                raise read.fail(phase_where, f"expected an object, found {phase!r}")
            phase_name = read.get(phase, "name", phase_where, str)
            if phase_name in seen_phases:
                raise read.fail(phase_where, f"phase {phase_name!r} appears twice in the case")
            seen_phases.add(phase_name)
            iterations = read.integer(phase, "iterations", phase_where, minimum=1, required=False) or 1
            raw = read.get(phase, "samplesNanoseconds", phase_where, list)
            if not raw:
                raise read.fail(f"{phase_where}.samplesNanoseconds", "a phase needs at least one sample")
            for sample_index, value in enumerate(raw):
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                    raise read.fail(f"{phase_where}.samplesNanoseconds[{sample_index}]",
                                    f"expected a duration in nanoseconds (>= 0), found {value!r}")
            per_operation = np.asarray(raw, dtype=float) / iterations
            samples["case"].extend([case_id] * len(raw))
            samples["phase"].extend([phase_name] * len(raw))
            samples["sample"].extend(range(len(raw)))
            samples["nanoseconds"].extend(per_operation.tolist())
            phase_rows.append(
                {"case": case_id, "phase": phase_name, "iterations": iterations,
                 "operations": read.integer(phase, "operations", phase_where, minimum=1, required=False),
                 **_allocations(read, phase, phase_where), **_counters(read, phase, phase_where)}
            )
    if planned is not None and len(case_rows) > planned:
        raise read.fail("plannedCases", f"the file holds {len(case_rows)} cases, more than the {planned} planned")
    if complete is True and planned is not None and len(case_rows) != planned:
        raise read.fail("complete", f"a complete file holds every planned case, but this one holds {len(case_rows)} of {planned}")
    counts = {status: sum(row["status"] == status for row in case_rows) for status in STATUSES}
    file_row = {
        **origin,
        "configuration": text("configuration"),
        "cpu": text("cpu"),
        "cores": read.integer(environment, "cores", "environment", minimum=1, required=False),
        "os": text("os"),
        "allocator": text("allocator"),
        "swiftVersion": text("swiftVersion"),
        "command": read.get(run, "command", "run", str, required=False),
        "interrupted": bool(read.get(run, "interrupted", "run", bool, required=False) or False),
        "complete": complete,
        "plannedCases": planned,
        "cases": len(case_rows),
        **counts,
    }
    return _ParsedFile(file_row, case_rows, phase_rows, samples)


def _timestamp(read: _Reader, text: str | None, where: str) -> Any:
    """A time as `bench` writes it (UTC, `2026-11-21T10:00:00Z`), or NaT when absent;
    anything else, offsets included, is refused as `bench` refuses it."""
    if text is None:
        return pd.NaT
    try:
        if not _TIMESTAMP.fullmatch(text):
            raise ValueError(text)
        return pd.to_datetime(text, utc=True)
    except ValueError as error:
        raise read.fail(where, f"expected an ISO 8601 UTC time such as 2026-11-21T10:00:00Z, found {text!r}") from error


def _allocations(read: _Reader, phase: dict[str, Any], where: str) -> dict[str, float]:
    figures = read.get(phase, "allocations", where, dict, required=False)
    if figures is None:
        # null means "not counted"; NaN keeps it apart from a counted 0.
        return {"allocations": math.nan, "allocatedBytes": math.nan, "allocationsMax": math.nan}
    here = f"{where}.allocations"
    maximum = read.number(figures, "maxCount", here, required=False, minimum=0)
    return {
        "allocations": read.number(figures, "count", here, minimum=0),
        "allocatedBytes": read.number(figures, "bytes", here, minimum=0),
        "allocationsMax": math.nan if maximum is None else maximum,
    }


def _counters(read: _Reader, phase: dict[str, Any], where: str) -> dict[str, float]:
    counters = read.get(phase, "counters", where, dict, required=False) or {}
    return {COUNTER_PREFIX + key: read.number(counters, key, f"{where}.counters") for key in counters}


def _tables(parsed: list[_ParsedFile], ignored: list[tuple[str, str]]) -> Results:
    file_columns = RUN_COLUMNS + ["configuration", "cpu", "cores", "os", "allocator", "swiftVersion", "command",
                                  "interrupted", "complete", "plannedCases", "cases", *STATUSES]
    case_columns = RUN_COLUMNS + CASE_COLUMNS + ["status", "reason", "repetitions"]
    key_columns = PHASE_KEYS
    files = pd.DataFrame([p.file_row for p in parsed], columns=file_columns)
    case_frames, sample_frames, phase_frames = [], [], []
    for p in parsed:
        cases = pd.DataFrame(p.case_rows, columns=case_columns)
        case_frames.append(cases)
        if not p.phase_rows:
            continue
        identity = cases[RUN_COLUMNS + CASE_COLUMNS]
        samples = pd.DataFrame(p.sample_columns)
        samples = pd.concat([identity.iloc[samples["case"].to_numpy()].reset_index(drop=True),
                             samples.drop(columns="case")], axis=1)
        sample_frames.append(samples)
        extra = pd.DataFrame(p.phase_rows)
        phase_frames.append(pd.concat([identity.iloc[extra["case"].to_numpy()].reset_index(drop=True),
                                       extra.drop(columns="case")], axis=1))
    cases = _concat(case_frames, case_columns)
    samples = _concat(sample_frames, key_columns + ["sample", "nanoseconds"])
    extra = _concat(phase_frames, key_columns + ["iterations", "operations", "allocations", "allocatedBytes",
                                                 "allocationsMax"])
    for table in (files, cases, samples, extra):
        _strings(table)
    phases = summarise_phases(samples, extra)
    cases["size"] = cases["size"].astype("int64")
    cases["repetitions"] = cases["repetitions"].astype("Int64")
    samples["size"] = samples["size"].astype("int64")
    return Results(files=files, cases=cases, samples=samples, phases=phases, ignored=ignored)


_STRING_COLUMNS = ["file", "suite", "gitRevision", "host", "workload", "backend", "phase", "status", "reason",
                   "configuration", "cpu", "os", "allocator", "swiftVersion", "command"]


def _strings(table: pd.DataFrame) -> None:
    """One string dtype for text columns, whatever their values: a column that is missing
    in every row of one file would otherwise be float NaN there and text in another, and
    merging and grouping on it would fail or split."""
    for column in _STRING_COLUMNS:
        if column in table.columns:
            table[column] = table[column].astype("str")


def _concat(frames: list[pd.DataFrame], columns: list[str]) -> pd.DataFrame:
    frames = [frame for frame in frames if not frame.empty]
    if not frames:
        return pd.DataFrame(columns=columns)
    return pd.concat(frames, ignore_index=True)


PHASE_KEYS = RUN_COLUMNS + CASE_COLUMNS + ["phase"]
SUMMARY_COLUMNS = ["samples", "p25Nanoseconds", "medianNanoseconds", "p75Nanoseconds", "minNanoseconds",
                   "maxNanoseconds"]


def summarise_phases(samples: pd.DataFrame, extra: pd.DataFrame | None = None) -> pd.DataFrame:
    """Quartiles, extremes and count of the samples per operation for each phase of each
    case, joined with `extra` (per-phase figures such as allocations and counters)."""
    keys = PHASE_KEYS
    extra_columns = [] if extra is None else [c for c in extra.columns if c not in keys]
    if samples.empty:
        return pd.DataFrame(columns=keys + SUMMARY_COLUMNS + extra_columns)
    # host or gitRevision may be missing: dropna=False keeps those rows.
    grouped = samples.groupby(keys, sort=False, dropna=False)["nanoseconds"]
    # Quartiles by linear interpolation between order statistics (numpy's default).
    stats = grouped.agg(samples="size", medianNanoseconds="median", minNanoseconds="min", maxNanoseconds="max")
    # Grouped quantiles in one pass each (a Python function per group is slow at 1,000s of groups).
    stats["p25Nanoseconds"] = grouped.quantile(0.25)
    stats["p75Nanoseconds"] = grouped.quantile(0.75)
    stats = stats.reset_index()
    stats["size"] = stats["size"].astype("int64")
    if extra is not None and not extra.empty:
        stats = stats.merge(extra, on=keys, how="left", validate="one_to_one")
    return stats.reindex(columns=keys + SUMMARY_COLUMNS + extra_columns)
