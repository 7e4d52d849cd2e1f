#!/bin/bash
# Scene-driven cassowary against kiwisolver at 10 views, where a build takes 20-200 us and
# one run minutes from the other can fall in another of this machine's speed spells:
# every suite but the anchor chain at 10 views, 20 repetitions, the two sides alternating
# suite by suite (which goes first swaps each round), each run pinned to one core.
# Usage: [SUITES="deep churn"] [OUT=DIR] run.sh [ROUNDS] (default 16; 0189e15/small/ is
# SUITES="deep churn" OUT=0189e15/small with BENCH a build of 0189e15, 12 rounds).
OUT=${OUT:-$(cd "$(dirname "$0")" && pwd)}
BENCH=${BENCH:-/tmp/wfinal2/.build/release/bench}
REPO=${REPO:-/work/main}
SETTINGS="--repetitions 20 --warmup 2 --time-budget 10 --case-limit 20"
cassowary() {
  local sizes=(--sizes 10); [ "$1" = enaml ] && sizes=()
  taskset -c 1 "$BENCH" run --suite "$1" --backends cassowary "${sizes[@]}" $SETTINGS --out "$2" > /dev/null 2>&1 || echo "failed: $1 $2"
}
kiwi() {
  local sizes=(--sizes 10); [ "$1" = enaml ] && sizes=()
  taskset -c 1 "$REPO/.venv/bin/python" "$REPO/Benchmarks/peers/kiwisolver_peer.py" --bench "$BENCH" --suite "$1" "${sizes[@]}" $SETTINGS \
    --out "$2" > /dev/null 2>&1 || echo "failed: kiwi $1 $2"
}
for round in $(seq 1 "${1:-16}"); do
  for suite in ${SUITES:-stackviews deep churn enaml}; do
    if [ $((round % 2)) -eq 1 ]; then
      cassowary $suite "$OUT/$suite-r$round.json"; kiwi $suite "$OUT/kiwisolver-$suite-r$round.json"
    else
      kiwi $suite "$OUT/kiwisolver-$suite-r$round.json"; cassowary $suite "$OUT/$suite-r$round.json"
    fi
  done
  echo "round $round done $(date +%T)"
done
