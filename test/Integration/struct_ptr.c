// A struct of doubles passed by pointer (fields at constant offsets), read
// only, and written through (the overwritten field's shadow is reset).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

struct P {
  double a, b, c;
};

struct Q {
  double v[2];
  double w;
};

double energy(const struct P *p) { return p->a * p->b + p->c * p->c / p->a; }

void update(struct P *p) { p->c = p->a * sin(p->b); }

double qfun(const struct Q *q, double t) {
  return q->v[0] * t + q->v[1] * q->w * t * t;
}

static double energy_a(const double *a) {
  struct P p;
  p.a = a[0];
  p.b = a[1];
  p.c = a[2];
  return energy(&p);
}

static double qfun_a(const double *a) {
  struct Q q;
  q.v[0] = a[0];
  q.v[1] = a[1];
  q.w = a[2];
  return qfun(&q, a[3]);
}

int main(void) {
  struct P p = {1.5, -0.5, 0.8};
  struct P dp = {0, 0, 0};
  double pa[3] = {1.5, -0.5, 0.8};
  struct Q q = {{0.3, -1.2}, 2.0};
  struct Q dq = {{0, 0}, 0};
  double qa[4] = {0.3, -1.2, 2.0, 0.7};
  double t = 0.7, dt;

  __ad_autodiff((void *)energy, ad_dup, &p, &dp);
  ad_check("energy da", dp.a, p.b - p.c * p.c / (p.a * p.a),
           ad_fdn(energy_a, pa, 3, 0));
  ad_check("energy db", dp.b, p.a, ad_fdn(energy_a, pa, 3, 1));
  ad_check("energy dc", dp.c, 2 * p.c / p.a, ad_fdn(energy_a, pa, 3, 2));

  /* update: c = a sin(b); seed on c. */
  dp.a = dp.b = 0;
  dp.c = 2.0;
  __ad_autodiff((void *)update, ad_dup, &p, &dp);
  ad_check_eq("update da", dp.a, 2.0 * sin(-0.5));
  ad_check_eq("update db", dp.b, 2.0 * 1.5 * cos(-0.5));
  ad_check_eq("update dc reset", dp.c, 0.0);
  ad_check_eq("update c written", p.c, 1.5 * sin(-0.5));

  dt = __ad_autodiff((void *)qfun, ad_dup, &q, &dq, ad_opaque(t));
  ad_check("qfun dt", dt, q.v[0] + 2 * q.v[1] * q.w * t,
           ad_fdn(qfun_a, qa, 4, 3));
  ad_check("qfun dv0", dq.v[0], t, ad_fdn(qfun_a, qa, 4, 0));
  ad_check("qfun dv1", dq.v[1], q.w * t * t, ad_fdn(qfun_a, qa, 4, 1));
  ad_check("qfun dw", dq.w, q.v[1] * t * t, ad_fdn(qfun_a, qa, 4, 2));
  return ad_check_report();
}
