// Forward mode of recursive functions (each gets a tangent function of its
// own): a recursive power by squaring, a divide-and-conquer product over an
// array, a recursive sum over a tree of nodes held in an ad_dup array of
// structs (child indices as ints), mutual recursion (even/odd style), and a
// recursion that writes its ad_dup argument in place on the way down.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

double rpow(double x, int n) {
  if (n == 0)
    return 1.0;
  if (n % 2)
    return x * rpow(x, n - 1);
  double h = rpow(x, n / 2);
  return h * h;
}

/* prod sin(a_i), split in halves. */
double tree_prod(const double *a, int n) {
  if (n == 1)
    return sin(a[0]);
  int h = n / 2;
  return tree_prod(a, h) * tree_prod(a + h, n - h);
}

struct TNode {
  int left, right;
  double v;
};

/* s(i) = sin(v_i) + v_i s(left) + s(right); s(-1) = 0. */
double tsum(const struct TNode *t, int i) {
  double s;
  if (i < 0)
    return 0.0;
  s = sin(t[i].v) + t[i].v * tsum(t, t[i].left);
  return s + tsum(t, t[i].right);
}

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

/* x[n-1] *= x[n-2], then the rest, then adds x[n-1] on the way back. */
double scan(double *x, int n) {
  if (n <= 1)
    return x[0];
  x[n - 1] *= x[n - 2];
  return scan(x, n - 1) + x[n - 1];
}

/* scan with its tangent, by hand. */
static double scan_t(double *x, double *dx, int n, double *dr) {
  double r, d;
  if (n <= 1) {
    *dr = dx[0];
    return x[0];
  }
  dx[n - 1] = dx[n - 1] * x[n - 2] + x[n - 1] * dx[n - 2];
  x[n - 1] *= x[n - 2];
  r = scan_t(x, dx, n - 1, &d);
  *dr = d + dx[n - 1];
  return r + x[n - 1];
}

/* ev and od: value and derivative from the bottom up. */
static void mutual_d(double x, int n, int start_even, double *v, double *d) {
  int k, is_even = (n % 2 == 0) ? start_even : !start_even;
  double val = is_even ? x : x * x, der = is_even ? 1 : 2 * x;
  for (k = 1; k <= n; ++k) {
    is_even = !is_even;
    if (is_even) {
      der = cos(val) * der;
      val = sin(val);
    } else {
      der = 0.5 * val + 0.5 * x * der;
      val = 0.5 * x * val;
    }
  }
  *v = val;
  *d = der;
}

#define TN 6
/*        0
 *      /   \
 *     1     2
 *    / \     \
 *   3   4     5    */
static const struct TNode tree0[TN] = {{1, 2, 0.5},   {3, 4, -0.7},
                                       {-1, 5, 1.1},  {-1, -1, 0.3},
                                       {-1, -1, 0.9}, {-1, -1, -0.4}};
#define PN 7
static const double P0[PN] = {0.3, 1.1, -0.6, 2.0, 0.9, -1.4, 0.5};
static const double PV[PN] = {1.0, -0.5, 0.25, 2.0, -1.5, 0.75, 0.3};

static int DEPTH;
static double TV[TN];
static double rpow_x(double x) { return rpow(x, DEPTH); }
static double ev_x(double x) { return ev(x, DEPTH); }
static double od_x(double x) { return od(x, DEPTH); }
static double prod_dir(double t) {
  double z[PN];
  for (int i = 0; i < PN; ++i)
    z[i] = P0[i] + t * PV[i];
  return tree_prod(z, PN);
}
static double tree_dir(double t) {
  struct TNode z[TN];
  memcpy(z, tree0, sizeof z);
  for (int i = 0; i < TN; ++i)
    z[i].v += t * TV[i];
  return tsum(z, 0);
}
static double scan_dir(double t) {
  double z[PN];
  for (int i = 0; i < PN; ++i)
    z[i] = P0[i] + t * PV[i];
  return scan(z, PN);
}
static double scan_row_dir(double t) {
  double z[PN];
  for (int i = 0; i < PN; ++i)
    z[i] = P0[i] + t * PV[i];
  scan(z, PN);
  return z[DEPTH];
}

int main(void) {
  char buf[96];
  double x = 1.15, e, v, d;
  int i, n;

  for (n = 0; n <= 9; n += 3) {
    DEPTH = n;
    snprintf(buf, sizeof buf, "rpow(x, %d)", n);
    ad_check(buf, __ad_fwddiff((void *)rpow, ad_dup, x, 1.0, (int)ad_opaque(n)),
             n * pow(x, n - 1), ad_fd(rpow_x, x));
  }

  {
    double a[PN], da[PN];
    memcpy(a, P0, sizeof a);
    memcpy(da, PV, sizeof da);
    e = 0;
    for (i = 0; i < PN; ++i) {
      double p = cos(P0[i]) * PV[i];
      for (int j = 0; j < PN; ++j)
        if (j != i)
          p *= sin(P0[j]);
      e += p;
    }
    ad_check("tree_prod", __ad_fwddiff((void *)tree_prod, ad_dup, a, da, PN), e,
             ad_fd(prod_dir, 0.0));
  }

  {
    struct TNode t[TN], dt[TN];
    double s[TN], g[TN];
    memcpy(t, tree0, sizeof t);
    for (i = 0; i < TN; ++i) {
      dt[i].left = dt[i].right = -99;
      dt[i].v = TV[i] = 0.5 - 0.3 * i;
    }
    /* ds(0)/dv_i: the product of the v of the ancestors reached through a
     * left edge, times (cos(v_i) + s(left_i)). */
    for (i = TN - 1; i >= 0; --i)
      s[i] = sin(t[i].v) + (t[i].left >= 0 ? t[i].v * s[t[i].left] : 0) +
             (t[i].right >= 0 ? s[t[i].right] : 0);
    g[0] = cos(t[0].v) + s[1];
    g[1] = t[0].v * (cos(t[1].v) + s[3]);
    g[2] = cos(t[2].v);
    g[3] = t[0].v * t[1].v * cos(t[3].v);
    g[4] = t[0].v * cos(t[4].v);
    g[5] = cos(t[5].v);
    e = 0;
    for (i = 0; i < TN; ++i)
      e += g[i] * TV[i];
    d = __ad_fwddiff((void *)tsum, ad_dup, t, dt, (int)ad_opaque(0));
    ad_check("tsum", d, e, ad_fd(tree_dir, 0.0));
    for (i = 0; i < TN; ++i) {
      snprintf(buf, sizeof buf, "tsum shadow [%d] untouched", i);
      ad_check_eq(
          buf, dt[i].left == -99 && dt[i].right == -99 && dt[i].v == TV[i], 1);
    }
  }

  for (n = 0; n <= 5; ++n) {
    DEPTH = n;
    mutual_d(x, n, 1, &v, &e);
    snprintf(buf, sizeof buf, "ev(x, %d)", n);
    ad_check(buf, __ad_fwddiff((void *)ev, ad_dup, x, 1.0, n), e,
             ad_fd(ev_x, x));
    mutual_d(x, n, 0, &v, &e);
    snprintf(buf, sizeof buf, "od(x, %d) along -0.5", n);
    ad_check(buf, __ad_fwddiff((void *)od, ad_dup, ad_opaque(x), -0.5, n),
             -0.5 * e, -0.5 * ad_fd(od_x, x));
  }

  {
    double a[PN], da[PN], ea[PN], eda[PN], r = -1;
    memcpy(a, P0, sizeof a);
    memcpy(da, PV, sizeof da);
    memcpy(ea, P0, sizeof ea);
    memcpy(eda, PV, sizeof eda);
    scan_t(ea, eda, PN, &e);
    d = __ad_fwddiff((void *)scan, ad_dup, a, da, PN, ad_result, &r);
    ad_check("scan (writes in place)", d, e, ad_fd(scan_dir, 0.0));
    memcpy(ea, P0, sizeof ea);
    ad_check_eq("scan ad_result", r, scan(ea, PN));
    for (i = 0; i < PN; ++i) {
      DEPTH = i;
      snprintf(buf, sizeof buf, "scan x[%d]", i);
      ad_check_eq(buf, a[i], ea[i]);
      snprintf(buf, sizeof buf, "scan dx[%d]", i);
      ad_check(buf, da[i], eda[i], ad_fd(scan_row_dir, 0.0));
    }
  }
  return ad_check_report();
}
