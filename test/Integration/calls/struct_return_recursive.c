// A callee that is not inlined (recursive) and returns a struct of doubles
// in registers: its derivative takes the adjoint of the whole struct as its
// seed (reverse mode) or returns the struct's tangent (forward mode). It
// used to be refused (and before that, a silent zero gradient).
//   rp(x, y, 2) = (x^4 y^3, x^7 + x^3 y), g = sum of both:
//   dg/dx = 4 x^3 y^3 + 7 x^6 + 3 x^2 y, dg/dy = 3 x^4 y^2 + x^3
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>

typedef struct {
  double a, b;
} P;

__attribute__((noinline)) P rp(double x, double y, int n) {
  if (n == 0) {
    P p = {x * y, x + y};
    return p;
  }
  P q = rp(x * x, y, n - 1);
  P r = {q.a * y, q.b * x};
  return r;
}

double g(double x, double y) {
  P p = rp(x, y, 2);
  return p.a + p.b;
}

static double gx(double x) { return g(x, 0.8); }
static double gy(double y) { return g(1.3, y); }

int main(void) {
  double x = 1.3, y = 0.8;
  double dx = 4 * x * x * x * y * y * y + 7 * pow(x, 6) + 3 * x * x * y;
  double dy = 3 * pow(x, 4) * y * y + x * x * x;
  ad_check("reverse dg/dx", __ad_autodiff((void *)g, x, ad_const, y), dx,
           ad_fd(gx, x));
  ad_check("reverse dg/dy", __ad_autodiff((void *)g, ad_const, x, y), dy,
           ad_fd(gy, y));
  ad_check("forward dg/dx",
           __ad_fwddiff((void *)g, ad_dup, x, 1.0, ad_const, y), dx,
           ad_fd(gx, x));
  return ad_check_report();
}
