#!/bin/bash
# Rounds: b95c7bf (before) against e3032b8 (remembered shift columns), order alternating,
# each `bench run` pinned to one core. Usage: run.sh [ROUNDS] (default 16).
OUT=$(cd "$(dirname "$0")" && pwd)
BASE_BENCH=/tmp/wbase/.build/release/bench   # a release build of b95c7bf (git worktree)
NEW_BENCH=/work/main/.build/release/bench     # a release build of e3032b8
SUITES=("stackviews --sizes 10,100,1000 --repetitions 20" "deep --sizes 1000 --repetitions 10" "churn --sizes 1000 --repetitions 5")
for round in $(seq 1 "${1:-16}"); do
  if [ $((round % 2)) -eq 1 ]; then order="b95c7bf e3032b8"; else order="e3032b8 b95c7bf"; fi
  for tag in $order; do
    if [ "$tag" = b95c7bf ]; then bench=$BASE_BENCH; else bench=$NEW_BENCH; fi
    for spec in "${SUITES[@]}"; do
      suite=${spec%% *}
      # shellcheck disable=SC2086 # the spec is words on purpose
      taskset -c 1 "$bench" run --suite $spec --backends cassowary --warmup 1 --out "$OUT/$suite-$tag-r$round.json" > /dev/null 2>&1
    done
  done
  echo "round $round done $(date +%T)"
done
