// Struct assignment `*a = *b` of struct S {int n; double v; double *p;} in a
// function that then only touches the double field: a->v *= k. The seed is
// on da->v: dk = seed b->v, db->v += seed k, da->v reset; the int fields of
// the shadows are left alone and da->p receives db->p (the shadow of the
// copied pointer), db->p itself unchanged. From -O1 the copy carries the
// struct layout (!tbaa.struct); at -O0 it has none and such a copy is
// refused (Errors/struct-copy-one-field.c).
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "adcheck.h"
#include <ad.h>
#include <math.h>

struct S {
  int n;
  double v;
  double *p;
};

void copy_scale(struct S *a, const struct S *b, double k) {
  *a = *b;
  a->v *= k;
}

static double bv;
static double copy_scale_k(double k) {
  double p[1];
  struct S a, b = {3, bv, p};
  copy_scale(&a, &b, k);
  return 2.0 * a.v;
}
static double copy_scale_v(double v) {
  double p[1];
  struct S a, b = {3, v, p};
  copy_scale(&a, &b, -0.75);
  return 2.0 * a.v;
}

int main(void) {
  double p[2] = {0.6, -0.4}, dp[2] = {0, 0}, dq[2] = {0, 0};
  struct S a = {0, 0, 0}, da = {-1, 2.0, dq}, b = {3, 1.25, p},
           db = {-2, 0.5, dp};
  double k = -0.75, dk;

  bv = b.v;
  dk = __ad_autodiff((void *)copy_scale, ad_dup, &a, &da, ad_dup, &b, &db,
                     ad_opaque(k));
  ad_check_eq("a.v", a.v, 1.25 * k);
  ad_check_eq("a.n", a.n, 3);
  ad_check_eq("a.p", a.p == p, 1.0);
  ad_check("dk", dk, 2.0 * 1.25, ad_fd(copy_scale_k, k));
  ad_check("db.v", db.v, 0.5 + 2.0 * k, 0.5 + ad_fd(copy_scale_v, b.v));
  ad_check_eq("da.v reset", da.v, 0.0);
  ad_check_eq("da.p is db.p", da.p == dp, 1.0);
  ad_check_eq("db.p kept", db.p == dp, 1.0);
  ad_check_eq("shadow ints untouched", da.n == -1 && db.n == -2, 1.0);
  ad_check_eq("dp untouched", dp[0] == 0 && dp[1] == 0, 1.0);
  return ad_check_report();
}
