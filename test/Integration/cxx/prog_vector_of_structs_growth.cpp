// std::vector of structs grown inside the differentiated function: a
// trajectory sampled with push_back of a struct {t, y, dy} (no reserve:
// reallocations move the structs), an insert at the front, pop_back,
// back(), a second pass filling a member in place; and emplace_back
// of a struct holding a std::array. (erase, and vectors of vectors grown by
// push_back, are refused: reported.)
//   y(t) = p0 exp(-p1 t) + p2 t at t_k = k h, k = 1..n-1 (the t = 0 sample
//   inserted at the front is skipped, t = 1 popped); L = trapezoid(y) +
//   0.1 sum_k h dy_k^2 + y_front y_back with dy_k = (y_k - y_{k-1}) / h.
//   The analytic gradient chains dy/dp by hand.
//   frames: f_i = {(x_i, x_i^2, x_i^3), w_i = i + 1}: L = sum w_i |q_i|^2
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <array>
#include <cmath>
#include <vector>

struct Sample {
  double t, y, dy;
};

double trajectory(const double *p, int n) {
  std::vector<Sample> s;
  double h = 1.0 / n;
  for (int k = 1; k <= n; k++) {
    double t = k * h;
    s.push_back({t, p[0] * std::exp(-p[1] * t) + p[2] * t, 0.0});
  }
  s.insert(s.begin(), Sample{0.0, p[0], 0.0}); // t = 0, not used below
  s.pop_back();                                // drop t = 1
  for (size_t k = 2; k < s.size(); k++)
    s[k].dy = (s[k].y - s[k - 1].y) / h;
  double area = 0, rough = 0;
  for (size_t k = 2; k < s.size(); k++) {
    area += 0.5 * h * (s[k].y + s[k - 1].y);
    rough += h * s[k].dy * s[k].dy;
  }
  return area + 0.1 * rough + s[1].y * s.back().y;
}

struct Frame {
  std::array<double, 3> q;
  double w;
};

double frames(const double *x, int n) {
  std::vector<Frame> f;
  for (int i = 0; i < n; i++)
    f.emplace_back(Frame{{x[i], x[i] * x[i], x[i] * x[i] * x[i]}, i + 1.0});
  double s = 0;
  for (const Frame &fr : f)
    for (double c : fr.q)
      s += fr.w * c * c;
  return s;
}

int main() {
  const int n = 10;
  const double h = 1.0 / n;
  double p[3] = {1.3, 0.7, -0.4}, dp[3] = {};
  ad::gradient(trajectory, ad::dup(p, dp), ad::constant(n));
  // Samples k = 1..n-1 (index m = k - 1), their values and dy/dp.
  double y[n], g[n][3];
  for (int k = 1; k < n; k++) {
    double t = k * h, e = std::exp(-p[1] * t);
    y[k - 1] = p[0] * e + p[2] * t;
    g[k - 1][0] = e, g[k - 1][1] = -t * p[0] * e, g[k - 1][2] = t;
  }
  const int m = n - 1;
  double want[3];
  for (int j = 0; j < 3; j++) {
    double w = g[0][j] * y[m - 1] + y[0] * g[m - 1][j];
    for (int k = 1; k < m; k++) {
      w += 0.5 * h * (g[k][j] + g[k - 1][j]);
      w += 0.1 * h * 2 * (y[k] - y[k - 1]) / h * (g[k][j] - g[k - 1][j]) / h;
    }
    want[j] = w;
  }
  auto ft = [&](const double *q) { return trajectory(q, n); };
  check_gradient("trajectory", ft, p, dp, want, 3);
  double t[3] = {0, 1, 0};
  ad_check("trajectory tangent p1",
           ad::tangent(trajectory, ad::dup(p, t), ad::constant(n)), want[1],
           fd_at(ft, p, 3, 1));

  const int r = 4;
  double x[r] = {0.9, -1.1, 0.6, 1.2}, dx[r] = {}, wx[r];
  ad::gradient(frames, ad::dup(x, dx), ad::constant(r));
  for (int i = 0; i < r; i++) // d/dx (i+1)(x^2 + x^4 + x^6)
    wx[i] =
        (i + 1) * (2 * x[i] + 4 * std::pow(x[i], 3) + 6 * std::pow(x[i], 5));
  check_gradient(
      "frames", [&](const double *q) { return frames(q, r); }, x, dx, wx, r);
  return ad_check_report();
}
