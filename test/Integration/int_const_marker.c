// Integer arguments: marked ad_const or unmarked (constant by default),
// before and after the active argument, of int and long type.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f(int n, double x) { return n * x * x + (n > 2 ? x : -x); }
double g(double x, long m, int n) { return pow(x, (double)n) * (double)m; }

static int g_n;
static long g_m;
static double f_x(double x) { return f(g_n, x); }
static double g_x(double x) { return g(x, g_m, g_n); }

int main(void) {
  double x = 0.9;
  g_n = 3;
  ad_check("ad_const int, n = 3", __ad_autodiff((void *)f, ad_const, 3, x),
           6 * x + 1, ad_fd(f_x, x));
  g_n = 1;
  ad_check("unmarked int, n = 1", __ad_autodiff((void *)f, 1, x), 2 * x - 1,
           ad_fd(f_x, x));
  g_n = 4;
  g_m = -3;
  ad_check("long and int after x",
           __ad_autodiff((void *)g, ad_opaque(x), ad_const, -3L, ad_const, 4),
           -3 * 4 * x * x * x, ad_fd(g_x, x));
  ad_check("long and int after x, unmarked",
           __ad_autodiff((void *)g, x, -3L, 4), -3 * 4 * x * x * x,
           ad_fd(g_x, x));
  return ad_check_report();
}
