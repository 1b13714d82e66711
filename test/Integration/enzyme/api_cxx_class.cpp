// C++ classes under Enzyme's C API: a small Vec3 with operator overloading,
// a class holding a std::array of springs whose member function is called
// through a plain wrapper taking the object by pointer (enzyme_dup with a
// shadow object of the same class: the derivative w.r.t. every double
// member lands in the shadow), a member passed by const reference, and
// forward mode with a shadow object as the tangent direction.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <array>
#include <cmath>

extern int enzyme_dup, enzyme_const, enzyme_out;
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);

struct Vec3 {
  double x, y, z;
  Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  double dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  double norm() const { return std::sqrt(dot(*this)); }
};

class Chain {
public:
  std::array<Vec3, 3> pts;
  std::array<double, 2> stiffness;
  double rest = 1.0;
  int kind = 0; // an int member: no derivative

  double energy(const Vec3 &gravity) const {
    double e = 0;
    for (int i = 0; i < 2; i++) {
      double l = (pts[i + 1] - pts[i]).norm() - rest;
      e += 0.5 * stiffness[i] * l * l;
    }
    for (const Vec3 &p : pts)
      e -= (p * (kind + 1.0)).dot(gravity);
    return e;
  }
};

static double chain_energy(const Chain *c, const Vec3 *g) {
  return c->energy(*g);
}

static Chain make() {
  Chain c;
  c.pts = {Vec3{0, 0, 0}, Vec3{1.2, 0.3, 0}, Vec3{1.9, -0.4, 0.5}};
  c.stiffness = {3.0, 1.5};
  return c;
}
static double e_p1y(double v) {
  Chain c = make();
  c.pts[1].y = v;
  Vec3 g{0, -9.8, 0};
  return chain_energy(&c, &g);
}
static double e_rest(double v) {
  Chain c = make();
  c.rest = v;
  Vec3 g{0, -9.8, 0};
  return chain_energy(&c, &g);
}

int main() {
  Chain c = make(), dc{};
  dc.pts = {};
  dc.stiffness = {0, 0};
  dc.rest = 0.0;
  Vec3 g{0, -9.8, 0}, dg{0, 0, 0};
  __enzyme_autodiff((void *)chain_energy, enzyme_dup, &c, &dc, enzyme_dup, &g,
                    &dg);
  Vec3 d0 = c.pts[1] - c.pts[0], d1 = c.pts[2] - c.pts[1];
  double l0 = d0.norm(), l1 = d1.norm();
  double f0 = c.stiffness[0] * (l0 - 1) / l0,
         f1 = c.stiffness[1] * (l1 - 1) / l1;
  ad_check("dE/dp1.y", dc.pts[1].y, f0 * d0.y - f1 * d1.y + 9.8,
           ad_fd(e_p1y, c.pts[1].y));
  ad_check_eq("dE/dp2.z", dc.pts[2].z, f1 * d1.z);
  ad_check_eq("dE/dk0", dc.stiffness[0], 0.5 * (l0 - 1) * (l0 - 1));
  ad_check("dE/drest", dc.rest,
           -c.stiffness[0] * (l0 - 1) - c.stiffness[1] * (l1 - 1),
           ad_fd(e_rest, 1.0));
  ad_check_eq("dE/dg.y", dg.y, -(0 + 0.3 - 0.4));
  ad_check_eq("int member untouched", dc.kind, 0);

  /* Forward: tangent along rest and p1.y together. */
  Chain tc{};
  tc.pts = {};
  tc.stiffness = {0, 0};
  tc.rest = 1.0;
  tc.pts[1].y = 1.0;
  Vec3 tg{0, 0, 0};
  double t = __enzyme_fwddiff((void *)chain_energy, enzyme_dup, &c, &tc,
                              enzyme_dup, &g, &tg);
  ad_check_eq("forward d/drest + d/dp1.y", t, dc.rest + dc.pts[1].y);
  return ad_check_report();
}
