// Two active doubles: the derivatives come back in a {double, double} struct
// (returned in two registers), user-declared or ad.h's ad_double2.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef struct {
  double dx, dy;
} G2;
G2 __ad_autodiff_2(void *, ...);

double f(double x, double y) { return x * x * y + sin(y); }

/* A constant between the two active arguments. */
double g(double x, double c, double y) { return c * x / y + c; }

static double f_a(const double *a) { return f(a[0], a[1]); }
static double g_a(const double *a) { return g(a[0], a[1], a[2]); }

int main(void) {
  double x = 1.3, y = -0.4, c = 2.5;
  double a[2] = {1.3, -0.4};
  double b[3] = {1.3, 2.5, -0.4};
  G2 r = __ad_autodiff_2((void *)f, x, y);
  ad_double2 q;
  ad_check("G2 f dx", r.dx, 2 * x * y, ad_fdn(f_a, a, 2, 0));
  ad_check("G2 f dy", r.dy, x * x + cos(y), ad_fdn(f_a, a, 2, 1));

  q = __ad_autodiff_d2((void *)f, ad_opaque(x), ad_opaque(y));
  ad_check("ad_double2 f dx", q.d[0], 2 * x * y, ad_fdn(f_a, a, 2, 0));
  ad_check("ad_double2 f dy", q.d[1], x * x + cos(y), ad_fdn(f_a, a, 2, 1));

  r = __ad_autodiff_2((void *)g, x, ad_const, c, y);
  ad_check("G2 g dx", r.dx, c / y, ad_fdn(g_a, b, 3, 0));
  ad_check("G2 g dy", r.dy, -c * x / (y * y), ad_fdn(g_a, b, 3, 2));
  return ad_check_report();
}
