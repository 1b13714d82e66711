// Logging active values with iostreams inside differentiated code, as with
// printf: std::cout and std::cerr << double, float and long double, and a
// std::ostringstream. Output only: the derivative is the function's.
// Reverse and forward mode against analytic values and finite differences.
// RUN: %clangxx -O0 %s -o %t0 && %t0 2>/dev/null | %FileCheck %s
// RUN: %clangxx -O1 %s -o %t1 && %t1 2>/dev/null | %FileCheck %s
// RUN: %clangxx -O2 %s -o %t2 && %t2 2>/dev/null | %FileCheck %s
// RUN: %clangxx -O3 %s -o %t3 && %t3 2>/dev/null | %FileCheck %s
// CHECK: y = 2.25
// CHECK: 0 failed
#include "adcheck.h"
#include <ad.h>
#include <iostream>
#include <sstream>

static double f(double x) {
  double y = x * x;
  float yf = (float)y;
  long double yl = y;
  std::cout << "y = " << y << "\n";
  std::cerr << "y as float " << yf << ", long double " << yl << std::endl;
  std::ostringstream os;
  os << y * 2;
  return y * x + (double)os.str().size() * 0;
}

int main() {
  double x = 1.5, h = 1e-5;
  double fd = (f(x + h) - f(x - h)) / (2 * h);
  ad_check("reverse", __ad_autodiff((void *)f, x), 3 * x * x, fd);
  ad_check("forward", __ad_fwddiff((void *)f, ad_dup, x, 1.0), 3 * x * x, fd);
  return ad_check_report();
}
