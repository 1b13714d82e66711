// A struct with a pointer member (struct Vec {int n; double *data; double
// scale;}). The shadow struct's `data` member points to the shadow data; its
// `n` is not used. Reads through the member, a loop-free function, and
// y->data[i] += a x->data[i] x->scale through two structs.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define N 4

struct Vec {
  int n;
  double *data;
  double scale;
};

double norm2(const struct Vec *v) {
  double s = 0;
  for (int i = 0; i < v->n; ++i)
    s += v->data[i] * v->data[i];
  return s * v->scale;
}

double first(const struct Vec *v) {
  return v->data[0] * v->scale + sin(v->data[1]);
}

/* y += a * scale_x * x (in y's data). */
void axpy(struct Vec *y, const struct Vec *x, double a) {
  for (int i = 0; i < y->n; ++i)
    y->data[i] += a * x->data[i] * x->scale;
}

/* Flat view: data[0..N-1], scale. */
static double norm2_a(const double *a) {
  double d[N];
  struct Vec v = {N, d, a[N]};
  for (int i = 0; i < N; ++i)
    d[i] = a[i];
  return norm2(&v);
}
static double first_a(const double *a) {
  double d[N];
  struct Vec v = {N, d, a[N]};
  for (int i = 0; i < N; ++i)
    d[i] = a[i];
  return first(&v);
}
static const double wt[N] = {0.5, -1.0, 2.0, 1.25};
/* Flat view: x data[0..N-1], x scale, a, y data[0..N-1]; result wt . y. */
static double axpy_a(const double *a) {
  double xd[N], yd[N], r = 0;
  struct Vec x = {N, xd, a[N]}, y = {N, yd, 0.0};
  for (int i = 0; i < N; ++i) {
    xd[i] = a[i];
    yd[i] = a[N + 2 + i];
  }
  axpy(&y, &x, a[N + 1]);
  for (int i = 0; i < N; ++i)
    r += wt[i] * yd[i];
  return r;
}

int main(void) {
  double *xd = malloc(N * sizeof(double)), *dxd = calloc(N, sizeof(double));
  double *yd = malloc(N * sizeof(double)), *dyd = calloc(N, sizeof(double));
  struct Vec x = {N, xd, 1.5}, dx = {-1, dxd, 0.0};
  struct Vec y = {N, yd, 0.0}, dy = {-1, dyd, 0.0};
  double a[2 * N + 2], da;
  char buf[96];
  int i;

  for (i = 0; i < N; ++i)
    a[i] = xd[i] = 0.3 + 0.4 * i - 0.1 * i * i;
  a[N] = x.scale;

  __ad_autodiff((void *)norm2, ad_dup, &x, &dx);
  for (i = 0; i < N; ++i) {
    snprintf(buf, sizeof buf, "norm2 ddata[%d]", i);
    ad_check(buf, dxd[i], 2 * xd[i] * x.scale, ad_fdn(norm2_a, a, N + 1, i));
  }
  {
    double s = 0;
    for (i = 0; i < N; ++i)
      s += xd[i] * xd[i];
    ad_check("norm2 dscale", dx.scale, s, ad_fdn(norm2_a, a, N + 1, N));
  }
  ad_check_eq("norm2 shadow pointer kept", dx.data == dxd, 1.0);

  for (i = 0; i < N; ++i)
    dxd[i] = 0;
  dx.scale = 0;
  __ad_autodiff((void *)first, ad_dup, &x, &dx);
  ad_check("first ddata[0]", dxd[0], x.scale, ad_fdn(first_a, a, N + 1, 0));
  ad_check("first ddata[1]", dxd[1], cos(xd[1]), ad_fdn(first_a, a, N + 1, 1));
  ad_check_eq("first ddata[2]", dxd[2], 0.0);
  ad_check("first dscale", dx.scale, xd[0], ad_fdn(first_a, a, N + 1, N));

  for (i = 0; i < N; ++i) {
    dxd[i] = 0;
    a[N + 2 + i] = yd[i] = cos(i + 0.5);
    dyd[i] = wt[i];
  }
  dx.scale = 0;
  a[N + 1] = -0.8;
  da = __ad_autodiff((void *)axpy, ad_dup, &y, &dy, ad_dup, &x, &dx,
                     ad_opaque(a[N + 1]));
  {
    double ea = 0, es = 0;
    for (i = 0; i < N; ++i) {
      snprintf(buf, sizeof buf, "axpy y[%d] written", i);
      ad_check_eq(buf, yd[i], a[N + 2 + i] + a[N + 1] * xd[i] * x.scale);
      snprintf(buf, sizeof buf, "axpy dx[%d]", i);
      ad_check(buf, dxd[i], wt[i] * a[N + 1] * x.scale,
               ad_fdn(axpy_a, a, 2 * N + 2, i));
      snprintf(buf, sizeof buf, "axpy dy[%d]", i);
      ad_check(buf, dyd[i], wt[i], ad_fdn(axpy_a, a, 2 * N + 2, N + 2 + i));
      ea += wt[i] * xd[i] * x.scale;
      es += wt[i] * a[N + 1] * xd[i];
    }
    ad_check("axpy da", da, ea, ad_fdn(axpy_a, a, 2 * N + 2, N + 1));
    ad_check("axpy dscale", dx.scale, es, ad_fdn(axpy_a, a, 2 * N + 2, N));
  }

  free(xd);
  free(dxd);
  free(yd);
  free(dyd);
  return ad_check_report();
}
