// C++ functions returning structs through memory (sret), differentiated
// through the typed API: a Vec3 cross product taking references, and a
// std::array<double, 3> built in a loop. ad::tangent returns the result's
// tangent; ad::gradient takes the seed of each field with ad::seed(s). A
// std::vector alive in main makes the entry calls invokes.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.hpp>
#include <array>
#include <cmath>
#include <vector>

struct Vec3 {
  double x, y, z;
};
Vec3 cross(const Vec3 &a, const Vec3 &b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

std::array<double, 3> features(const double *v, int n, double s) {
  std::array<double, 3> f{};
  for (int i = 0; i < n; i++) {
    f[0] += v[i] * s;
    f[1] += std::sin(v[i]) * s;
    f[2] += v[i] * v[i];
  }
  return f;
}

static const double V[3] = {1.0, 0.5, 2.0};
static double feat_s(double s) {
  auto f = features(V, 3, s);
  return f[0] + 2 * f[1] + 3 * f[2];
}

int main() {
  std::vector<double> alive(4, 1.0);
  Vec3 a{1, 2, 3}, b{4, 5, 6};
  // Forward: d(a x b) along da = e_x is e_x x b = (0, -b.z, b.y).
  Vec3 da{1, 0, 0}, db{0, 0, 0};
  Vec3 t = ad::tangent(cross, ad::dup(&a, &da), ad::dup(&b, &db));
  ad_check_eq("cross tangent x", t.x, 0.0);
  ad_check_eq("cross tangent y", t.y, -b.z);
  ad_check_eq("cross tangent z", t.z, b.y);
  // Reverse with seed s: d/da (s . (a x b)) = b x s, d/db = s x a.
  Vec3 ga{0, 0, 0}, gb{0, 0, 0}, s{1, -2, 0.5};
  ad::gradient(cross, ad::dup(&a, &ga), ad::dup(&b, &gb), ad::seed(s));
  Vec3 want_a = cross(b, s), want_b = cross(s, a);
  ad_check_eq("cross grad a.x", ga.x, want_a.x);
  ad_check_eq("cross grad a.y", ga.y, want_a.y);
  ad_check_eq("cross grad a.z", ga.z, want_a.z);
  ad_check_eq("cross grad b.x", gb.x, want_b.x);
  ad_check_eq("cross grad b.z", gb.z, want_b.z);

  double v[3] = {V[0], V[1], V[2]}, dv[3] = {0, 0, 0};
  std::array<double, 3> seed{1, 2, 3};
  double sc = 1.7;
  double ds = ad::gradient(features, ad::dup(v, dv), ad::constant(3),
                           ad::active(sc), ad::seed(seed));
  ad_check("array grad s", ds,
           3.5 + 2 * (std::sin(1.0) + std::sin(0.5) + std::sin(2.0)),
           ad_fd(feat_s, sc));
  for (int i = 0; i < 3; i++)
    ad_check_eq("array grad v", dv[i],
                sc + 2 * std::cos(V[i]) * sc + 3 * 2 * V[i]);
  double tv[3] = {0, 1, 0};
  std::array<double, 3> ft =
      ad::tangent(features, ad::dup(v, tv), ad::constant(3), ad::dual(sc, 0.0));
  ad_check_eq("array tangent 0", ft[0], sc);
  ad_check_eq("array tangent 1", ft[1], std::cos(V[1]) * sc);
  ad_check_eq("array tangent 2", ft[2], 2 * V[1]);
  return ad_check_report() + (alive.size() != 4);
}
