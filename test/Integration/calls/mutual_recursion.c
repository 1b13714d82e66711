// Mutual recursion (even/odd style): ev(x, n) = n == 0 ? x : sin(od(x, n-1))
// and od(x, n) = n == 0 ? x^2 : 0.5 x ev(x, n-1). Neither can be inlined into
// the other completely; each gradient calls the other's.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double od(double x, int n);

double ev(double x, int n) {
  if (n == 0)
    return x;
  return sin(od(x, n - 1));
}

double od(double x, int n) {
  if (n == 0)
    return x * x;
  return 0.5 * x * ev(x, n - 1);
}

/* Value and derivative by forward mode, from the bottom up. */
static void mutual_d(double x, int n, int start_even, double *v, double *d) {
  /* Which function runs at depth k: alternating from the top. */
  int k, even_at_bottom = (n % 2 == 0) ? start_even : !start_even;
  double val = even_at_bottom ? x : x * x, der = even_at_bottom ? 1 : 2 * x;
  int is_even = even_at_bottom;
  for (k = 1; k <= n; ++k) {
    is_even = !is_even;
    if (is_even) { /* ev: sin(od) */
      der = cos(val) * der;
      val = sin(val);
    } else { /* od: 0.5 x ev */
      der = 0.5 * val + 0.5 * x * der;
      val = 0.5 * x * val;
    }
  }
  *v = val;
  *d = der;
}

static int depth;
static double ev_x(double x) { return ev(x, depth); }
static double od_x(double x) { return od(x, depth); }

int main(void) {
  char buf[96];
  int n;
  for (n = 0; n <= 6; ++n) {
    double x = 0.9, v, e, d;
    depth = n;
    d = __ad_autodiff((void *)ev, ad_opaque(x), (int)ad_opaque(n));
    mutual_d(x, n, 1, &v, &e);
    snprintf(buf, sizeof buf, "ev value (%d)", n);
    ad_check_eq(buf, ev(x, n), v);
    snprintf(buf, sizeof buf, "ev(x, %d) dx", n);
    ad_check(buf, d, e, ad_fd(ev_x, x));

    d = __ad_autodiff((void *)od, ad_opaque(x), (int)ad_opaque(n));
    mutual_d(x, n, 0, &v, &e);
    snprintf(buf, sizeof buf, "od value (%d)", n);
    ad_check_eq(buf, od(x, n), v);
    snprintf(buf, sizeof buf, "od(x, %d) dx", n);
    ad_check(buf, d, e, ad_fd(od_x, x));
  }
  return ad_check_report();
}
