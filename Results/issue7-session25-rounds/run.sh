#!/bin/bash
# Rounds: c181332 (before) against HEAD (held flips, a0b8c4e), order alternating, each run pinned to one core.
OUT=/work/main/Results/issue7-session25-rounds
BASE=/tmp/wbase/.build/release/bench
NEW=/work/main/.build/release/bench
for round in $(seq 1 16); do
  if [ $((round % 2)) -eq 1 ]; then order="base new"; else order="new base"; fi
  for which in $order; do
    if [ $which = base ]; then BIN=$BASE; tag=c181332; else BIN=$NEW; tag=a0b8c4e; fi
    taskset -c 1 $BIN run --suite stackviews --sizes 10,100,1000 --backends cassowary --repetitions 20 --warmup 1 --out $OUT/stackviews-$tag-r$round.json > /dev/null 2>&1
    taskset -c 1 $BIN run --suite deep --sizes 1000 --backends cassowary --repetitions 10 --warmup 1 --out $OUT/deep-$tag-r$round.json > /dev/null 2>&1
    taskset -c 1 $BIN run --suite churn --sizes 1000 --backends cassowary --repetitions 5 --warmup 1 --out $OUT/churn-$tag-r$round.json > /dev/null 2>&1
  done
  echo "round $round done $(date +%T)"
done
