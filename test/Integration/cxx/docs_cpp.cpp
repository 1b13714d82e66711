// The examples of docs/cpp.md, compiled and run at every level. Each is
// between a line "// docs/cpp.md: <name>" and "// end of docs/cpp.md
// example"; the code block after "<!-- docs_cpp.cpp: <name> -->" in
// docs/cpp.md must be identical (checked by diff). main checks the results
// against analytic values.
// RUN: sed -n '/^<!-- docs_cpp.cpp: gradient -->$/,/^```$/p' %S/../../../docs/cpp.md | sed '1,2d;$d' > %t.gradient.md
// RUN: sed -n '/^\/\/ docs\/cpp.md: gradient$/,/^\/\/ end of docs\/cpp.md example$/p' %s | sed '1d;$d' > %t.gradient.cpp
// RUN: grep -q ad::gradient %t.gradient.md
// RUN: diff %t.gradient.md %t.gradient.cpp
// RUN: sed -n '/^<!-- docs_cpp.cpp: objects -->$/,/^```$/p' %S/../../../docs/cpp.md | sed '1,2d;$d' > %t.objects.md
// RUN: sed -n '/^\/\/ docs\/cpp.md: objects$/,/^\/\/ end of docs\/cpp.md example$/p' %s | sed '1d;$d' > %t.objects.cpp
// RUN: grep -q Spring %t.objects.md
// RUN: diff %t.objects.md %t.objects.cpp
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.hpp>

static double got[4];
static void report(double a, double b, double c, double d) {
  got[0] = a, got[1] = b, got[2] = c, got[3] = d;
}

// docs/cpp.md: gradient
double loss(const double *w, double scale, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += scale * w[i] * w[i];
  return s;
}

double product(double a, double b) { return a * b * b; }

void gradients(const double *w, double *dw) {
  // dw[i] += d loss / d w[i]; returns d loss / d scale.
  double dscale =
      ad::gradient(loss, ad::dup(w, dw), ad::active(0.5), ad::constant(4));
  // Two active scalars: a tuple.
  auto [da, db] = ad::gradient(product, ad::active(1.5), ad::active(2.0));
  // Forward mode: the derivative along scale.
  double t =
      ad::tangent(loss, ad::dup(w, dw), ad::dual(0.5, 1.0), ad::constant(4));
  report(dscale, da, db, t);
}
// end of docs/cpp.md example

// docs/cpp.md: objects
struct Spring {
  double k;
  double energy(const double *x) const { return 0.5 * k * x[0] * x[0]; }
};

void objects(const double *x, double *dx) {
  double c = 3.0;
  auto scaled = [c](double t) { return c * t * t; }; // captures: constants
  double dt = ad::gradient(scaled, ad::active(2.0)); // 2 c t = 12

  Spring s{4.0}, ds{0.0};
  // dx[0] += k x0; ds.k += x0^2 / 2.
  ad::gradient<&Spring::energy>(ad::dup(&s, &ds), ad::dup(x, dx));
  report(dt, ds.k, 0, 0);
}
// end of docs/cpp.md example

int main() {
  double w[4] = {1, 2, 3, 4}, dw[4] = {0, 0, 0, 0};
  gradients(w, dw);
  // The forward call reads dw (the gradient, 2 scale w) as the tangent of w.
  ad_check("d loss / d scale", got[0], 30, 30);
  ad_check("d product / da", got[1], 4, 4);
  ad_check("d product / db", got[2], 6, 6);
  ad_check("d loss / dw3", dw[3], 4, 4);
  ad_check("tangent", got[3], 30 + 0.5 * 2 * (1 + 4 + 9 + 16), 60);
  double x[1] = {1.5}, dx[1] = {0};
  objects(x, dx);
  ad_check("lambda", got[0], 12, 12);
  ad_check("d energy / dk", got[1], 0.5 * 1.5 * 1.5, 1.125);
  ad_check("d energy / dx0", dx[0], 4 * 1.5, 6);
  return ad_check_report();
}
