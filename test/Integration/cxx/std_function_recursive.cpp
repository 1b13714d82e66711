// A lambda that calls itself through a captured std::function (recursion
// through a function pointer: the last calls become direct calls with
// derivatives of their own), and a struct of callbacks (function addresses
// stored into differentiated memory: their shadow is the function).
// The std::function's manager (copy and destroy, through a pointer, taking
// only pointers) is dispatched to its targets too. Reverse and forward mode
// against analytic values and finite differences.
// RUN: %clangxx -O0 %s -o %t0 && %t0 && %valgrind %t0
// RUN: %clangxx -O1 %s -o %t1 && %t1
// RUN: %clangxx -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.h>
#include <cmath>
#include <functional>

/* x^n by recursion through a std::function */
static double power(double x, int n) {
  std::function<double(int)> p = [&](int k) -> double {
    return k == 0 ? 1.0 : x * p(k - 1);
  };
  return p(n);
}

struct Stage {
  double weight;
  double (*f)(double);
};
static double sq(double v) { return v * v; }
static double sn(double v) { return std::sin(v); }

/* sum of weight_i f_i(x_i) over stages built in a local array */
static double stages(const double *x) {
  Stage s[3] = {{x[0], sq}, {2.0, sn}, {x[1], sq}};
  double r = 0;
  for (int i = 0; i < 3; ++i)
    r += s[i].weight * s[i].f(x[i]);
  return r;
}

int main() {
  double x = 1.5, h = 1e-5;
  double fd = (power(x + h, 4) - power(x - h, 4)) / (2 * h);
  ad_check("power reverse", __ad_autodiff((void *)power, x, ad_const, 4),
           4 * x * x * x, fd);
  ad_check("power forward",
           __ad_fwddiff((void *)power, ad_dup, x, 1.0, ad_const, 4),
           4 * x * x * x, fd);
  double y[3] = {0.7, -0.4, 1.2}, dy[3] = {0};
  __ad_autodiff((void *)stages, ad_dup, y, dy);
  /* r = y0^3 + 2 sin(y1) + y1 y2^2 */
  double want[3] = {3 * y[0] * y[0], 2 * std::cos(y[1]) + y[2] * y[2],
                    2 * y[1] * y[2]};
  for (int i = 0; i < 3; ++i) {
    double q[3] = {y[0], y[1], y[2]};
    q[i] += h;
    double up = stages(q);
    q[i] -= 2 * h;
    double fdi = (up - stages(q)) / (2 * h);
    ad_check("stages reverse", dy[i], want[i], fdi);
    double v[3] = {0, 0, 0};
    v[i] = 1;
    ad_check("stages forward", __ad_fwddiff((void *)stages, ad_dup, y, v),
             want[i], fdi);
  }
  return ad_check_report();
}
