// Value types as C++ numerical code writes them: a Vec3 with overloaded
// operators passed and returned by value, a particle system class with
// member data and methods, templates at double and float.
//   E = sum_i k |p_i - c|^2 + sum_i<j 1 / |p_i - p_j| (checked by finite
//   differences), plus a float template.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <vector>

struct Vec3 {
  double x, y, z;
  Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  double norm() const { return std::sqrt(dot(*this)); }
};

class Particles {
public:
  Particles(const double *pos, int n, double k) : k(k) {
    for (int i = 0; i < n; i++)
      p.push_back({pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]});
  }
  Vec3 centroid() const {
    Vec3 c{0, 0, 0};
    for (const Vec3 &q : p)
      c = c + q;
    return c * (1.0 / p.size());
  }
  double energy() const {
    Vec3 c = centroid();
    double e = 0;
    for (size_t i = 0; i < p.size(); i++) {
      Vec3 d = p[i] - c;
      e += k * d.dot(d);
      for (size_t j = i + 1; j < p.size(); j++)
        e += 1.0 / (p[i] - p[j]).norm();
    }
    return e;
  }

private:
  std::vector<Vec3> p;
  double k;
};

double energy(const double *pos, int n) {
  return Particles(pos, n, 0.5).energy();
}

template <class T> T poly(const T *a, int n) {
  T s = 0;
  for (int i = 0; i < n; i++)
    s = s * a[i] + T(1);
  return s;
}

int main() {
  const int n = 3, m = 3 * n;
  double pos[m] = {0, 0, 0, 1, 0.2, 0, 0.3, 1.1, 0.4};
  double dpos[m] = {};
  ad::gradient(energy, ad::dup(pos, dpos), ad::constant(n));
  double want[m];
  auto f = [&](const double *p) { return energy(p, n); };
  for (int i = 0; i < m; i++)
    want[i] = fd_at(f, pos, m, i);
  check_gradient("particles", f, pos, dpos, want, m);
  // The forces sum to zero (translation invariance).
  double sx = dpos[0] + dpos[3] + dpos[6];
  ad_check("translation invariance", sx, 0, 0);
  float a[3] = {1.5f, 0.5f, 2.0f}, da[3] = {};
  ad::gradient(poly<float>, ad::dup(a, da), ad::constant(3));
  // poly = (a1 + 1) a2 + 1 (Horner from s = 0: a0 drops out)
  ad_check_f("float template d/da0", da[0], 0, 0);
  ad_check_f("float template d/da1", da[1], 2.0f, 2.0f);
  ad_check_f("float template d/da2", da[2], 1.5f, 1.5f);
  return ad_check_report();
}
