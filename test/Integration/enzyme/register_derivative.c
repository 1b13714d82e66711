// Enzyme's custom forward derivatives, `__enzyme_register_derivative_<name>
// = {fn, fwd}`: fwd takes each argument followed by its tangent (a pointer
// by its shadow, an integer by itself again) and returns a struct of fn's
// result and its tangent. A straight-through floor (tangent dx where the
// true one is 0) shows the registered derivative is the one used.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_fwddiff(void *, ...);

static int n_fwd;

typedef struct {
  double primal, tangent;
} dual;

__attribute__((noinline)) double st_floor(double x) { return floor(x); }
dual st_floor_fwd(double x, double dx) {
  ++n_fwd;
  return (dual){floor(x), dx};
}
void *__enzyme_register_derivative_st_floor[2] = {(void *)st_floor,
                                                  (void *)st_floor_fwd};

__attribute__((noinline)) double hyp(double a, double b) {
  return sqrt(a * a + b * b);
}
dual hyp_fwd(double a, double da, double b, double db) {
  double r = sqrt(a * a + b * b);
  ++n_fwd;
  return (dual){r, (a * da + b * db) / r};
}
void *__enzyme_register_derivative_hyp[2] = {(void *)hyp, (void *)hyp_fwd};

/* A function writing memory: the derivative writes the tangents. */
__attribute__((noinline)) void cube_all(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = v[i] * v[i] * v[i];
}
void cube_all_fwd(double *v, double *dv, int n, int n_again) {
  for (int i = 0; i < n; i++) {
    dv[i] = 3 * v[i] * v[i] * dv[i];
    v[i] = v[i] * v[i] * v[i];
  }
  ++n_fwd;
}
void *__enzyme_register_derivative_cube_all[2] = {(void *)cube_all,
                                                  (void *)cube_all_fwd};

static double f(double x, double y) {
  double v[2] = {x, y};
  cube_all(v, 2);
  return 2.0 * st_floor(x) + hyp(x, y) + v[0] * v[1];
}
static double f_x(double x) { return f(x, 0.9); }
static double f_y(double y) { return f(1.7, y); }

int main(void) {
  double x = 1.7, y = 0.9;
  /* Enzyme's defaults: a floating-point argument is followed by its tangent. */
  double dfx = __enzyme_fwddiff((void *)f, x, 1.0, y, 0.0);
  double dfy = __enzyme_fwddiff((void *)f, enzyme_const, x, y, 1.0);
  double r = sqrt(x * x + y * y);
  ad_check_eq("df/dx (registered floor)", dfx,
              2.0 + x / r + 3 * x * x * y * y * y);
  ad_check("df/dy", dfy, y / r + 3 * x * x * x * y * y, ad_fd(f_y, y));
  (void)f_x;
  ad_check_eq("registered derivatives run", n_fwd, 5);
  return ad_check_report();
}
