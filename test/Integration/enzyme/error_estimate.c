// Enzyme's __enzyme_error_estimate: forward mode carrying an estimate of
// each value's floating-point error instead of a tangent (docs/enzyme.md).
// Through an operation with a derivative rule,
//   err(r) = max(ulp(r), sum_i |dr/dx_i * err(x_i) * x_i / r|),
// ulp(r) = |r - r with its lowest bit flipped|; moves, memory, conversions
// and calls carry the estimates along. Each result is checked against the
// formula applied by hand, step by step (floating-point contraction off, so
// that the operations are the ones written), with input errors given and
// zero (then only rounding: ulps), through a loop, memory, libm calls and
// a callee that stays a call.
// RUN: %clang -O0 -ffp-contract=off %s -o %t0 -lm && %t0
// RUN: %clang -O1 -ffp-contract=off %s -o %t1 -lm && %t1
// RUN: %clang -O2 -ffp-contract=off %s -o %t2 -lm && %t2
// RUN: %clang -O3 -ffp-contract=off %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

double __enzyme_error_estimate(void *, ...);

static double ulp(double r) {
  uint64_t b;
  memcpy(&b, &r, 8);
  b ^= 1;
  double n;
  memcpy(&n, &b, 8);
  return fabs(r - n);
}

// Estimates are tiny (ulps): compared relatively, not with ad_check_eq's
// absolute floor.
static void check(const char *name, double got, double want) {
  printf("  %s: got %.17g  want %.17g\n", name, got, want);
  ad_check_exact(name, want > 0 && fabs(got - want) <= 1e-9 * want, 1);
}

double prod(double x, double y) { return x * y; }

double chain(double x) {
  double a = x * x;
  double b = sqrt(a);
  return b / 3.0;
}

// exp and a subtraction, the values kept in a local array first.
double through_memory(double x, double y) {
  double t[2];
  t[0] = exp(x);
  t[1] = y;
  return t[0] - t[1];
}

// A loop: s_{k+1} = s_k * x, then + 1 (two statements: no contraction).
double powers(double x, int n) {
  double s = 1;
  for (int k = 0; k < n; ++k) {
    s = s * x;
    s = s + 1;
  }
  return s;
}

__attribute__((noinline)) static double cube(double v) { return v * v * v; }
double calls(double x) { return cube(x) + cube(2 * x); }

int main(void) {
  double x = 1.7, y = -0.3;

  // x y: the errors add (x y / r = 1), or one ulp.
  check("prod", __enzyme_error_estimate((void *)prod, x, 1e-10, y, 2e-10),
        fmax(ulp(x * y), 3e-10));
  check("prod, exact inputs",
        __enzyme_error_estimate((void *)prod, x, 0.0, y, 0.0), ulp(x * y));

  // a = x^2: 2 err(x) x^2 / a = 2 err(x); sqrt halves it; / 3 keeps it.
  for (int k = 0; k < 2; ++k) {
    double ex = k ? 1e-8 : 0;
    double a = x * x, b = sqrt(a), c = b / 3.0;
    double ea = fmax(ulp(a), 2 * ex), eb = fmax(ulp(b), ea / 2),
           ec = fmax(ulp(c), eb);
    check(k ? "chain" : "chain, exact input",
          __enzyme_error_estimate((void *)chain, x, ex), ec);
  }

  // exp: d/dx = e^x, so err(x) x; then e - y: (e err_e + y err_y) / r.
  {
    double ex = 1e-9, ey = 4e-9, e = exp(x), r = e - y;
    double ee = fmax(ulp(e), fabs(e * ex * x / e));
    double er = fmax(ulp(r), fabs(ee * e / r) + fabs(-(ey * y / r)));
    check("through memory",
          __enzyme_error_estimate((void *)through_memory, x, ex, y, ey), er);
  }

  // The loop, 6 steps.
  {
    double ex = 2e-12, s = 1, es = 0;
    for (int k = 0; k < 6; ++k) {
      double p = s * x;
      double ep = fmax(ulp(p), fabs(x * es * s / p) + fabs(s * ex * x / p));
      double q = p + 1;
      double eq = fmax(ulp(q), fabs(ep * p / q));
      s = q;
      es = eq;
    }
    check("loop", __enzyme_error_estimate((void *)powers, x, ex, 6), es);
  }

  // A callee that stays a call: its own error propagation.
  {
    double ex = 1e-11;
    double v1 = x, e1 = ex, v2 = 2 * x;
    double e2 = fmax(ulp(v2), fabs(2 * ex * x / v2));
    double c[2], ec[2], vv[2] = {v1, v2}, ev[2] = {e1, e2};
    for (int j = 0; j < 2; ++j) {
      double v = vv[j], a = v * v;
      double ea = fmax(ulp(a), 2 * fabs(ev[j]));
      c[j] = a * v;
      ec[j] =
          fmax(ulp(c[j]), fabs(v * ea * a / c[j]) + fabs(a * ev[j] * v / c[j]));
    }
    double r = c[0] + c[1];
    double er = fmax(ulp(r), fabs(ec[0] * c[0] / r) + fabs(ec[1] * c[1] / r));
    check("callee", __enzyme_error_estimate((void *)calls, x, ex), er);
  }
  return ad_check_report();
}
