"""Results files (`layoutbench.results/1`, formats.md section 3) as tidy pandas tables, and
the statistics the notebooks show: per-operation medians and quartiles, power-law scaling
fits and ratios to a reference backend.

Statistics written in a file (`medianNanoseconds`, `minNanoseconds`, ...) are ignored and
recomputed from `samplesNanoseconds`, as `bench` does when it reads a file: the samples are
the record, the rest is a cache that a peer script may fill differently or not at all.

Times are per operation: a sample covering `iterations` operations is divided by it, so a
peer that times a batch of operations per sample is comparable with `bench run`, which
times one (docs/running.md).

Cases of `bench run --driver system` (parameters.driver "system") are given the backend
`<backend> (system)`: they time other work than the scene-driven cases of that backend.
"""

from __future__ import annotations

import argparse
import glob as globbing
import json
import math
import sys
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


@dataclass(frozen=True)
class Results:
    """Everything read from a set of results files.

    files: one row per file read (suite, when, revision, machine, case counts).
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
    return _tables(parsed, ignored)


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
            raise self.fail(f"{where}.{key}", f"expected {expected}, found {value!r}")
        return float(value)

    def integer(self, node: dict[str, Any], key: str, where: str, minimum: int, required: bool = True) -> int | None:
        value = self.get(node, key, where, (int, float), required)
        if value is None:
            return None
        if not math.isfinite(value) or value != int(value) or value < minimum:
            raise self.fail(f"{where}.{key}", f"expected an integer >= {minimum}, found {value!r}")
        return int(value)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", float: "a number", list: "an array", dict: "an object", bool: "a boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(dict.fromkeys(names.get(k, k.__name__) for k in kinds))


def _parse_document(document: dict[str, Any], path: str, name: str) -> _ParsedFile:
    read = _Reader(path)
    suite = read.get(document, "suite", "", str)
    created_text = read.get(document, "createdAt", "", str, required=False)
    try:
        created = pd.to_datetime(created_text, utc=True) if created_text else pd.NaT
    except ValueError as error:
        raise read.fail("createdAt", f"expected an ISO 8601 time, found {created_text!r}") from error
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
        "cases": len(case_rows),
        **counts,
    }
    return _ParsedFile(file_row, case_rows, phase_rows, samples)


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
                                  "interrupted", "cases", *STATUSES]
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


def with_combined_phase(results: Results, parts: Sequence[str] = ("build", "firstLayout"),
                        name: str = "build+firstLayout") -> Results:
    """Adds a phase whose sample i is the sum of sample i of each of `parts`, for every case
    that has all of them with one operation per repetition, as many samples each and the
    same `iterations` (then sample i of each part comes from the same repetition or
    repetitions). Allocations per operation add up; counters are left out, as some of them
    (rows, cells) are sizes after a phase, not work.

    Backends split the work of putting a screen up differently: cassowary solves while
    constraints are added (`build`), springs-struts computes frames only when asked
    (`firstLayout`). Only the sum compares like with like."""
    samples, phases = results.samples, results.phases
    parts = list(parts)
    if samples.empty or name in set(phases["phase"]):
        return results
    case_keys = RUN_COLUMNS + CASE_COLUMNS
    chosen = phases[phases["phase"].isin(parts)]
    eligible = chosen.groupby(case_keys, dropna=False).filter(
        lambda g: set(g["phase"]) == set(parts) and g["samples"].nunique() == 1
        and (g["operations"].isna() | (g["operations"] == 1)).all()
        and g["iterations"].nunique() == 1)
    if eligible.empty:
        return results
    cases = eligible[case_keys].drop_duplicates()
    picked = samples[samples["phase"].isin(parts)].merge(cases, on=case_keys, how="inner")
    combined = picked.groupby(case_keys + ["sample"], dropna=False, sort=False)["nanoseconds"].sum().reset_index()
    combined["phase"] = name
    combined = combined[samples.columns]
    grouped = eligible.groupby(case_keys, dropna=False, sort=False)
    allocations = grouped[["allocations", "allocatedBytes"]].sum(min_count=len(parts)).reset_index()
    allocations["phase"] = name
    allocations["iterations"] = grouped["iterations"].first().to_numpy()
    allocations["operations"] = 1
    summary = summarise_phases(combined, allocations)
    new_samples = pd.concat([samples, combined], ignore_index=True)
    new_phases = pd.concat([phases, summary], ignore_index=True)
    return Results(files=results.files, cases=results.cases, samples=new_samples, phases=new_phases,
                   ignored=results.ignored)


# Selecting -----------------------------------------------------------------------------


def latest_per_backend(table: pd.DataFrame, by_size: bool = False) -> pd.DataFrame:
    """Rows of the newest file (by createdAt, then file name) for each suite, workload and
    backend. Lines and fits never mix files: two runs of one backend may come from
    different revisions or machines, and a curve through both would show neither.

    With `by_size`, the newest file for each size instead: for tables that compare size by
    size and fit nothing, when some sizes were measured in a run of their own (a peer's
    1,000-view runs take minutes a repetition)."""
    if table.empty:
        return table
    group = ["suite", "workload", "backend"] + (["size"] if by_size else [])
    order = (table[[*group, "createdAt", "file"]]
             .drop_duplicates()
             .sort_values(["createdAt", "file"], na_position="first"))
    newest = order.groupby(group, sort=False, dropna=False).tail(1)
    return table.merge(newest[[*group, "file"]], how="inner").reset_index(drop=True)


def not_run(cases: pd.DataFrame) -> pd.DataFrame:
    """Skipped and failed cases with their reasons, in file and plan order."""
    rows = cases[cases["status"] != "ok"]
    return rows[["file", "suite", "workload", "backend", "size", "status", "reason"]].reset_index(drop=True)


def coverage(cases: pd.DataFrame, by_size: bool = False) -> pd.DataFrame:
    """Status per workload (rows) and backend and size (columns), newest file per backend
    (per backend and size with `by_size`): `ok`, `skipped` or `error`, blank where the case
    is in no file."""
    if cases.empty:
        return pd.DataFrame()
    latest = latest_per_backend(cases, by_size)
    table = latest.pivot_table(index=["suite", "workload"], columns=["backend", "size"], values="status",
                               aggfunc="first", sort=True)
    every = pd.MultiIndex.from_product([sorted(latest["backend"].unique()), sorted(latest["size"].unique())],
                                       names=["backend", "size"])
    return table.reindex(columns=every).astype("str").fillna("")


# Scaling -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PowerLawFit:
    """time ≈ coefficient · size^exponent, fitted by ordinary least squares on log-log.

    r2 is the coefficient of determination on the log scale; NaN with two sizes, where
    any two points fit exactly and it says nothing."""

    exponent: float
    coefficient: float
    r2: float
    points: int


def fit_power_law(sizes: Sequence[float], times: Sequence[float]) -> PowerLawFit | None:
    """The OLS slope of log(time) on log(size); None with fewer than two distinct sizes or
    any time not positive (a logarithm needs one)."""
    x = np.log(np.asarray(sizes, dtype=float))
    y_values = np.asarray(times, dtype=float)
    if len(x) != len(y_values):
        raise ValueError(f"{len(x)} sizes but {len(y_values)} times")
    if len(np.unique(x)) < 2 or np.any(~(y_values > 0)):
        return None
    y = np.log(y_values)
    x_mean, y_mean = x.mean(), y.mean()
    slope = float(np.sum((x - x_mean) * (y - y_mean)) / np.sum((x - x_mean) ** 2))
    intercept = y_mean - slope * x_mean
    residual = y - (intercept + slope * x)
    total = np.sum((y - y_mean) ** 2)
    if len(x) < 3:
        r2 = math.nan
    elif total == 0:
        r2 = 1.0
    else:
        r2 = float(1 - np.sum(residual**2) / total)
    return PowerLawFit(exponent=slope, coefficient=float(math.exp(intercept)), r2=r2, points=len(x))


def local_exponents(sizes: Sequence[float], times: Sequence[float]) -> list[float]:
    """The slope between each pair of consecutive sizes: where the growth bends (fixed
    costs at small sizes, a quadratic term taking over at large ones) one fit hides."""
    order = np.argsort(np.asarray(sizes, dtype=float))
    x = np.log(np.asarray(sizes, dtype=float)[order])
    y = np.log(np.asarray(times, dtype=float)[order])
    return [float((y[i + 1] - y[i]) / (x[i + 1] - x[i])) for i in range(len(x) - 1)]


def fit_scaling(phases: pd.DataFrame, min_size: int | None = None) -> pd.DataFrame:
    """One power-law fit of median time per operation against size for each file, suite,
    workload, backend and phase with at least two sizes (at least `min_size`)."""
    columns = ["suite", "workload", "backend", "phase", "file", "sizes", "minSize", "maxSize", "exponent", "r2",
               "coefficientNanoseconds", "localExponents"]
    rows = []
    selected = phases if min_size is None else phases[phases["size"] >= min_size]
    for key, group in selected.groupby(["suite", "workload", "backend", "phase", "file"], sort=True):
        group = group.sort_values("size")
        fit = fit_power_law(group["size"], group["medianNanoseconds"])
        if fit is None:
            continue
        rows.append(dict(zip(columns[:5], key), sizes=fit.points, minSize=int(group["size"].min()),
                         maxSize=int(group["size"].max()), exponent=fit.exponent, r2=fit.r2,
                         coefficientNanoseconds=fit.coefficient,
                         localExponents=tuple(local_exponents(group["size"], group["medianNanoseconds"]))))
    return pd.DataFrame(rows, columns=columns)


# Ratios --------------------------------------------------------------------------------


def ratio_table(phases: pd.DataFrame, reference: str = REFERENCE_BACKEND, by_size: bool = False) -> pd.DataFrame:
    """Each backend's median per operation over the reference backend's, for every suite,
    workload, phase and size where both ran (newest file per backend; per backend and size
    with `by_size`, see `latest_per_backend`).

    The reference comes from the backend's own file when that file has it (sameRun True):
    the two then ran on one machine, one build and one stretch of time, so machine and load
    cancel out. Otherwise (a peer script's file without the reference) the newest file with
    the reference is used and sameRun is False: such a ratio also carries the difference
    between two runs. The column `reference` names the reference backend, so tables of
    ratios to different references can be concatenated."""
    keys = ["suite", "workload", "phase", "size"]
    columns = keys + ["backend", "medianNanoseconds", "referenceMedianNanoseconds", "ratio", "file", "referenceFile",
                      "sameRun", "reference"]
    if phases.empty:
        return pd.DataFrame(columns=columns)
    references = phases[phases["backend"] == reference][["file", *keys, "medianNanoseconds"]].rename(
        columns={"medianNanoseconds": "referenceMedianNanoseconds"})
    others = latest_per_backend(phases[phases["backend"] != reference], by_size)[
        ["file", *keys, "backend", "medianNanoseconds"]]
    same = others.merge(references, on=["file", *keys], how="inner")
    same["referenceFile"] = same["file"]
    same["sameRun"] = True
    unmatched = others.merge(references[["file", *keys]], on=["file", *keys], how="left", indicator=True)
    unmatched = unmatched[unmatched["_merge"] == "left_only"].drop(columns="_merge")
    newest_reference = latest_per_backend(phases[phases["backend"] == reference], by_size)[
        ["file", *keys, "medianNanoseconds"]].rename(
        columns={"file": "referenceFile", "medianNanoseconds": "referenceMedianNanoseconds"})
    other = unmatched.merge(newest_reference, on=keys, how="inner")
    other["sameRun"] = False
    table = pd.concat([frame for frame in (same, other) if not frame.empty] or [pd.DataFrame(columns=columns)],
                      ignore_index=True)
    table["ratio"] = table["medianNanoseconds"] / table["referenceMedianNanoseconds"]
    table["sameRun"] = table["sameRun"].astype(bool)
    table["reference"] = reference
    return table[columns].sort_values(["suite", "workload", "phase", "backend", "size"]).reset_index(drop=True)


def geometric_mean(values: Iterable[float]) -> float:
    """exp(mean(log v)): the mean of ratios that treats 2× slower and 2× faster as
    opposites, which the arithmetic mean of ratios does not."""
    array = np.asarray(list(values), dtype=float)
    if array.size == 0:
        return math.nan
    if np.any(~(array > 0)):
        raise ValueError("a geometric mean needs positive values")
    return float(np.exp(np.mean(np.log(array))))


def geometric_mean_ratios(ratios: pd.DataFrame, by: Sequence[str] = ("phase", "backend")) -> pd.DataFrame:
    """Geometric mean, count, smallest and largest ratio per group (e.g. phase and backend,
    or phase, backend and size)."""
    by = list(by)
    if ratios.empty:
        return pd.DataFrame(columns=by + ["geometricMean", "cases", "min", "max"])
    return (ratios.groupby(by, sort=True)["ratio"]
            .agg(geometricMean=geometric_mean, cases="size", min="min", max="max")
            .reset_index())


@dataclass(frozen=True)
class Headline:
    """A backend against the reference in one phase at one size: the largest size at which
    at least `min_share` of the workloads have a ratio, so a headline is never the few
    workloads that happened to run at a size the others were skipped at."""

    backend: str
    phase: str
    size: int
    workloads: int
    of_workloads: int
    geometric_mean: float
    faster: int
    slower: int
    rows: pd.DataFrame


def headline_ratios(ratios: pd.DataFrame, backend: str, phase: str, min_share: float = 2 / 3) -> Headline | None:
    rows = ratios[(ratios["backend"] == backend) & (ratios["phase"] == phase)]
    if rows.empty:
        return None
    total = rows[["suite", "workload"]].drop_duplicates().shape[0]
    per_size = rows.groupby("size").size()
    # The epsilon keeps 2/3 of 12 at 8 whatever the rounding of 2/3.
    size = int(per_size[per_size >= max(1, math.ceil(min_share * total - 1e-9))].index.max())
    at = rows[rows["size"] == size].sort_values("ratio").reset_index(drop=True)
    return Headline(backend=backend, phase=phase, size=size, workloads=len(at), of_workloads=total,
                    geometric_mean=geometric_mean(at["ratio"]), faster=int((at["ratio"] < 1).sum()),
                    slower=int((at["ratio"] > 1).sum()), rows=at)


LOADING_PHASES = ("build", "firstLayout", "build+firstLayout")
POOLED_CHANGES = "each change"


def pool_changes(table: pd.DataFrame, name: str = POOLED_CHANGES) -> pd.DataFrame:
    """In each suite whose workloads have more than one kind of change (churn: one kind
    per workload), the change phases become one phase `name`, and the workload column
    says which kind (`churn.rebuild · rebuild`); `caseWorkload` keeps the workload. A suite
    with one kind of change (every stack resizes) is left as it is. One chart or headline
    then covers all changes instead of one per kind with a single workload each."""
    table = table.copy()
    table["caseWorkload"] = table["workload"]
    changes = ~table["phase"].isin(LOADING_PHASES)
    kinds = table[changes].groupby("suite")["phase"].nunique()
    pooled = changes & table["suite"].isin(kinds[kinds > 1].index)
    table.loc[pooled, "workload"] = table.loc[pooled, "workload"] + " · " + table.loc[pooled, "phase"]
    table.loc[pooled, "phase"] = name
    return table


def phase_order(names: Iterable[str]) -> list[str]:
    """build, firstLayout, their sum, then the change kinds by name: the order in which a
    screen is put up and then changed."""
    first = list(LOADING_PHASES)
    unique = set(names)
    return [name for name in first if name in unique] + sorted(unique - set(first))


# Formatting ----------------------------------------------------------------------------


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
