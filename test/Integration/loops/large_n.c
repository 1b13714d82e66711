// Large trip counts, to exercise tape sizing and growth: 100000 iterations
// of a taped in-place recurrence (trip count known at the preheader), a
// sentinel-terminated while loop of 100000 iterations (unknown trip count:
// the tape grows), and a 1000 x 100 nest. A few entries of each gradient are
// compared with a hand-written adjoint and with finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BIG 100000

/* x[i] = sin(x[i-1]) * x[i] + 0.5: needs the old x[i] and x[i-1] values. */
void sin_chain(double *x, int n) {
  for (int i = 1; i < n; ++i)
    x[i] = sin(x[i - 1]) * x[i] + 0.5;
}

/* Runs until the negative sentinel in c. */
double walk(double x, const double *c) {
  double s = 0;
  int i = 0;
  while (c[i] >= 0) {
    x = 0.5 * x + sin(x) * c[i] + 0.1;
    s += x * c[i];
    ++i;
  }
  return s + x;
}

double nest(const double *x, int m, int n) {
  double s = 0;
  for (int i = 0; i < m; ++i) {
    double t = 1.0;
    for (int j = 0; j < n; ++j)
      t = t * 0.99 + sin(x[j] * t) * 0.01;
    s += t * x[i % n];
  }
  return s;
}

static double *g_w;
static double chain_w(const double *x0) {
  static double *x;
  double s = 0;
  int i;
  if (!x)
    x = malloc(BIG * sizeof *x);
  memcpy(x, x0, BIG * sizeof *x);
  sin_chain(x, BIG);
  for (i = 0; i < BIG; ++i)
    s += g_w[i] * x[i];
  return s;
}

static double *g_c;
static double walk_x(double x) { return walk(x, g_c); }
static double walk_c(const double *c) { return walk(0.3, c); }
static double nest_x(const double *x) { return nest(x, 1000, 100); }

int main(void) {
  double *x0 = malloc(BIG * sizeof *x0), *x = malloc(BIG * sizeof *x);
  double *dx = malloc(BIG * sizeof *dx), *ref = malloc(BIG * sizeof *ref);
  double *a = malloc(BIG * sizeof *a), *c = malloc((BIG + 1) * sizeof *c);
  double *dc = calloc(BIG + 1, sizeof *dc), *xs = malloc(BIG * sizeof *xs);
  double *dn = calloc(100, sizeof *dn), *e = malloc(BIG * sizeof *e);
  int probe[6] = {0, 1, 2, 777, BIG - 2, BIG - 1};
  int i, k;
  char name[64];

  g_w = malloc(BIG * sizeof *g_w);
  for (i = 0; i < BIG; ++i) {
    x0[i] = 0.5 + 0.4 * sin(0.37 * i);
    g_w[i] = 1.0 + 0.5 * cos(0.11 * i);
  }

  /* Reference adjoint of sin_chain, with the forward values kept. */
  memcpy(ref, x0, BIG * sizeof *ref);
  sin_chain(ref, BIG); /* ref[i] = new x[i]; x0[i] = old x[i] */
  memcpy(a, g_w, BIG * sizeof *a);
  for (i = BIG - 1; i >= 1; --i) {
    /* new x[i] = sin(new x[i-1]) * old x[i] + 0.5 */
    double g = a[i];
    a[i - 1] += g * cos(ref[i - 1]) * x0[i];
    a[i] = g * sin(ref[i - 1]);
  }

  memcpy(x, x0, BIG * sizeof *x);
  memcpy(dx, g_w, BIG * sizeof *dx);
  __ad_autodiff((void *)sin_chain, ad_dup, x, dx, BIG);
  for (k = 0; k < 6; ++k) {
    i = probe[k];
    snprintf(name, sizeof name, "sin_chain dx[%d]", i);
    ad_check(name, dx[i], a[i], lfd(chain_w, x0, i));
    snprintf(name, sizeof name, "sin_chain x[%d] written", i);
    ad_check_eq(name, x[i], ref[i]);
  }
  for (i = 0, k = 0; i < BIG; ++i)
    k += !ad_close(dx[i], a[i], ADCHECK_RTOL_DOUBLE, ADCHECK_FLOOR_DOUBLE);
  ad_check_eq("sin_chain: entries differing from the adjoint", k, 0);

  /* walk: 100000 iterations, c ad_dup. */
  g_c = c;
  for (i = 0; i < BIG; ++i)
    c[i] = 0.5 + 0.3 * cos(0.013 * i);
  c[BIG] = -1.0;
  {
    double xv = 0.3, t = 1.0, ts = 0.0, dxv;
    for (i = 0; i < BIG; ++i) {
      xs[i] = xv;
      t *= 0.5 + cos(xv) * c[i];
      ts += t * c[i];
      xv = 0.5 * xv + sin(xv) * c[i] + 0.1;
    }
    t += ts;
    /* Reverse for dc: b is the adjoint of x after step i. */
    {
      double b = 1.0, xn;
      for (i = BIG - 1; i >= 0; --i) {
        xn = i + 1 < BIG ? xs[i + 1] : xv;
        b += c[i];
        e[i] = xn + b * sin(xs[i]);
        b *= 0.5 + cos(xs[i]) * c[i];
      }
    }
    dxv = __ad_autodiff((void *)walk, 0.3, ad_dup, c, dc);
    ad_check("walk dx", dxv, t, ad_fd(walk_x, 0.3));
    for (k = 0; k < 6; ++k) {
      i = probe[k];
      snprintf(name, sizeof name, "walk dc[%d]", i);
      ad_check(name, dc[i], e[i], lfd(walk_c, c, i));
    }
    ad_check_eq("walk dc[BIG] (sentinel)", dc[BIG], 0.0);
  }

  /* 1000 x 100 nest, a fresh t per outer iteration. */
  {
    double xn[100], en[100] = {0};
    for (i = 0; i < 100; ++i)
      xn[i] = 0.2 + 0.01 * i;
    /* Reference: reverse of each outer iteration. */
    for (k = 0; k < 1000; ++k) {
      double ts[101], b;
      int j;
      ts[0] = 1.0;
      for (j = 0; j < 100; ++j)
        ts[j + 1] = ts[j] * 0.99 + sin(xn[j] * ts[j]) * 0.01;
      en[k % 100] += ts[100];
      b = xn[k % 100];
      for (j = 99; j >= 0; --j) {
        double cs = cos(xn[j] * ts[j]) * 0.01;
        en[j] += b * cs * ts[j];
        b = b * (0.99 + cs * xn[j]);
      }
    }
    __ad_autodiff((void *)nest, ad_dup, xn, dn, 1000, (int)ad_opaque(100));
    for (i = 0; i < 100; i += 33) {
      snprintf(name, sizeof name, "nest dx[%d]", i);
      ad_check(name, dn[i], en[i], lfd(nest_x, xn, i));
    }
    for (i = 0, k = 0; i < 100; ++i)
      k += !ad_close(dn[i], en[i], ADCHECK_RTOL_DOUBLE, ADCHECK_FLOOR_DOUBLE);
    ad_check_eq("nest: entries differing from the adjoint", k, 0);
  }
  free(x0);
  free(x);
  free(dx);
  free(ref);
  free(a);
  free(c);
  free(dc);
  free(xs);
  free(dn);
  free(e);
  free(g_w);
  return ad_check_report();
}
