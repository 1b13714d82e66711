// Parallel regions with worksharing and synchronization inside, in reverse
// and forward mode: two `omp for` loops separated by the implicit barrier
// (the second reads what other threads wrote in the first), `omp single`
// and `omp master`, `omp critical` keeping a best-so-far (updates that do
// not commute: the reverse sweep must undo them in the opposite order),
// `omp atomic`, per-thread partial sums indexed by omp_get_thread_num(),
// an omp_lock_t, and heat-equation stencils (1-D and 2-D) whose time loop
// forks a region per step. At 1, 2, 3 and 4 threads.
// RUN: %clang -O0 -fopenmp -I%S/Inputs %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 2 %t0 && %omprun 4 %t0
// RUN: %clang -O1 -fopenmp -I%S/Inputs %s -o %t1 -lm
// RUN: %omprun 1 %t1 && %omprun 3 %t1 && %omprun 4 %t1
// RUN: %clang -O2 -fopenmp -I%S/Inputs %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 2 %t2 && %omprun 3 %t2 && %omprun 4 %t2
// RUN: %clang -O3 -fopenmp -I%S/Inputs %s -o %t3 -lm
// RUN: %omprun 1 %t3 && %omprun 2 %t3 && %omprun 4 %t3
// Under ThreadSanitizer (with Archer): the reverse sweeps must be race-free.
// RUN: %clang -O2 -g -fsanitize=thread -fopenmp -I%S/Inputs %s -o %t.race -lm
// RUN: %omprace 2 %t.race && %omprace 4 %t.race
#include "omp_harness.h"

/* Phase 1 writes y, phase 2 reads neighbours other threads wrote. */
static double phases(double *x, int n) {
  double *y = malloc(sizeof(double) * n), s = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      y[i] = sin(x[i]) * x[i];
#pragma omp for reduction(+ : s)
    for (int i = 0; i < n; i++)
      s += y[i] * y[(i + 1) % n] + y[(i + n - 1) % n];
  }
  free(y);
  return s;
}
static double phases_serial(double *x, int n) {
  double *y = malloc(sizeof(double) * n), s = 0;
  for (int i = 0; i < n; i++)
    y[i] = sin(x[i]) * x[i];
  for (int i = 0; i < n; i++)
    s += y[i] * y[(i + 1) % n] + y[(i + n - 1) % n];
  free(y);
  return s;
}

/* One thread scales, all use it after the barrier; the master adds. */
static double single(double *x, int n) {
  double scale = 0, s = 0;
#pragma omp parallel
  {
#pragma omp single
    scale = x[0] * x[1] + 1;
#pragma omp for reduction(+ : s)
    for (int i = 0; i < n; i++)
      s += scale * cos(x[i]);
#pragma omp master
    s += 0; /* the master reads nothing: a region with no effect */
  }
  return s * x[2];
}
static double single_serial(double *x, int n) {
  double scale = x[0] * x[1] + 1, s = 0;
  for (int i = 0; i < n; i++)
    s += scale * cos(x[i]);
  return s * x[2];
}

/* The largest value kept in a critical section, with its index. */
static double best(double *x, int n) {
  double b = -1e300;
  int at = -1;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = x[i] * sin(3 * x[i]);
#pragma omp critical(best)
    if (v > b) {
      b = v;
      at = i;
    }
  }
  return b * b + (at >= 0 ? x[at] : 0);
}
static double best_serial(double *x, int n) {
  double b = -1e300;
  int at = -1;
  for (int i = 0; i < n; i++) {
    double v = x[i] * sin(3 * x[i]);
    if (v > b) {
      b = v;
      at = i;
    }
  }
  return b * b + x[at];
}

/* omp atomic into a shared sum, and per-thread partial sums. */
static double atomics(double *x, int n) {
  double s = 0, partial[64] = {0};
  int threads = 1;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single
    threads = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < n; i++) {
#pragma omp atomic
      s += x[i] * x[i];
      partial[t] += exp(0.1 * x[i]);
    }
  }
  double p = 0;
  for (int t = 0; t < threads; t++)
    p += partial[t];
  return s * p;
}
static double atomics_serial(double *x, int n) {
  double s = 0, p = 0;
  for (int i = 0; i < n; i++) {
    s += x[i] * x[i];
    p += exp(0.1 * x[i]);
  }
  return s * p;
}

/* A sum under an omp_lock_t. */
static double locked(double *x, int n) {
  omp_lock_t lock;
  omp_init_lock(&lock);
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = log(1 + x[i] * x[i]);
    omp_set_lock(&lock);
    s = s + v * v;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  return s;
}
static double locked_serial(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double v = log(1 + x[i] * x[i]);
    s = s + v * v;
  }
  return s;
}

/* 1-D heat equation, explicit steps; a region per step. */
#define STEPS 6
static double heat1d(double *x, int n) {
  double *u = malloc(sizeof(double) * n), *v = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    u[i] = x[i];
  for (int t = 0; t < STEPS; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      double l = i > 0 ? u[i - 1] : 0, r = i < n - 1 ? u[i + 1] : 0;
      v[i] = u[i] + 0.2 * (l - 2 * u[i] + r) + 0.01 * u[i] * u[i];
    }
    double *w = u;
    u = v;
    v = w;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i] * u[i] * (1 + 0.1 * i);
  free(u), free(v);
  return s;
}
static double heat1d_serial(double *x, int n) {
  double *u = malloc(sizeof(double) * n), *v = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    u[i] = x[i];
  for (int t = 0; t < STEPS; t++) {
    for (int i = 0; i < n; i++) {
      double l = i > 0 ? u[i - 1] : 0, r = i < n - 1 ? u[i + 1] : 0;
      v[i] = u[i] + 0.2 * (l - 2 * u[i] + r) + 0.01 * u[i] * u[i];
    }
    double *w = u;
    u = v;
    v = w;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i] * u[i] * (1 + 0.1 * i);
  free(u), free(v);
  return s;
}

/* 2-D heat equation on a W x (n / W) grid, in place over two buffers, the
 * whole time loop inside one region (barriers between steps). */
#define W 6
static double heat2d(double *x, int n) {
  int h = n / W;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    a[i] = b[i] = x[i];
#pragma omp parallel
  for (int t = 0; t < STEPS; t++) {
    double *src = t % 2 ? b : a, *dst = t % 2 ? a : b;
#pragma omp for collapse(2)
    for (int r = 1; r < h - 1; r++)
      for (int c = 1; c < W - 1; c++) {
        int k = r * W + c;
        dst[k] = src[k] +
                 0.1 * (src[k - 1] + src[k + 1] + src[k - W] + src[k + W] -
                        4 * src[k]) +
                 0.02 * sin(src[k]);
      }
  }
  double *u = STEPS % 2 ? b : a, s = 0;
  for (int k = 0; k < h * W; k++)
    s += u[k] * u[k];
  free(a), free(b);
  return s;
}
static double heat2d_serial(double *x, int n) {
  int h = n / W;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    a[i] = b[i] = x[i];
  for (int t = 0; t < STEPS; t++) {
    double *src = t % 2 ? b : a, *dst = t % 2 ? a : b;
    for (int r = 1; r < h - 1; r++)
      for (int c = 1; c < W - 1; c++) {
        int k = r * W + c;
        dst[k] = src[k] +
                 0.1 * (src[k - 1] + src[k + 1] + src[k - W] + src[k + W] -
                        4 * src[k]) +
                 0.02 * sin(src[k]);
      }
  }
  double *u = STEPS % 2 ? b : a, s = 0;
  for (int k = 0; k < h * W; k++)
    s += u[k] * u[k];
  free(a), free(b);
  return s;
}

H_ENTRY_POINTS(phases)
H_ENTRY_POINTS(single)
H_ENTRY_POINTS(best)
H_ENTRY_POINTS(atomics)
H_ENTRY_POINTS(locked)
H_ENTRY_POINTS(heat1d)
H_ENTRY_POINTS(heat2d)

int main(void) {
  H_CASE(phases, 33);
  H_CASE(single, 27);
  H_CASE(best, 31);
  H_CASE(atomics, 35);
  H_CASE(locked, 21);
  H_CASE(heat1d, 40);
  H_CASE(heat2d, 48);
  return h_finish();
}
