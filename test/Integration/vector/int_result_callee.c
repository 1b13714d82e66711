// Vector forward mode through callees whose tangent returns no tangent (an
// integer count, through a recursive wrapper that stays a call): the
// width-3 call of the callee replaces the scalar one and its integer result
// is used as is; each lane equals the scalar call bit for bit.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <ad.h>
#include <math.h>
#include <stdio.h>
__attribute__((noinline)) static int fill(double *y, const double *x, int n) {
  int c = 0;
  for (int i = 0; i < n; ++i) {
    y[i] = sin(x[i]) * x[(i + 1) % n];
    c += y[i] > 0;
  }
  return c;
}
static int fill_r(double *y, const double *x, int n, int d) {
  return d ? fill_r(y, x, n, d - 1) + 1 : fill(y, x, n);
}
double f(const double *x, double *y, int n) {
  int c = fill_r(y, x, n, 2);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += y[i] * c;
  return s;
}
int main() {
  enum { n = 4 };
  double x[n] = {0.3, -0.5, 0.7, 0.2}, y[n], d[3][n] = {{1}, {0, 1}, {0, 0, 1}},
         dy[3][n];
  ad_double3 t =
      __ad_fwddiff_d3((void *)f, ad_width, 3, ad_dupv, (long)sizeof d[0], x,
                      d[0], ad_dupv, (long)sizeof dy[0], y, dy[0], ad_const, n);
  int bad = 0;
  for (int k = 0; k < 3; ++k) {
    double ys[n], dys[n];
    double s =
        __ad_fwddiff((void *)f, ad_dup, x, d[k], ad_dup, ys, dys, ad_const, n);
    bad |= s != t.d[k];
    for (int i = 0; i < n; ++i)
      bad |= dys[i] != dy[k][i];
  }
  puts(bad ? "FAIL" : "OK");
  return bad;
}
