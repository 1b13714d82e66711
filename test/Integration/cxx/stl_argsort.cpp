// Argsort, as users write it: positions pushed into a
// std::vector<std::array<double, 3>>, radii in a std::vector<double>, and a
// std::vector<int> of indices sorted by a lambda reading the radii; the
// energy sums the squares of the two largest radii (analytic gradient:
// 2 p for the two farthest points, 0 elsewhere; also against finite
// differences). At -O1 and above, each empty vector's null begin merged
// all the vectors' blocks into one object in the type analysis, which then
// refused the index moves as copies of mixed data. At -O0 it is refused
// (the sort's libstdc++ code frees a block the analysis cannot place).
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
// RUN: %not %clangxx -std=c++17 -O0 %s -o %t0 2>&1 | %FileCheck %s --check-prefix=O0
// O0: error: ADPass: in 'energy(double const*, int)'
#include <ad.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

double energy(const double *pos, int n) {
  std::vector<std::array<double, 3>> P;
  for (int i = 0; i < n; i++)
    P.push_back({pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]});
  std::vector<double> rad(n);
  for (int i = 0; i < n; i++)
    rad[i] =
        std::sqrt(P[i][0] * P[i][0] + P[i][1] * P[i][1] + P[i][2] * P[i][2]);
  std::vector<int> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(),
            [&](int a, int b) { return rad[a] < rad[b]; });
  double e = 0;
  for (int k = n - 2; k < n; k++)
    e += rad[idx[k]] * rad[idx[k]];
  return e;
}

int main() {
  const int n = 5;
  double pos[3 * n] = {0, 0,   0,   1.1,  0,   0,   0,  1.2,
                       0, 0.1, 0.2, 1.05, 1.0, 1.0, 0.3};
  double dpos[3 * n] = {0};
  ad::gradient(energy, ad::dup(pos, dpos), ad::constant(n));
  // The two farthest points are 4 (|p| = 1.45) and 2 (|p| = 1.2).
  int fails = 0;
  for (int i = 0; i < 3 * n; i++) {
    int point = i / 3;
    double want = (point == 2 || point == 4) ? 2 * pos[i] : 0.0;
    double h = 1e-7, s = pos[i];
    pos[i] = s + h;
    double fp = energy(pos, n);
    pos[i] = s - h;
    double fm = energy(pos, n);
    pos[i] = s;
    double fd = (fp - fm) / (2 * h);
    if (std::fabs(dpos[i] - want) > 1e-12 || std::fabs(dpos[i] - fd) > 1e-5) {
      std::printf("FAIL d/dpos[%d] = %g, expected %g (fd %g)\n", i, dpos[i],
                  want, fd);
      ++fails;
    }
  }
  std::printf("%s\n", fails ? "FAIL" : "PASS");
  return fails != 0;
}
