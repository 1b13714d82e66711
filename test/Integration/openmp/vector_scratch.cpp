// A local std::vector written by a parallel loop and read after it, in the
// differentiated function: at -O0 the vector's object reaches the
// parallel region, whose microtask only writes doubles through it; the
// vector's buffer used to be "a pointer it cannot trace" when freed.
// Also a scratch std::vector per thread inside the region. Gradients
// against analytic values and finite differences at 1, 2, 3 and 4 threads.
//   f = sum_i u_i^2 + sum_i (u_i + u_{i+1})^3 / 3
// RUN: %clangxx -O0 -fopenmp %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 3 %t0 && %valgrind %t0
// RUN: %clangxx -O1 -fopenmp %s -o %t1 -lm
// RUN: %omprun 2 %t1
// RUN: %clangxx -O2 -fopenmp %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 4 %t2
// RUN: %clangxx -O3 -fopenmp %s -o %t3 -lm
// RUN: %omprun 2 %t3 && %omprun 3 %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <vector>

double energy(const double *u, int n) {
  std::vector<double> sq(n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sq[i] = u[i] * u[i];
  std::vector<double> pair(n - 1);
#pragma omp parallel
  {
    std::vector<double> tmp(2);
#pragma omp for
    for (int i = 0; i < n - 1; i++) {
      tmp[0] = u[i] + u[i + 1];
      tmp[1] = tmp[0] * tmp[0];
      pair[i] = tmp[1] * tmp[0] / 3;
    }
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sq[i];
  for (int i = 0; i < n - 1; i++)
    s += pair[i];
  return s;
}

int main() {
  const int n = 9;
  double u[n], du[n] = {}, want[n];
  for (int i = 0; i < n; i++)
    u[i] = 0.3 + 0.1 * i;
  for (int i = 0; i < n; i++) {
    want[i] = 2 * u[i];
    if (i > 0)
      want[i] += (u[i - 1] + u[i]) * (u[i - 1] + u[i]);
    if (i < n - 1)
      want[i] += (u[i] + u[i + 1]) * (u[i] + u[i + 1]);
  }
  ad::gradient(energy, ad::dup(u, du), ad::constant(n));
  check_gradient(
      "vector scratch", [&](const double *p) { return energy(p, n); }, u, du,
      want, n);
  return ad_check_report();
}
