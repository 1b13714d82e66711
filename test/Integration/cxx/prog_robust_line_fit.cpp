// A robust straight-line fit as a statistician writes it, through the C
// entry point (__ad_autodiff with ad_dup/ad_const): the least trimmed
// squares criterion (the h smallest squared residuals, found by
// std::stable_sort of a std::vector with a lambda comparator) plus the squared
// median absolute deviation (the median of the residuals and the median of the
// absolute deviations from it, both by std::nth_element of std::vectors),
// differentiated with respect to the line (p0, p1) and to the data y. (Sorting
// {r^2, index} records instead is refused: reported.)
//   r_i = y_i - p0 - p1 t_i,  S = the h indices of the smallest r_i^2,
//   med = r_m (the median residual), MAD = |r_j - r_m| (the median
//   absolute deviation, at index j),
//   L = (1/h) sum_{i in S} r_i^2 + MAD^2 / 2:
//   dL/dr_i = 2 r_i / h [i in S] + MAD sgn(r_j - r_m) ([i = j] - [i = m]),
//   dL/dy_i = dL/dr_i, dL/dp0 = -sum dL/dr_i, dL/dp1 = -sum t_i dL/dr_i.
//   The index sets are found in main by counting ranks, without <algorithm>.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.h>
#include <algorithm>
#include <cmath>
#include <vector>

double robust_loss(const double *p, const double *t, const double *y, int n,
                   int h) {
  std::vector<double> r(n);
  std::vector<double> sq;
  sq.reserve(n);
  for (int i = 0; i < n; i++) {
    r[i] = y[i] - (p[0] + p[1] * t[i]);
    sq.push_back(r[i] * r[i]);
  }
  std::stable_sort(sq.begin(), sq.end(),
                   [](double a, double b) { return a < b; });
  double lts = 0;
  for (int k = 0; k < h; k++)
    lts += sq[k];

  std::vector<double> med(r);
  std::nth_element(med.begin(), med.begin() + n / 2, med.end());
  double m = med[n / 2];
  std::vector<double> dev(n);
  for (int i = 0; i < n; i++)
    dev[i] = std::fabs(r[i] - m);
  std::nth_element(dev.begin(), dev.begin() + n / 2, dev.end());
  double mad = dev[n / 2];
  return lts / h + 0.5 * mad * mad;
}

// The index of the k-th smallest of v (no ties in this data).
static int kth(const double *v, int n, int k) {
  for (int i = 0; i < n; i++) {
    int below = 0;
    for (int j = 0; j < n; j++)
      below += v[j] < v[i];
    if (below == k)
      return i;
  }
  return -1;
}

const int N = 9, H = 7;

int main() {
  // A line 0.5 + 1.2 t with noise and two gross outliers (t = 0.25, 1.75).
  double t[N], y[N] = {0.43, 0.55, 3.9, 1.28, 1.74, 1.83, 2.31, -1.6, 2.87};
  for (int i = 0; i < N; i++)
    t[i] = 0.25 * i;
  double p[2] = {0.45, 1.25}, dp[2] = {}, dy[N] = {};
  __ad_autodiff((void *)robust_loss, ad_dup, p, dp, ad_const, t, ad_dup, y, dy,
                ad_const, N, ad_const, H);

  double r[N], r2[N], gr[N] = {};
  for (int i = 0; i < N; i++) {
    r[i] = y[i] - p[0] - p[1] * t[i];
    r2[i] = r[i] * r[i];
  }
  for (int k = 0; k < H; k++) {
    int i = kth(r2, N, k);
    gr[i] += 2 * r[i] / H;
  }
  int m = kth(r, N, N / 2);
  double dev[N];
  for (int i = 0; i < N; i++)
    dev[i] = std::fabs(r[i] - r[m]);
  int j = kth(dev, N, N / 2);
  double mad = dev[j], sg = r[j] > r[m] ? 1 : -1;
  gr[j] += mad * sg;
  gr[m] -= mad * sg;
  double wp[2] = {}, wy[N];
  for (int i = 0; i < N; i++) {
    wp[0] -= gr[i];
    wp[1] -= t[i] * gr[i];
    wy[i] = gr[i];
  }
  check_gradient(
      "robust dp", [&](const double *q) { return robust_loss(q, t, y, N, H); },
      p, dp, wp, 2);
  check_gradient(
      "robust dy", [&](const double *q) { return robust_loss(p, t, q, N, H); },
      y, dy, wy, N);
  // The median and the MAD must be different points, and the trimmed set
  // must be the points off the outliers, for this test to mean what it says.
  ad_check_eq("median index differs from MAD index", j != m, 1);
  ad_check_eq("outliers trimmed", kth(r2, N, H) == 2 && kth(r2, N, H + 1) == 7,
              1);
  return ad_check_report();
}
