#!/usr/bin/env bash
# Where `make test`'s time goes: the debug build of the tests, then each test target run
# alone (one after another, so each figure is that target's wall time with the machine to
# itself; `swift test` runs them together and takes less than their sum), then the
# external oracles and the peer tests (the engines' and pool_runs.py's), as `make test` runs them. Prints one table,
# slowest first, and the total. Run through `make test-times`; SWIFT and SCRATCH as in the
# Makefile.
# Exit status: 0 every part passed; 1 a part failed (its row says so, its log is kept under
# $SCRATCH/test-times/).
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=${SCRATCH:-.build}
LOGS=$SCRATCH/test-times
mkdir -p "$LOGS"
rows=()
failed=0

# measure LABEL COMMAND...: runs COMMAND with its output in $LOGS/LABEL.log, records a row.
measure() {
  local label=$1; shift
  local start end status
  start=$(date +%s.%N)
  "$@" > "$LOGS/$label.log" 2>&1
  status=$?
  end=$(date +%s.%N)
  local seconds
  seconds=$(awk "BEGIN { printf \"%.1f\", $end - $start }")
  local verdict=passed
  [ "$status" -eq 0 ] || { verdict="FAILED ($status; $LOGS/$label.log)"; failed=1; }
  rows+=("$seconds|$label|$verdict")
  echo "$label: $seconds s, $verdict" >&2
}

# The test targets, from the manifest rather than a list that could fall behind it.
targets=$($SWIFT package dump-package 2> /dev/null | python3 -c '
import json, sys
print("\n".join(t["name"] for t in json.load(sys.stdin)["targets"] if t["type"] == "test"))') || {
  echo "error: swift package dump-package failed" >&2; exit 1; }

measure "build (debug, with tests)" $SWIFT build --scratch-path "$SCRATCH" --build-tests
for target in $targets; do
  # Swift Testing names a test Module.Suite/test(); the filter is a regular expression on it.
  measure "$target" $SWIFT test --skip-build --scratch-path "$SCRATCH" --filter "^$target\\."
done
measure "make oracles" make --no-print-directory oracles SCRATCH="$SCRATCH"
measure "make peer-tests" make --no-print-directory peer-tests SCRATCH="$SCRATCH"

total=0
printf '\n| part | seconds | result |\n|---|---:|---|\n'
for row in "${rows[@]}"; do echo "$row"; done | sort -t'|' -k1,1 -rn | while IFS='|' read -r seconds label verdict; do
  printf '| %s | %s | %s |\n' "$label" "$seconds" "$verdict"
done
for row in "${rows[@]}"; do total=$(awk "BEGIN { printf \"%.1f\", $total + ${row%%|*} }"); done
printf '| total, one part at a time | %s | |\n' "$total"
exit $failed
