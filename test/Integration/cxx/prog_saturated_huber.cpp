// Fitting a saturating sensor with a Huber loss, typed API: the prediction
// of a linear model is clipped to the sensor's range with std::clamp, the
// Huber loss is written with std::min on references (q = min(|r|, delta):
// 0.5 q^2 + delta (|r| - q)), and the worst absolute error is tracked with
// std::max on a reference, all inside the loop over samples; differentiated
// with respect to the weights w, the data y (ad::dup) and the Huber
// threshold delta (ad::active).
//   p_i = clamp(w0 + w1 x_i, lo, hi), r_i = p_i - y_i, a_i = |r_i|,
//   L = (1/n) sum_i huber(a_i) + c max_i a_i^2:
//   dL/dp_i = sgn(r_i) min(a_i, delta) / n + 2 c a_k sgn(r_k) [i = k]
//   (k the worst sample), dp_i/dw = (1, x_i) when lo < w0 + w1 x_i < hi
//   and 0 when saturated, dL/dy_i = -dL/dp_i,
//   dL/ddelta = (1/n) sum_{a_i > delta} (a_i - delta).
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <cmath>

struct SensorRange {
  double lo, hi;
};

const double worst_weight = 0.05;

double sensor_loss(const double *w, const double *x, const double *y, int n,
                   double delta, const SensorRange *range) {
  double total = 0, worst = 0;
  for (int i = 0; i < n; i++) {
    double raw = w[0] + w[1] * x[i];
    const double &p = std::clamp(raw, range->lo, range->hi);
    double a = std::fabs(p - y[i]);
    const double &q = std::min(a, delta);
    total += 0.5 * q * q + delta * (a - q);
    worst = std::max(worst, a);
  }
  return total / n + worst_weight * worst * worst;
}

const int N = 10;

int main() {
  const SensorRange range{0.0, 2.0};
  double x[N],
      y[N] = {0.02, 0.05, 0.31, 0.62, 1.35, 0.85, 1.51, 1.60, 1.97, 1.93};
  for (int i = 0; i < N; i++)
    x[i] = -0.5 + 0.3 * i;
  double w[2] = {0.25, 0.85}, dw[2] = {}, dy[N] = {};
  const double delta = 0.2;
  double ddelta =
      ad::gradient(sensor_loss, ad::dup(w, dw), ad::constant(x), ad::dup(y, dy),
                   ad::constant(N), ad::active(delta), ad::constant(&range));

  double gp[N], r[N], a[N], wd = 0;
  int k = 0, saturated = 0, outer = 0;
  for (int i = 0; i < N; i++) {
    double raw = w[0] + w[1] * x[i];
    double p = raw < range.lo ? range.lo : raw > range.hi ? range.hi : raw;
    r[i] = p - y[i];
    a[i] = std::fabs(r[i]);
    double s = r[i] > 0 ? 1 : -1;
    gp[i] = s * (a[i] < delta ? a[i] : delta) / N;
    if (a[i] > delta) {
      wd += (a[i] - delta) / N;
      outer++;
    }
    if (a[i] > a[k])
      k = i;
  }
  gp[k] += 2 * worst_weight * a[k] * (r[k] > 0 ? 1 : -1);
  double ww[2] = {}, wy[N];
  for (int i = 0; i < N; i++) {
    double raw = w[0] + w[1] * x[i];
    bool inside = raw > range.lo && raw < range.hi;
    saturated += !inside;
    if (inside) {
      ww[0] += gp[i];
      ww[1] += gp[i] * x[i];
    }
    wy[i] = -gp[i];
  }
  check_gradient(
      "huber dw",
      [&](const double *q) { return sensor_loss(q, x, y, N, delta, &range); },
      w, dw, ww, 2);
  check_gradient(
      "huber dy",
      [&](const double *q) { return sensor_loss(w, x, q, N, delta, &range); },
      y, dy, wy, N);
  ad_check("huber ddelta", ddelta, wd,
           fd_at(
               [&](const double *q) {
                 return sensor_loss(w, x, y, N, q[0], &range);
               },
               &delta, 1, 0));
  // Both branches of clamp and of min are taken in this data.
  ad_check_eq("saturated samples", saturated, 2);
  ad_check_eq("samples beyond delta", outer, 2);
  return ad_check_report();
}
