#!/bin/sh
# MPI benchmark: the heat stencil (heat_mpi.c) at 1 and 2 ranks, weak
# scaling (20000 cells per rank) and strong scaling (40000 cells in all),
# 200 steps. Run from the repository root after building (build/bin/ad-clang).
set -e
out=${TMPDIR:-/tmp}/adpass_heat_mpi
build/bin/ad-clang -O2 -I/usr/include/x86_64-linux-gnu/mpich \
  bench/mpi/heat_mpi.c -o "$out" -lmpich -lm
for n in 1 2; do timeout 300 mpiexec -n $n "$out" 20000 200; done
for n in 1 2; do timeout 300 mpiexec -n $n "$out" -s 40000 200; done
