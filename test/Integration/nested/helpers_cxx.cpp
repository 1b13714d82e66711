// The C++ helpers of ad.hpp: ad::hessian of Rosenbrock (n = 10) against the
// analytic Hessian; ad::hvp of a small tanh network loss (constants passed
// through) against finite differences of ad::gradient_vector; ad::jacobian
// of a 2 x 3 (reverse sweeps) and a 5 x 3 function (forward sweeps).
// RUN: %clangxx -O0 %s -o %t0 && %t0
// RUN: %clangxx -O1 %s -o %t1 && %t1
// RUN: %clangxx -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -O3 %s -o %t3 && %t3
#include <ad.hpp>
#include <cmath>
#include <cstdio>
#include <vector>
static double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}
// a small network loss: sum_k (tanh(w_k . in) - t_k)^2 with weights x
static double loss(const double *w, const double *in, int k, int d) {
  double s = 0;
  for (int i = 0; i < k; ++i) {
    double a = 0;
    for (int j = 0; j < d; ++j)
      a += w[i * d + j] * in[j];
    double r = std::tanh(a) - 0.1 * i;
    s += r * r;
  }
  return s;
}
static void model(const double *x, double *y, int m) {
  for (int r = 0; r < m; ++r)
    y[r] = std::sin(x[r % 3] * (r + 1)) + x[(r + 1) % 3] * x[r % 3];
}
int main() {
  const int N = 10;
  std::vector<double> x(N), h(N * N), w(ad::hessian_work(N));
  for (int i = 0; i < N; ++i)
    x[i] = 0.1 * i - 0.3;
  ad::hessian<rosen>(x.data(), h.data(), N, w.data(), N);
  int bad = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double e = 0;
      if (i == j)
        e = (i + 1 < N ? 1200 * x[i] * x[i] - 400 * x[i + 1] + 2 : 0) +
            (i > 0 ? 200 : 0);
      if (j == i + 1 || i == j + 1)
        e = -400 * x[i < j ? i : j];
      if (std::fabs(h[i * N + j] - e) > 1e-9)
        bad = 1;
    }
  // HVP of the network loss vs finite differences of gradients
  const int K = 3, D = 4;
  double wt[K * D], in[D] = {0.5, -1, 0.25, 2}, v[K * D], hv[K * D], g[K * D];
  for (int i = 0; i < K * D; ++i)
    wt[i] = 0.1 * ((i * 7) % 5) - 0.2, v[i] = 0.3 * ((i * 3) % 4) - 0.5;
  ad::hvp<loss>(wt, v, hv, g, K * D, (const double *)in, K, D);
  double wp[K * D], wm[K * D], gp[K * D], gm[K * D], eps = 1e-6;
  for (int i = 0; i < K * D; ++i)
    wp[i] = wt[i] + eps * v[i], wm[i] = wt[i] - eps * v[i];
  ad::gradient_vector<loss>(wp, gp, K * D, (const double *)in, K, D);
  ad::gradient_vector<loss>(wm, gm, K * D, (const double *)in, K, D);
  for (int i = 0; i < K * D; ++i)
    if (std::fabs(hv[i] - (gp[i] - gm[i]) / (2 * eps)) > 1e-6) {
      bad = 1;
      std::printf("hv %d %g %g\n", i, hv[i], (gp[i] - gm[i]) / (2 * eps));
    }
  // Jacobians both ways
  for (int m : {2, 5}) {
    double xx[3] = {0.4, -0.9, 1.3}, y[5], j[15];
    ad::jacobian<model>(xx, 3, y, m, j, nullptr, m);
    for (int r = 0; r < m; ++r)
      for (int c = 0; c < 3; ++c) {
        double e = (c == r % 3 ? std::cos(xx[r % 3] * (r + 1)) * (r + 1) +
                                     xx[(r + 1) % 3]
                               : 0) +
                   (c == (r + 1) % 3 ? xx[r % 3] : 0);
        if (std::fabs(j[r * 3 + c] - e) > 1e-12) {
          bad = 1;
          std::printf("J%d %d %d %g %g\n", m, r, c, j[r * 3 + c], e);
        }
      }
  }
  std::puts(bad ? "FAIL" : "ok");
  return bad;
}
