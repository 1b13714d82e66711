// Checkpointing of a time loop over buffers the function mallocs and swaps,
// read through wrap-around selects (a[i > 0 ? i - 1 : n - 1]): the bounds
// of those reads reach one element past each end of the blocks, and the
// snapshots read and restored 8 bytes on either side of them (a heap
// overflow at -O0, "malloc(): invalid next->prev_inuse" in a longer run).
// Regions of blocks allocated here are clamped to their sizes. The free
// after the loop needs no snapshot of what the loop reads (it was taken
// for a write: taped in full from -O1). At every level the loop is
// checkpointed, the copy-in loop before it is not, and the gradients with
// budgets equal the fully taped one (within rounding).
// RUN: %clang -O0 %s -o %t0 -lm && %t0 1 && %valgrind %t0 1
// RUN: %clang -O1 %s -o %t1 -lm 2>&1 | FileCheck %s --allow-empty && %t1 1
// RUN: %clang -O2 %s -o %t2 -lm 2>&1 | FileCheck %s --allow-empty && %t2 1 && %valgrind %t2 1
// RUN: %clang -O3 %s -o %t3 -lm 2>&1 | FileCheck %s --allow-empty && %t3 1
// CHECK-NOT: taped in full
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 12, T = 50 };

double periodic(const double *u0, const double *k, int n, int steps) {
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++)
    a[i] = u0[i];
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      b[i] = a[i] +
             k[0] * (a[i > 0 ? i - 1 : n - 1] - 2 * a[i] +
                     a[i < n - 1 ? i + 1 : 0]) +
             0.01 * sin(a[i]);
    double *s = a;
    a = b;
    b = s;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * a[i] * (1 + 0.1 * i);
  free(a);
  free(b);
  return s;
}

int main(int argc, char **argv) {
  int checkpointed = argc > 1 && atoi(argv[1]);
  double u[N], k[1] = {0.2}, du0[N] = {0}, dk0[1] = {0};
  for (int i = 0; i < N; i++)
    u[i] = 0.1 * i + sin(i);
  __ad_autodiff((void *)periodic, ad_dup, u, du0, ad_dup, k, dk0, N, T);
  int failures = 0;
  const double h = 1e-6;
  double kp[1] = {k[0] + h}, km[1] = {k[0] - h};
  double fd = (periodic(u, kp, N, T) - periodic(u, km, N, T)) / (2 * h);
  if (fabs(fd - dk0[0]) > 1e-6 * (1 + fabs(fd))) {
    printf("FAIL fd k: %.15g vs %.15g\n", dk0[0], fd);
    ++failures;
  }
  for (long budget = 512; budget < 70000; budget *= 4) {
    double du[N] = {0}, dk[1] = {0};
    ad_checkpoint_reset_stats();
    __ad_autodiff((void *)periodic, ad_dup, u, du, ad_dup, k, dk, N, T,
                  ad_tape_budget, budget);
    // (within rounding: the adjoint sums may be reassociated differently)
    int same = fabs(dk[0] - dk0[0]) <= 1e-13 * fabs(dk0[0]);
    for (int i = 0; i < N; i++)
      same &= fabs(du[i] - du0[i]) <= 1e-13 * (1 + fabs(du0[i]));
    if (!same) {
      printf("FAIL budget %ld: not the taped gradient\n", budget);
      ++failures;
    }
    // (the copy-in loop before it tapes nothing: not checkpointed, its
    // snapshots would take the budget)
    if (checkpointed && ad_checkpoint_stats().loops != 1) {
      printf("FAIL budget %ld: not checkpointed\n", budget);
      ++failures;
    }
  }
  if (failures)
    return 1;
  printf("swapped heap buffers ok\n");
  return 0;
}
