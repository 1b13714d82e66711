// Inactive global variables: Enzyme's __enzyme_inactive_global (a pointer
// or an array of pointers to globals), __attribute__((enzyme_inactive)) on
// a variable, and ADPass's AD_INACTIVE_GLOBAL. They get no shadow and what
// is read from them is constant: a random generator's state advanced in the
// differentiated function (run once per call, in both modes), a table
// filled before, a call counter, a value kept for logging.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static unsigned long rng_state = 12345;
static double weights[4];
__attribute__((enzyme_inactive)) int calls;
AD_INACTIVE_GLOBAL double last_value;
void *__enzyme_inactive_global[] = {(void *)&rng_state};
double *__enzyme_inactive_global_weights = weights;

static double next_uniform(void) {
  rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
  return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* A noisy loss: the noise is drawn in the function, from the state. */
static double loss(const double *x, int n) {
  calls++;
  double s = 0;
  for (int i = 0; i < n; i++) {
    double u = next_uniform();
    s += weights[i] * x[i] * x[i] + u * sin(x[i]);
  }
  last_value = s; /* for logging: never read back here */
  return s;
}

int main(void) {
  for (int i = 0; i < 4; i++)
    weights[i] = 0.5 + i;
  double x[4] = {0.3, -1.1, 0.8, 2.0}, dx[4] = {0, 0, 0, 0};
  unsigned long start = rng_state;
  double u[4];
  for (int i = 0; i < 4; i++)
    u[i] = next_uniform();
  rng_state = start;
  __enzyme_autodiff((void *)loss, enzyme_dup, x, dx, enzyme_const, 4);
  for (int i = 0; i < 4; i++)
    ad_check_eq("reverse", dx[i], 2 * weights[i] * x[i] + u[i] * cos(x[i]));
  ad_check_eq("state advanced once per draw", rng_state == start ? 0 : 1, 1);
  unsigned long after = rng_state;
  rng_state = start;
  for (int i = 0; i < 4; i++)
    ad_check_eq("same draws", next_uniform(), u[i]);
  ad_check_eq("same state after", rng_state == after, 1);
  rng_state = start;
  double t[4] = {0, 0, 1, 0};
  double d2 = __enzyme_fwddiff((void *)loss, enzyme_dup, x, t, enzyme_const, 4);
  ad_check_eq("forward", d2, 2 * weights[2] * x[2] + u[2] * cos(x[2]));
  ad_check_eq("calls", calls, 2);
  rng_state = start;
  ad_check_eq("logged value", last_value, loss(x, 4));
  return ad_check_report();
}
