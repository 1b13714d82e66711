// memcpy between two `void *` ad_dup arguments with a length known only at
// run time, in a function that then reads doubles from the destination: the
// typed reads say the memory holds doubles, so the whole copy is reversed as
// an array of doubles (the destination's adjoints move to the source). Right
// for buffers of doubles, which is what is passed here. (A function that
// only copies is refused: see Errors/memcpy-untyped.c.)
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 4

/* dst = src (len bytes); dst[0] sin(dst[1]) + dst[3]. */
double copy_read(void *dst, const void *src, size_t len) {
  const double *d;
  memcpy(dst, src, len);
  d = (const double *)dst;
  return d[0] * sin(d[1]) + d[3];
}

static double copy_read_w(const double *s) {
  double d[N];
  return copy_read(d, s, sizeof d);
}

int main(void) {
  double s[N] = {1.5, 0.25, -2.0, 0.75}, d[N], ds[N] = {0, 0, 0, 0};
  double dd[N] = {9, 9, 9, 9}; /* a seed on dst: overwritten by the copy */
  double e[N] = {sin(0.25), 1.5 * cos(0.25), 0.0, 1.0};
  char buf[64];
  int i;
  __ad_autodiff((void *)copy_read, ad_dup, (void *)d, (void *)dd, ad_dup,
                (void *)s, (void *)ds, (size_t)ad_opaque(sizeof s));
  for (i = 0; i < N; ++i) {
    snprintf(buf, sizeof buf, "d[%d] written", i);
    ad_check_eq(buf, d[i], s[i]);
    snprintf(buf, sizeof buf, "ds[%d]", i);
    ad_check(buf, ds[i], e[i] + 9, ad_fdn(copy_read_w, s, N, i) + 9);
    snprintf(buf, sizeof buf, "dd[%d] reset", i);
    ad_check_eq(buf, dd[i], 0.0);
  }
  return ad_check_report();
}
