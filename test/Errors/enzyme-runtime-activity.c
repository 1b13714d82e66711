// enzyme_runtime_activity dispatches on which pointers are their own
// shadow (one derivative per subset): refused with located errors in split
// mode, with vector mode, and past four such pointers.
// RUN: %not %clang -O1 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
extern int enzyme_dup, enzyme_width, enzyme_runtime_activity;
double __enzyme_autodiff(void *, ...);
void *__enzyme_augmentfwd(void *, ...);

double f(double *a, double *b, double *c, double *d, double *e) {
  return *a * *b * *c * *d * *e;
}

void *split(double *x, double *dx) {
  // CHECK-DAG: enzyme-runtime-activity.c:[[@LINE+1]]:10: error: ADPass: __enzyme_augmentfwd: enzyme_runtime_activity is supported in __enzyme_autodiff and __enzyme_fwddiff, not in split mode
  return __enzyme_augmentfwd((void *)f, enzyme_runtime_activity, x, dx, x, dx,
                             x, dx, x, dx, x, dx);
}

void five(double *x, double *dx) {
  // CHECK-DAG: enzyme-runtime-activity.c:[[@LINE+1]]:3: error: ADPass: __enzyme_autodiff: enzyme_runtime_activity is supported for up to 4 pointers passed with a shadow; this call passes 5
  __enzyme_autodiff((void *)f, enzyme_runtime_activity, x, dx, x, dx, x, dx, x,
                    dx, x, dx);
}

typedef struct {
  double a, b;
} two;
two __enzyme_autodiff2(void *, ...);
double g(double *x) { return x[0] * x[0]; }

two wide(double *x, double *d0, double *d1) {
  // CHECK-DAG: enzyme-runtime-activity.c:[[@LINE+1]]:10: error: ADPass: __enzyme_autodiff2: enzyme_runtime_activity cannot be combined with vector mode (enzyme_width, enzyme_dupv) yet
  return __enzyme_autodiff2((void *)g, enzyme_width, 2, enzyme_runtime_activity,
                            enzyme_dup, x, d0, d1);
}
