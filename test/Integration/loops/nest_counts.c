// Nests whose tapes share one allocation made before the nest runs, sized
// by the exact number of iterations of each loop: rectangular with an inner
// bound that may be <= 0, triangular (upper, lower, in the middle of three
// loops, below an outer loop, counting down, from an offset), loops one
// after the other; and nests that keep a growing tape for their inner loop
// (a data-dependent guard or break, an outer step of 2) or for the whole
// nest (an invariant test that leaves it: SCEV does not count that loop). Every
// loop tapes a value. Each gradient is checked against a hand-written tangent
// and finite differences, for several sizes; a tape sized too small shows under
// valgrind, too many allocations in the counts (exactly one per nest execution
// where the counts are known).
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

#define N 12

/* The statements of the loops: the primal, and its tangent along x[q]. */
#define P_OUT(i) s = sin(s) * 0.8 + x[i]
#define P_IN(j) s = sin(s + x[j]) * 0.9
#define T_OUT(i)                                                               \
  do {                                                                         \
    ds = 0.8 * cos(s) * ds + ((i) == q);                                       \
    s = sin(s) * 0.8 + x[i];                                                   \
  } while (0)
#define T_IN(j)                                                                \
  do {                                                                         \
    double a_ = s + x[j];                                                      \
    ds = 0.9 * cos(a_) * (ds + ((j) == q));                                    \
    s = sin(a_) * 0.9;                                                         \
  } while (0)

/* The shapes, over m and n (every index stays below max(m, n) <= N). */
#define RECT(OUT, IN)                                                          \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    for (int j = 0; j < n; ++j)                                                \
      IN(j);                                                                   \
  }
#define TRI_UPPER(OUT, IN)                                                     \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    for (int j = i + 1; j < n; ++j)                                            \
      IN(j);                                                                   \
  }
#define TRI_LOWER(OUT, IN)                                                     \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    for (int j = 0; j <= i; ++j)                                               \
      IN(j);                                                                   \
  }
#define TRI_MIDDLE(OUT, IN)                                                    \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    for (int j = 0; j < i; ++j) {                                              \
      IN(j);                                                                   \
      for (int k = 0; k < n; ++k)                                              \
        IN(k);                                                                 \
    }                                                                          \
  }
#define TRI_BELOW(OUT, IN)                                                     \
  for (int t = 0; t < m; ++t) {                                                \
    OUT(t);                                                                    \
    for (int i = 0; i < n; ++i)                                                \
      for (int j = i + 1; j < n; ++j)                                          \
        IN(j);                                                                 \
  }
#define TRI_DOWN(OUT, IN)                                                      \
  for (int i = m - 1; i >= 0; --i) {                                           \
    OUT(i);                                                                    \
    for (int j = 0; j < i; ++j)                                                \
      IN(j);                                                                   \
  }
#define TRI_OFFSET(OUT, IN)                                                    \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    for (int j = 2; j < i; ++j)                                                \
      IN(j);                                                                   \
  }
#define SEQUENCE(OUT, IN)                                                      \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    for (int j = 0; j < i; ++j)                                                \
      IN(j);                                                                   \
    for (int j = 0; j < n; ++j)                                                \
      IN(j);                                                                   \
  }
#define INVARIANT_EXIT(OUT, IN)                                                \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    if (n <= 2)                                                                \
      break;                                                                   \
    for (int j = 0; j < n; ++j)                                                \
      IN(j);                                                                   \
  }
#define DATA_GUARD(OUT, IN)                                                    \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    if (x[i] > 0.5)                                                            \
      for (int j = 0; j <= i; ++j)                                             \
        IN(j);                                                                 \
  }
#define DATA_BREAK(OUT, IN)                                                    \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    for (int j = 0; j < n; ++j) {                                              \
      if (s > 0.75)                                                            \
        break;                                                                 \
      IN(j);                                                                   \
    }                                                                          \
  }
#define STEP_TWO(OUT, IN)                                                      \
  for (int i = 0; i < m; i += 2) {                                             \
    OUT(i);                                                                    \
    for (int j = 0; j < i; ++j)                                                \
      IN(j);                                                                   \
  }

#define GUARDED_TRI(OUT, IN)                                                   \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    if (n > 2)                                                                 \
      for (int j = i + 1; j < n; ++j)                                          \
        IN(j);                                                                 \
  }
#define LATE_TRI(OUT, IN)                                                      \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    if (i > 2)                                                                 \
      for (int j = 0; j < i; ++j)                                              \
        IN(j);                                                                 \
  }
#define UNSIGNED_TRI(OUT, IN)                                                  \
  unsigned um = m > 0 ? m : 0, un = n > 0 ? n : 0;                             \
  for (unsigned i = 0; i < um; ++i) {                                          \
    OUT(i);                                                                    \
    for (unsigned j = i; j < un; ++j)                                          \
      IN(j);                                                                   \
  }
#define SOMETIMES_SKIPPED(OUT, IN)                                             \
  for (int i = 0; i < m; ++i) {                                                \
    OUT(i);                                                                    \
    if (x[i] > 0.5) {                                                          \
      IN(i);                                                                   \
      if (n < 3)                                                               \
        continue;                                                              \
    }                                                                          \
    for (int j = 0; j < n; ++j)                                                \
      IN(j);                                                                   \
  }
#define BOUND_STEP_TWO(OUT, IN)                                                \
  for (int i = 0, b = 2 * m; i < m; ++i, b -= 2) {                             \
    OUT(i);                                                                    \
    for (int j = 0; j < b && j < N; ++j)                                       \
      IN(j);                                                                   \
  }

#define DEFINE(name, SHAPE)                                                    \
  double name(const double *x, int m, int n) {                                 \
    double s = 0.3;                                                            \
    SHAPE(P_OUT, P_IN)                                                         \
    return s;                                                                  \
  }                                                                            \
  static double name##_t(const double *x, int m, int n, int q) {               \
    double s = 0.3, ds = 0;                                                    \
    SHAPE(T_OUT, T_IN)                                                         \
    return ds;                                                                 \
  }                                                                            \
  static void name##_grad(double *x, double *dx, int m, int n) {               \
    __ad_autodiff((void *)name, ad_dup, x, dx, m, n);                          \
  }
DEFINE(rect, RECT)
DEFINE(tri_upper, TRI_UPPER)
DEFINE(tri_lower, TRI_LOWER)
DEFINE(tri_middle, TRI_MIDDLE)
DEFINE(tri_below, TRI_BELOW)
DEFINE(tri_down, TRI_DOWN)
DEFINE(tri_offset, TRI_OFFSET)
DEFINE(sequence, SEQUENCE)
DEFINE(invariant_exit, INVARIANT_EXIT)
DEFINE(data_guard, DATA_GUARD)
DEFINE(data_break, DATA_BREAK)
DEFINE(step_two, STEP_TWO)
DEFINE(guarded_tri, GUARDED_TRI)
DEFINE(late_tri, LATE_TRI)
DEFINE(unsigned_tri, UNSIGNED_TRI)
DEFINE(sometimes_skipped, SOMETIMES_SKIPPED)
DEFINE(bound_step_two, BOUND_STEP_TWO)

typedef double (*shape_fn)(const double *, int, int);
typedef double (*tangent_fn)(const double *, int, int, int);
typedef void (*grad_fn)(double *, double *, int, int);
static shape_fn g_f;
static int g_m, g_n;
static double wrapped(const double *x) { return g_f(x, g_m, g_n); }

/* Allocations of one gradient call: exactly one when the nest runs and its
 * counts are known before (`known`), at most 1 + 12 when an inner tape grows
 * or the loops are not rotated (-O0, where triangular counts are not affine
 * in the outer iteration). */
static void check(const char *name, shape_fn f, tangent_fn t, grad_fn g,
                  int known, double *x, int m, int n) {
  double dx[N] = {0}, e[N];
  char buf[96];
  struct counts c;
  for (int q = 0; q < N; ++q)
    e[q] = t(x, m, n, q);
  count_start();
  g(x, dx, (int)ad_opaque(m), (int)ad_opaque(n));
  c = count_stop();
  snprintf(buf, sizeof buf, "%s(m=%d, n=%d)", name, m, n);
#ifdef __OPTIMIZE__
  if (known) {
    check_alloc(buf, c, m > 0 ? 1 : 0, 1);
  } else
#endif
  {
    if (counting()) {
      printf("%s: %ld allocation calls, %ld frees\n", buf, c.alloc, c.freed);
      ad_check_eq(buf, c.alloc <= 1 + 12 && (c.freed > 0) == (c.alloc > 0),
                  1.0);
    }
  }
  g_f = f;
  g_m = m;
  g_n = n;
  lfd_check_all(buf, dx, e, wrapped, x, N);
}

int main(void) {
  static const int sizes[][2] = {{N, N}, {7, 5}, {5, 0}, {5, -3},
                                 {1, 1}, {0, 4}, {N, 2}, {3, N}};
  double x[N];
  for (int i = 0; i < N; ++i)
    x[i] = 0.1 + 0.07 * i;
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; ++k) {
    int m = sizes[k][0], n = sizes[k][1];
    check("rect", rect, rect_t, rect_grad, 1, x, m, n);
    check("tri_upper", tri_upper, tri_upper_t, tri_upper_grad, 1, x, m, n);
    check("tri_lower", tri_lower, tri_lower_t, tri_lower_grad, 1, x, m, n);
    check("tri_middle", tri_middle, tri_middle_t, tri_middle_grad, 1, x, m, n);
    check("tri_below", tri_below, tri_below_t, tri_below_grad, 1, x, m, n);
    check("tri_down", tri_down, tri_down_t, tri_down_grad, 1, x, m, n);
    check("tri_offset", tri_offset, tri_offset_t, tri_offset_grad, 1, x, m, n);
    check("sequence", sequence, sequence_t, sequence_grad, 1, x, m, n);
    check("invariant_exit", invariant_exit, invariant_exit_t,
          invariant_exit_grad, 0, x, m, n);
    check("data_guard", data_guard, data_guard_t, data_guard_grad, 0, x, m, n);
    check("data_break", data_break, data_break_t, data_break_grad, 0, x, m, n);
    check("step_two", step_two, step_two_t, step_two_grad, 0, x, m, n);
    check("guarded_tri", guarded_tri, guarded_tri_t, guarded_tri_grad, 1, x, m,
          n);
    check("late_tri", late_tri, late_tri_t, late_tri_grad, 1, x, m, n);
    check("unsigned_tri", unsigned_tri, unsigned_tri_t, unsigned_tri_grad, 1, x,
          m, n);
    check("sometimes_skipped", sometimes_skipped, sometimes_skipped_t,
          sometimes_skipped_grad, 0, x, m, n);
    check("bound_step_two", bound_step_two, bound_step_two_t,
          bound_step_two_grad, 0, x, m, n);
  }
  return ad_check_report();
}
