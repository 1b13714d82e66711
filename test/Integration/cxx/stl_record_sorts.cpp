// Arrays of records moved by the standard library: std::stable_sort and
// std::sort of structs {double, double, int} and {double, int} by their int
// key, and a vector of records with erase and insert. libstdc++ moves the
// records with memmove of whole records in helpers that only read the key
// (`__merge_adaptive`, `__rotate`, `__insertion_sort`): those helpers see
// integer accesses alone, and before, such a copy was taken for a copy of
// integers and its adjoint dropped silently (stable_sort: d/dx = 0 for the
// second half at -O1..-O3). The record layout now comes from every access
// and struct copy at offsets known modulo the record size.
//   segments: L = sum_k (k+1) (a_k + 2 b_k), records sorted by tag,
//             a = x_i, b = x_i^2: dL/dx_i = w_i (1 + 4 x_i), w_i = 1 + the
//             rank of record i (stable).
//   keyed:    L = sum_k (k+1) v_k^3 with v = x sorted by the key (i*5)%7.
//   edited:   erase + insert of records in a vector.
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
// At -O0 the stable sort is refused (its merge moves records whose layout
// the helper cannot see), never wrong:
// RUN: %not %clangxx -std=c++17 -O0 %s -o %t0 2>&1 | %FileCheck %s --check-prefix=O0
// O0: error: ADPass: in '{{.*}}__merge_adaptive{{.*}}': cannot tell what the memory copied here holds
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <cmath>
#include <vector>

struct Seg {
  double a, b;
  int tag;
};

double segments(const double *x, int n) {
  std::vector<Seg> v;
  for (int i = 0; i < n; ++i)
    v.push_back({x[i], x[i] * x[i], (i * 7) % 3});
  std::stable_sort(v.begin(), v.end(),
                   [](const Seg &p, const Seg &q) { return p.tag < q.tag; });
  double s = 0;
  for (size_t k = 0; k < v.size(); ++k)
    s += (k + 1) * (v[k].a + 2 * v[k].b);
  return s;
}

struct Keyed {
  double v;
  int key;
};

double keyed(const double *x, int n) {
  std::vector<Keyed> r(n);
  for (int i = 0; i < n; ++i)
    r[i] = {x[i], (i * 5) % 7};
  std::sort(r.begin(), r.end(),
            [](const Keyed &p, const Keyed &q) { return p.key < q.key; });
  double s = 0;
  for (int k = 0; k < n; ++k)
    s += (k + 1) * r[k].v * r[k].v * r[k].v;
  return s;
}

double edited(const double *x, int n) {
  std::vector<Seg> v;
  for (int i = 0; i < n; ++i)
    v.push_back({x[i], 1.0, i});
  v.erase(v.begin() + 1);
  v.insert(v.begin() + 2, Seg{3 * x[0], x[1], 9});
  double s = 0;
  for (size_t k = 0; k < v.size(); ++k)
    s += (k + 1) * v[k].a * v[k].b;
  return s;
}

int main() {
  const int n = 7;
  double x[n] = {0.3, -1.2, 0.8, 2.0, -0.1, 1.4, 0.55}, dx[n] = {}, want[n];
  ad::gradient(segments, ad::dup(x, dx), ad::constant(n));
  // Stable order by tag (i*7)%3: ranks of the records.
  int rank[n], k = 0;
  for (int t = 0; t < 3; ++t)
    for (int i = 0; i < n; ++i)
      if ((i * 7) % 3 == t)
        rank[i] = k++;
  for (int i = 0; i < n; ++i)
    want[i] = (rank[i] + 1) * (1 + 4 * x[i]);
  check_gradient(
      "segments", [&](const double *q) { return segments(q, n); }, x, dx, want,
      n);

  double dk[n] = {};
  ad::gradient(keyed, ad::dup(x, dk), ad::constant(n));
  k = 0;
  for (int t = 0; t < 7; ++t)
    for (int i = 0; i < n; ++i)
      if ((i * 5) % 7 == t)
        rank[i] = k++;
  for (int i = 0; i < n; ++i)
    want[i] = (rank[i] + 1) * 3 * x[i] * x[i];
  check_gradient(
      "keyed", [&](const double *q) { return keyed(q, n); }, x, dk, want, n);

  double de[n] = {};
  ad::gradient(edited, ad::dup(x, de), ad::constant(n));
  // After erase(1) and insert at 2: x0, x2, {3 x0, x1}, x3, x4, x5, x6
  // (weights 1..7; a * b = x_i except the inserted 3 x0 x1).
  for (int i = 0; i < n; ++i)
    want[i] = 0;
  want[0] = 1 + 3 * 3 * x[1];
  want[1] = 3 * 3 * x[0];
  want[2] = 2;
  for (int i = 3; i < n; ++i)
    want[i] = i + 1;
  check_gradient(
      "edited", [&](const double *q) { return edited(q, n); }, x, de, want, n);
  return ad_check_report();
}
