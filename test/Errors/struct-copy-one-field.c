
// Regression: this copy was once reversed as an array of doubles (the only
// type the function's accesses show), corrupting the int and pointer fields'
// shadows.
//
// At -O0 a struct copy carries no layout (!tbaa.struct): its fields are
// taken from the function's own accesses, which here cover only the double
// at [8, 16) of struct {int n; double v; double *p;}. What the other bytes
// hold cannot be told, and the copy is refused. (From -O1 the layout is
// known: see Integration/memory/struct_copy_partial.c.)
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

struct S {
  int n;
  double v;
  double *p;
};

void copy_scale(struct S *a, const struct S *b, double k) {
  // CHECK: struct-copy-one-field.c:[[@LINE+1]]:8: error: ADPass: in 'copy_scale': cannot tell what the memory copied here holds
  *a = *b;
  a->v *= k;
}

double g(struct S *a, struct S *da, struct S *b, struct S *db, double k) {
  return __ad_autodiff((void *)copy_scale, ad_dup, a, da, ad_dup, b, db, k);
}
