// AD_INACTIVE functions, clock() and printf inside differentiated loops:
// they stay plain calls, run once per primal iteration (the reverse sweep
// does not call them again), see the primal values, and do not change the
// derivative. An AD_INACTIVE check whose integer result steers a branch
// that is not taken.
// RUN: %clang -O0 %s -o %t0 -lm && %t0 | %FileCheck %s
// RUN: %clang -O1 %s -o %t1 -lm && %t1 | %FileCheck %s
// RUN: %clang -O2 %s -o %t2 -lm && %t2 | %FileCheck %s
// RUN: %clang -O3 %s -o %t3 -lm && %t3 | %FileCheck %s
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <time.h>

#define N 5

static int n_logged;
static double logged_sum;
static clock_t ticks;

AD_INACTIVE static void log_value(int i, double v) {
  ++n_logged;
  logged_sum += v;
  (void)i;
}

static int n_checked;
AD_INACTIVE static int is_bad(double v) {
  ++n_checked;
  return v != v || fabs(v) > 1e300;
}

double logged_loop(const double *x, int n) {
  double s = 0;
  clock_t t0 = clock();
  for (int i = 0; i < n; ++i) {
    s = s * 0.5 + sin(x[i]) * x[i];
    log_value(i, s);
    printf("iteration %d: s = %.6f\n", i, s);
  }
  ticks += clock() - t0;
  return s;
}

double checked(double x, int n) {
  double s = x;
  for (int i = 0; i < n; ++i) {
    s = s * x + 0.5;
    if (is_bad(s))
      return 0.0;
  }
  return s;
}

static double logged_loop_w(const double *x) { return logged_loop(x, N); }
static double checked_x(double x) { return checked(x, 3); }

int main(void) {
  double x[N], dx[N], e[N], s = 0, expect_sum = 0;
  int i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.4 + 0.3 * i;
    dx[i] = 0;
    s = s * 0.5 + sin(x[i]) * x[i];
    expect_sum += s;
  }
  for (i = 0; i < N; ++i)
    e[i] = pow(0.5, N - 1 - i) * (cos(x[i]) * x[i] + sin(x[i]));

  printf("gradient:\n");
  // CHECK-LABEL: gradient:
  // CHECK-NEXT: iteration 0: s = 0.155767
  // CHECK-NEXT: iteration 1: s = 0.528836
  // CHECK-NEXT: iteration 2: s = 1.105889
  // CHECK-NEXT: iteration 3: s = 1.805570
  // CHECK-NEXT: iteration 4: s = 2.502103
  // CHECK-NEXT: done
  __ad_autodiff((void *)logged_loop, ad_dup, x, dx, (int)ad_opaque(N));
  printf("done\n");
  ad_check_eq("log_value called once per iteration", n_logged, N);
  ad_check_eq("log_value saw the primal values", logged_sum, expect_sum);
  n_logged = 0;
  lfd_check_all("logged_loop dx", dx, e, logged_loop_w, x, N);

  /* ((x^2 + 0.5) x + 0.5) x + 0.5 = x^4 + 0.5 x^2 + 0.5 x + 0.5 */
  {
    double x0 = 1.3,
           d = __ad_autodiff((void *)checked, ad_opaque(x0), (int)ad_opaque(3));
    ad_check_eq("is_bad called once per iteration", n_checked, 3);
    ad_check("checked dx", d, 4 * pow(x0, 3) + x0 + 0.5, ad_fd(checked_x, x0));
  }
  // CHECK: 0 failed
  return ad_check_report();
}
