// Gradient calls with `ad_workspace, ws`: with a large enough workspace,
// repeated calls make no heap allocation at all (counted by interposing
// malloc, calloc, realloc and free, forwarding to glibc's __libc_* entry
// points), report no heap fallback, and give the same gradients as calls
// without a workspace. With a workspace too small for the tapes, the stats
// report heap_allocations > 0 (and their bytes), every fallback block is
// freed by the call, and the gradients are still right. A user buffer wrapped
// with ad_workspace_wrap works the same way. Under valgrind (which replaces
// the allocator, so AD_VALGRIND turns the counting off) the same program
// checks that nothing leaks and no block is misused.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 -DAD_VALGRIND %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

/* Allocation calls, frees, and blocks currently allocated. */
static volatile long n_alloc, n_free, n_live;

#ifdef AD_VALGRIND
static const int counting = 0;
#else
static const int counting = 1;
void *malloc(size_t n) {
  ++n_alloc;
  ++n_live;
  return __libc_malloc(n);
}
void *calloc(size_t n, size_t s) {
  ++n_alloc;
  ++n_live;
  return __libc_calloc(n, s);
}
void *realloc(void *p, size_t n) {
  ++n_alloc;
  if (!p)
    ++n_live;
  return __libc_realloc(p, n);
}
void free(void *p) {
  if (p) {
    ++n_free;
    --n_live;
  }
  __libc_free(p);
}
#endif

#define N 64
#define LONG 300

/* A loop-carried value: its tape has N entries. */
double carried(double x, const double *c, int n) {
  for (int i = 0; i < n; ++i)
    x = sin(x) * c[i];
  return x;
}

/* In place: x[i] = sin(x[i]) overwrites what the reverse sweep reads. */
void sin_inplace(double *x, int n) {
  for (int i = 0; i < n; ++i)
    x[i] = sin(x[i]);
}

/* Unknown trip count: the tape grows. */
double until_sentinel(double x, const double *c) {
  int i = 0;
  while (c[i] >= 0) {
    x = sin(x) * c[i] + 0.1;
    ++i;
  }
  return x;
}

static double carried_d(double x, const double *c, int n) {
  double t = 1.0;
  for (int i = 0; i < n; ++i) {
    t *= cos(x) * c[i];
    x = sin(x) * c[i];
  }
  return t;
}
static double until_sentinel_d(double x, const double *c) {
  double t = 1.0;
  for (int i = 0; c[i] >= 0; ++i) {
    t *= cos(x) * c[i];
    x = sin(x) * c[i] + 0.1;
  }
  return t;
}

static double c[N], cl[LONG + 1], x0[N];
static double e_carried, e_until;

/* Three gradients with (or without) the workspace, each checked. */
static void round3(const char *tag, ad_workspace_t *ws, int n) {
  char buf[128];
  double x[N], dx[N], d;
  int i, bad = 0;
  if (ws)
    d = __ad_autodiff((void *)carried, 0.9, ad_const, c, n, ad_workspace, ws);
  else
    d = __ad_autodiff((void *)carried, 0.9, ad_const, c, n);
  snprintf(buf, sizeof buf, "%s carried dx", tag);
  ad_check_eq(buf, d, e_carried);

  memcpy(x, x0, sizeof x);
  for (i = 0; i < N; ++i)
    dx[i] = 1.0 + 0.01 * i;
  if (ws)
    __ad_autodiff((void *)sin_inplace, ad_dup, x, dx, n, ad_workspace, ws);
  else
    __ad_autodiff((void *)sin_inplace, ad_dup, x, dx, n);
  for (i = 0; i < N; ++i)
    bad += !ad_close(dx[i], (1.0 + 0.01 * i) * cos(x0[i]), 1e-12, 1e-3) ||
           x[i] != sin(x0[i]);
  snprintf(buf, sizeof buf, "%s sin_inplace (x and dx, all %d)", tag, N);
  ad_check_eq(buf, bad, 0.0);

  if (ws)
    d = __ad_autodiff((void *)until_sentinel, 0.5, ad_const, cl, ad_workspace,
                      ws);
  else
    d = __ad_autodiff((void *)until_sentinel, 0.5, ad_const, cl);
  snprintf(buf, sizeof buf, "%s until_sentinel dx", tag);
  ad_check_eq(buf, d, e_until);
}

static double carried_w(double x) { return carried(x, c, N); }
static double until_w(double x) { return until_sentinel(x, cl); }

int main(void) {
  char buf[128];
  long a0, f0, live0;
  int i, n = (int)ad_opaque(N);
  ad_workspace_t *ws;
  ad_workspace_stats_t st;
  static char user_buf[1 << 15];

  for (i = 0; i < N; ++i) {
    c[i] = 1.0 + 0.2 * sin(i);
    x0[i] = 0.3 + 0.01 * i;
  }
  for (i = 0; i < LONG; ++i)
    cl[i] = 1.0 + 0.1 * sin(i);
  cl[LONG] = -1.0;
  e_carried = carried_d(0.9, c, N);
  e_until = until_sentinel_d(0.5, cl);
  ad_check("carried dx vs fd", e_carried, e_carried, ad_fd(carried_w, 0.9));
  ad_check("until_sentinel dx vs fd", e_until, e_until, ad_fd(until_w, 0.5));

  round3("no workspace", NULL, n);

  /* Large enough: no heap allocation from the first call on. */
  ws = ad_workspace_create(1 << 16);
  for (i = 0; i < 5; ++i) {
    snprintf(buf, sizeof buf, "large ws, round %d:", i);
    a0 = n_alloc;
    f0 = n_free;
    round3(buf, ws, n);
    printf("%s %ld allocations, %ld frees\n", buf, n_alloc - a0, n_free - f0);
    if (counting) {
      strcat(buf, " no allocation or free");
      ad_check_eq(buf, n_alloc - a0 == 0 && n_free - f0 == 0, 1.0);
    }
  }
  st = ad_workspace_stats(ws);
  printf("large ws: heap_allocations %zu, heap_bytes %zu, peak_bytes %zu\n",
         st.heap_allocations, st.heap_bytes, st.peak_bytes);
  ad_check_eq("large ws: no heap fallback", (double)st.heap_allocations, 0.0);
  ad_check_eq("large ws: no heap bytes", (double)st.heap_bytes, 0.0);
  /* At least the LONG-entry tape of until_sentinel (one double each). */
  ad_check_eq("large ws: peak covers the longest tape",
              st.peak_bytes >= LONG * sizeof(double) &&
                  st.peak_bytes <= (1 << 16),
              1.0);
  ad_workspace_destroy(ws);

  /* Too small: the tapes go to the heap, are counted, and are freed. */
  ws = ad_workspace_create(64);
  for (i = 0; i < 2; ++i) {
    snprintf(buf, sizeof buf, "small ws, round %d:", i);
    ad_workspace_reset_stats(ws);
    a0 = n_alloc;
    f0 = n_free;
    live0 = n_live;
    round3(buf, ws, n);
    st = ad_workspace_stats(ws);
    printf("%s %ld allocations, %ld frees; heap_allocations %zu, heap_bytes "
           "%zu\n",
           buf, n_alloc - a0, n_free - f0, st.heap_allocations, st.heap_bytes);
    ad_check_eq("small ws: heap fallbacks reported", st.heap_allocations > 0,
                1.0);
    ad_check_eq("small ws: heap bytes reported",
                st.heap_bytes >= N * sizeof(double), 1.0);
    if (counting) {
      ad_check_eq("small ws: the heap was used", n_alloc - a0 > 0, 1.0);
      ad_check_eq("small ws: every heap block freed",
                  n_free - f0 > 0 && n_live == live0, 1.0);
    }
  }
  ad_workspace_destroy(ws);

  /* A user buffer. */
  ws = ad_workspace_wrap(user_buf, sizeof user_buf);
  a0 = n_alloc;
  f0 = n_free;
  round3("wrapped ws, round 0:", ws, n);
  round3("wrapped ws, round 1:", ws, n);
  if (counting)
    ad_check_eq("wrapped ws: no allocation or free",
                n_alloc - a0 == 0 && n_free - f0 == 0, 1.0);
  st = ad_workspace_stats(ws);
  ad_check_eq("wrapped ws: no heap fallback", (double)st.heap_allocations, 0.0);
  ad_workspace_destroy(ws);
  return ad_check_report();
}
