// __enzyme_error_estimate refuses, where it is used, what it cannot carry
// error estimates through: enzyme_width, a program defining enzymeLogError
// (Enzyme calls it per operation; ADPass would not), and calls whose
// derivatives carry tangents only (a BLAS routine, a registered forward
// derivative).
// RUN: %not %clang -O2 -g -c -DLOG %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=LOG --implicit-check-not=error: --implicit-check-not=PLEASE
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double __enzyme_error_estimate(void *, ...);
typedef struct {
  double d[2];
} two;
two __enzyme_error_estimate_2(void *, ...);
extern int enzyme_width;
double cblas_ddot(int, const double *, int, const double *, int);

double sq(double x) { return x * x; }

#ifdef LOG
void enzymeLogError(double res, double err, const char *opcode,
                    const char *calleeName, const char *moduleName,
                    const char *functionName, const char *blockName) {}
double logged(double x) {
  // LOG: enzyme-error-estimate.c:[[@LINE+1]]:10: error: ADPass: __enzyme_error_estimate: the program defines enzymeLogError, which ADPass's __enzyme_error_estimate does not call (it returns the estimate only); remove it or rename it
  return __enzyme_error_estimate((void *)sq, x, 0.0);
}
#else
two width(double x) {
  // CHECK-DAG: enzyme-error-estimate.c:[[@LINE+1]]:10: error: ADPass: __enzyme_error_estimate_2: enzyme_width is not supported with __enzyme_error_estimate; make one call per direction
  return __enzyme_error_estimate_2((void *)sq, enzyme_width, 2, x, 0.0, 0.0);
}

double dot(double a) {
  double x[2] = {a, 2 * a}, y[2] = {1, 3};
  // CHECK-DAG: enzyme-error-estimate.c:[[@LINE+1]]:10: error: ADPass: in 'dot': __enzyme_error_estimate: the call to 'cblas_ddot' on an active path has a derivative but no error propagation (library and registered derivatives, OpenMP regions and MPI carry tangents only)
  return cblas_ddot(2, x, 1, y, 1);
}
double use_dot(double a) {
  return __enzyme_error_estimate((void *)dot, a, 0.0);
}

__attribute__((noinline)) double cube(double v) { return v * v * v; }
double cube_fwd(double v, double dv, double *r) {
  *r = v * v * v;
  return 3 * v * v * dv;
}
AD_REGISTER_FORWARD(cube, cube_fwd);
double uses_cube(double x) {
  // CHECK-DAG: enzyme-error-estimate.c:[[@LINE+1]]:10: error: ADPass: in 'uses_cube': __enzyme_error_estimate: the call to 'cube' on an active path has a derivative but no error propagation (library and registered derivatives, OpenMP regions and MPI carry tangents only)
  return cube(x) + 1;
}
double use_cube(double x) {
  return __enzyme_error_estimate((void *)uses_cube, x, 0.0);
}
#endif
