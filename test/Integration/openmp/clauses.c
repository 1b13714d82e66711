// Regions with clauses and shapes beyond a plain loop, in reverse and
// forward mode: `if` (a serialized region below a size), `num_threads`,
// a region nested in another one's loop, `sections`, a region inside a
// helper called from the differentiated function, and a float reduction.
// RUN: %clang -O0 -fopenmp -I%S/Inputs %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 2 %t0 && %omprun 4 %t0
// RUN: %clang -O1 -fopenmp -I%S/Inputs %s -o %t1 -lm
// RUN: %omprun 2 %t1 && %omprun 3 %t1
// RUN: %clang -O2 -fopenmp -I%S/Inputs %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 2 %t2 && %omprun 4 %t2
// RUN: %clang -O3 -fopenmp -I%S/Inputs %s -o %t3 -lm
// RUN: %omprun 2 %t3 && %omprun 4 %t3
// RUN: %clang -O2 -g -fsanitize=thread -fopenmp -I%S/Inputs %s -o %t.race -lm
// RUN: %omprace 3 %t.race
#include "omp_harness.h"

/* Parallel only for long vectors: n = 9 runs serialized, n = 40 forks. */
static double gated(double *x, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s) if (n > 10)
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * x[i];
  return s;
}
static double gated_serial(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * x[i];
  return s;
}

static double three(double *x, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s) num_threads(3)
  for (int i = 0; i < n; i++)
    s += exp(-x[i] * x[i]) * (i + 1);
  return s;
}
static double three_serial(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += exp(-x[i] * x[i]) * (i + 1);
  return s;
}

/* The inner region runs on one thread per outer one (no nesting). */
static double nested(double *x, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int k = 0; k < 4; k++) {
    double t = 0;
#pragma omp parallel for reduction(+ : t)
    for (int j = 0; j < n; j++)
      t += sin(x[j] * (k + 1));
    s += t * t;
  }
  return s;
}
static double nested_serial(double *x, int n) {
  double s = 0;
  for (int k = 0; k < 4; k++) {
    double t = 0;
    for (int j = 0; j < n; j++)
      t += sin(x[j] * (k + 1));
    s += t * t;
  }
  return s;
}

static double sections(double *x, int n) {
  double a = 0, b = 0;
#pragma omp parallel sections
  {
#pragma omp section
    for (int i = 0; i < n; i++)
      a += x[i] * x[i];
#pragma omp section
    for (int i = 0; i < n; i++)
      b += cos(x[i]);
  }
  return a * b;
}
static double sections_serial(double *x, int n) {
  double a = 0, b = 0;
  for (int i = 0; i < n; i++)
    a += x[i] * x[i];
  for (int i = 0; i < n; i++)
    b += cos(x[i]);
  return a * b;
}

/* The region is in a helper; the sum is accumulated in float. */
__attribute__((noinline)) static float helper(const double *x, int n) {
  float s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += (float)(x[i] * x[i]);
  return s;
}
static double wrapped(double *x, int n) { return helper(x, n) * x[0]; }
static double wrapped_serial(double *x, int n) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += (float)(x[i] * x[i]);
  return s * x[0];
}

H_ENTRY_POINTS(gated)
H_ENTRY_POINTS(three)
H_ENTRY_POINTS(nested)
H_ENTRY_POINTS(sections)
H_ENTRY_POINTS(wrapped)

int main(void) {
  H_CASE(gated, 9);
  H_CASE(gated, 40);
  H_CASE(three, 25);
  H_CASE(nested, 13);
  H_CASE(sections, 19);
  /* Float sums, rounded in another order than serially. */
  h_tol = 2e-5, h_fd_tol = 2e-3, h_step = 1e-2;
  H_CASE(wrapped, 15);
  return h_finish();
}
