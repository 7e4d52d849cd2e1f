#!/bin/bash
# The close calls at 10 views, scene-driven cassowary against kiwisolver: the deep and churn
# suites at 10 views, 20 repetitions, the two alternating in turn (which goes first swaps
# each round), pinned to one core. Usage: run.sh [ROUNDS] (default 12).
OUT=$(cd "$(dirname "$0")" && pwd)
BENCH=${BENCH:-/tmp/wfinal/.build/release/bench}
REPO=${REPO:-/work/main}
SETTINGS="--sizes 10 --repetitions 20 --warmup 2 --time-budget 10 --case-limit 20"
cassowary() { taskset -c 1 "$BENCH" run --suite "$1" --backends cassowary $SETTINGS --out "$2" > /dev/null 2>&1 || echo "failed: $1 $2"; }
kiwi() { taskset -c 1 "$REPO/.venv/bin/python" "$REPO/Benchmarks/peers/kiwisolver_peer.py" --bench "$BENCH" --suite "$1" $SETTINGS --out "$2" > /dev/null 2>&1 || echo "failed: kiwi $1 $2"; }
for round in $(seq 1 "${1:-12}"); do
  for suite in deep churn; do
    if [ $((round % 2)) -eq 1 ]; then
      cassowary $suite "$OUT/$suite-r$round.json"; kiwi $suite "$OUT/kiwisolver-$suite-r$round.json"
    else
      kiwi $suite "$OUT/kiwisolver-$suite-r$round.json"; cassowary $suite "$OUT/$suite-r$round.json"
    fi
  done
  echo "round $round done $(date +%T)"
done
