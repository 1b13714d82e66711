// Arrays written through an ad_dup output pointer in a loop: y[i] = x[i]^2,
// y[i] = exp(x[i]) x[i+1]. The output shadow holds the seed on entry and is
// consumed (zero) on exit; the input shadow receives the gradient (+=).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 7

void squares(const double *x, double *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i] * x[i];
}

/* y has n - 1 entries. */
void exp_next(const double *x, double *y, int n) {
  for (int i = 0; i + 1 < n; ++i)
    y[i] = exp(x[i]) * x[i + 1];
}

static double g_w[N];
static double squares_w(const double *x) {
  double y[N], s = 0;
  int i;
  squares(x, y, N);
  for (i = 0; i < N; ++i)
    s += g_w[i] * y[i];
  return s;
}
static double exp_next_w(const double *x) {
  double y[N], s = 0;
  int i;
  exp_next(x, y, N);
  for (i = 0; i + 1 < N; ++i)
    s += g_w[i] * y[i];
  return s;
}

int main(void) {
  double x[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.1, 2.0};
  double dx[N], ex[N], y[N], dy[N];
  char name[64];
  int i;

  for (i = 0; i < N; ++i) {
    g_w[i] = 1.0 - 0.3 * i;
    dy[i] = g_w[i];
    dx[i] = 0.5; /* accumulated into */
    y[i] = -7.0;
    ex[i] = 2 * x[i] * g_w[i];
  }
  __ad_autodiff((void *)squares, ad_dup, x, dx, ad_dup, y, dy, N);
  for (i = 0; i < N; ++i) {
    snprintf(name, sizeof name, "squares dx[%d] - 0.5", i);
    ad_check(name, dx[i] - 0.5, ex[i], lfd(squares_w, x, i));
    snprintf(name, sizeof name, "squares y[%d]", i);
    ad_check_eq(name, y[i], x[i] * x[i]);
    snprintf(name, sizeof name, "squares dy[%d] consumed", i);
    ad_check_eq(name, dy[i], 0.0);
  }

  for (i = 0; i < N; ++i) {
    dy[i] = i + 1 < N ? g_w[i] : 0.0;
    dx[i] = 0;
    ex[i] = (i + 1 < N ? g_w[i] * exp(x[i]) * x[i + 1] : 0) +
            (i > 0 ? g_w[i - 1] * exp(x[i - 1]) : 0);
  }
  __ad_autodiff((void *)exp_next, ad_dup, x, dx, ad_dupnoneed, y, dy,
                (int)ad_opaque(N));
  lfd_check_all("exp_next dx", dx, ex, exp_next_w, x, N);
  for (i = 0; i + 1 < N; ++i) {
    snprintf(name, sizeof name, "exp_next dy[%d] consumed", i);
    ad_check_eq(name, dy[i], 0.0);
  }
  return ad_check_report();
}
