// enzyme_runtime_activity in C++, where the entry points are invokes (a
// local with a destructor is alive and Enzyme's declarations may throw):
// f = sum a_i^2 b_i; b's shadow is chosen at run time (b itself unless the
// program gets more than 5 arguments), so b is inactive: da = 2 a b, b is
// untouched, and the tangent along da is sum 2 a_i da_i b_i.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 -lm && %t3
#include <cmath>
#include <cstdio>
#include <vector>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_runtime_activity;
struct Guard {
  __attribute__((noinline)) ~Guard() { __asm__ volatile(""); }
};
double f(double *a, double *b, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * a[i] * b[i];
  return s;
}
int main(int argc, char **) {
  Guard g;
  std::vector<double> a{1, 2, 3}, da(3), b{4, 5, 6};
  double *bp = argc > 5 ? a.data() : b.data();
  __enzyme_autodiff((void *)f, enzyme_runtime_activity, enzyme_dup, a.data(),
                    da.data(), enzyme_dup, b.data(), bp, enzyme_const, 3);
  double t = __enzyme_fwddiff((void *)f, enzyme_runtime_activity, a.data(),
                              da.data(), b.data(), bp, 3);
  int ok = da[0] == 8 && da[1] == 20 && da[2] == 36 && b[0] == 4 &&
           t == 2 * 1 * 8 * 4 + 2 * 2 * 20 * 5 + 2 * 3 * 36 * 6;
  std::printf("%s %g\n", ok ? "PASS" : "FAIL", t);
  return !ok;
}
