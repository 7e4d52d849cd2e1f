#!/usr/bin/env bash
# The GNU parallel recipe's test: a sweep of the deep suite split into 3 shards, merged,
# against the same sweep run whole. The merged file must hold exactly the whole run's
# cases (workload, backend, size) with the same outcomes (the same skips among them), in
# the same order, and the report must be written. Uses BENCH (a debug bench is fine: the timings are not compared).
set -euo pipefail
BENCH=${BENCH:-.build/debug/bench}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# A case limit every measured 10-view case exceeds: the whole run skips each 100-view
# case, predicted from its 10-view one, and a shard must skip it too (it can only when the
# same shard measured the 10-view case).
OPTIONS=(--suite deep --sizes 10,100 --repetitions 1 --warmup 0 --allow-debug --backends cassowary,springs-struts
  --case-limit 0.000001)
BENCH=$BENCH "$HERE/parallel-sweep.sh" "$WORK/sharded" 3 "${OPTIONS[@]}" 2> "$WORK/sweep.log" || { cat "$WORK/sweep.log"; exit 1; }
"$BENCH" run "${OPTIONS[@]}" --out "$WORK/whole.json" > /dev/null 2>&1
[ -f "$WORK/sharded/reports/deep.md" ] || { echo "error: the sweep wrote no report"; exit 1; }
python3 - "$WORK/whole.json" "$WORK/sharded/deep.json" <<'PYTHON'
import json, sys
def cases(path):
    return [(c["workload"], c["backend"], c["size"], c["status"]) for c in json.load(open(path))["cases"]]
whole, merged = cases(sys.argv[1]), cases(sys.argv[2])
if whole != merged:
    print("error: the merged sweep differs from the whole run")
    for a, b in zip(whole, merged):
        if a != b:
            print(f"  whole {a}  merged {b}")
    print(f"  ({len(whole)} cases whole, {len(merged)} merged)")
    sys.exit(1)
skipped = sum(1 for case in whole if case[3] == "skipped")
if skipped == 0:
    print("error: the whole run skipped nothing, so the test cannot tell shards' skips apart")
    sys.exit(1)
print(f"parallel sweep: 3 shards merged equal the whole run's {len(whole)} cases ({skipped} skipped)")
PYTHON
