#!/bin/bash
# More rounds of the campaign's scene-driven scaling runs (stackviews and deep, cassowary
# and springs-struts, 10 ... 10,000 views), pooled with run.sh's four: the exponents' 100-view
# points are a few hundred microseconds, where a slow spell in one round moves a fit by 0.05.
# Usage: scaling-more.sh FIRST LAST (round numbers).
OUT=$(cd "$(dirname "$0")" && pwd)
BENCH=${BENCH:-/tmp/wfinal2/.build/release/bench}
SCENE="--repetitions 5 --warmup 1 --time-budget 10 --case-limit 40"
for round in $(seq "$1" "$2"); do
  dir=$OUT/r$round; mkdir -p "$dir"
  for suite in stackviews deep; do
    taskset -c 1 "$BENCH" run --suite $suite --backends cassowary,springs-struts --sizes 10,100,1000,10000 $SCENE \
      --out "$dir/$suite.json" > /dev/null 2>&1 || echo "failed: $suite r$round"
  done
  echo "scaling round $round done $(date +%T)"
done
