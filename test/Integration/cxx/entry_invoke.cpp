// Gradient calls compiled as `invoke`: a local with a destructor (a guard,
// a std::vector) is alive in the caller, and the entry points are declared
// without nothrow, as a user may do. Every entry kind (reverse, forward,
// split, a struct result in registers, a struct returned through sret) is
// lowered with its unwind edge kept; once a clang segfault.
//   f(x) = x0^2 x1 + sin(x2): grad = (2 x0 x1, x0^2, cos(x2))
// RUN: %clangxx -O0 %s -o %t0 && %t0
// RUN: %clangxx -O1 %s -o %t1 && %t1
// RUN: %clangxx -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.h>
#include <cmath>
#include <vector>

// Declared here without nothrow: calls to them are invokes.
extern "C" double __ad_autodiff_may_throw(void *, ...);
extern "C" double __ad_fwddiff_may_throw(void *, ...);
extern "C" void *__ad_augmentfwd_may_throw(void *, ...);
extern "C" double __ad_reverse_may_throw(void *, ...);
struct Two {
  double a, b;
};
struct Four {
  double a, b, c, d;
};
extern "C" Two __ad_autodiff_two(void *, ...);
extern "C" Four __ad_autodiff_four(void *, ...);

struct Guard {
  int *count;
  __attribute__((noinline)) ~Guard() { ++*count; }
};

double f(const double *x) { return x[0] * x[0] * x[1] + std::sin(x[2]); }
double g(double a, double b) { return a * a * b; }
double h(double a, double b, double c, double d) { return a * b + c * d; }

static double fx(const double *x) { return f(x); }

int main() {
  int destroyed = 0;
  {
    Guard guard{&destroyed};
    std::vector<double> x = {1.5, 2.0, 0.3}, dx(3, 0.0);
    __ad_autodiff_may_throw((void *)f, ad_dup, x.data(), dx.data());
    ad_check("reverse d0", dx[0], 2 * 1.5 * 2.0, ad_fdn(fx, x.data(), 3, 0));
    ad_check("reverse d1", dx[1], 1.5 * 1.5, ad_fdn(fx, x.data(), 3, 1));
    ad_check("reverse d2", dx[2], std::cos(0.3), ad_fdn(fx, x.data(), 3, 2));

    std::vector<double> t = {0.0, 1.0, 0.0};
    double d = __ad_fwddiff_may_throw((void *)f, ad_dup, x.data(), t.data());
    ad_check("forward d1", d, 1.5 * 1.5, ad_fdn(fx, x.data(), 3, 1));

    std::vector<double> sx(3, 0.0);
    void *tape =
        __ad_augmentfwd_may_throw((void *)f, ad_dup, x.data(), sx.data());
    __ad_reverse_may_throw((void *)f, ad_dup, x.data(), sx.data(), tape);
    ad_check("split d0", sx[0], 2 * 1.5 * 2.0, ad_fdn(fx, x.data(), 3, 0));

    Two r2 = __ad_autodiff_two((void *)g, 1.5, 2.0);
    ad_check("struct d0", r2.a, 2 * 1.5 * 2.0, 2 * 1.5 * 2.0);
    ad_check("struct d1", r2.b, 1.5 * 1.5, 1.5 * 1.5);
    Four r4 = __ad_autodiff_four((void *)h, 1.0, 2.0, 3.0, 4.0);
    ad_check("sret d0", r4.a, 2.0, 2.0);
    ad_check("sret d3", r4.d, 3.0, 3.0);
  }
  ad_check("destructor ran once", destroyed, 1, 1);
  return ad_check_report();
}
