// Enzyme's derivative-level counter: __enzyme_iter(a, b) is a in the primal
// and a + k*b inside a k-times nested derivative. f scales its value by
// (1 + level), so f(x) = x^2, its gradient (level 1) is 2 * 2x = 4x and
// the forward derivative of that gradient (level 2) is 2 * 3 = 6; a
// floating-point counter, spelled through a cast, counts the same way.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <math.h>
#include <stdio.h>
extern int __enzyme_iter(int, int);
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const, enzyme_out;

/* k = number of derivative levels around this evaluation. */
double f(double x) {
  int k = __enzyme_iter(0, 1);
  return x * x * (1 + k);
}
double g(double x) { return __enzyme_autodiff((void *)f, x); }
double h(double x) { return __enzyme_fwddiff((void *)g, x, 1.0); }
typedef double (*diter)(double, double);
double fd(double x) { return ((diter)__enzyme_iter)(1.5, 0.25) * x; }

int main() {
  double x = 1.25;
  double p = f(x), d = g(x), d2 = h(x);
  double q = __enzyme_autodiff((void *)fd, x);
  printf("%g %g %g %g\n", p, d, d2, q);
  int ok = fabs(p - x * x) < 1e-12 && fabs(d - 4 * x) < 1e-12 &&
           fabs(d2 - 6) < 1e-12 && fabs(q - 1.75) < 1e-12 && fd(2) == 3.0;
  puts(ok ? "PASS" : "FAIL");
  return !ok;
}
