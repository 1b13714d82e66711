// Heap allocations made by gradient calls, counted by interposing malloc,
// calloc, realloc and free in the test program (forwarding to glibc's
// __libc_* entry points). Targets: no allocation for loop-free code, none
// for a loop that needs no tape (a dot product: the loads are recomputed
// from unmodified memory), at most one for a loop with a known trip count
// that needs a tape (a loop-carried x = sin(x) c[i]; x[i] = sin(x[i]) in
// place), one for a rectangular nest, about log2(trips) for a loop
// whose tape grows, and every block freed by the call. With a workspace,
// repeated calls allocate nothing.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

static volatile long n_malloc, n_calloc, n_realloc, n_free;

void *malloc(size_t n) {
  ++n_malloc;
  return __libc_malloc(n);
}
void *calloc(size_t n, size_t s) {
  ++n_calloc;
  return __libc_calloc(n, s);
}
void *realloc(void *p, size_t n) {
  ++n_realloc;
  return __libc_realloc(p, n);
}
void free(void *p) {
  if (p)
    ++n_free;
  __libc_free(p);
}

struct counts {
  long alloc, freed;
};
static struct counts g_start;
static void count_start(void) {
  g_start.alloc = n_malloc + n_calloc + n_realloc;
  g_start.freed = n_free;
}
static struct counts count_stop(void) {
  struct counts c;
  c.alloc = n_malloc + n_calloc + n_realloc - g_start.alloc;
  c.freed = n_free - g_start.freed;
  return c;
}
/* Checks the counts of one gradient call: allocation calls (malloc, calloc
 * and realloc) at most `most`, and as many blocks freed (no growth). */
static void check_counts(const char *name, struct counts c, long most) {
  char buf[128];
  printf("%s: %ld allocation calls, %ld frees\n", name, c.alloc, c.freed);
  snprintf(buf, sizeof buf, "%s: at most %ld allocations", name, most);
  ad_check_eq(buf, c.alloc <= most, 1.0);
  snprintf(buf, sizeof buf, "%s: every block freed", name);
  ad_check_eq(buf, c.freed, c.alloc);
}

#define N 64

double loop_free(double x, double y) { return sin(x) * y + x * x / y; }

double dot(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += sin(x[i]) * y[i];
  return s;
}

double carried(double x, const double *c, int n) {
  for (int i = 0; i < n; ++i)
    x = sin(x) * c[i];
  return x;
}

void sin_inplace(double *x, int n) {
  for (int i = 0; i < n; ++i)
    x[i] = sin(x[i]);
}

double nest(const double *x, int m, int n) {
  double s = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      s = sin(s + x[j]) * 0.5;
  return s;
}

/* Unknown trip count: runs until the sentinel; the tape grows. */
double until_sentinel(double x, const double *c) {
  int i = 0;
  while (c[i] >= 0) {
    x = sin(x) * c[i] + 0.1;
    ++i;
  }
  return x;
}

#define LONG 1000

int main(void) {
  double x[N], dx[N], c[N], cl[LONG + 1];
  struct counts k;
  double d, t;
  int i, n = (int)ad_opaque(N);
  ad_workspace_t *ws;

  for (i = 0; i < N; ++i) {
    x[i] = 0.3 + 0.01 * i;
    c[i] = 1.0 + 0.2 * sin(i);
    dx[i] = 0;
  }

  count_start();
  d = __ad_autodiff((void *)loop_free, ad_opaque(0.7), ad_const, 1.3);
  k = count_stop();
  ad_check_eq("loop_free dx", d, cos(0.7) * 1.3 + 2 * 0.7 / 1.3);
  check_counts("loop-free", k, 0);

  count_start();
  __ad_autodiff((void *)dot, ad_dup, x, dx, ad_const, c, n);
  k = count_stop();
  ad_check_eq("dot dx[5]", dx[5], cos(x[5]) * c[5]);
  check_counts("dot product (no tape)", k, 0);

  count_start();
  d = __ad_autodiff((void *)carried, 0.9, ad_const, c, n);
  k = count_stop();
  t = 1.0;
  {
    double v = 0.9;
    for (i = 0; i < N; ++i) {
      t *= cos(v) * c[i];
      v = sin(v) * c[i];
    }
  }
  ad_check_eq("carried dx", d, t);
  check_counts("loop-carried x = sin(x) c[i]", k, 1);

  for (i = 0; i < N; ++i)
    dx[i] = 1.0;
  count_start();
  __ad_autodiff((void *)sin_inplace, ad_dup, x, dx, n);
  k = count_stop();
  ad_check_eq("sin_inplace dx[7]", dx[7], cos(0.3 + 0.07));
  check_counts("in place x[i] = sin(x[i])", k, 1);

  for (i = 0; i < N; ++i)
    dx[i] = 0;
  count_start();
  __ad_autodiff((void *)nest, ad_dup, x, dx, (int)ad_opaque(10), n);
  k = count_stop();
  /* One allocation for the nest: the inner loop's tape, sized once for the
   * whole nest; the outer loop needs none (the inner loop's start index is
   * recomputed, its guard is invariant). */
  check_counts("rectangular nest 10 x 64", k, 1);

  /* Geometric growth: about log2(1000) allocation calls, one block. */
  for (i = 0; i < LONG; ++i)
    cl[i] = 1.0 + 0.1 * sin(i);
  cl[LONG] = -1.0;
  count_start();
  d = __ad_autodiff((void *)until_sentinel, 0.5, ad_const, cl);
  k = count_stop();
  printf("until_sentinel: %ld allocation calls, %ld frees\n", k.alloc, k.freed);
  ad_check_eq("until_sentinel: at most 12 allocation calls", k.alloc <= 12,
              1.0);
  ad_check_eq("until_sentinel: one block freed", k.freed, 1.0);

  /* With a workspace large enough, repeated calls allocate nothing. */
  ws = ad_workspace_create(1 << 16);
  count_start();
  for (i = 0; i < 10; ++i) {
    d = __ad_autodiff((void *)carried, 0.9, ad_const, c, n, ad_workspace, ws);
    __ad_autodiff((void *)nest, ad_dup, x, dx, 10, n, ad_workspace, ws);
    __ad_autodiff((void *)until_sentinel, 0.5, ad_const, cl, ad_workspace, ws);
  }
  k = count_stop();
  ad_check_eq("carried dx (workspace)", d, t);
  check_counts("10 x 3 calls with a workspace", k, 0);
  ad_check_eq("workspace heap fallbacks",
              (double)ad_workspace_stats(ws).heap_allocations, 0.0);
  ad_workspace_destroy(ws);
  return ad_check_report();
}
