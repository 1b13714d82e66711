// std::vector::erase and insert after push_back, inside the differentiated
// function. At -O2 the vector's begin() + 1, when the vector may still be
// empty, folds to the constant address `inttoptr (i64 8 to ptr)` (null plus
// one element), which was classified as unknown memory: the memmove of
// erase was refused as mixing differentiated and other memory. Null plus a
// constant addresses nothing; its shadow is itself.
//   f = sum over s of q^2, s = (p_1 .. p_{n-1}) after erase(begin());
//   g: erase(begin() + 1), insert(begin() + 1, 2 p_0), erase(end() - 1)
//   h: a vector of structs, erase(begin())
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.hpp>
#include <vector>

double f(const double *p, int n) {
  std::vector<double> s;
  for (int k = 0; k < n; k++)
    s.push_back(p[k]);
  s.erase(s.begin());
  double a = 0;
  for (double q : s)
    a += q * q;
  return a;
}

double g(const double *p, int n) {
  std::vector<double> s;
  for (int k = 0; k < n; k++)
    s.push_back(p[k] * (k + 1));
  s.erase(s.begin() + 1);              // drops 2 p_1
  s.insert(s.begin() + 1, 2.0 * p[0]); // (p_0, 2 p_0, 3 p_2, ..., n p_{n-1})
  s.erase(s.end() - 1);                // drops n p_{n-1}
  double a = 0;
  for (size_t i = 0; i < s.size(); i++)
    a += s[i] * s[i] * (i + 1);
  return a;
}

struct Pt {
  double x, w;
};
double h(const double *p, int n) {
  std::vector<Pt> v;
  for (int k = 0; k < n; k++)
    v.push_back({p[k], 0.5 * k});
  v.erase(v.begin());
  double a = 0;
  for (const Pt &q : v)
    a += q.w * q.x * q.x;
  return a;
}

static double f4(const double *p) { return f(p, 4); }
static double g4(const double *p) { return g(p, 4); }
static double h4(const double *p) { return h(p, 4); }

int main() {
  double p[4] = {1, 2, 3, 4};
  double d[4] = {0, 0, 0, 0};
  ad::gradient(f, ad::dup(p, d), ad::constant(4));
  for (int i = 0; i < 4; i++)
    ad_check("erase(begin())", d[i], i == 0 ? 0.0 : 2 * p[i],
             ad_fdn(f4, p, 4, i));
  /* g: s = (p0, 2 p0, 3 p2) with weights 1, 2, 3:
   * a = p0^2 + 2 (2 p0)^2 + 3 (3 p2)^2 = 9 p0^2 + 27 p2^2 */
  double e[4] = {0, 0, 0, 0};
  ad::gradient(g, ad::dup(p, e), ad::constant(4));
  const double want_g[4] = {18 * p[0], 0, 54 * p[2], 0};
  for (int i = 0; i < 4; i++)
    ad_check("erase, insert, erase", e[i], want_g[i], ad_fdn(g4, p, 4, i));
  double k[4] = {0, 0, 0, 0};
  ad::gradient(h, ad::dup(p, k), ad::constant(4));
  for (int i = 0; i < 4; i++)
    ad_check("vector of structs, erase", k[i], i == 0 ? 0.0 : p[i] * i,
             ad_fdn(h4, p, 4, i));
  double t[4] = {0, 0, 1, 0};
  ad_check_eq("forward", ad::tangent(f, ad::dup(p, t), ad::constant(4)),
              2 * p[2]);
  return ad_check_report();
}
