// firstprivate floating-point values (and default-private ones clang passes
// the same way): clang hands each to the microtask as the bits of an
// integer (the runtime passes microtask arguments in integer registers);
// their derivatives were dropped silently. The region now gets them by
// address. A double read as is, a double each thread changes before its
// loop, a float, and one beside a firstprivate int; firstprivate arrays and
// a copy of shared data into a thread's buffer (copies from shared memory,
// whose adjoints each thread adds back atomically: they were refused);
// reverse and forward.
// RUN: %clang -O0 -fopenmp -I%S/Inputs %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 2 %t0 && %omprun 3 %t0
// RUN: %clang -O1 -fopenmp -I%S/Inputs %s -o %t1 -lm
// RUN: %omprun 2 %t1 && %omprun 3 %t1
// RUN: %clang -O2 -fopenmp -I%S/Inputs %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 2 %t2 && %omprun 4 %t2
// RUN: %clang -O3 -fopenmp -I%S/Inputs %s -o %t3 -lm
// RUN: %omprun 2 %t3 && %omprun 3 %t3
// RUN: %clang -O2 -g -fsanitize=thread -fopenmp -I%S/Inputs %s -o %t.race -lm
// RUN: %omprace 3 %t.race
#include "omp_harness.h"
#include <string.h>

static double plain(double *x, int n) {
  double a = x[0] * x[1], s = 0;
#pragma omp parallel for firstprivate(a) reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a * x[i] * x[i];
  return s;
}
static double plain_serial(double *x, int n) {
  double a = x[0] * x[1], s = 0;
  for (int i = 0; i < n; i++)
    s += a * x[i] * x[i];
  return s;
}

/* Each thread scales its copy once, then uses it. */
static double changed(double *x, int n) {
  double c = sin(x[2]), s = 0;
#pragma omp parallel firstprivate(c)
  {
    c = 2 * c + x[3];
    double part = 0;
#pragma omp for
    for (int i = 0; i < n; i++)
      part += c * x[i];
#pragma omp atomic
    s += part;
  }
  return s;
}
static double changed_serial(double *x, int n) {
  double c = 2 * sin(x[2]) + x[3], s = 0;
  for (int i = 0; i < n; i++)
    s += c * x[i];
  return s;
}

/* A firstprivate int (an index, no derivative) beside a double. */
static double with_int(double *x, int n) {
  double w = exp(x[1]), s = 0;
  int k = n / 2;
#pragma omp parallel for firstprivate(w, k) reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += (i < k ? w : 1.0) * cos(x[i]);
  return s;
}
static double with_int_serial(double *x, int n) {
  double w = exp(x[1]), s = 0;
  int k = n / 2;
  for (int i = 0; i < n; i++)
    s += (i < k ? w : 1.0) * cos(x[i]);
  return s;
}

static double single(double *x, int n) {
  float b = (float)x[4];
  double s = 0;
#pragma omp parallel for firstprivate(b) reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += (double)(b * (float)x[i]);
  return s;
}
static double single_serial(double *x, int n) {
  float b = (float)x[4];
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (double)(b * (float)x[i]);
  return s;
}

/* A firstprivate array: each thread's copy is a memcpy from the shared one. */
static double array(double *x, int n) {
  double w[3] = {x[0], 2 * x[1], 0.5}, s = 0;
#pragma omp parallel for reduction(+ : s) firstprivate(w)
  for (int i = 0; i < n; i++)
    s += w[i % 3] * x[i] * x[i];
  return s;
}
static double array_serial(double *x, int n) {
  double w[3] = {x[0], 2 * x[1], 0.5}, s = 0;
  for (int i = 0; i < n; i++)
    s += w[i % 3] * x[i] * x[i];
  return s;
}

/* Each thread copies the shared input (a run-time length) into its buffer. */
static double copy_in(double *x, int n) {
  double s = 0;
#pragma omp parallel reduction(+ : s)
  {
    double buf[32];
    memcpy(buf, x, (size_t)n * sizeof(double));
#pragma omp for
    for (int i = 1; i < n; i++)
      s += buf[i] * buf[i - 1];
  }
  return s;
}
static double copy_in_serial(double *x, int n) {
  double s = 0;
  for (int i = 1; i < n; i++)
    s += x[i] * x[i - 1];
  return s;
}

H_ENTRY_POINTS(plain)
H_ENTRY_POINTS(array)
H_ENTRY_POINTS(copy_in)
H_ENTRY_POINTS(changed)
H_ENTRY_POINTS(with_int)
H_ENTRY_POINTS(single)

int main(void) {
  H_CASE(plain, 17);
  H_CASE(changed, 23);
  H_CASE(with_int, 20);
  H_CASE(array, 19);
  H_CASE(copy_in, 21);
  /* Float products. */
  h_tol = 2e-5, h_fd_tol = 2e-3, h_step = 1e-2;
  H_CASE(single, 15);
  return h_finish();
}
