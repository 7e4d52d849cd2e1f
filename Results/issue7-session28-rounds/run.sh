#!/bin/bash
# The final campaign of issue 7: every table of FINDINGS from one revision, in rounds.
# Each round runs, pinned to one core, one after another:
#   scene-driven cassowary and springs-struts: stackviews and deep at 10 ... 10,000 views,
#   the anchor chain (cassowary) at 10 ... 10,000, churn at 10 ... 1,000, enaml;
#   then suite by suite cassowary `--driver system` and the kiwisolver peer on the same exports.
# After the rounds, once: the anchor chain at 1,000 views system-driven and on kiwisolver,
# dense-simplex at 10 ... 1,000 (for the reports' charts), and peak memory per view.
# Usage: run.sh [ROUNDS] (default 4). BENCH: a release build of the measured revision.
OUT=$(cd "$(dirname "$0")" && pwd)
BENCH=${BENCH:-/tmp/wfinal2/.build/release/bench}
REPO=${REPO:-/work/main}
PY=$REPO/.venv/bin/python
PIN="taskset -c 1"
run() { $PIN "$BENCH" run "$@" > /dev/null 2>&1 || echo "failed ($?): bench run $*"; }
peer() { $PIN "$PY" "$REPO/Benchmarks/peers/kiwisolver_peer.py" --bench "$BENCH" "$@" > /dev/null 2>&1 || echo "failed ($?): peer $*"; }
SCENE="--repetitions 5 --warmup 1 --time-budget 10 --case-limit 40"
SYSTEM="--repetitions 5 --warmup 1 --time-budget 10 --case-limit 20"
for round in $(seq 1 "${1:-4}"); do
  dir=$OUT/r$round; mkdir -p "$dir"
  run --suite stackviews --backends cassowary,springs-struts --sizes 10,100,1000,10000 $SCENE --out "$dir/stackviews.json"
  run --suite deep --backends cassowary,springs-struts --sizes 10,100,1000,10000 $SCENE --out "$dir/deep.json"
  run --suite anchor --backends cassowary --sizes 10,100,1000,10000 $SCENE --out "$dir/anchor.json"
  run --suite churn --backends cassowary,springs-struts --sizes 10,100,1000 $SCENE --out "$dir/churn.json"
  run --suite enaml --backends cassowary --repetitions 20 --warmup 1 --out "$dir/enaml.json"
  for suite in stackviews deep churn; do
    run --suite $suite --driver system --backends cassowary --sizes 10,100,1000 $SYSTEM --out "$dir/$suite-system.json"
    peer --suite $suite --sizes 10,100,1000 $SYSTEM --out "$dir/kiwisolver-$suite.json"
  done
  run --suite anchor --driver system --backends cassowary --sizes 10,100 $SYSTEM --out "$dir/anchor-system.json"
  peer --suite anchor --sizes 10,100 $SYSTEM --out "$dir/kiwisolver-anchor.json"
  run --suite enaml --driver system --backends cassowary $SYSTEM --out "$dir/enaml-system.json"
  peer --suite enaml $SYSTEM --out "$dir/kiwisolver-enaml.json"
  echo "round $round done $(date +%T)"
done
[ "${ONCE:-1}" = 1 ] || exit 0
run --suite anchor --driver system --backends cassowary --sizes 1000 --repetitions 2 --warmup 0 --case-limit 300 --out "$OUT/anchor-system-1000.json"
peer --suite anchor --sizes 1000 --repetitions 2 --warmup 0 --case-limit 300 --out "$OUT/kiwisolver-anchor-1000.json"
echo "anchor 1000 done $(date +%T)"
for suite in stackviews deep churn anchor enaml; do
  run --suite $suite --backends dense-simplex --sizes 10,100,1000 --repetitions 3 --time-budget 10 --case-limit 10 --out "$OUT/$suite-dense.json"
done
echo "dense done $(date +%T)"
$PIN "$PY" "$REPO/Benchmarks/memory_per_view.py" --bench "$BENCH" --out "$OUT/memory.json" > "$OUT/memory.log" 2>&1 || echo "memory failed"
echo "memory done $(date +%T)"
