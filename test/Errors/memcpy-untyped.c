// memcpy between two `void *` ad_dup arguments with a length known only at
// run time, in a function that accesses neither side: nothing says what the
// bytes hold (doubles to move adjoints for, pointers to copy shadows of,
// integers to leave alone), so the copy is refused. (When the function also
// reads a double from the destination, the memory is taken to hold doubles:
// see Integration/memory/memcpy_void_ptr.c.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <string.h>

void copy_bytes(void *dst, const void *src, size_t len) {
  // CHECK: memcpy-untyped.c:[[@LINE+1]]:3: error: ADPass: in 'copy_bytes': cannot tell what the memory copied here holds (unknown); copy it element by element with typed loads and stores, or through a typed struct copy
  memcpy(dst, src, len);
}

void g(void *d, void *dd, void *s, void *ds, size_t len) {
  __ad_autodiff((void *)copy_bytes, ad_dup, d, dd, ad_dup, s, ds, len);
}
