#!/bin/bash
# Rounds: parking (HEAD), the same binary with --no-parking, and 7e74b79; order rotates.
HEAD=/work/main/.build/release/bench
BASE=/tmp/wbase/.build/release/bench
OUT=/tmp/rounds24b
W=churn.sizeClassSwap,churn.rebuild,churn.constantAnimation,churn.hideUnhide,churn.dynamicType,churn.axisToggle
for r in $(seq 1 8); do
  for k in 0 1 2; do
    slot=$(( (k + r) % 3 ))
    case $slot in
      0) taskset -c 1 $HEAD run --suite churn --workloads $W --sizes 10,100,1000 --backends cassowary --repetitions 10 --warmup 1 --out $OUT/parking-r$r.json >/dev/null 2>&1 ;;
      1) taskset -c 1 $HEAD run --suite churn --workloads $W --sizes 10,100,1000 --backends cassowary --repetitions 10 --warmup 1 --no-parking --out $OUT/noparking-r$r.json >/dev/null 2>&1 ;;
      2) taskset -c 1 $BASE run --suite churn --workloads $W --sizes 10,100,1000 --backends cassowary --repetitions 10 --warmup 1 --out $OUT/base-r$r.json >/dev/null 2>&1 ;;
    esac
  done
  echo "round $r done $(date +%T)"
done
