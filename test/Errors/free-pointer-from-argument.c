// Freeing a pointer read from an ad_dup structure: the block belongs to the
// caller (as does its shadow), and the reverse sweep still needs it. Blocks
// the function allocated itself may be freed through pointers read back
// from memory; this one it did not allocate. Refused at the free.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

struct holder {
  double *data;
};

double consume(struct holder *h) {
  double r = h->data[0] * h->data[1];
  // CHECK: free-pointer-from-argument.c:[[@LINE+1]]:3: error: ADPass: in 'consume': frees differentiated memory it did not allocate
  free(h->data);
  return r;
}

double g(struct holder *h, struct holder *dh) {
  return __ad_autodiff((void *)consume, ad_dup, h, dh);
}
