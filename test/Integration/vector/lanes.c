// Vector forward mode (ad_width): each lane of one call equals the scalar
// forward call with that direction, bit for bit, for N = 1, 2, 4 and 7 (not
// a multiple of the SIMD width), on functions with loops, an in-place
// recurrence, heap temporaries, a global array, calls that stay calls
// (noinline, recursive, a helper returning a value), floating-point
// arguments with N tangents, a float function and a struct result; one
// direction is also checked against central finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { n = 6, MaxW = 7 };

double gstate[n]; // differentiated memory reached through a global

__attribute__((noinline)) static double smooth(double a, double b) {
  return a * tanh(b) + exp(-a * a);
}

__attribute__((noinline)) static double power(const double *x, int k) {
  return k == 0 ? 1.0 : x[k % n] * power(x, k - 1);
}

__attribute__((noinline)) static void scale(double *v, double s, int m) {
  for (int i = 0; i < m; ++i)
    v[i] *= s;
}

// Everything at once: y gets n outputs, the result is a scalar.
double model(const double *x, double *y, double c, int m) {
  double *t = malloc(m * sizeof(double));
  for (int i = 0; i < m; ++i)
    t[i] = smooth(x[i], c * x[(i + 1) % m]);
  for (int i = 1; i < m; ++i) // in-place recurrence
    t[i] = t[i] * t[i - 1] + sin(t[i]);
  scale(t, c, m);
  for (int i = 0; i < m; ++i) {
    gstate[i] = t[i] * x[i];
    y[i] = gstate[i] + power(x, i + 2);
  }
  double r = 0;
  for (int i = 0; i < m; ++i)
    r += gstate[i] * gstate[(i + 2) % m];
  free(t);
  return r;
}

float modelf(const float *x, float c) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += sinf(x[i] * c) * x[(i + 3) % n];
  return s;
}

typedef struct {
  double a, b;
} pair;
pair twin(const double *x, double c) {
  pair p = {0, 1};
  for (int i = 0; i < n; ++i) {
    p.a += c * x[i] * x[i];
    p.b *= 1 + 0.1 * x[i];
  }
  return p;
}

typedef struct {
  double d[2];
} w2;
typedef struct {
  double d[4];
} w4;
typedef struct {
  double d[7];
} w7;
typedef struct {
  float d[4];
} w4f;
typedef struct {
  pair p[2];
} wp2;
w2 __ad_fwddiff_w2(void *, ...);
w4 __ad_fwddiff_w4(void *, ...);
w7 __ad_fwddiff_w7(void *, ...);
w4f __ad_fwddiff_w4f(void *, ...);
wp2 __ad_fwddiff_wp2(void *, ...);
typedef struct {
  pair p;
} wp1;
wp1 __ad_fwddiff_wp1(void *, ...);

static const double x0[n] = {0.3, -0.2, 0.5, 0.1, -0.4, 0.25};
static double dx[MaxW][n], dc[MaxW];
static double y[n], dy[MaxW][n];

static void directions(void) {
  for (int k = 0; k < MaxW; ++k) {
    for (int i = 0; i < n; ++i)
      dx[k][i] = sin(1.0 + k * n + i);
    dc[k] = cos(k + 0.5);
  }
}

// Lane k of the vector call against the scalar call along direction k.
static void compare(const char *what, int w, const double *r) {
  for (int k = 0; k < w; ++k) {
    double ys[n], dys[n];
    double s = __ad_fwddiff((void *)model, ad_dup, x0, dx[k], ad_dup, ys, dys,
                            ad_dup, 0.7, dc[k], ad_const, n);
    char name[64];
    snprintf(name, sizeof name, "%s lane %d result", what, k);
    ad_check_exact(name, r[k], s);
    int same = 1;
    for (int i = 0; i < n; ++i)
      same &= dys[i] == dy[k][i];
    snprintf(name, sizeof name, "%s lane %d shadow", what, k);
    ad_check_exact(name, same, 1);
  }
}

static double model_fd(double h, int k) {
  double xs[n], ys[n];
  for (int i = 0; i < n; ++i)
    xs[i] = x0[i] + h * dx[k][i];
  return model(xs, ys, 0.7 + h * dc[k], n);
}

int main(void) {
  directions();
  {
    double r = __ad_fwddiff((void *)model, ad_width, 1, ad_dup, x0, dx[0],
                            ad_dup, y, dy[0], ad_dup, 0.7, dc[0], ad_const, n);
    compare("width 1", 1, &r);
  }
  {
    w2 r = __ad_fwddiff_w2((void *)model, ad_width, 2, ad_dup, x0, dx[0], dx[1],
                           ad_dup, y, dy[0], dy[1], ad_dup, 0.7, dc[0], dc[1],
                           ad_const, n);
    compare("width 2", 2, r.d);
  }
  {
    w4 r =
        __ad_fwddiff_w4((void *)model, ad_width, 4, ad_dupv, n * sizeof(double),
                        x0, dx[0], ad_dupv, n * sizeof(double), y, dy[0],
                        ad_dup, 0.7, dc[0], dc[1], dc[2], dc[3], ad_const, n);
    compare("width 4 (dupv)", 4, r.d);
    double h = 1e-5;
    ad_check("width 4 lane 2 vs fd", r.d[2],
             (model_fd(h, 2) - model_fd(-h, 2)) / (2 * h),
             (model_fd(h, 2) - model_fd(-h, 2)) / (2 * h));
  }
  {
    w7 r = __ad_fwddiff_w7(
        (void *)model, ad_width, 7, ad_dupv, n * sizeof(double), x0, dx[0],
        ad_dupv, n * sizeof(double), y, dy[0], ad_dup, 0.7, dc[0], dc[1], dc[2],
        dc[3], dc[4], dc[5], dc[6], ad_const, n);
    compare("width 7", 7, r.d);
  }
  {
    float xf[n], dxf[4][n];
    for (int i = 0; i < n; ++i) {
      xf[i] = (float)x0[i];
      for (int k = 0; k < 4; ++k)
        dxf[k][i] = (float)dx[k][i];
    }
    w4f r = __ad_fwddiff_w4f((void *)modelf, ad_width, 4, ad_dup, xf, dxf[0],
                             dxf[1], dxf[2], dxf[3], ad_const, 1.3f);
    for (int k = 0; k < 4; ++k) {
      float s =
          __ad_fwddiff_f((void *)modelf, ad_dup, xf, dxf[k], ad_const, 1.3f);
      ad_check_exact("float lane", r.d[k], s);
    }
  }
  {
    wp2 r = __ad_fwddiff_wp2((void *)twin, ad_width, 2, ad_dup, x0, dx[0],
                             dx[1], ad_dup, 2.0, dc[0], dc[1]);
    for (int k = 0; k < 2; ++k) {
      wp1 s =
          __ad_fwddiff_wp1((void *)twin, ad_dup, x0, dx[k], ad_dup, 2.0, dc[k]);
      ad_check_exact("struct lane a", r.p[k].a, s.p.a);
      ad_check_exact("struct lane b", r.p[k].b, s.p.b);
    }
  }
  return ad_check_report();
}
