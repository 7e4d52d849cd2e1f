"""Statistics on the tables of `benchlib.Results`: a derived build+firstLayout phase,
selections (the latest run per backend, what did not run), power-law scaling fits and
ratios to a reference backend."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import pandas as pd

from benchlib_reading import CASE_COLUMNS, REFERENCE_BACKEND, RUN_COLUMNS, Results, summarise_phases


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
