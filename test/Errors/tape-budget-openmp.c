// A time loop made only of OpenMP regions (two parallel loops per step):
// its body is two calls, which the search for a loop worth checkpointing
// did not look into, so the budget was ignored without a word. It is now
// considered, and the warning says why it is taped in full; the gradient
// is exact.
// RUN: %clang -O2 -g -fopenmp %s -o %t -lm 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE
// RUN: %omprun 2 %t | %FileCheck %s --check-prefix=RUNS
#include <ad.h>
#include <math.h>
#include <stdio.h>

double heat(double *u, double *tmp, int n, int steps, double k) {
  // CHECK: tape-budget-openmp.c:[[#@LINE+1]]:{{[0-9]+}}: warning: ADPass: this loop is taped in full despite the tape budget: it cannot be checkpointed because it calls '__ad_omp_region.heat.omp_outlined{{.*}}', which may write memory
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      tmp[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = tmp[i];
  }
  double e = 0;
  for (int i = 0; i < n; i++)
    e += u[i] * u[i];
  return e;
}

int main(void) {
  double u[20], tmp[20] = {0}, du[20] = {0}, dtmp[20] = {0}, u0[20];
  for (int i = 0; i < 20; i++)
    u0[i] = u[i] = sin(0.4 * i);
  __ad_autodiff((void *)heat, u, du, tmp, dtmp, 20, 30, 0.2, ad_tape_budget,
                (size_t)4000);
  // Central difference in u0[5].
  double h = 1e-6, a[20], b[20], ta[20], tb[20];
  for (int i = 0; i < 20; i++)
    a[i] = b[i] = u0[i];
  a[5] += h;
  b[5] -= h;
  double fd = (heat(a, ta, 20, 30, 0.2) - heat(b, tb, 20, 30, 0.2)) / (2 * h);
  // RUNS: gradient ok
  printf("gradient %s\n",
         fabs(du[5] - fd) < 1e-6 * fabs(fd) + 1e-9 ? "ok" : "WRONG");
  return 0;
}
