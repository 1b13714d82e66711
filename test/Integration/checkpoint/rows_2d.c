// Checkpointing of a 2-D time loop whose row length is known only at run
// time (b[i * n + j]): the offsets are recurrences with a step of n, bounded
// between their first and last values (a constant step was required: the
// loop was taped in full). With budgets the gradient is the fully taped one
// (within rounding) and finite differences', the time loop is checkpointed
// from -O1 on (at -O0 its offsets are not bounded: taped in full).
// RUN: %clang -O0 %s -o %t0 -lm && %t0 0
// RUN: %clang -O1 %s -o %t1 -lm 2>&1 | FileCheck %s --allow-empty && %t1 1
// RUN: %clang -O2 %s -o %t2 -lm 2>&1 | FileCheck %s --allow-empty && %t2 1 && %valgrind %t2 1
// RUN: %clang -O3 %s -o %t3 -lm 2>&1 | FileCheck %s --allow-empty && %t3 1
// CHECK-NOT: taped in full
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 5, T = 30 };

double sim(const double *u0, const double *k, int n, int steps) {
  double *a = malloc(n * n * sizeof *a), *b = malloc(n * n * sizeof *b);
  for (int q = 0; q < n * n; q++)
    a[q] = u0[q];
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        b[i * n + j] = a[i * n + j] * (1.0 - k[0] * a[i * n + j]) +
                       0.05 * sin(a[j * n + i]);
    double *s = a;
    a = b;
    b = s;
  }
  double s = 0;
  for (int q = 0; q < n * n; q++)
    s += a[q] * (1 + 0.1 * q);
  free(a);
  free(b);
  return s;
}

int main(int argc, char **argv) {
  int checkpointed = argc > 1 && atoi(argv[1]);
  double u[N * N], k[1] = {0.1}, du0[N * N] = {0}, dk0[1] = {0};
  for (int q = 0; q < N * N; q++)
    u[q] = 0.3 + 0.02 * q;
  __ad_autodiff((void *)sim, ad_dup, u, du0, ad_dup, k, dk0, N, T);
  int failures = 0;
  const double h = 1e-6;
  double kp[1] = {k[0] + h}, km[1] = {k[0] - h};
  double fd = (sim(u, kp, N, T) - sim(u, km, N, T)) / (2 * h);
  if (fabs(fd - dk0[0]) > 1e-6 * (1 + fabs(fd))) {
    printf("FAIL fd k: %.15g vs %.15g\n", dk0[0], fd);
    ++failures;
  }
  for (long budget = 1024; budget < (1L << 20); budget *= 8) {
    double du[N * N] = {0}, dk[1] = {0};
    ad_checkpoint_reset_stats();
    __ad_autodiff((void *)sim, ad_dup, u, du, ad_dup, k, dk, N, T,
                  ad_tape_budget, budget);
    int same = fabs(dk[0] - dk0[0]) <= 1e-13 * fabs(dk0[0]);
    for (int q = 0; q < N * N; q++)
      same &= fabs(du[q] - du0[q]) <= 1e-13 * (1 + fabs(du0[q]));
    if (!same) {
      printf("FAIL budget %ld: not the taped gradient\n", budget);
      ++failures;
    }
    if (checkpointed && ad_checkpoint_stats().steps != T) {
      printf("FAIL budget %ld: the time loop is not checkpointed\n", budget);
      ++failures;
    }
  }
  if (failures)
    return 1;
  printf("rows 2d ok\n");
  return 0;
}
