#!/bin/bash
# Rounds: a251cef (before) against c3d346b (flips held beside other symbols), order alternating,
# each `bench run` pinned to one core. Usage: run.sh [ROUNDS] (default 16).
OUT=$(cd "$(dirname "$0")" && pwd)
BASE_BENCH=/tmp/wbase/.build/release/bench   # a release build of a251cef (git worktree)
NEW_BENCH=/work/main/.build/release/bench     # a release build of c3d346b
SUITES=("stackviews --sizes 10,100,1000 --repetitions 20" "deep --sizes 1000 --repetitions 10" "churn --sizes 1000 --repetitions 5")
for round in $(seq 1 "${1:-16}"); do
  if [ $((round % 2)) -eq 1 ]; then order="a251cef c3d346b"; else order="c3d346b a251cef"; fi
  for tag in $order; do
    if [ "$tag" = a251cef ]; then bench=$BASE_BENCH; else bench=$NEW_BENCH; fi
    for spec in "${SUITES[@]}"; do
      suite=${spec%% *}
      # shellcheck disable=SC2086 # the spec is words on purpose
      taskset -c 1 "$bench" run --suite $spec --backends cassowary --warmup 1 --out "$OUT/$suite-$tag-r$round.json" > /dev/null 2>&1
    done
  done
  echo "round $round done $(date +%T)"
done
