// A custom derivative (AD_REGISTER_REVERSE) for a void function defined in
// another translation unit (Inputs/blackbox.c, compiled without the plugin):
// tanh_scale(y, x, a, n) writes y[i] = a tanh(x[i]). Its reverse receives the
// shadows of y and x and a pointer for da; it reads dy, adds to dx and da,
// and resets dy. The caller then reduces sum y^2.
// RUN: %clang -O2 -c %S/Inputs/blackbox.c -o %t.o
// RUN: %clang -O0 %s %t.o -o %t0 -lm && %t0
// RUN: %clang -O1 %s %t.o -o %t1 -lm && %t1
// RUN: %clang -O2 %s %t.o -o %t2 -lm && %t2
// RUN: %clang -O3 %s %t.o -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 4

void tanh_scale(double *y, const double *x, double a, int n);

static int n_tanh_rev;

static void tanh_scale_rev(double *y, const double *x, double a, int n,
                           double *dy, double *dx, double *da) {
  ++n_tanh_rev;
  (void)y;
  for (int i = 0; i < n; ++i) {
    double t = tanh(x[i]);
    if (dx)
      dx[i] += dy[i] * a * (1 - t * t);
    *da += dy[i] * t;
    dy[i] = 0;
  }
}
AD_REGISTER_REVERSE(tanh_scale, tanh_scale_rev);

/* y = a tanh(x), then sum y^2. */
double use_tanh(double *y, const double *x, double a, int n) {
  double s = 0;
  tanh_scale(y, x, a, n);
  for (int i = 0; i < n; ++i)
    s += y[i] * y[i];
  return s;
}

static double xs[N] = {0.3, -1.2, 0.8, 2.0};
static double use_tanh_a(double a) {
  double y[N];
  return use_tanh(y, xs, a, N);
}
static double use_tanh_x1(double v) {
  double y[N], x[N] = {xs[0], v, xs[2], xs[3]};
  return use_tanh(y, x, 0.7, N);
}

int main(void) {
  double dx[N] = {0}, y[N], dy[N] = {0}, d, a = 0.7, e = 0;
  char buf[96];
  int i;

  d = __ad_autodiff((void *)use_tanh, ad_dup, y, dy, ad_dup, xs, dx,
                    ad_opaque(a), N);
  for (i = 0; i < N; ++i) {
    double t = tanh(xs[i]);
    e += 2 * a * t * t;
    snprintf(buf, sizeof buf, "use_tanh y[%d] written", i);
    ad_check_eq(buf, y[i], a * t);
    snprintf(buf, sizeof buf, "use_tanh dx[%d]", i);
    ad_check_eq(buf, dx[i], 2 * a * t * a * (1 - t * t));
    snprintf(buf, sizeof buf, "use_tanh dy[%d] reset", i);
    ad_check_eq(buf, dy[i], 0.0);
  }
  ad_check("use_tanh dx[1] vs fd", dx[1], dx[1], ad_fd(use_tanh_x1, xs[1]));
  ad_check("use_tanh da", d, e, ad_fd(use_tanh_a, a));
  ad_check_eq("tanh_scale reverse called once", n_tanh_rev, 1);
  return ad_check_report();
}
