// A small Vec3 class with the full set of operators scientists write:
// compound assignment (+=, -=, *=, /=), unary minus, friend binary +, -
// and scalar * v,
// operator[] (const and not), cross, dot and normalized(); the positions are
// a std::array<Vec3, 3> passed as a container (ad::dup(arr, darr)).
//   angle: theta = acos(u.v / |u||v|), u = a - b, v = c - b;
//          d theta/da = -(v/(|u||v|) - cos(theta) u/|u|^2) / sin(theta),
//          the same with u, v swapped for c, and db = -(da + dc)
//   area:  A = |u x v| / 2 with n = (u x v)/|u x v|: dA/da = (v x n) / 2,
//          dA/dc = (n x u) / 2, dA/db = -(dA/da + dA/dc)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <array>
#include <cmath>

class Vec3 {
public:
  Vec3() = default;
  Vec3(double x, double y, double z) : c{x, y, z} {}
  double &operator[](int i) { return c[i]; }
  double operator[](int i) const { return c[i]; }
  Vec3 &operator+=(const Vec3 &o) {
    for (int i = 0; i < 3; i++)
      c[i] += o[i];
    return *this;
  }
  Vec3 &operator-=(const Vec3 &o) { return *this += -o; }
  Vec3 &operator*=(double s) {
    for (double &e : c)
      e *= s;
    return *this;
  }
  Vec3 &operator/=(double s) { return *this *= 1.0 / s; }
  Vec3 operator-() const { return Vec3(-c[0], -c[1], -c[2]); }
  friend Vec3 operator+(Vec3 a, const Vec3 &b) { return a += b; }
  friend Vec3 operator-(Vec3 a, const Vec3 &b) { return a -= b; }
  friend Vec3 operator*(double s, Vec3 a) { return a *= s; }
  double dot(const Vec3 &o) const {
    return c[0] * o[0] + c[1] * o[1] + c[2] * o[2];
  }
  Vec3 cross(const Vec3 &o) const {
    return Vec3(c[1] * o[2] - c[2] * o[1], c[2] * o[0] - c[0] * o[2],
                c[0] * o[1] - c[1] * o[0]);
  }
  double norm() const { return std::sqrt(dot(*this)); }
  Vec3 normalized() const {
    Vec3 r = *this;
    return r /= norm();
  }

private:
  double c[3] = {0, 0, 0};
};

double angle(const Vec3 *p) {
  Vec3 u = p[0] - p[1], v = p[2] - p[1];
  return std::acos(u.normalized().dot(v.normalized()));
}
double area(const Vec3 *p) {
  return 0.5 * (p[0] - p[1]).cross(p[2] - p[1]).norm();
}

int main() {
  std::array<Vec3, 3> p = {Vec3(1.0, 0.2, -0.3), Vec3(0.1, 0.4, 0.2),
                           Vec3(-0.5, 1.3, 0.6)};
  std::array<Vec3, 3> dang{}, dar{};
  ad::gradient(angle, ad::dup(p, dang));
  ad::gradient(area, ad::dup(p, dar));
  Vec3 u = p[0] - p[1], v = p[2] - p[1];
  double nu = u.norm(), nv = v.norm(), ct = u.dot(v) / (nu * nv);
  double st = std::sqrt(1 - ct * ct);
  Vec3 ga = (-1 / st) * ((1 / (nu * nv)) * v - (ct / (nu * nu)) * u);
  Vec3 gc = (-1 / st) * ((1 / (nu * nv)) * u - (ct / (nv * nv)) * v);
  Vec3 gb = -(ga + gc);
  Vec3 n = u.cross(v).normalized();
  Vec3 aa = 0.5 * v.cross(n), ac = 0.5 * n.cross(u), ab = -(aa + ac);
  double want1[9], want2[9], got1[9], got2[9], x[9];
  const Vec3 *wa[3] = {&ga, &gb, &gc}, *wb[3] = {&aa, &ab, &ac};
  for (int i = 0; i < 9; i++) {
    want1[i] = (*wa[i / 3])[i % 3];
    want2[i] = (*wb[i / 3])[i % 3];
    got1[i] = dang[i / 3][i % 3];
    got2[i] = dar[i / 3][i % 3];
    x[i] = p[i / 3][i % 3];
  }
  auto asv = [](const double *q) {
    return std::array<Vec3, 3>{Vec3(q[0], q[1], q[2]), Vec3(q[3], q[4], q[5]),
                               Vec3(q[6], q[7], q[8])};
  };
  check_gradient(
      "angle", [&](const double *q) { return angle(asv(q).data()); }, x, got1,
      want1, 9);
  check_gradient(
      "area", [&](const double *q) { return area(asv(q).data()); }, x, got2,
      want2, 9);
  std::array<Vec3, 3> t{};
  t[2][1] = 1; // along c_y
  ad_check("angle tangent c_y", ad::tangent(angle, ad::dup(p, t)), want1[7],
           want1[7]);
  return ad_check_report();
}
