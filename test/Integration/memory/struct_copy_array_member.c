// Structs with array members copied by value (`Model c = *m;`), once
// refused at every level: clang tags an array member "omnipotent char" in
// the copy's !tbaa.struct (and -O0 copies have no tag), so the copy's bytes
// are typed from the declared IR types (the local's struct type, a GEP's).
// Also: a field the function never touches (an int between doubles), a
// pointer member whose shadow is copied with it, nested arrays of structs.
//   f1 = (b + 1 + sum w_i x_i)^2 with m = {w[3], b}: df/dw_i = 2 s x_i,
//        df/db = 2 s, df/dx_i = 2 s w_i
//   f2 = a.u * a.v * p[0] after copying {u, int k, v, p} and c.k untouched
//   f3 = sum_j sum_i g.s[j].c[i] * (j + 1) from a copy of nested arrays
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>

typedef struct {
  double w[3];
  double b;
} Model;

double f1(const Model *m, const double *x) {
  Model c = *m;
  c.b += 1.0;
  double s = c.b;
  for (int i = 0; i < 3; i++)
    s += c.w[i] * x[i];
  return s * s;
}

typedef struct {
  double u;
  int k;
  double v;
  const double *p;
} Mixed;

double f2(const Mixed *a) {
  Mixed c = *a;
  return c.u * c.v * c.p[0];
}

typedef struct {
  float tag;
  double c[2];
} Inner;
typedef struct {
  int n;
  Inner s[3];
} Outer;

double f3(const Outer *g) {
  Outer c = *g;
  double r = 0;
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 2; i++)
      r += c.s[j].c[i] * (j + 1);
  return r;
}

static Model M0 = {{1, 2, 3}, 0.5};
static double X0[3] = {0.1, 0.2, 0.3};
static double f1w(const double *w) {
  Model m = M0;
  for (int i = 0; i < 3; i++)
    m.w[i] = w[i];
  return f1(&m, X0);
}

int main(void) {
  Model m = M0, dm = {{0, 0, 0}, 0};
  double x[3] = {0.1, 0.2, 0.3}, dx[3] = {0, 0, 0};
  __ad_autodiff((void *)f1, ad_dup, &m, &dm, ad_dup, x, dx);
  double s = 1.5 + 0.1 + 0.4 + 0.9;
  ad_check("f1 dw0", dm.w[0], 2 * s * 0.1, ad_fdn(f1w, m.w, 3, 0));
  ad_check("f1 dw2", dm.w[2], 2 * s * 0.3, ad_fdn(f1w, m.w, 3, 2));
  ad_check("f1 db", dm.b, 2 * s, 2 * s);
  ad_check("f1 dx1", dx[1], 2 * s * 2, 2 * s * 2);
  Model tm = {{1, 0, 0}, 1};
  double tx[3] = {0, 0, 0};
  ad_check("f1 forward",
           __ad_fwddiff((void *)f1, ad_dup, &m, &tm, ad_dup, x, tx),
           2 * s * (0.1 + 1), 2 * s * 1.1);

  double p[1] = {2.0}, dp[1] = {0};
  Mixed a = {1.5, 7, 3.0, p}, da = {0, 0, 0, dp};
  __ad_autodiff((void *)f2, ad_dup, &a, &da);
  ad_check("f2 du", da.u, 3.0 * 2.0, 6.0);
  ad_check("f2 dv", da.v, 1.5 * 2.0, 3.0);
  ad_check("f2 dp", dp[0], 1.5 * 3.0, 4.5);

  Outer g = {3, {{0, {1, 2}}, {0, {3, 4}}, {0, {5, 6}}}}, dg;
  __builtin_memset(&dg, 0, sizeof dg);
  __ad_autodiff((void *)f3, ad_dup, &g, &dg);
  ad_check("f3 d s[0].c[1]", dg.s[0].c[1], 1, 1);
  ad_check("f3 d s[2].c[0]", dg.s[2].c[0], 3, 3);
  return ad_check_report();
}
