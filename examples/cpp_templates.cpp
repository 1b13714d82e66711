// C++: function templates, a user-declared result struct, new[]/delete[].
//
// A template is passed as (void *)f<double>. The result struct variant may be
// declared with C++ linkage: its mangled name contains __ad_autodiff, which is
// all the plugin looks for.
//
//   build/bin/ad-clang++ -O2 examples/cpp_templates.cpp -o cpp && ./cpp
#include <ad.h>
#include <cmath>
#include <cstdio>

struct Grad2 {
  double dx, dy;
};
Grad2 __ad_autodiff_grad2(void *, ...); // C++ linkage is fine

template <typename T> T rosenbrock(T x, T y) {
  return (T(1) - x) * (T(1) - x) + T(100) * (y - x * x) * (y - x * x);
}

template <typename T> T smoothed_norm(const T *v, int n) {
  T *t = new T[n]; // a shadow is allocated and freed by the derivative
  for (int i = 0; i < n; i++)
    t[i] = std::sqrt(v[i] * v[i] + T(1e-3));
  T s = 0;
  for (int i = 0; i < n; i++)
    s += t[i] * (i + 1);
  delete[] t;
  return s;
}

static int check(const char *what, double ad, double fd, double tol) {
  int bad = !(std::fabs(ad - fd) <= tol * (1 + std::fabs(fd)));
  std::printf("%-12s AD % .8f   FD % .8f%s\n", what, ad, fd,
              bad ? "   MISMATCH" : "");
  return bad;
}

int main() {
  double x = -0.5, y = 0.8, h = 1e-6;
  Grad2 g = __ad_autodiff_grad2((void *)rosenbrock<double>, x, y);
  int bad =
      check("d/dx", g.dx,
            (rosenbrock(x + h, y) - rosenbrock(x - h, y)) / (2 * h), 1e-6);
  bad |= check("d/dy", g.dy,
               (rosenbrock(x, y + h) - rosenbrock(x, y - h)) / (2 * h), 1e-6);

  // float instantiation: floats go through `...` as doubles and are
  // converted back; __ad_autodiff_f returns a float.
  float xf = -0.5f, yf = 0.8f;
  float dxf = __ad_autodiff_f((void *)rosenbrock<float>, xf, ad_const, yf);
  bad |= check("float d/dx", dxf,
               (rosenbrock(x + h, y) - rosenbrock(x - h, y)) / (2 * h), 1e-4);

  double v[3] = {0.3, -1.2, 2.0}, dv[3] = {0, 0, 0};
  __ad_autodiff((void *)smoothed_norm<double>, v, dv, 3);
  for (int i = 0; i < 3; i++) {
    double save = v[i];
    v[i] = save + h;
    double p = smoothed_norm(v, 3);
    v[i] = save - h;
    double m = smoothed_norm(v, 3);
    v[i] = save;
    char name[16];
    std::snprintf(name, sizeof name, "d/dv%d", i);
    bad |= check(name, dv[i], (p - m) / (2 * h), 1e-6);
  }
  std::printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
