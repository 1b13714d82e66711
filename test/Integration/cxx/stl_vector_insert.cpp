// std::vector<double>::insert in the middle and at the end, inside the
// differentiated function, with and without reserve, growing past the
// capacity. The reallocation copies the elements before the insertion point
// with a memmove of constant length (16 bytes for begin() + 2), which was
// refused as a struct copy whose other bytes could not be guessed ("mixed"):
// both sides are heap memory the function allocated and only accessed as
// doubles, so bytes it never accessed have zero shadows.
//   v = (r0, r1, 3 r1, r2, ..., r_{n-1}, r0 r_{n-1}), loss = sum_i (i+1) v_i
//   d/dr0 = 1 + (n+2) r_{n-1}, d/dr1 = 2 + 3*3, d/dr_k = k + 2 (2 <= k < n-1),
//   d/dr_{n-1} = n + 1 + (n+2) r0
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.h>
#include <vector>

enum { N = 6 };

template <bool Reserve> double loss(const double *r, int n) {
  std::vector<double> v;
  if (Reserve)
    v.reserve(n + 2);
  for (int i = 0; i < n; i++)
    v.push_back(r[i]);
  v.insert(v.begin() + 2, 3 * r[1]);
  v.insert(v.end(), r[0] * r[n - 1]);
  double s = 0;
  for (int i = 0; i < (int)v.size(); i++)
    s += v[i] * (i + 1);
  return s;
}

static double loss_fd(const double *r) { return loss<false>(r, N); }

template <bool Reserve> static void check(const char *name) {
  double r[N] = {1.5, 2, 3, 4, 5, -0.5}, dr[N] = {};
  __ad_autodiff((void *)loss<Reserve>, ad_dup, r, dr, ad_const, (int)N);
  double want[N];
  want[0] = 1 + (N + 2) * r[N - 1];
  want[1] = 2 + 3 * 3;
  for (int k = 2; k < N - 1; k++)
    want[k] = k + 2;
  want[N - 1] = N + 1 + (N + 2) * r[0];
  for (int i = 0; i < N; i++)
    ad_check(name, dr[i], want[i], ad_fdn(loss_fd, r, N, i));
}

int main() {
  check<false>("insert, growing");
  check<true>("insert, reserved");
  return ad_check_report();
}
