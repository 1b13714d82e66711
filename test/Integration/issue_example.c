// The example from the issue: a ternary choosing between two active
// expressions, both derivatives returned in a user-declared struct.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

struct grad {
  double dx, dy;
};
struct grad __ad_autodiff_2(void *, ...);

double f(double x, double y) { return x > y ? sin(x) * y : exp(x / y); }

static double f_a(const double *a) { return f(a[0], a[1]); }

static void check_at(double x, double y) {
  double a[2];
  struct grad g = __ad_autodiff_2((void *)f, x, y);
  a[0] = x;
  a[1] = y;
  printf("f(%g, %g), x %s y\n", x, y, x > y ? ">" : "<=");
  if (x > y) {
    ad_check("dx", g.dx, cos(x) * y, ad_fdn(f_a, a, 2, 0));
    ad_check("dy", g.dy, sin(x), ad_fdn(f_a, a, 2, 1));
  } else {
    ad_check("dx", g.dx, exp(x / y) / y, ad_fdn(f_a, a, 2, 0));
    ad_check("dy", g.dy, -exp(x / y) * x / (y * y), ad_fdn(f_a, a, 2, 1));
  }
}

int main(void) {
  check_at(2.0, 1.5);
  check_at(1.0, 2.0);
  check_at(ad_opaque(0.5), ad_opaque(-1.0));
  check_at(ad_opaque(-0.5), ad_opaque(0.75));
  return ad_check_report();
}
