#!/usr/bin/env bash
# Solves the kiwi-anchor stack chain at the given sizes with every backend, in one run per
# size (bench solve --check --stats), and prints the timings, counters and the dense
# backend's bandwidth under a header that stamps revision, machine and toolchain.
# Solver-level numbers of one exported system, beside the runner's workload results:
#   Benchmarks/solve_stats.sh 100 300 600 > Results/scratch/solve-stats-$(date +%F).txt
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 300 600)
swift build -c release --product bench >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# bench solve --check --stats on Benchmarks/systems/stack_chain.py N 4"
echo "# revision: $(git rev-parse HEAD)$(git diff --quiet HEAD -- Sources Package.swift || echo ' (with uncommitted changes)')"
echo "# date: $(date -u +%FT%TZ)"
echo "# machine: $(uname -srm); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(nproc) cores"
echo "# toolchain: $(swift --version 2>/dev/null | head -1)"
echo "# configuration: release; allocator: system malloc"
for n in "${sizes[@]}"; do
  python3 Benchmarks/systems/stack_chain.py "$n" 4 > "$work/chain-$n.json"
  echo
  echo "## $n views"
  .build/release/bench solve "$work/chain-$n.json" --check --stats 2>&1 >/dev/null
done
