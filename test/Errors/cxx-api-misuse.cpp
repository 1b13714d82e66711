// Wrong use of the typed C++ API (ad.hpp) is a C++ compile error whose first
// message says what to do, before the plugin runs.
// RUN: %not %clangxx -std=c++17 -c -DCASE=1 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=RAW
// RUN: %not %clangxx -std=c++17 -c -DCASE=2 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=DUAL
// RUN: %not %clangxx -std=c++17 -c -DCASE=3 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ACTIVEFWD
// RUN: %not %clangxx -std=c++17 -c -DCASE=4 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=FITS
// RUN: %not %clangxx -std=c++17 -c -DCASE=5 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=COUNT
// RUN: %not %clangxx -std=c++17 -c -DCASE=6 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=RESULT
// RUN: %not %clangxx -std=c++17 -c -DCASE=7 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=RAWPTR
// RUN: %not %clangxx -std=c++17 -c -DCASE=8 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=SHADOW
// RUN: %not %clangxx -std=c++17 -c -DCASE=9 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=WSFWD
// RUN: %not %clangxx -std=c++17 -c -DCASE=10 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ACTIVEINT
// RUN: %not %clangxx -std=c++17 -c -DCASE=11 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=SEEDFWD
// RUN: %not %clangxx -std=c++17 -c -DCASE=12 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=WIDTHDUP
// RUN: %not %clangxx -std=c++17 -c -DCASE=13 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=WIDTHDUAL
// RUN: %not %clangxx -std=c++17 -c -DCASE=14 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=WIDTHTWICE
// RUN: %not %clangxx -std=c++17 -c -DCASE=15 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=WIDTHSTRUCT
// RUN: %not %clangxx -std=c++17 -c -DCASE=16 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REFDATA
// RAW: error: static assertion failed{{.*}}ad: wrap a floating-point argument in ad::active(x)
// DUAL: error: static assertion failed{{.*}}ad::gradient: ad::dual is for forward mode
// ACTIVEFWD: error: static assertion failed{{.*}}ad::tangent: give a floating-point argument its tangent
// FITS: error: static assertion failed{{.*}}ad: ad::active and ad::dual go with floating-point parameters
// COUNT: error: static assertion failed{{.*}}ad: the number of arguments (workspace aside) does not match
// RESULT: error: static assertion failed{{.*}}ad::gradient: the function must return a floating-point value or nothing
// RAWPTR: error: static assertion failed{{.*}}ad: wrap a pointer argument in ad::dup(p, dp)
// SHADOW: error: static assertion failed{{.*}}ad::dup(p, dp): the shadow must have the type of the data
// WSFWD: error: static assertion failed{{.*}}ad::tangent: forward mode keeps no tape
// ACTIVEINT: error: static assertion failed{{.*}}ad::active(x): only floating-point arguments are active
// SEEDFWD: error: static assertion failed{{.*}}ad::tangent: ad::seed is for reverse mode
// WIDTHDUP: error: static assertion failed{{.*}}ad: with ad::width<N>(), give each pointer its N shadows with ad::dupv(p, dp, stride)
// WIDTHDUAL: error: static assertion failed{{.*}}ad::tangent: with ad::width<N>(), pass scalars as ad::constant
// WIDTHTWICE: error: static assertion failed{{.*}}ad: ad::width<N>() is given once
// REFDATA: error: static assertion failed{{.*}}ad: a reference parameter (const T &) takes ad::dup(&x, &dx) of a T
// WIDTHSTRUCT: error: static assertion failed{{.*}}ad::tangent with ad::width<N>(): the function must return a floating-point value or nothing
#include <ad.hpp>
#include <vector>

double g(double a, double b) { return a * b; }
double f(const double *x, int n) { return x[0] * n; }
struct Pair {
  double a, b;
};
Pair h(double a) { return {a, a}; }
double sumsq(const std::vector<double> &v) { return v[0] * v[0]; }

double use(double *x, double *dx, float *fx, ad_workspace_t *ws) {
#if CASE == 1
  return ad::gradient(g, 1.5, 2.0);
#elif CASE == 2
  return std::get<1>(ad::gradient(g, ad::dual(1.5, 1.0), ad::active(2.0)));
#elif CASE == 3
  return ad::tangent(g, ad::active(1.5), ad::constant(2.0));
#elif CASE == 4
  ad::gradient(f, ad::active(1.0), ad::constant(1));
#elif CASE == 5
  return ad::gradient(g, ad::active(1.0));
#elif CASE == 6
  ad::gradient(h, ad::active(1.0));
#elif CASE == 7
  ad::gradient(f, x, ad::constant(1));
#elif CASE == 8
  ad::gradient(f, ad::dup(x, fx), ad::constant(1));
#elif CASE == 9
  return ad::tangent(f, ad::dup(x, dx), ad::constant(1), ad::workspace(ws));
#elif CASE == 10
  return ad::gradient(g, ad::active(1), ad::constant(2.0));
#elif CASE == 11
  Pair s{1, 0};
  ad::tangent(h, ad::dual(1.0, 1.0), ad::seed(s));
#elif CASE == 12
  ad::tangent(f, ad::width<2>(), ad::dup(x, dx), ad::constant(1));
#elif CASE == 13
  ad::tangent(g, ad::width<2>(), ad::dual(1.0, 1.0), ad::constant(2.0));
#elif CASE == 14
  ad::tangent(f, ad::width<2>(), ad::width<2>(), ad::dupv(x, dx, 1),
              ad::constant(1));
#elif CASE == 15
  ad::tangent(h, ad::width<2>(), ad::constant(1.0));
#elif CASE == 16
  std::vector<double> v{1, 2}, dv(2);
  ad::gradient(sumsq, ad::dup(v, dv)); // the vector's data() for the vector
#endif
  return 0;
}
