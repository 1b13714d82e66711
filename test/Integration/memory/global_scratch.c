// A global scratch array written and then read inside the differentiated
// function: the plugin gives it a shadow global. The primal global is still
// written; every store resets its shadow in the reverse sweep, so repeated
// gradient calls give the same result. A loop and a loop-free function.
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

#define N 6

double scratch[N];
static double pair_buf[2];

/* scratch[i] = x[i]^2; s = sum_{i>=1} scratch[i] scratch[i-1]. */
double use_scratch(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    scratch[i] = x[i] * x[i];
  for (int i = 1; i < n; ++i)
    s += scratch[i] * scratch[i - 1];
  return s;
}

double use_pair(double a) {
  pair_buf[0] = a * a;
  pair_buf[1] = sin(a);
  return pair_buf[0] * pair_buf[1];
}

static double use_scratch_w(const double *x) { return use_scratch(x, N); }

int main(void) {
  double x[N], dx[N], e[N];
  char buf[96];
  int i, rep;
  for (i = 0; i < N; ++i)
    x[i] = 0.4 + 0.25 * i;
  for (i = 0; i < N; ++i) {
    double g = 0;
    if (i >= 1)
      g += x[i - 1] * x[i - 1];
    if (i + 1 < N)
      g += x[i + 1] * x[i + 1];
    e[i] = 2 * x[i] * g;
  }
  for (rep = 0; rep < 2; ++rep) {
    for (i = 0; i < N; ++i) {
      dx[i] = 0;
      scratch[i] = -1;
    }
    __ad_autodiff((void *)use_scratch, ad_dup, x, dx, (int)ad_opaque(N));
    for (i = 0; i < N; ++i) {
      snprintf(buf, sizeof buf, "call %d scratch[%d] written", rep, i);
      ad_check_eq(buf, scratch[i], x[i] * x[i]);
    }
    snprintf(buf, sizeof buf, "call %d use_scratch dx", rep);
    lfd_check_all(buf, dx, e, use_scratch_w, x, N);
  }

  for (rep = 0; rep < 2; ++rep) {
    double a = 0.8 + rep;
    double d;
    pair_buf[0] = pair_buf[1] = -1;
    d = __ad_autodiff((void *)use_pair, ad_opaque(a));
    snprintf(buf, sizeof buf, "call %d pair_buf written", rep);
    ad_check_eq(buf, pair_buf[0] == a * a && pair_buf[1] == sin(a), 1.0);
    snprintf(buf, sizeof buf, "call %d use_pair da", rep);
    ad_check(buf, d, 2 * a * sin(a) + a * a * cos(a), ad_fd(use_pair, a));
  }
  return ad_check_report();
}
