#!/bin/sh
# OpenMP benchmark: stencil_omp.c (a 2-D heat equation, 400 x 400, 20 steps,
# and a map-reduce over 4M numbers) at 1 and 2 threads, then the parallel
# speedup of the primal, the ADPass gradient and the hand-written adjoint.
# Run from the repository root after building (build/bin/ad-clang).
set -e
out=${TMPDIR:-/tmp}/adpass_stencil_omp
build/bin/ad-clang -O2 -fopenmp bench/openmp/stencil_omp.c -o "$out" -lm
log=${TMPDIR:-/tmp}/adpass_stencil_omp.log
: > "$log"
for t in 1 2; do OMP_NUM_THREADS=$t OMP_PROC_BIND=true timeout 600 "$out" "$@" | tee -a "$log"; done
python3 - "$log" <<'PY'
import re, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\S+)\s+threads (\d+).*primal ([\d.]+)s\s+ADPass ([\d.]+)s.*hand ([\d.]+)s", line)
    if m:
        rows.setdefault(m.group(1), {})[int(m.group(2))] = tuple(map(float, m.group(3, 4, 5)))
print("speedup at 2 threads (time at 1 / time at 2):")
for case, by in rows.items():
    if 1 in by and 2 in by:
        sp = [by[1][k] / by[2][k] for k in range(3)]
        print(f"  {case:8s} primal {sp[0]:.2f}x  ADPass {sp[1]:.2f}x  hand {sp[2]:.2f}x"
              f"  (ADPass speedup / primal speedup: {sp[1] / sp[0] * 100:.0f}%)")
PY
