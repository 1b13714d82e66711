// Worksharing loops in reverse and forward mode: reductions (+ and max),
// a map into an array, schedules (static with chunks, dynamic, guided),
// collapse(2), private/firstprivate/lastprivate, a matrix-vector product,
// helpers called in the loop, and a loop inside the region whose
// overwritten values need a tape. Checked against the serial gradient,
// finite differences and the tangent, at 1, 2 and 4 threads.
// RUN: %clang -O0 -fopenmp -I%S/Inputs %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 2 %t0 && %omprun 4 %t0
// RUN: %clang -O1 -fopenmp -I%S/Inputs %s -o %t1 -lm
// RUN: %omprun 1 %t1 && %omprun 2 %t1 && %omprun 4 %t1
// RUN: %clang -O2 -fopenmp -I%S/Inputs %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 2 %t2 && %omprun 3 %t2 && %omprun 4 %t2
// RUN: %clang -O3 -fopenmp -I%S/Inputs %s -o %t3 -lm
// RUN: %omprun 1 %t3 && %omprun 2 %t3 && %omprun 4 %t3
// Under ThreadSanitizer (with Archer): the reverse sweeps must be race-free.
// RUN: %clang -O2 -g -fsanitize=thread -fopenmp -I%S/Inputs %s -o %t.race -lm
// RUN: %omprace 2 %t.race && %omprace 4 %t.race
#include "omp_harness.h"

/* Sum of squares times sines: reduction(+). */
static double sumsq(double *x, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * sin(x[i]);
  return s;
}
static double sumsq_serial(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * sin(x[i]);
  return s;
}

/* A map into a temporary array, then a serial sum of neighbours. */
static double map(double *x, int n) {
  double *y = malloc(sizeof(double) * n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = exp(0.3 * x[i]) * x[(i + 1) % n];
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * y[(i + 3) % n];
  free(y);
  return s;
}
static double map_serial(double *x, int n) {
  double *y = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    y[i] = exp(0.3 * x[i]) * x[(i + 1) % n];
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * y[(i + 3) % n];
  free(y);
  return s;
}

/* The largest of x_i * cos(x_i): reduction(max). */
static double peak(double *x, int n) {
  double m = -1e300;
#pragma omp parallel for reduction(max : m)
  for (int i = 0; i < n; i++)
    m = fmax(m, x[i] * cos(x[i]));
  return m * m;
}
static double peak_serial(double *x, int n) {
  double m = -1e300;
  for (int i = 0; i < n; i++)
    m = fmax(m, x[i] * cos(x[i]));
  return m * m;
}

/* Schedules: whatever iterations a thread gets, its reverse reverses them. */
static double chunked(double *x, int n) {
  double s = 0, t = 0, u = 0;
#pragma omp parallel for schedule(static, 3) reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += sqrt(1 + x[i] * x[i]);
#pragma omp parallel for schedule(dynamic, 2) reduction(+ : t)
  for (int i = 0; i < n; i++)
    t += x[i] * s;
#pragma omp parallel for schedule(guided) reduction(+ : u)
  for (int i = 0; i < n; i++)
    u += sin(x[i] * t * 1e-3);
  return u;
}
static double chunked_serial(double *x, int n) {
  double s = 0, t = 0, u = 0;
  for (int i = 0; i < n; i++)
    s += sqrt(1 + x[i] * x[i]);
  for (int i = 0; i < n; i++)
    t += x[i] * s;
  for (int i = 0; i < n; i++)
    u += sin(x[i] * t * 1e-3);
  return u;
}

/* collapse(2) over pairs, with private, firstprivate and lastprivate. */
static double pairs(double *x, int n) {
  double s = 0, scale = 0.5, last = 0, tmp;
#pragma omp parallel for collapse(2) reduction(+ : s) private(tmp)           \
    firstprivate(scale)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      tmp = x[i] - x[j];
      s += scale * tmp * tmp * x[j];
    }
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n; i++)
    last = x[i] * x[i];
  return s + last;
}
static double pairs_serial(double *x, int n) {
  double s = 0, last = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += 0.5 * (x[i] - x[j]) * (x[i] - x[j]) * x[j];
  for (int i = 0; i < n; i++)
    last = x[i] * x[i];
  return s + last;
}

/* y = A x with A_ij = sin(x_i + j), then |y|^2: a matrix-vector product. */
static double entry(const double *x, int i, int j) { return sin(x[i] + j); }
static double matvec(double *x, int n) {
  double *y = malloc(sizeof(double) * n), s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double acc = 0;
    for (int j = 0; j < n; j++)
      acc += entry(x, i, j) * x[j];
    y[i] = acc;
  }
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += y[i] * y[i];
  free(y);
  return s;
}
static double matvec_serial(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double acc = 0;
    for (int j = 0; j < n; j++)
      acc += sin(x[i] + j) * x[j];
    s += acc * acc;
  }
  return s;
}

/* An inner loop overwriting a value: its iterations are taped per thread. */
static double iterate(double *x, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    double t = x[i];
    for (int k = 0; k < 5 + i % 3; k++)
      t = sin(t) * x[i] + 0.1 * t * t;
    s += t;
  }
  return s;
}
static double iterate_serial(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double t = x[i];
    for (int k = 0; k < 5 + i % 3; k++)
      t = sin(t) * x[i] + 0.1 * t * t;
    s += t;
  }
  return s;
}

H_ENTRY_POINTS(sumsq)
H_ENTRY_POINTS(map)
H_ENTRY_POINTS(peak)
H_ENTRY_POINTS(chunked)
H_ENTRY_POINTS(pairs)
H_ENTRY_POINTS(matvec)
H_ENTRY_POINTS(iterate)

int main(void) {
  H_CASE(sumsq, 37);
  H_CASE(map, 29);
  H_CASE(peak, 23);
  H_CASE(chunked, 41);
  H_CASE(pairs, 17);
  H_CASE(matvec, 19);
  H_CASE(iterate, 31);
  return h_finish();
}
