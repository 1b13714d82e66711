// Enzyme's API beyond __enzyme_autodiff / __enzyme_fwddiff and its four
// markers is refused where it is used, never ignored (ignoring a registered
// gradient would silently change the result): an Enzyme entry point ADPass
// does not support, a registration global it cannot honor, an unknown
// marker.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
extern int enzyme_width;
extern int enzyme_nofree;
double __enzyme_autodiff(void *, ...);
void *__enzyme_virtualreverse(double);
double __enzyme_truncate_mem_func(void *, ...);

// CHECK-DAG: enzyme-unknown-api.c:[[@LINE+1]]:8: error: ADPass: Enzyme's '__enzyme_allocation_like_square' is not supported by ADPass: what it registers would be ignored (see docs/enzyme.md for what ADPass accepts)
double square(double x) { return x * x; }
void *__enzyme_allocation_like_square[4] = {(void *)square, (void *)-1,
                                            (void *)"-1", (void *)square};

double g(double x) { return __enzyme_autodiff((void *)square, x); }

double h(double x) {
  // CHECK-DAG: enzyme-unknown-api.c:[[@LINE+1]]:10: error: ADPass: __enzyme_autodiff: unknown marker 'enzyme_nofree'; ADPass knows ad_dup, ad_dupnoneed, ad_dupv, ad_const, ad_out, ad_workspace, ad_tape_budget, ad_width, ad_result, ad_seed, ad_runtime_activity (and Enzyme's enzyme_dup, enzyme_dupnoneed, enzyme_dupv, enzyme_const, enzyme_out, enzyme_width, enzyme_runtime_activity)
  return __enzyme_autodiff((void *)square, enzyme_nofree, x);
}

double k(double x) {
  // CHECK-DAG: enzyme-unknown-api.c:[[@LINE+1]]:10: error: ADPass: '__enzyme_truncate_mem_func' is an Enzyme entry point ADPass does not support (see docs/enzyme.md)
  return __enzyme_truncate_mem_func((void *)square, x, 0.0);
}

// Enzyme's shadow of a function pointer is the pointer in ADPass.
void *v(double x) {
  // CHECK-DAG: enzyme-unknown-api.c:[[@LINE+1]]:10: error: ADPass: __enzyme_virtualreverse takes a function pointer and returns a pointer
  return __enzyme_virtualreverse(x);
}

// The derivative-level counter takes (value, increment) of its own type.
int __enzyme_iter(int);
int level(void) {
  // CHECK-DAG: enzyme-unknown-api.c:[[@LINE+1]]:10: error: ADPass: __enzyme_iter takes two numbers of its result's type: (value, increment per derivative level)
  return __enzyme_iter(3);
}
