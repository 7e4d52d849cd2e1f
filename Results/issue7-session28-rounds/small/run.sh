#!/bin/bash
# The close calls at 10 views: scene-driven cassowary before (BASE) and after (NEW) the
# lowering without intermediate arrays, and kiwisolver, on the deep and churn suites at
# 10 views, 20 repetitions; the three rotate their order round by round, each run pinned
# to one core. Usage: run.sh [ROUNDS] (default 12).
OUT=$(cd "$(dirname "$0")" && pwd)
BASE=${BASE:-/tmp/wfinal/.build/release/bench}
NEW=${NEW:-/tmp/wfinal2/.build/release/bench}
REPO=${REPO:-/work/main}
SETTINGS="--sizes 10 --repetitions 20 --warmup 2 --time-budget 10 --case-limit 20"
side() {
  local tag=$1 suite=$2 round=$3
  case $tag in
    kiwisolver) taskset -c 1 "$REPO/.venv/bin/python" "$REPO/Benchmarks/peers/kiwisolver_peer.py" --bench "$NEW" \
                  --suite "$suite" $SETTINGS --out "$OUT/kiwisolver-$suite-r$round.json" > /dev/null 2>&1 ;;
    base) taskset -c 1 "$BASE" run --suite "$suite" --backends cassowary $SETTINGS --out "$OUT/base-$suite-r$round.json" > /dev/null 2>&1 ;;
    new) taskset -c 1 "$NEW" run --suite "$suite" --backends cassowary $SETTINGS --out "$OUT/$suite-r$round.json" > /dev/null 2>&1 ;;
  esac || echo "failed: $tag $suite r$round"
}
orders=("new base kiwisolver" "base kiwisolver new" "kiwisolver new base")
for round in $(seq 1 "${1:-12}"); do
  for suite in deep churn; do
    for tag in ${orders[$((round % 3))]}; do side "$tag" "$suite" "$round"; done
  done
  echo "round $round done $(date +%T)"
done
