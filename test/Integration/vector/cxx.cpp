// Vector forward mode in C++: a function building std::vectors and a
// class with a virtual destructor, called where a local with a destructor
// is alive (the entry point is an invoke); each lane of the width-4 call
// equals the scalar call bit for bit.
// RUN: %clangxx -O0 %s -o %t0 && %t0
// RUN: %clangxx -O1 %s -o %t1 && %t1
// RUN: %clangxx -O2 %s -o %t2 && %t2
// RUN: %clangxx -O3 %s -o %t3 && %t3
#include <ad.h>
#include <cmath>
#include <cstdio>
#include <vector>
struct Model {
  std::vector<double> w;
  virtual ~Model() {}
  double eval(const double *x, int n) const {
    std::vector<double> t(n);
    for (int i = 0; i < n; ++i)
      t[i] = std::tanh(w[i] * x[i]);
    double s = 0;
    for (double v : t)
      s += v * v;
    return s;
  }
};
static double loss(const double *x, int n) {
  Model m;
  m.w.assign(n, 0.5);
  return m.eval(x, n);
}
int main() {
  std::vector<double> keep(3); // a local with a destructor: invoke
  const int n = 5;
  double x[n] = {0.1, 0.2, 0.3, -0.4, 0.5}, d[4][n] = {};
  for (int k = 0; k < 4; ++k)
    d[k][k] = 1;
  ad_double4 t =
      __ad_fwddiff_d4((void *)loss, ad_width, 4, ad_dupv,
                      (long)(n * sizeof(double)), x, d[0], ad_const, n);
  int bad = 0;
  for (int k = 0; k < 4; ++k) {
    double s = __ad_fwddiff((void *)loss, ad_dup, x, d[k], ad_const, n);
    if (s != t.d[k]) {
      bad = 1;
      std::printf("lane %d %g %g\n", k, t.d[k], s);
    }
  }
  std::printf(bad ? "FAIL\n" : "OK\n");
  return bad;
}
