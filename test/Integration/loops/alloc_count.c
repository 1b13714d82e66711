// Heap allocations made by gradient calls, counted by interposing malloc,
// calloc, realloc and free in the test program (Inputs/alloc_counter.h).
// Targets: no allocation for loop-free code, none for a loop that needs no
// tape (a dot product: the loads are recomputed from unmodified memory), at
// most one for a loop with a known trip count that needs a tape (a
// loop-carried x = sin(x) c[i]; x[i] = sin(x[i]) in place), exactly one per
// execution of a nest whose trip counts are known before it runs (however
// many of its loops tape values: nested, one after the other, guarded by a
// bound that may be <= 0; the runtime keeps freed blocks, so that the
// next call allocates nothing: counted after ad_release_tapes()), none when no
// taped loop runs, about log2(trips) for a loop whose tape grows, and every
// block freed by the call. With a workspace, repeated calls allocate
// nothing. Under valgrind (which replaces malloc) only the gradients are
// checked.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/alloc_counter.h"
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void check_counts(const char *name, struct counts c, long most) {
  check_alloc(name, c, most, 0);
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

/* Both levels tape: the outer loop needs each s before sin(s), the inner
 * loop each s * x[j]. */
double nest_both(const double *x, int m, int n) {
  double s = 0.1;
  for (int i = 0; i < m; ++i) {
    s = sin(s) + x[i];
    for (int j = 0; j < n; ++j)
      s = sin(s * x[j]) * 0.5;
  }
  return s;
}

/* d nest_both / d x[k], forward. */
static double nest_both_t(const double *x, int m, int n, int k) {
  double s = 0.1, ds = 0;
  for (int i = 0; i < m; ++i) {
    ds = cos(s) * ds + (i == k);
    s = sin(s) + x[i];
    for (int j = 0; j < n; ++j) {
      double a = s * x[j], da = ds * x[j] + s * (j == k);
      ds = 0.5 * cos(a) * da;
      s = 0.5 * sin(a);
    }
  }
  return ds;
}

/* Loops one after the other inside one outer loop, one of them a nest of
 * its own (three deep), every one taping. */
double nest_seq(const double *x, int m, int n, int r) {
  double s = 0.2, t = 0.3;
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j)
      s = sin(s + x[j]) * 0.5;
    for (int j = 0; j < n; ++j)
      t = cos(t * x[j]) + 0.1 * s;
    for (int k = 0; k < r; ++k)
      for (int j = 0; j < n; ++j)
        s = sin(s) * 0.9 + 0.01 * t * x[j];
  }
  return s + t;
}

/* d nest_seq / d x[q], forward. */
static double nest_seq_t(const double *x, int m, int n, int r, int q) {
  double s = 0.2, t = 0.3, ds = 0, dt = 0;
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      ds = 0.5 * cos(s + x[j]) * (ds + (j == q));
      s = sin(s + x[j]) * 0.5;
    }
    for (int j = 0; j < n; ++j) {
      dt = -sin(t * x[j]) * (dt * x[j] + t * (j == q)) + 0.1 * ds;
      t = cos(t * x[j]) + 0.1 * s;
    }
    for (int k = 0; k < r; ++k)
      for (int j = 0; j < n; ++j) {
        ds = 0.9 * cos(s) * ds + 0.01 * (dt * x[j] + t * (j == q));
        s = sin(s) * 0.9 + 0.01 * t * x[j];
      }
  }
  return ds + dt;
}

#define M_OUTER 10
#define R_INNER 3
static int g_n = N;
static double nest_both_a(const double *x) {
  return nest_both(x, M_OUTER, g_n);
}
static double nest_seq_a(const double *x) {
  return nest_seq(x, M_OUTER, N, R_INNER);
}

/* Unknown inner trip count (until the sentinel, from x[i]): the outer loop's
 * tape is allocated before the nest runs, the inner one grows. */
double nest_unknown(const double *x, const double *c, int m) {
  double s = 0.3;
  for (int i = 0; i < m; ++i) {
    s = sin(s) + x[i];
    int j = i;
    while (c[j] >= 0) {
      s = sin(s) * c[j] + 0.1;
      ++j;
    }
  }
  return s;
}

/* d nest_unknown / d x[q], forward. */
static double nest_unknown_t(const double *x, const double *c, int m, int q) {
  double s = 0.3, ds = 0;
  for (int i = 0; i < m; ++i) {
    ds = cos(s) * ds + (i == q);
    s = sin(s) + x[i];
    for (int j = i; c[j] >= 0; ++j) {
      ds = cos(s) * c[j] * ds;
      s = sin(s) * c[j] + 0.1;
    }
  }
  return ds;
}

#define M_UNKNOWN 20
static const double *g_c;
static double nest_unknown_a(const double *x) {
  return nest_unknown(x, g_c, M_UNKNOWN);
}

/* Tapes above 32 MiB (2 x 2.2M records of 8 bytes for the inner loop): one
 * block, which the runtime keeps for the next call (glibc would map and
 * unmap a block of that size on every call). */
double nest_big(const double *x, int m, int n) {
  double s = 0.5;
  for (int i = 0; i < m; ++i) {
    s = s * s * 0.5 + x[i];
    for (int j = 0; j < n; ++j)
      s = s * s * 0.25 + x[j];
  }
  return s;
}

/* d nest_big / d x[q], forward. */
static double nest_big_t(const double *x, int m, int n, int q) {
  double s = 0.5, ds = 0;
  for (int i = 0; i < m; ++i) {
    ds = s * ds + (i == q);
    s = s * s * 0.5 + x[i];
    for (int j = 0; j < n; ++j) {
      ds = 0.5 * s * ds + (j == q);
      s = s * s * 0.25 + x[j];
    }
  }
  return ds;
}

#define BIG (2200 * 1000)
static const double *g_big;
static double nest_big_a(const double *x) {
  (void)x;
  return nest_big(g_big, 2, BIG);
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

  /* One allocation per execution of a nest whose trip counts are known
   * before it runs, with taped values in both levels. */
  {
    double e[N];
    for (i = 0; i < N; ++i) {
      dx[i] = 0;
      e[i] = nest_both_t(x, M_OUTER, N, i);
    }
    count_start();
    __ad_autodiff((void *)nest_both, ad_dup, x, dx, (int)ad_opaque(M_OUTER), n);
    k = count_stop();
    check_alloc("nest, both levels taped", k, 1, 1);
    g_n = N;
    lfd_check_all("nest_both dx", dx, e, nest_both_a, x, N);

    /* Inner bound <= 0: the inner trip count must not size anything. */
    for (int nn = -5; nn <= 0; nn += 5) {
      const char *name = nn ? "nest, inner bound -5" : "nest, inner bound 0";
      for (i = 0; i < N; ++i) {
        dx[i] = 0;
        e[i] = nest_both_t(x, M_OUTER, nn, i);
      }
      count_start();
      __ad_autodiff((void *)nest_both, ad_dup, x, dx, (int)ad_opaque(M_OUTER),
                    (int)ad_opaque(nn));
      k = count_stop();
      check_alloc(name, k, 1, 1);
      g_n = nn;
      lfd_check_all(name, dx, e, nest_both_a, x, N);
    }

    /* No iteration at all: nothing to allocate. At -O0 the loops are not
     * rotated: the outer header still runs once, and has its record. */
    count_start();
    __ad_autodiff((void *)nest_both, ad_dup, x, dx, (int)ad_opaque(0), n);
    k = count_stop();
#ifdef __OPTIMIZE__
    check_alloc("nest, no outer iteration", k, 0, 1);
#else
    check_alloc("nest, no outer iteration", k, 1, 0);
#endif

    for (i = 0; i < N; ++i) {
      dx[i] = 0;
      e[i] = nest_seq_t(x, M_OUTER, N, R_INNER, i);
    }
    count_start();
    __ad_autodiff((void *)nest_seq, ad_dup, x, dx, (int)ad_opaque(M_OUTER), n,
                  (int)ad_opaque(R_INNER));
    k = count_stop();
    check_alloc("loops one after the other in a nest", k, 1, 1);
    lfd_check_all("nest_seq dx", dx, e, nest_seq_a, x, N);
  }

  /* The inner trip count is unknown: that loop's tape grows on its own. */
  for (i = 0; i < LONG; ++i)
    cl[i] = (i + 1) % 50 ? 0.8 + 0.1 * sin(i) : -1.0;
  cl[LONG] = -1.0;
  for (i = 0; i < N; ++i)
    dx[i] = 0;
  count_start();
  __ad_autodiff((void *)nest_unknown, ad_dup, x, dx, ad_const, cl,
                (int)ad_opaque(M_UNKNOWN));
  k = count_stop();
  if (counting()) {
    /* The nest's block, and the inner loop's tape grown about log2(810)
     * times. */
    printf("nest_unknown: %ld allocation calls, %ld frees\n", k.alloc, k.freed);
    ad_check_eq("nest_unknown: at most 1 + 12 allocation calls",
                k.alloc <= 1 + 12, 1.0);
    ad_check_eq("nest_unknown: two blocks freed", k.freed, 2.0);
  }
  {
    double e[N];
    for (i = 0; i < N; ++i)
      e[i] = nest_unknown_t(x, cl, M_UNKNOWN, i);
    g_c = cl;
    lfd_check_all("nest_unknown dx", dx, e, nest_unknown_a, x, N);
  }

  /* A nest above 32 MiB of tapes: one block, kept for the next call. */
  {
    double *xb = calloc(BIG, sizeof *xb), *dxb = calloc(BIG, sizeof *dxb);
    for (i = 0; i < BIG; ++i)
      xb[i] = 0.3 + 0.1 * sin(i);
    count_start();
    __ad_autodiff((void *)nest_big, ad_dup, xb, dxb, (int)ad_opaque(2),
                  (int)ad_opaque(BIG));
    k = count_stop_keep();
    if (counting()) {
      ad_check_eq("big nest, first call: one block", k.alloc, 1);
      ad_check_eq("big nest, first call: the block is kept", k.freed, 0);
    }
    double *dx2 = calloc(BIG, sizeof *dx2);
    count_start_keep();
    __ad_autodiff((void *)nest_big, ad_dup, xb, dx2, (int)ad_opaque(2),
                  (int)ad_opaque(BIG));
    k = count_stop_keep();
    if (counting()) {
      ad_check_eq("big nest, next call: no allocation", k.alloc, 0);
      ad_check_eq("big nest, next call: nothing freed", k.freed, 0);
    }
    ad_check_eq("big nest, next call: same gradient", dx2[BIG - 1],
                dxb[BIG - 1]);
    free(dx2);
    g_big = xb;
    for (int q = 0; q < 3; ++q) {
      int at = q == 2 ? BIG - 1 : q; /* an outer and an inner element */
      char name[64];
      snprintf(name, sizeof name, "nest_big dx[%d]", at);
      ad_check(name, dxb[at], nest_big_t(xb, 2, BIG, at),
               lfd(nest_big_a, xb, at));
    }
    free(xb);
    free(dxb);
  }

  /* Geometric growth: about log2(1000) allocation calls, one block. */
  for (i = 0; i < LONG; ++i)
    cl[i] = 1.0 + 0.1 * sin(i);
  cl[LONG] = -1.0;
  count_start();
  d = __ad_autodiff((void *)until_sentinel, 0.5, ad_const, cl);
  k = count_stop();
  if (counting()) {
    printf("until_sentinel: %ld allocation calls, %ld frees\n", k.alloc,
           k.freed);
    ad_check_eq("until_sentinel: at most 12 allocation calls", k.alloc <= 12,
                1.0);
    ad_check_eq("until_sentinel: one block freed", k.freed, 1.0);
  }

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
