// Small structs of floats passed by value to callees that stay calls
// (recursive: they get derivatives of their own). The x86-64 ABI passes
// {float, float} as a <2 x float>, {float, float, float} as a <2 x float>
// and a float, {float x 4} as two <2 x float>: these vector arguments are
// differentiated like scalars (their derivatives were dropped silently:
// zero gradients). {double, int} (a double and an i32) is the control.
// Reverse and forward mode against analytic values and finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// RUN: %valgrind %t2
#include <ad.h>
#include <math.h>
#include <stdio.h>

typedef struct {
  float x, y;
} v2f;
typedef struct {
  float x, y, z;
} v3f;
typedef struct {
  float x, y, z, w;
} v4f;
typedef struct {
  double val;
  int flag;
} tagged;

// Each level halves x and adds 0.1 x: f = 0.1 x (1 + 1/2 + ... ) + leaf.
static float rec2(v2f a, int d) {
  if (d == 0)
    return a.x * a.x + a.y * a.y;
  v2f b = {0.5f * a.x, a.y};
  return 0.1f * a.x + rec2(b, d - 1);
}
static float f2(const float *p, int d) {
  v2f a = {p[0], p[1]};
  return rec2(a, d);
}

static float rec3(v3f a, int d) {
  if (d == 0)
    return a.x * a.x + a.y * a.y + a.z * a.z;
  v3f b = {0.5f * a.x, a.y, a.z};
  return 0.1f * a.z + rec3(b, d - 1);
}
static float f3(const float *p, int d) {
  v3f a = {p[0], p[1], p[2]};
  return rec3(a, d);
}

static float rec4(v4f a, int d) {
  if (d == 0)
    return a.x * a.y + a.z * a.w;
  v4f b = {a.y, a.x, 0.5f * a.z, a.w + a.x};
  return a.w * a.z + rec4(b, d - 1);
}
static float f4(const float *p, int d) {
  v4f a = {p[0], p[1], p[2], p[3]};
  return rec4(a, d);
}

static double recd(tagged t, int d) {
  if (d == 0)
    return t.flag ? t.val * t.val : t.val;
  tagged u = {0.5 * t.val, t.flag};
  return 0.1 * t.val + recd(u, d - 1);
}
static double fd_(const double *p, int d) {
  tagged t = {p[0], 1};
  return recd(t, d);
}

static int bad = 0;
static void check(const char *what, double got, double want, double fd,
                  double tol) {
  if (fabs(got - want) > tol * (1 + fabs(want)) ||
      fabs(fd - want) > 100 * tol * (1 + fabs(want))) {
    printf("%s: %.9g, want %.9g (fd %.9g)\n", what, got, want, fd);
    bad = 1;
  }
}

typedef float (*ffn)(const float *, int);
// Central difference in double around float inputs (step 2^-8: exact
// enough for these low-degree polynomials in float).
static double fdf(ffn f, const float *p, int n, int i, int d) {
  float q[4];
  for (int k = 0; k < n; k++)
    q[k] = p[k];
  double h = 1.0 / 256;
  q[i] = p[i] + h;
  double up = f(q, d);
  q[i] = p[i] - h;
  return (up - f(q, d)) / (2 * h);
}

int main(void) {
  const int D = 3; // recursion depth
  float p[4] = {2, 3, 1.5f, -0.5f};
  // f2 = 0.1 x (1 + 1/2 + 1/4) + (x/8)^2 + y^2
  {
    float g[2] = {0, 0}, t[2] = {1, 0};
    __ad_autodiff_f((void *)f2, ad_dup, p, g, D);
    double wx = 0.1 * 1.75 + 2 * p[0] / 64, wy = 2 * p[1];
    check("v2f dx", g[0], wx, fdf(f2, p, 2, 0, D), 1e-6);
    check("v2f dy", g[1], wy, fdf(f2, p, 2, 1, D), 1e-6);
    check("v2f tangent", __ad_fwddiff_f((void *)f2, ad_dup, p, t, D), wx,
          fdf(f2, p, 2, 0, D), 1e-6);
  }
  // f3 = 0.1 z D + (x/8)^2 + y^2 + z^2
  {
    float g[3] = {0, 0, 0}, t[3] = {0, 0, 1};
    __ad_autodiff_f((void *)f3, ad_dup, p, g, D);
    check("v3f dx", g[0], 2 * p[0] / 64, fdf(f3, p, 3, 0, D), 1e-6);
    check("v3f dy", g[1], 2 * p[1], fdf(f3, p, 3, 1, D), 1e-6);
    check("v3f dz", g[2], 0.1 * D + 2 * p[2], fdf(f3, p, 3, 2, D), 1e-6);
    check("v3f tangent", __ad_fwddiff_f((void *)f3, ad_dup, p, t, D),
          0.1 * D + 2 * p[2], fdf(f3, p, 3, 2, D), 1e-6);
  }
  // f4: every component mixes with the others; finite differences only.
  {
    float g[4] = {0, 0, 0, 0};
    __ad_autodiff_f((void *)f4, ad_dup, p, g, D);
    for (int i = 0; i < 4; i++) {
      float t[4] = {0, 0, 0, 0};
      t[i] = 1;
      double fd = fdf(f4, p, 4, i, D);
      check("v4f gradient", g[i], fd, fd, 1e-5);
      check("v4f tangent", __ad_fwddiff_f((void *)f4, ad_dup, p, t, D), fd, fd,
            1e-5);
    }
  }
  // Control: {double, int}.
  {
    double q[1] = {2}, g[1] = {0}, t[1] = {1};
    __ad_autodiff((void *)fd_, ad_dup, q, g, D);
    double w = 0.1 * 1.75 + 2 * q[0] / 64;
    check("{double,int}", g[0], w, w, 1e-12);
    check("{double,int} tangent", __ad_fwddiff((void *)fd_, ad_dup, q, t, D), w,
          w, 1e-12);
  }
  if (!bad)
    printf("ok\n");
  return bad;
}
