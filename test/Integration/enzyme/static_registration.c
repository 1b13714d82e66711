// Registrations written as `static` globals that nothing reads (common in
// headers shared by Enzyme users): clang would not emit them; ADPass's clang
// plugin keeps them, so the registered derivatives are used, not silently
// dropped. The registered gradient and derivative of `clip` are
// straight-through (1 where the true derivative is 0), which shows they
// are the ones used; `__enzyme_inactivefn` is static too.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double clip(double x) {
  return x > 1.0 ? 1.0 : x < -1.0 ? -1.0 : x;
}
static double clip_aug(double x) { return clip(x); }
static double clip_grad(double x, double seed) { return seed; }
typedef struct {
  double value, tangent;
} dual;
static dual clip_fwd(double x, double dx) { return (dual){clip(x), dx}; }
static void *__enzyme_register_gradient_clip[3] = {
    (void *)clip, (void *)clip_aug, (void *)clip_grad};
static void *__enzyme_register_derivative_clip[2] = {(void *)clip,
                                                     (void *)clip_fwd};

static double noise(double x) { return 0.001 * x; }
static void *__enzyme_inactivefn[1] = {(void *)noise};

static double f(double x) { return 3.0 * clip(x) + x * noise(x); }

int main(void) {
  double x = 2.5; /* clipped: the true derivative of clip is 0 */
  ad_check_eq("reverse, registered", __enzyme_autodiff((void *)f, x),
              3.0 + 0.001 * x);
  ad_check_eq("forward, registered", __enzyme_fwddiff((void *)f, x, 1.0),
              3.0 + 0.001 * x);
  return ad_check_report();
}
