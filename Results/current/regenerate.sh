#!/usr/bin/env bash
# Regenerates every file of Results/current/ from a release build of the checked-out code:
# the measurements behind README.md and Results/FINDINGS.md, their reports and charts,
# FINDINGS' tables and the index. The whole protocol, in the order it runs:
#
#   1. CAMPAIGN_RUNS runs of the campaign (default 4), one after another, every process
#      pinned to one core: scene-driven cassowary and springs-struts on stackviews, deep and
#      screens at 10 ... 10,000 views (deep.nested: depth 10 ... 1,000), cassowary on the
#      anchor chain at 10 ... 10,000, churn at 10 ... 1,000 and enaml; then suite by suite cassowary `--driver system` and the
#      kiwisolver engine (`bench run --engine kiwisolver`, its answers checked against
#      cassowary's) on the same exported systems (10 ... 1,000 views; the anchor chain at
#      10 and 100).
#   2. SCALING_RUNS more runs of the stack and deep scaling sweeps (default 6): their
#      100-view points are a few hundred microseconds, where one slow spell of this shared
#      machine moves a fitted exponent by 0.05.
#   3. Once: `make bench`'s run of the stackviews suite (the README's summary table), the
#      anchor chain at 1,000 views system-driven and on kiwisolver (minutes per
#      repetition for kiwisolver), dense-simplex at 10 ... 1,000 views (for the charts),
#      each acceleration of Cassowary switched off on stackviews and churn (the counters of
#      docs/accelerations.md), screens with its diagnostics read in every measured layout
#      (`--diagnostics`: the ambiguity probes, as `bench layout` has them), Cassowary at
#      1,000 views on stackviews, deep, anchor and churn (`recheck-*.json`: target 3's
#      figures at this revision when --only screens keeps the campaign's files), and peak
#      resident memory per view
#      (Benchmarks/memory_per_view.py).
#   4. ALTERNATING pairs (default 16) at 10 views: scene-driven cassowary and kiwisolver
#      suite by suite, the side that goes first swapping each time. A 10-view build takes
#      20-200 us and this machine runs each process at one of two speeds about 1.5x apart,
#      so only sides measured side by side compare (Notebooks/alternating_runs.py).
#   4b. The outside engines (docs/engines.md, built by `make engines`): stackviews, deep,
#      churn and anchor at 10, 100 and 1,000 views on ENGINES beside scene-driven cassowary
#      and springs-struts, one run per suite, every engine answer checked against
#      cassowary's (differences recorded, --allow-mismatches) into engines-<suite>.json,
#      their reports into reports/engines/ and Notebooks/engine_tables.py into
#      engine-tables.md.
#   4c. The gate's error rates: `bench gate-trials` on the smoke baseline (24 processes in
#      each of three interleaved arms, 100 trials per head arm) at CI's 5 % threshold into
#      gate-trials.json and at bench gate's default 10 % into
#      gate-trials-min-slowdown-0.10.json (docs/comparing.md). Not pinned: the gate is not.
#   5. Each side's runs pooled into one file per suite (Benchmarks/pool_runs.py),
#      the reports drawn (`bench report --fit-from 100`), FINDINGS' tables printed
#      (Notebooks/findings_tables.py into tables.md, and from the recheck files into
#      recheck-tables.md), FINDINGS' charts drawn
#      (Notebooks/findings_charts.py into charts/) and the index written
#      (Notebooks/results_index.py into INDEX.md).
#
# The full protocol takes hours on a 2-core machine of this kind (ten sweeps to 10,000
# views, kiwisolver at 1,000); --quick took 11 minutes there (one campaign run, sizes to
# 1,000, 2 alternating pairs) and is for checking the script, not for claims.
#
# Usage: regenerate.sh [--quick] [--reuse] [--only screens|engines|gate-trials] [--out DIR]
#   --out DIR  where the files go (default Results/scratch/regenerated; Results/current is
#              replaced only when named here)
#   --reuse    skip the measurements and redo step 5 from the runs already in RUNS
#   --only screens  measure the screens suite alone (steps 1 and 3 for it; about ten
#              minutes) and redo its files, FINDINGS' tables and the index, reading the
#              other suites' files already in DIR (so DIR must hold a full set, e.g.
#              Results/current)
#   --only engines  step 4b alone, then the index
#   --only gate-trials  step 4c alone (about ten minutes), then the index
# Environment: BENCH (a release bench, default: built here), PYTHON (default .venv/bin/python,
# made by `make oracles`, which the kiwisolver engines run on too), RUNS (where every single run's file goes, default the ignored
# Results/scratch/runs: only the pooled files go to DIR), CAMPAIGN_RUNS, SCALING_RUNS,
# ALTERNATING, ENGINES (default: every manifest under Benchmarks/engines but the example
# `propagation` and kiwisolver's mapping variants `kiwisolver-readd` and `kiwisolver-edit-all`).
# Exit status: 0 written; 1 a run failed, or kiwisolver's answers differed from cassowary's
# somewhere (the others still run; the failures are listed, the differences are in the
# files and their reports); 64 bad command line.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$REPO/Results/scratch/regenerated
QUICK=0
REUSE=0
ONLY=""
while [ $# -gt 0 ]; do
  case $1 in
    --quick) QUICK=1 ;;
    --reuse) REUSE=1 ;;
    --only) case ${2:-} in screens|engines|gate-trials) ONLY=$2 ;; *) echo "error: --only takes 'screens', 'engines' or 'gate-trials'" >&2; exit 64 ;; esac; shift ;;
    --out) [ $# -ge 2 ] || { echo "error: --out needs a folder" >&2; exit 64; }; OUT=$(mkdir -p "$2" && cd "$2" && pwd); shift ;;
    *) echo "error: unknown argument '$1'" >&2
       echo "usage: regenerate.sh [--quick] [--reuse] [--only screens|engines|gate-trials] [--out DIR]" >&2; exit 64 ;;
  esac
  shift
done

if [ "$QUICK" = 1 ]; then
  CAMPAIGN_RUNS=${CAMPAIGN_RUNS:-1}; SCALING_RUNS=${SCALING_RUNS:-0}; ALTERNATING=${ALTERNATING:-2}
  BIG=1000; REPS=3
else
  CAMPAIGN_RUNS=${CAMPAIGN_RUNS:-4}; SCALING_RUNS=${SCALING_RUNS:-6}; ALTERNATING=${ALTERNATING:-16}
  BIG=1000,10000; REPS=5
fi
mkdir -p "$OUT" || { echo "error: cannot create $OUT" >&2; exit 1; }
PYTHON=${PYTHON:-$REPO/.venv/bin/python}
RUNS=${RUNS:-$REPO/Results/scratch/runs}
PIN=""
command -v taskset > /dev/null && [ "$(nproc)" -gt 1 ] && PIN="taskset -c 1"
FAILED=()

if [ -z "${BENCH:-}" ]; then
  make -C "$REPO" --no-print-directory release > /dev/null || { echo "error: the release build failed" >&2; exit 1; }
  BENCH=$REPO/.build/release/bench
fi
[ -x "$PYTHON" ] || make -C "$REPO" --no-print-directory oracles > /dev/null 2>&1 || true
[ -x "$PYTHON" ] || { echo "error: $PYTHON missing (make oracles creates .venv)" >&2; exit 1; }

run() { $PIN "$BENCH" run "$@" > /dev/null 2>&1 || FAILED+=("bench run $*"); }
# Tuning's switches (Sources/Cassowary/Tuning.swift, docs/accelerations.md).
SWITCHES="sharedRows heldConstants renaming phaseOneSetAside localPivots heldFlips deferredObjective shiftColumns incrementalEvaluation evaluationProgram"
peer() {
  $PIN "$BENCH" run --engine kiwisolver --engines "$REPO/Benchmarks/engines" "$@" \
    > /dev/null 2>&1 || FAILED+=("bench run --engine kiwisolver $*")
}
step() { echo "$(date -u +%H:%M:%S) $*"; }

SCENE="--repetitions $REPS --warmup 1 --time-budget 10 --case-limit 40"
# Engines whose cost grows fastest reach minutes per repetition at 1,000 views: a case
# predicted over 20 s per repetition is skipped with its prediction.
ENGINE_OPTIONS="--repetitions $REPS --warmup 1 --time-budget 5 --case-limit 20"
SYSTEM="--repetitions $REPS --warmup 1 --time-budget 10 --case-limit 20"
PAIRED="--repetitions 20 --warmup 2 --time-budget 10 --case-limit 20"

# The screens suite: scene-driven only (a table fits rows alone, so it has no single
# exported system for --driver system or the kiwisolver engine).
screens_runs() {
  for n in $(seq 1 "$CAMPAIGN_RUNS"); do
    mkdir -p "$RUNS/campaign-$n"
    run --suite screens --backends cassowary,springs-struts --sizes 10,100,$BIG $SCENE --out "$RUNS/campaign-$n/screens.json"
    # A feed of 10,000 rows (53,334 views): a scroll's cost against the table's length.
    run --suite screens --workloads screen.feed --backends cassowary,springs-struts --sizes 53334 $SCENE \
      --out "$RUNS/campaign-$n/screens-feed-10000-rows.json"
  done
  run --suite screens --backends cassowary --diagnostics --sizes 10,100,$BIG $SCENE --out "$RUNS/screens-diagnostics.json"
  run --suite screens --backends dense-simplex --sizes 10,100,1000 --repetitions 3 --time-budget 10 --case-limit 10 \
    --out "$RUNS/screens-dense-simplex.json"
  # The 1,000-view figures of target 3 at this revision, beside the campaign's pooled files,
  # which --only screens leaves as they are.
  for suite in stackviews deep anchor churn; do
    run --suite $suite --backends cassowary --sizes 1000 $SCENE --out "$RUNS/recheck-$suite.json"
  done
  step "screens runs done"
}
screens_files() {
  pool "$OUT/screens-scene.json" "$RUNS"/campaign-*/screens.json
  pool "$OUT/screens-feed-10000-rows.json" "$RUNS"/campaign-*/screens-feed-10000-rows.json
  for file in screens-diagnostics.json screens-dense-simplex.json recheck-{stackviews,deep,anchor,churn}.json; do
    cp "$RUNS/$file" "$OUT/" 2> /dev/null || FAILED+=("missing $file")
  done
  mkdir -p "$OUT/reports"
  "$BENCH" report "$OUT/screens-scene.json" "$OUT/screens-dense-simplex.json" --out "$OUT/reports" --fit-from 100 > /dev/null \
    || FAILED+=("bench report screens")
}
# The outside engines beside cassowary and springs-struts (step 4b).
ENGINES=${ENGINES:-$(for manifest in "$REPO"/Benchmarks/engines/*/engine.json; do basename "$(dirname "$manifest")"; done \
  | grep -v -e '^propagation$' -e '^kiwisolver-' | paste -sd, -)}
engines_runs() {
  mkdir -p "$RUNS"
  make -C "$REPO" --no-print-directory engines > /dev/null || { FAILED+=("make engines"); return; }
  for suite in stackviews deep churn anchor; do
    run --suite $suite --backends cassowary,springs-struts --engine "$ENGINES" --sizes 10,100,1000 $ENGINE_OPTIONS \
      --allow-mismatches --out "$RUNS/engines-$suite.json"
  done
  step "engines runs done"
}
engines_files() {
  mkdir -p "$OUT/reports/engines"
  for suite in stackviews deep churn anchor; do
    cp "$RUNS/engines-$suite.json" "$OUT/" 2> /dev/null || { FAILED+=("missing engines-$suite.json"); continue; }
    "$BENCH" report "$OUT/engines-$suite.json" --out "$OUT/reports/engines" > /dev/null || FAILED+=("bench report engines-$suite")
  done
  "$PYTHON" "$REPO/Notebooks/engine_tables.py" "$OUT"/engines-{stackviews,deep,churn,anchor}.json > "$OUT/engine-tables.md" \
    || FAILED+=("engine_tables.py")
}
# The gate's error rates (step 4c), straight into DIR: the trials are the claim.
gate_trials() {
  local trials="--baseline $REPO/Benchmarks/baselines/smoke.json --parts 24 --trials 100"
  # CI's threshold (the Makefile's GATE_MIN_SLOWDOWN), then bench gate's default.
  "$BENCH" gate-trials $trials --min-slowdown 0.05 --out "$OUT/gate-trials.json" 2> /dev/null || FAILED+=("bench gate-trials")
  "$BENCH" gate-trials $trials --min-slowdown 0.10 --out "$OUT/gate-trials-min-slowdown-0.10.json" 2> /dev/null \
    || FAILED+=("bench gate-trials --min-slowdown 0.10")
  step "gate trials done"
}
pool() { # pool OUT.json INPUT... (one input is copied as it is)
  local out=$1; shift
  if [ $# -eq 1 ]; then cp "$1" "$out"; else "$PYTHON" "$REPO/Benchmarks/pool_runs.py" "$@" --out "$out" > /dev/null || FAILED+=("pool $out"); fi
}
shopt -s nullglob

if [ "$ONLY" = gate-trials ]; then
  gate_trials
  "$PYTHON" "$REPO/Notebooks/results_index.py" --results "$OUT" --write || FAILED+=("results_index.py")
  if [ ${#FAILED[@]} -gt 0 ]; then printf 'failed: %s\n' "${FAILED[@]}" >&2; exit 1; fi
  exit 0
elif [ "$ONLY" = engines ]; then
  [ "$REUSE" = 1 ] || engines_runs
  engines_files
  "$PYTHON" "$REPO/Notebooks/results_index.py" --results "$OUT" --write || FAILED+=("results_index.py")
  if [ ${#FAILED[@]} -gt 0 ]; then printf 'failed: %s\n' "${FAILED[@]}" >&2; exit 1; fi
  step "engines written to $OUT"
  exit 0
elif [ "$ONLY" = screens ]; then
  if [ "$REUSE" = 0 ]; then rm -rf "$RUNS"/campaign-*/screens*.json; screens_runs; fi
  screens_files
elif [ "$REUSE" = 0 ]; then
  rm -rf "$RUNS"; mkdir -p "$RUNS"
  for n in $(seq 1 "$CAMPAIGN_RUNS"); do
    dir=$RUNS/campaign-$n; mkdir -p "$dir"
    run --suite stackviews --backends cassowary,springs-struts --sizes 10,100,$BIG $SCENE --out "$dir/stackviews.json"
    run --suite deep --backends cassowary,springs-struts --sizes 10,100,$BIG $SCENE --out "$dir/deep.json"
    run --suite anchor --backends cassowary --sizes 10,100,$BIG $SCENE --out "$dir/anchor.json"
    run --suite churn --backends cassowary,springs-struts --sizes 10,100,1000 $SCENE --out "$dir/churn.json"
    run --suite enaml --backends cassowary --repetitions 20 --warmup 1 --out "$dir/enaml.json"
    for suite in stackviews deep churn; do
      run --suite $suite --driver system --backends cassowary --sizes 10,100,1000 $SYSTEM --out "$dir/$suite-system.json"
      peer --suite $suite --sizes 10,100,1000 $SYSTEM --out "$dir/$suite-kiwisolver.json"
    done
    run --suite anchor --driver system --backends cassowary --sizes 10,100 $SYSTEM --out "$dir/anchor-system.json"
    peer --suite anchor --sizes 10,100 $SYSTEM --out "$dir/anchor-kiwisolver.json"
    run --suite enaml --driver system --backends cassowary $SYSTEM --out "$dir/enaml-system.json"
    peer --suite enaml $SYSTEM --out "$dir/enaml-kiwisolver.json"
    step "campaign run $n of $CAMPAIGN_RUNS done"
  done
  for n in $(seq 1 "$SCALING_RUNS"); do
    dir=$RUNS/scaling-$n; mkdir -p "$dir"
    for suite in stackviews deep; do
      run --suite $suite --backends cassowary,springs-struts --sizes 10,100,$BIG $SCENE --out "$dir/$suite.json"
    done
    step "scaling run $n of $SCALING_RUNS done"
  done
  ANCHOR_BIG=1000; [ "$QUICK" = 1 ] && ANCHOR_BIG=100
  run --suite anchor --driver system --backends cassowary --sizes $ANCHOR_BIG --repetitions 2 --warmup 0 --case-limit 300 --out "$RUNS/anchor-1000-system.json"
  peer --suite anchor --sizes $ANCHOR_BIG --repetitions 2 --warmup 0 --case-limit 300 --out "$RUNS/anchor-1000-kiwisolver.json"
  for suite in stackviews deep churn anchor enaml; do
    run --suite $suite --backends dense-simplex --sizes 10,100,1000 --repetitions 3 --time-budget 10 --case-limit 10 --out "$RUNS/$suite-dense-simplex.json"
  done
  # Each acceleration of Cassowary switched off alone, and all of them, beside the default:
  # one repetition, since the counters these files back are deterministic.
  TUNINGS=core; TUNED=cassowary,cassowary:core
  for switch in $SWITCHES; do TUNINGS="$TUNINGS,-$switch"; TUNED="$TUNED,cassowary:-$switch"; done
  for suite in stackviews churn; do
    LAYOUTBENCH_CASSOWARY_TUNING=$TUNINGS run --suite $suite --sizes 10,100,1000 --backends $TUNED \
      --repetitions 1 --warmup 0 --time-budget 1 --out "$RUNS/accelerations-$suite.json"
  done
  # What `make bench` runs, the README's sample of the summary table (not pinned, as there).
  MAKE_BENCH_SIZES=(); [ "$QUICK" = 1 ] && MAKE_BENCH_SIZES=(--sizes 10,100)
  "$BENCH" run --suite stackviews "${MAKE_BENCH_SIZES[@]}" --out "$RUNS/make-bench-stackviews.json" > /dev/null 2>&1 \
    || FAILED+=("bench run --suite stackviews (make bench)")
  MEMORY_SIZES=1000,3000,10000; [ "$QUICK" = 1 ] && MEMORY_SIZES=300,1000
  $PIN "$PYTHON" "$REPO/Benchmarks/memory_per_view.py" --bench "$BENCH" --sizes $MEMORY_SIZES --out "$RUNS/memory-per-view.json" > "$RUNS/memory.log" 2>&1 || FAILED+=("memory_per_view.py")
  step "single runs done"
  mkdir -p "$RUNS/alternating-10-views"
  for n in $(seq 1 "$ALTERNATING"); do
    for suite in stackviews deep churn enaml; do
      sizes="--sizes 10"; [ $suite = enaml ] && sizes=""
      id=$(printf %02d "$n")
      cassowary_run() { run --suite $suite --backends cassowary $sizes $PAIRED --out "$RUNS/alternating-10-views/$suite-cassowary-$id.json"; }
      kiwisolver_run() { peer --suite $suite $sizes $PAIRED --out "$RUNS/alternating-10-views/$suite-kiwisolver-$id.json"; }
      if [ $((n % 2)) -eq 1 ]; then cassowary_run; kiwisolver_run; else kiwisolver_run; cassowary_run; fi
    done
    step "alternating pair $n of $ALTERNATING done"
  done
  screens_runs
  engines_runs
  gate_trials
fi

if [ "$ONLY" != screens ]; then
for suite in stackviews deep; do pool "$OUT/$suite-scene.json" "$RUNS"/campaign-*/$suite.json "$RUNS"/scaling-*/$suite.json; done
for suite in anchor churn enaml; do pool "$OUT/$suite-scene.json" "$RUNS"/campaign-*/$suite.json; done
for suite in stackviews deep churn anchor enaml; do
  pool "$OUT/$suite-system.json" "$RUNS"/campaign-*/$suite-system.json
  pool "$OUT/$suite-kiwisolver.json" "$RUNS"/campaign-*/$suite-kiwisolver.json
  cp "$RUNS/$suite-dense-simplex.json" "$OUT/" 2> /dev/null || FAILED+=("missing $suite-dense-simplex.json")
done
for file in anchor-1000-system.json anchor-1000-kiwisolver.json memory-per-view.json accelerations-stackviews.json \
  accelerations-churn.json make-bench-stackviews.json; do
  cp "$RUNS/$file" "$OUT/" 2> /dev/null || FAILED+=("missing $file")
done
rm -rf "$OUT/alternating-10-views"; cp -r "$RUNS/alternating-10-views" "$OUT/"
step "pooled"

mkdir -p "$OUT/reports"
for suite in stackviews deep churn enaml anchor; do
  "$BENCH" report "$OUT/$suite-scene.json" "$OUT/$suite-dense-simplex.json" "$OUT/$suite-kiwisolver.json" \
    --out "$OUT/reports" --fit-from 100 > /dev/null || FAILED+=("bench report $suite")
done
screens_files
engines_files
fi

"$PYTHON" "$REPO/Notebooks/findings_tables.py" "$OUT"/{stackviews,deep,churn,enaml,anchor,screens}-scene.json "$OUT/screens-feed-10000-rows.json" \
  "$OUT"/{stackviews,deep,churn,enaml,anchor,anchor-1000}-kiwisolver.json \
  --system "$OUT"/{stackviews,deep,churn,enaml,anchor,anchor-1000}-system.json \
  --memory "$OUT/memory-per-view.json" --diagnostics "$OUT/screens-diagnostics.json" > "$OUT/tables.md" \
  || FAILED+=("findings_tables.py")
"$PYTHON" "$REPO/Notebooks/findings_tables.py" "$OUT"/recheck-{stackviews,deep,anchor,churn}.json > "$OUT/recheck-tables.md" \
  || FAILED+=("findings_tables.py (recheck)")
[ "$ONLY" = screens ] || "$PYTHON" "$REPO/Notebooks/alternating_runs.py" "$OUT/alternating-10-views" > "$OUT/alternating-10-views.md" || FAILED+=("alternating_runs.py")
"$PYTHON" "$REPO/Notebooks/findings_charts.py" --results "$OUT" --out "$OUT/charts" || FAILED+=("findings_charts.py")
"$PYTHON" "$REPO/Notebooks/results_index.py" --results "$OUT" --write || FAILED+=("results_index.py")
step "reports, tables and index written to $OUT"

if [ ${#FAILED[@]} -gt 0 ]; then
  printf 'failed: %s\n' "${FAILED[@]}" >&2
  exit 1
fi
