// Forward mode in single precision (__ad_fwddiff_f): float arithmetic and
// libm (sinf, expf, logf, powf, sqrtf, tanhf, atan2f, fabsf, fmaxf) along
// each axis and a mixed direction, a float array dot product with float
// direction vectors, ad_result storing a float primal, and a double function
// with a float parameter (its tangent passed as a float).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 4

float fpoly(float x, float y) { return x * x * y - x / y + 3.0f * y; }
float f_sin_exp(float x) { return sinf(x) * expf(-0.5f * x); }
float f_log_pow(float x, float y) { return logf(x) * powf(x, y); }
float f_sqrt_tanh(float x) { return sqrtf(1 + x * x) * tanhf(x); }
float f_atan2_abs_max(float x, float y) {
  return atan2f(y, x) + fabsf(y) * x + fmaxf(x, y);
}
float fdot(const float *x, const float *y, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}
double mixed(float a, double b) { return (double)(a * a) * sin(b); }

static float X0, Y0, VX, VY;
static float fpoly_a(const float *a) { return fpoly(a[0], a[1]); }
static float fpoly_dir(float t) { return fpoly(X0 + t * VX, Y0 + t * VY); }
static float log_pow_a(const float *a) { return f_log_pow(a[0], a[1]); }
static float log_pow_dir(float t) {
  return f_log_pow(X0 + t * VX, Y0 + t * VY);
}
static float aam_dir(float t) {
  return f_atan2_abs_max(X0 + t * VX, Y0 + t * VY);
}
static float DX[N], DY[N], DV[N], DW[N];
static float fdot_dir(float t) {
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = DX[i] + t * DV[i];
    y[i] = DY[i] + t * DW[i];
  }
  return fdot(x, y, N);
}
static float fdot_dir_x(float t) {
  float x[N];
  for (int i = 0; i < N; ++i)
    x[i] = DX[i] + t * DV[i];
  return fdot(x, DY, N);
}
static float mixed_a(const float *a) { return (float)mixed(a[0], a[1]); }
static float mixed_dir(float t) {
  return (float)mixed(X0 + t * VX, (double)Y0 + t * VY);
}

static void check_at(float x, float y, float vx, float vy) {
  float a[2] = {x, y}, r;
  double xd = x, yd = y, vxd = vx, vyd = vy, p, e, q;
  X0 = x;
  Y0 = y;
  VX = vx;
  VY = vy;

  ad_check_f("fpoly along x",
             __ad_fwddiff_f((void *)fpoly, ad_dup, x, 1.0f, ad_const, y),
             2 * xd * yd - 1 / yd, ad_fdnf(fpoly_a, a, 2, 0));
  ad_check_f("fpoly along y",
             __ad_fwddiff_f((void *)fpoly, ad_const, x, ad_dup, y, 1.0f),
             xd * xd + xd / (yd * yd) + 3, ad_fdnf(fpoly_a, a, 2, 1));
  e = (2 * xd * yd - 1 / yd) * vxd + (xd * xd + xd / (yd * yd) + 3) * vyd;
  ad_check_f("fpoly mixed",
             __ad_fwddiff_f((void *)fpoly, ad_dup, x, vx, ad_dup, y, vy), e,
             ad_fdf(fpoly_dir, 0.0f));
  r = -1;
  ad_check_f("fpoly mixed, ad_result",
             __ad_fwddiff_f((void *)fpoly, ad_dup, x, vx, ad_dup, y, vy,
                            ad_result, &r),
             e, ad_fdf(fpoly_dir, 0.0f));
  ad_check_eq_f("fpoly ad_result is the primal", r, fpoly(x, y));

  ad_check_f("sinf expf", __ad_fwddiff_f((void *)f_sin_exp, ad_dup, x, 1.0f),
             (cos(xd) - 0.5 * sin(xd)) * exp(-0.5 * xd), ad_fdf(f_sin_exp, x));
  q = sqrt(1 + xd * xd);
  ad_check_f("sqrtf tanhf",
             __ad_fwddiff_f((void *)f_sqrt_tanh, ad_dup, x, 1.0f),
             xd / q * tanh(xd) + q * (1 - tanh(xd) * tanh(xd)),
             ad_fdf(f_sqrt_tanh, x));

  p = pow(xd, yd);
  ad_check_f("logf powf along x",
             __ad_fwddiff_f((void *)f_log_pow, ad_dup, x, 1.0f, ad_const, y),
             p / xd + log(xd) * yd * p / xd, ad_fdnf(log_pow_a, a, 2, 0));
  e = (p / xd + log(xd) * yd * p / xd) * vxd + log(xd) * log(xd) * p * vyd;
  ad_check_f("logf powf mixed",
             __ad_fwddiff_f((void *)f_log_pow, ad_dup, x, vx, ad_dup, y, vy), e,
             ad_fdf(log_pow_dir, 0.0f));

  q = xd * xd + yd * yd;
  e = (-yd / q + fabs(yd) + (xd > yd)) * vxd +
      (xd / q + (yd > 0 ? xd : -xd) + (yd > xd)) * vyd;
  ad_check_f(
      "atan2f fabsf fmaxf mixed",
      __ad_fwddiff_f((void *)f_atan2_abs_max, ad_dup, x, vx, ad_dup, y, vy), e,
      ad_fdf(aam_dir, 0.0f));

  ad_check_f("mixed float/double: float parameter",
             __ad_fwddiff((void *)mixed, ad_dup, x, 1.0f, ad_const, yd),
             2 * xd * sin(yd), ad_fdnf(mixed_a, a, 2, 0));
  ad_check_f("mixed float/double: both",
             __ad_fwddiff((void *)mixed, ad_dup, x, vx, ad_dup, yd, vyd),
             2 * xd * sin(yd) * vxd + xd * xd * cos(yd) * vyd,
             ad_fdf(mixed_dir, 0.0f));
}

int main(void) {
  float tx[N], ty[N], r;
  double e = 0;
  check_at(1.5f, 0.5f, 0.25f, -1.0f);
  check_at(ad_opaquef(0.75f), ad_opaquef(-2.5f), ad_opaquef(-1.5f),
           ad_opaquef(0.5f));

  for (int i = 0; i < N; ++i) {
    DX[i] = 0.5f + 0.25f * i;
    DY[i] = 1.0f - 0.5f * i;
    DV[i] = tx[i] = (i % 2) ? -1.0f : 0.5f;
    DW[i] = ty[i] = 0.125f * (i + 1);
    e += (double)DV[i] * DY[i] + (double)DX[i] * DW[i];
  }
  r = -1;
  ad_check_f("fdot mixed",
             __ad_fwddiff_f((void *)fdot, ad_dup, DX, tx, ad_dup, DY, ty, N,
                            ad_result, &r),
             e, ad_fdf(fdot_dir, 0.0f));
  ad_check_eq_f("fdot ad_result", r, fdot(DX, DY, N));
  for (int i = 0; i < N; ++i)
    e -= (double)DX[i] * DW[i];
  ad_check_f("fdot, const y",
             __ad_fwddiff_f((void *)fdot, ad_dup, DX, tx, ad_const, DY, N), e,
             ad_fdf(fdot_dir_x, 0.0f));
  ad_check_eq_f(
      "fdot: input tangents unchanged",
      memcmp(tx, DV, sizeof tx) == 0 && memcmp(ty, DW, sizeof ty) == 0, 1);
  return ad_check_report();
}
