// Recursive functions inside differentiated code.
//
// Helpers are normally inlined into the function being differentiated; a
// recursive one cannot be, so it gets a derivative of its own. One that
// writes no memory (and reads none its caller writes) gets a gradient called
// from the reverse sweep, which re-runs its primal; any other is split: an
// augmented forward that keeps a tape, and a reverse that uses it
// (docs/calls.md).
//
//   build/bin/ad-clang -O2 examples/recursion.c -o recursion && ./recursion
#include <ad.h>
#include <math.h>
#include <stdio.h>

/* Pairwise product of sin(a[i]), divide and conquer. */
double tree_prod(const double *a, int n) {
  if (n == 1)
    return sin(a[0]);
  int h = n / 2;
  return tree_prod(a, h) * tree_prod(a + h, n - h);
}

/* Horner's rule, recursively: c[0] + x (c[1] + x (c[2] + ...)). */
double horner(const double *c, int n, double x) {
  return n == 1 ? c[0] : c[0] + x * horner(c + 1, n - 1, x);
}

double f(const double *a, int n, double x) {
  return tree_prod(a, n) + horner(a, n, x) * x;
}

static int check(const char *what, double ad, double fd) {
  int bad = !(fabs(ad - fd) <= 1e-6 * (1 + fabs(fd)));
  printf("%-8s AD % .10f   FD % .10f%s\n", what, ad, fd,
         bad ? "   MISMATCH" : "");
  return bad;
}

int main(void) {
  enum { N = 5 };
  double a[N] = {0.4, 1.1, 0.9, 1.3, 0.7}, da[N] = {0}, x = 0.8;
  double dx = __ad_autodiff((void *)f, a, da, N, x);

  double h = 1e-6;
  int bad = check("df/dx", dx, (f(a, N, x + h) - f(a, N, x - h)) / (2 * h));
  for (int i = 0; i < N; i++) {
    double save = a[i];
    a[i] = save + h;
    double fp = f(a, N, x);
    a[i] = save - h;
    double fm = f(a, N, x);
    a[i] = save;
    char name[16];
    snprintf(name, sizeof name, "df/da%d", i);
    bad |= check(name, da[i], (fp - fm) / (2 * h));
  }
  printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
