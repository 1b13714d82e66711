// Struct assignment `*a = *b` of struct S {int n; double v; double *p;},
// which clang emits as a memcpy (with !tbaa.struct from -O1; at -O0 the
// fields are known from the accesses to all three). Field by field: the
// double's adjoint moves from da->v to db->v, the int is not differentiated,
// and the pointer's shadow is copied in the forward sweep (da->p becomes
// db->p, the shadow of b->p), so reads through a->p after the copy reach b's
// shadow data. struct_copy_partial.c copies a struct whose int and pointer
// fields the function does not access.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
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

/* v p[0] n + sin(p[1]), all read from the copy. */
double copy_use(struct S *a, const struct S *b) {
  *a = *b;
  return a->v * a->p[0] * a->n + sin(a->p[1]);
}

/* Flat view: v, p[0], p[1]. */
static double copy_use_a(const double *x) {
  double p[2] = {x[1], x[2]};
  struct S a, b = {3, x[0], p};
  return copy_use(&a, &b);
}

int main(void) {
  double p[2] = {0.6, -0.4}, dp[2] = {0, 0}, dq[2] = {0, 0};
  double x[3] = {1.25, 0.6, -0.4};
  struct S a = {0, 0, 0}, da = {-1, 0, dq}, b = {3, 1.25, p}, db = {-2, 0, dp};

  __ad_autodiff((void *)copy_use, ad_dup, &a, &da, ad_dup, &b, &db);
  ad_check_eq("copy_use a.n", a.n, 3);
  ad_check_eq("copy_use a.v", a.v, 1.25);
  ad_check_eq("copy_use a.p", a.p == p, 1.0);
  ad_check_eq("copy_use da.p is db.p", da.p == dp, 1.0);
  ad_check("copy_use dv", db.v, p[0] * 3, ad_fdn(copy_use_a, x, 3, 0));
  ad_check("copy_use dp[0]", dp[0], 1.25 * 3, ad_fdn(copy_use_a, x, 3, 1));
  ad_check("copy_use dp[1]", dp[1], cos(p[1]), ad_fdn(copy_use_a, x, 3, 2));
  ad_check_eq("copy_use da.v", da.v, 0.0);
  ad_check_eq("copy_use shadow ints untouched", da.n == -1 && db.n == -2, 1.0);
  ad_check_eq("copy_use dq untouched", dq[0] == 0 && dq[1] == 0, 1.0);
  ad_check_eq("copy_use db.p kept", db.p == dp, 1.0);

  return ad_check_report();
}
