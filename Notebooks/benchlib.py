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

The library is split by concern; this module gathers it, so notebooks and scripts import
one name: `benchlib_reading` (files into tables), `benchlib_statistics` (fits, ratios,
selections) and `benchlib_text` (numbers as printed).
"""

from __future__ import annotations

from benchlib_reading import (  # noqa: F401
    CASE_COLUMNS, COUNTER_PREFIX, FORMAT, IncompleteResultsWarning, PHASE_KEYS, REFERENCE_BACKEND,
    RUN_COLUMNS, Results, ResultsFormatError, STATUSES, SUMMARY_COLUMNS, SYSTEM_DRIVER,
    load_results, summarise_phases, system_backend,
)

from benchlib_statistics import (  # noqa: F401
    Headline, LOADING_PHASES, POOLED_CHANGES, PowerLawFit, coverage, fit_power_law, fit_scaling,
    geometric_mean, geometric_mean_ratios, headline_ratios, latest_per_backend, local_exponents,
    not_run, phase_order, pool_changes, ratio_table, with_combined_phase,
)

from benchlib_text import (  # noqa: F401
    UsageParser, describe_ratio, format_count, format_duration, format_ratio,
)
