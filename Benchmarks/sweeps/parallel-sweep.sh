#!/usr/bin/env bash
# A sweep split into shards run by GNU parallel, then merged and reported
# (docs/running.md, "Sweeps beyond one machine").
#
#   Benchmarks/sweeps/parallel-sweep.sh OUT_DIR SHARDS [bench run options...]
#
# Runs `bench run --shard i/SHARDS --out OUT_DIR/part-i.json` for i = 1..SHARDS, at most
# SWEEP_JOBS at a time (default 1: shards on one machine would share its cores and disturb
# each other's timings), then `bench merge` into OUT_DIR/<suite>.json and `bench report`
# into OUT_DIR/reports/. Over ssh, SWEEP_HOSTS lists the machines (GNU parallel's
# --sshlogin syntax, e.g. "2/alice@m1,2/m2"); each needs the same revision's release bench
# at the same path as BENCH here, and the parts are copied back with --return.
#
# Environment: BENCH (default .build/release/bench), SWEEP_JOBS, SWEEP_HOSTS.
# Exit status: bench merge's (0, or 2 when a part is missing or the parts disagree); 64 for
# bad arguments; 1 when a shard failed (its part is kept for inspection).
set -euo pipefail

if [ $# -lt 2 ] || ! [[ "$2" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 OUT_DIR SHARDS [bench run options...]" >&2
  exit 64
fi
OUT=$1
SHARDS=$2
shift 2
BENCH=${BENCH:-.build/release/bench}
command -v parallel > /dev/null || { echo "error: GNU parallel is missing (Debian: apt-get install parallel)" >&2; exit 64; }
[ -x "$BENCH" ] || { echo "error: $BENCH is not an executable bench (make release builds it)" >&2; exit 64; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
BENCH=$(cd "$(dirname "$BENCH")" && pwd)/$(basename "$BENCH")
cd "$OUT"

remote=()
if [ -n "${SWEEP_HOSTS:-}" ]; then
  # Each part is written in a fresh folder on its machine, copied back here, then removed.
  remote=(--sshlogin "$SWEEP_HOSTS" --workdir ... --return "part-{}.json" --return "part-{}.table" --cleanup)
fi
status=0
parallel --jobs "${SWEEP_JOBS:-1}" --halt never "${remote[@]}" \
  "$BENCH" run --shard {}/"$SHARDS" --out "part-{}.json" "$@" ">" "part-{}.table" \
  ::: $(seq 1 "$SHARDS") || status=1

suite=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["suite"])' part-1.json)
"$BENCH" merge part-*.json --out "$suite.json"
"$BENCH" report "$suite.json" --out reports > /dev/null
exit $status
