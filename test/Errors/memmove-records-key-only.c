// A helper that moves records {double a; int tag} with memmove but reads
// only their int key: all it sees are integer accesses, at one offset of
// each 16-byte record. The copy used to be taken for a copy of integers and
// its adjoint dropped: the gradient of the doubles it moved came out wrong
// with no error (at -O0; recursion keeps the helper out of line). Bytes the
// helper never accesses could hold anything: refused, located. (At -O1
// and above the helper is inlined into the loop that sees the doubles.)
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE
// CHECK: memmove-records-key-only.c:[[#@LINE+11]]:5: error: ADPass: in 'shift': cannot tell what the memory copied here holds: this function accesses only some of its bytes, as integers; copy it element by element
#include <ad.h>
#include <string.h>

struct R {
  double a;
  int tag;
};

__attribute__((noinline)) static void shift(struct R *r, int n) {
  if (r[0].tag > 0)
    memmove(r + 1, r, n * sizeof(struct R));
  else if (n > 3)
    shift(r, n - 1);
}

double f(const double *x) {
  struct R r[6];
  for (int i = 0; i < 4; ++i) {
    r[i].a = x[i] * x[i];
    r[i].tag = i + 1;
  }
  shift(r, 3);
  double s = 0;
  for (int i = 0; i < 4; ++i)
    s += (i + 1) * r[i].a;
  return s;
}

void grad(const double *x, double *dx) {
  __ad_autodiff((void *)f, ad_dup, x, dx);
}
