// Custom derivatives for functions ADPass cannot see: AD_REGISTER_REVERSE.
//
// logsumexp and softplus live in custom_derivative_lib.c, compiled separately
// (with or without the plugin). For  R fn(A1, ..., An)  the reverse derivative
// takes fn's arguments, then the seed (when R is floating point), then for
// each floating-point argument a pointer its derivative is added to and for
// each pointer argument that argument's shadow (NULL when not differentiated).
// Integer arguments get nothing.
//
//   clang-19 -O2 -c examples/custom_derivative_lib.c -o lib.o
//   build/bin/ad-clang -O2 examples/custom_derivative.c lib.o -o custom
//   ./custom
#include <ad.h>
#include <math.h>
#include <stdio.h>

double logsumexp(const double *x, int n); /* no body here */
double softplus(double x);

/* d logsumexp / dx_i = exp(x_i - logsumexp(x)). */
static void logsumexp_rev(const double *x, int n, double seed, double *dx) {
  if (!dx)
    return;
  double l = logsumexp(x, n);
  for (int i = 0; i < n; i++)
    dx[i] += seed * exp(x[i] - l);
}
AD_REGISTER_REVERSE(logsumexp, logsumexp_rev);

/* d softplus / dx = 1 / (1 + exp(-x)). */
static void softplus_rev(double x, double seed, double *dx) {
  *dx += seed / (1 + exp(-x));
}
AD_REGISTER_REVERSE(softplus, softplus_rev);

double f(const double *x, int n, double t) {
  return logsumexp(x, n) * t + softplus(t * x[0]);
}

static int check(const char *what, double ad, double fd) {
  int bad = !(fabs(ad - fd) <= 1e-6 * (1 + fabs(fd)));
  printf("%-8s AD % .10f   FD % .10f%s\n", what, ad, fd,
         bad ? "   MISMATCH" : "");
  return bad;
}

int main(void) {
  enum { N = 4 };
  double x[N] = {0.5, -1.0, 2.0, 0.25}, dx[N] = {0}, t = 0.7;
  double dt = __ad_autodiff((void *)f, x, dx, N, t);

  double h = 1e-6;
  int bad = check("df/dt", dt, (f(x, N, t + h) - f(x, N, t - h)) / (2 * h));
  for (int i = 0; i < N; i++) {
    double save = x[i];
    x[i] = save + h;
    double fp = f(x, N, t);
    x[i] = save - h;
    double fm = f(x, N, t);
    x[i] = save;
    char name[16];
    snprintf(name, sizeof name, "df/dx%d", i);
    bad |= check(name, dx[i], (fp - fm) / (2 * h));
  }
  printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
