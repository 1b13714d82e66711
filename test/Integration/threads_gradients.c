// Sequential code called from several threads at once, each thread asking
// for its own gradients: a loop whose overwritten values are taped (the
// runtime's kept tape block is per thread), heap memory, and forward mode.
// Each thread's results must equal the same gradients computed alone.
// RUN: %clang -O0 %s -o %t0 -lpthread -lm && %t0
// RUN: %clang -O2 %s -o %t2 -lpthread -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lpthread -lm && %t3
#include "ad.h"
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define THREADS 4
#define ROUNDS 50

/* x is overwritten in place every step: the reverse sweep needs a tape. */
static double steps(double *x, int n, int k) {
  double *w = malloc(sizeof(double) * n);
  for (int t = 0; t < k; t++) {
    for (int i = 0; i < n; i++)
      w[i] = sin(x[i]) + 0.1 * x[(i + 1) % n];
    for (int i = 0; i < n; i++)
      x[i] = w[i] * x[i];
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  free(w);
  return s;
}

struct job {
  int id;
  double grad[N], tangent;
  int ok;
};

static void compute(int id, double *grad, double *tangent) {
  double x[N], dx[N], v[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.3 * sin(i + id), dx[i] = 0;
  __ad_autodiff((void *)steps, ad_dup, x, dx, N, 5 + id);
  for (int i = 0; i < N; i++)
    grad[i] = dx[i];
  for (int i = 0; i < N; i++)
    x[i] = 0.3 * sin(i + id), v[i] = cos(i);
  *tangent = __ad_fwddiff((void *)steps, ad_dup, x, v, N, 5 + id);
}

static double ref_grad[THREADS][N], ref_tangent[THREADS];

static void *run(void *arg) {
  struct job *j = arg;
  j->ok = 1;
  for (int r = 0; r < ROUNDS; r++) {
    double g[N], t;
    compute(j->id, g, &t);
    for (int i = 0; i < N; i++)
      if (g[i] != ref_grad[j->id][i])
        j->ok = 0;
    if (t != ref_tangent[j->id])
      j->ok = 0;
  }
  return NULL;
}

int main(void) {
  for (int id = 0; id < THREADS; id++)
    compute(id, ref_grad[id], &ref_tangent[id]);
  /* The tangent along v is the gradient dotted with v. */
  int failed = 0;
  for (int id = 0; id < THREADS; id++) {
    double dot = 0;
    for (int i = 0; i < N; i++)
      dot += ref_grad[id][i] * cos(i);
    if (fabs(dot - ref_tangent[id]) > 1e-9 * fmax(1, fabs(dot)))
      printf("FAIL thread %d alone: tangent %.12g, gradient . v %.12g\n", id,
             ref_tangent[id], dot),
          failed++;
  }
  pthread_t th[THREADS];
  struct job jobs[THREADS];
  for (int id = 0; id < THREADS; id++) {
    jobs[id].id = id;
    pthread_create(&th[id], NULL, run, &jobs[id]);
  }
  for (int id = 0; id < THREADS; id++) {
    pthread_join(th[id], NULL);
    if (!jobs[id].ok)
      printf("FAIL thread %d: differs from its gradients computed alone\n", id),
          failed++;
  }
  printf("%d threads x %d rounds: %d failed\n", THREADS, ROUNDS, failed);
  return failed != 0;
}
