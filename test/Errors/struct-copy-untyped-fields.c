// At -O0 a struct copy carries no layout (!tbaa.struct): its fields are
// taken from the function's own accesses at constant offsets. Here the int
// and the double are accessed but not the pointer at bytes [16, 24): what the
// copy moves there cannot be told, and the copy is refused. (From -O1 the
// layout is known and the same code is differentiated.)
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %clang -O2 -g -c %s -o /dev/null
#include <ad.h>

struct S {
  int n;
  double v;
  double *p;
};

void copy_mixed(struct S *a, const struct S *b, double k) {
  // CHECK: struct-copy-untyped-fields.c:[[@LINE+1]]:8: error: ADPass: in 'copy_mixed': cannot tell what the memory copied here holds (mixed); copy it element by element with typed loads and stores, or through a typed struct copy
  *a = *b;
  a->v *= k * a->n;
}

double g(struct S *a, struct S *da, struct S *b, struct S *db, double k) {
  return __ad_autodiff((void *)copy_mixed, ad_dup, a, da, ad_dup, b, db, k);
}
