// A struct {float, int} passed or returned by value is coerced by the
// x86-64 ABI to one i64: the float travels as integer bits, which carry no
// derivative. Its derivative was dropped silently (a zero gradient) when
// the callee stays a call (recursion); now a located error at the call or
// the return, at every level (-O0: loaded from the struct as an i64, or as
// an i32 from the input after SROA; -O2: an i32 load with float TBAA).
// A {double, int} (passed as a double and an i32) and a {float, float}
// (a <2 x float>) compile (test/Integration/calls/struct_by_value_recursive.c).
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c -DRETURN %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=RET --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c -DRETURN %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=RET --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

typedef struct {
  float val;
  int flag;
} tagged;

#ifndef RETURN
static float rec(tagged t, int depth) {
  if (depth == 0)
    return t.flag ? t.val * t.val : t.val;
  tagged u = {t.val * 0.5f, t.flag};
  return 0.1f * t.val + rec(u, depth - 1);
}

static float f(const float *p, int depth) {
  tagged t = {p[0], 1};
  // CHECK: packed-float-argument.c:[[@LINE+1]]:10: error: ADPass: in 'f': 'rec' receives floating-point values packed in integer argument 1 (a small struct of floats and integers passed by value, coerced so by the ABI); their derivative would be lost; pass the struct by pointer or reference
  return rec(t, depth);
}

void grad(const float *p, float *dp, int depth) {
  __ad_autodiff_f((void *)f, ad_dup, p, dp, depth);
}
#else
static tagged make(const float *p, int depth) {
  if (depth == 0) {
    tagged t = {p[0] * p[0], 1};
    return t;
  }
  tagged u = make(p, depth - 1);
  u.val *= 0.5f;
  // (the returns merged at the closing brace)
  // RET: packed-float-argument.c:[[@LINE+2]]:1: error: ADPass: in 'make': the result packs floating-point values in an integer (a small struct of floats and integers returned by value, coerced so by the ABI); their derivative would be lost; return the struct through a pointer
  return u;
}

static float g(const float *p, int depth) { return make(p, depth).val * p[1]; }

void grad(const float *p, float *dp, int depth) {
  __ad_autodiff_f((void *)g, ad_dup, p, dp, depth);
}
#endif
