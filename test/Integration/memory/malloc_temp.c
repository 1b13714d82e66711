// A temporary buffer allocated with malloc and freed by the differentiated
// function itself. The buffer receives active values, so the gradient gives
// it a shadow; the free moves to the reverse sweep, which still reads the
// buffer (and frees its shadow). Loop and loop-free cases, with a size known
// only at run time.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define N 6

/* t[i] = x[i]^2; s = sum_{i>=1} t[i] sin(t[i-1]). */
double smooth(const double *x, int n) {
  double *t = malloc(n * sizeof(double));
  double s = 0;
  for (int i = 0; i < n; ++i)
    t[i] = x[i] * x[i];
  for (int i = 1; i < n; ++i)
    s += t[i] * sin(t[i - 1]);
  free(t);
  return s;
}

/* Two scalars through a heap pair whose size the optimizer cannot see. */
static volatile size_t two = 2;
double pair(double a, double b) {
  double *t = malloc(two * sizeof(double));
  double r;
  t[0] = a * b;
  t[1] = sin(a);
  r = t[0] * t[1] + t[1];
  free(t);
  return r;
}

static double smooth_w(const double *x) { return smooth(x, N); }

static double pb;
static double pair_a(double a) { return pair(a, pb); }
static double pair_b(double b) { return pair(0.7, b); }

int main(void) {
  double x[N], dx[N], e[N];
  char buf[96];
  int i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.5 + 0.2 * i;
    dx[i] = 0;
  }
  __ad_autodiff((void *)smooth, ad_dup, x, dx, (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    double t = x[i] * x[i], g = 0;
    if (i >= 1)
      g += sin(x[i - 1] * x[i - 1]);
    if (i + 1 < N)
      g += x[i + 1] * x[i + 1] * cos(t);
    e[i] = 2 * x[i] * g;
  }
  lfd_check_all("smooth dx", dx, e, smooth_w, x, N);

  {
    double a = 0.7, b = -1.3;
    ad_double2 d = __ad_autodiff_d2((void *)pair, ad_opaque(a), b);
    pb = b;
    /* r = a b sin(a) + sin(a) */
    ad_check("pair da", d.d[0], b * sin(a) + a * b * cos(a) + cos(a),
             ad_fd(pair_a, a));
    ad_check("pair db", d.d[1], a * sin(a), ad_fd(pair_b, b));
  }
  return ad_check_report();
}
