// Single precision through Enzyme's API. A float cannot go through "..."
// (it would be promoted to double), so, as Enzyme's docs advise, the entry
// points are declared with prototypes: float __enzyme_autodiff(void *,
// float), a struct of two floats for two active floats, float arrays with
// float shadows, float tangents in __enzyme_fwddiff; the functions use the
// float math library (sinf, expf, sqrtf) and mix in a double.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const, enzyme_out;
typedef struct {
  float da, db;
} Grad2f;
float __enzyme_autodiff(void *, float);
Grad2f __enzyme_autodiff2(void *, int, float, int, float);
void __enzyme_autodiff_arr(void *, int, const float *, float *, int, int);
float __enzyme_fwddiff(void *, float, float);
float __enzyme_fwddiff_arr(void *, int, const float *, const float *, int, int);

static float gelu(float x) {
  return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}
static float hyp(float a, float b) {
  double scale = 1.5; /* a double in the middle of float code */
  return (float)(scale * sqrtf(a * a + b * b)) * expf(-0.25f * b);
}
static float rms(const float *v, int n) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * v[i] * (1.0f + 0.1f * sinf(v[i]));
  return sqrtf(s / n);
}

static float hyp_a(float a) { return hyp(a, -0.6f); }
static float hyp_b(float b) { return hyp(1.2f, b); }
static float rms4(const float *v) { return rms(v, 4); }

int main(void) {
  float x = 0.8f;
  float d = __enzyme_autodiff((void *)gelu, x);
  double c = 0.7978845608, u = c * (x + 0.044715 * x * x * x), t = tanh(u);
  double ref =
      0.5 * (1 + t) + 0.5 * x * (1 - t * t) * c * (1 + 3 * 0.044715 * x * x);
  ad_check_f("gelu reverse", d, ref, ad_fdf(gelu, x));
  float tf = __enzyme_fwddiff((void *)gelu, x, 2.0f);
  ad_check_f("gelu forward (tangent 2)", tf / 2.0f, ref, ad_fdf(gelu, x));

  float a = 1.2f, b = -0.6f;
  Grad2f g = __enzyme_autodiff2((void *)hyp, enzyme_out, a, enzyme_out, b);
  double r = sqrt(a * a + b * b), e = exp(-0.25 * b);
  ad_check_f("hyp d/da", g.da, 1.5 * a / r * e, ad_fdf(hyp_a, a));
  ad_check_f("hyp d/db", g.db, 1.5 * (b / r - 0.25 * r) * e, ad_fdf(hyp_b, b));

  float v[4] = {0.3f, -1.1f, 0.7f, 2.0f}, dv[4] = {0, 0, 0, 0};
  __enzyme_autodiff_arr((void *)rms, enzyme_dup, v, dv, enzyme_const, 4);
  double s = 0;
  for (int i = 0; i < 4; i++)
    s += v[i] * v[i] * (1 + 0.1 * sin(v[i]));
  double R = sqrt(s / 4);
  for (int i = 0; i < 4; i++) {
    double ds =
        2 * v[i] * (1 + 0.1 * sin(v[i])) + v[i] * v[i] * 0.1 * cos(v[i]);
    ad_check_f("rms reverse", dv[i], ds / (8 * R), ad_fdnf(rms4, v, 4, i));
  }
  float tv[4] = {1.0f, 0.0f, 0.0f, -1.0f};
  float tr =
      __enzyme_fwddiff_arr((void *)rms, enzyme_dup, v, tv, enzyme_const, 4);
  ad_check_eq_f("rms forward = dv0 - dv3", tr, dv[0] - dv[3]);
  return ad_check_report();
}
