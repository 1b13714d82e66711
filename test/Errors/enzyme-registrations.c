// Enzyme registrations ADPass cannot honor as written are refused where
// they are, naming what is wrong: a custom gradient with the wrong
// arguments for Enzyme's convention, a forward derivative that does not
// return the result with its tangent, a function-like function naming no
// known math function, a split forward derivative, a return marker where it
// has no meaning.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
extern int enzyme_dup_return;
double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double sq(double x) { return x * x; }
double sq_aug(double x) { return x * x; }
// CHECK-DAG: enzyme-registrations.c:[[@LINE+1]]:8: error: ADPass: the gradient (then the result's seed) 'sq_grad' registered for 'sq' in '__enzyme_register_gradient_sq' must take (double, double) in Enzyme's convention: each argument of 'sq' followed by its shadow unless it is floating point
double sq_grad(double x) { return 2 * x; }
void *__enzyme_register_gradient_sq[3] = {(void *)sq, (void *)sq_aug,
                                          (void *)sq_grad};

__attribute__((noinline)) double cube(double x) { return x * x * x; }
// CHECK-DAG: enzyme-registrations.c:[[@LINE+1]]:8: error: ADPass: the forward derivative 'cube_fwd' registered for 'cube' returns double; it must return a struct of the result of 'cube' and its tangent (double each, Enzyme's convention)
double cube_fwd(double x, double dx) { return 3 * x * x * dx; }
void *__enzyme_register_derivative_cube[2] = {(void *)cube, (void *)cube_fwd};

// CHECK-DAG: enzyme-registrations.c:[[@LINE+1]]:8: error: ADPass: 'log2p' is not a math function ADPass has a rule for
double mylog(double x) { return x; }
void *__enzyme_function_like[2] = {(void *)mylog, (void *)"log2p"};

// CHECK-DAG: enzyme-registrations.c:[[@LINE+1]]:8: error: ADPass: Enzyme's '__enzyme_register_splitderivative_quad' is not supported by ADPass: what it registers would be ignored (see docs/enzyme.md for what ADPass accepts)
double quad(double x) { return x * x * x * x; }
void *__enzyme_register_splitderivative_quad[3] = {(void *)quad, (void *)sq_aug,
                                                   (void *)sq_aug};

double g(double x) {
  // CHECK-DAG: enzyme-registrations.c:[[@LINE+1]]:10: error: ADPass: __enzyme_autodiff: marker 'enzyme_dup_return' is not supported here
  return __enzyme_autodiff((void *)sq, enzyme_dup_return, x) +
         __enzyme_autodiff((void *)cube, x) + mylog(x) + quad(x);
}
