#!/usr/bin/env bash
# Checkpointing benchmark (docs/checkpointing.md): heat 1-D, n = 1000 cells,
# T = 10^3 .. 10^5 steps (10^6 with budgets only: the full tape would be
# 24 GB), gradient with the full tape and with budgets of 1 MB and 64 KB.
# Usage: bench/checkpoint/run.sh [max_T]
set -euo pipefail
cd "$(dirname "$0")/../.."
MAX=${1:-100000}
out=build/bench-checkpoint
mkdir -p "$out"
build/bin/ad-clang -O3 bench/checkpoint/heat.c -o "$out/heat" -lm
for T in 1000 10000 100000 1000000; do
  [ "$T" -le "$MAX" ] || continue
  if [ "$T" -le 100000 ]; then "$out/heat" "$T" 1000 0; fi
  "$out/heat" "$T" 1000 $((1 << 20)) 2>/dev/null
  # 64 KB holds one 16 KB snapshot (u and the scratch array) beside the
  # final state and a step's tape: every step is recomputed from the start,
  # T^2/2 steps; only T = 10^3 is run.
  if [ "$T" -le 1000 ]; then "$out/heat" "$T" 1000 $((64 << 10)) 2>/dev/null; fi
done
