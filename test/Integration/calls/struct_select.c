// A `?:` choosing between two structs of doubles returned in registers (a
// select of {double, double} from -O1 on): the adjoint goes back to the
// struct chosen. It was refused in reverse mode ("cannot differentiate
// 'select'"). In a loop too, where the condition is taped.
//   order(u, v) = (min, max); f = max - min/2 of (x0, x1), plus, for i >= 2,
//   q = order(x_i, x_{i-1}) scaled: (q.a x_i, q.b) for odd i, else
//   (q.b, q.a x_i^2); f += q.a q.b
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>

typedef struct {
  double a, b;
} P;

static P mk(double a, double b) {
  P p = {a, b};
  return p;
}
static P order(double u, double v) { return u < v ? mk(u, v) : mk(v, u); }
static P scaled(P p, double s, int k) {
  return k & 1 ? mk(p.a * s, p.b) : mk(p.b, p.a * s * s);
}

enum { N = 7 };

static double f(const double *x) {
  P p = order(x[0], x[1]);
  double s = p.b - 0.5 * p.a;
  for (int i = 2; i < N; i++) {
    P q = scaled(order(x[i], x[i - 1]), x[i], i);
    s += q.a * q.b;
  }
  return s;
}

// The same, written with branches.
static double want_grad(const double *x, double *g) {
  for (int i = 0; i < N; i++)
    g[i] = 0;
  int lo = x[0] < x[1] ? 0 : 1;
  g[lo] += -0.5;
  g[1 - lo] += 1;
  for (int i = 2; i < N; i++) {
    int l = x[i] < x[i - 1] ? i : i - 1, h = l == i ? i - 1 : i;
    double a = x[l], b = x[h], s = x[i];
    if (i & 1) { // a s b: d/da = s b, d/db = a s, d/ds = a b
      g[l] += s * b;
      g[h] += a * s;
      g[i] += a * b;
    } else { // b a s^2
      g[h] += a * s * s;
      g[l] += b * s * s;
      g[i] += 2 * b * a * s;
    }
  }
  return 0;
}

int main(void) {
  double x[N] = {1.5, 0.75, 2.0, 2.5, 0.5, 1.25, 1.75};
  double dx[N] = {0}, w[N];
  __ad_autodiff((void *)f, ad_dup, x, dx);
  want_grad(x, w);
  for (int i = 0; i < N; i++)
    ad_check("reverse", dx[i], w[i], ad_fdn(f, x, N, i));
  for (int i = 0; i < N; i++) {
    double t[N] = {0};
    t[i] = 1;
    ad_check("forward", __ad_fwddiff((void *)f, ad_dup, x, t), w[i], w[i]);
  }
  return ad_check_report();
}
