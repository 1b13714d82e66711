/* ADPass public API: compiler-generated derivatives for C and C++.
 *
 * Compile with `clang-19 -fplugin=libADPass.so` (or the `ad-clang` wrapper).
 * Every call to a function whose name begins with `__ad_autodiff` is replaced
 * at compile time by a call to the reverse-mode derivative of its first
 * argument. See docs/user-guide.md for the full description.
 *
 *   double f(double x, double *y, int n);
 *   double dx = __ad_autodiff((void *)f, x, ad_dup, y, dy, ad_const, n);
 *
 * Activity markers precede an argument and say how it is differentiated:
 *   ad_dup        next two arguments: a pointer and its shadow (same layout);
 *                 the shadow receives the adjoint (+=).
 *   ad_dupnoneed  as ad_dup, but the primal values written through the pointer
 *                 are not needed by the caller.
 *   ad_const      next argument is a constant: no derivative.
 *   ad_out        next argument is an active floating-point scalar; its
 *                 derivative is returned.
 * Defaults without a marker: floating-point scalars are ad_out, integers are
 * ad_const, pointers are ad_dup (their shadow follows).
 *
 * The call returns the derivatives of the active scalar arguments, in order: a
 * single value, or a struct of them that the caller declares, e.g.
 *   typedef struct { double dx, dy; } grad2;
 *   grad2 __ad_autodiff_2(void *, ...);
 */
#ifndef ADPASS_AD_H
#define ADPASS_AD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Activity markers. They are never defined: the plugin consumes them. */
extern int ad_dup;
extern int ad_dupnoneed;
extern int ad_const;
extern int ad_out;

/* Enzyme spellings, accepted as aliases. */
extern int enzyme_dup;
extern int enzyme_dupnoneed;
extern int enzyme_const;
extern int enzyme_out;

/* Reverse mode, one active scalar (or none: the result is then 0). */
double __ad_autodiff(void *fn, ...);
/* Reverse mode with a float result. */
float __ad_autodiff_f(void *fn, ...);

/* Common multi-result shapes. Any struct of floating-point fields works: the
 * user may declare their own `__ad_autodiff_<anything>` with it. */
typedef struct {
  double d[2];
} ad_double2;
typedef struct {
  double d[3];
} ad_double3;
typedef struct {
  double d[4];
} ad_double4;
ad_double2 __ad_autodiff_d2(void *fn, ...);
ad_double3 __ad_autodiff_d3(void *fn, ...);
ad_double4 __ad_autodiff_d4(void *fn, ...);

/* Runtime (libADRuntime): shadows the caller preallocates once and reuses. */
void *ad_shadow_alloc(size_t bytes); /* zero-initialized */
void ad_shadow_zero(void *shadow, size_t bytes);
void ad_shadow_free(void *shadow);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ADPASS_AD_H */
