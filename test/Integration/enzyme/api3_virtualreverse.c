// Enzyme's __enzyme_virtualreverse: the shadow of a material whose
// constitutive law is a function pointer chosen at run time gets
// __enzyme_virtualreverse(law) in place of the pointer (Enzyme's shadow of
// a function). E = sum_i law(e_i, k), law = quad (k0 e^2 + k1 e) or cubic
// (k0 e^3 + k1 e^2): dE/de_i and dE/dk checked against the analytic values.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <math.h>
#include <stdio.h>
#include <string.h>
extern double __enzyme_autodiff(void *, ...);
extern void *__enzyme_virtualreverse(void *);
extern int enzyme_dup, enzyme_const;

typedef struct {
  double (*law)(double, const double *);
  double k[2];
} Material;

double quad(double e, const double *k) { return k[0] * e * e + k[1] * e; }
double cubic(double e, const double *k) {
  return k[0] * e * e * e + k[1] * e * e;
}

double energy(const Material *m, const double *strain, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += m->law(strain[i], m->k);
  return s;
}

int main(int argc, char **argv) {
  enum { N = 5 };
  int fails = 0;
  double e[N] = {0.1, -0.4, 0.25, 0.8, -1.2};
  for (int which = 0; which < 2; ++which) {
    int cub = (which + argc - 1) % 2; /* unknown to the compiler */
    Material m = {cub ? cubic : quad, {2.5, -0.75}}, dm;
    memset(&dm, 0, sizeof dm);
    /* Enzyme needs a constant function here (ADPass takes any pointer). */
    dm.law = (double (*)(double, const double *))(
        cub ? __enzyme_virtualreverse((void *)cubic)
            : __enzyme_virtualreverse((void *)quad));
    double de[N] = {0};
    __enzyme_autodiff((void *)energy, enzyme_dup, &m, &dm, enzyme_dup, e, de,
                      enzyme_const, N);
    double dk0 = 0, dk1 = 0;
    for (int i = 0; i < N; ++i) {
      double x = e[i];
      double want =
          cub ? 3 * m.k[0] * x * x + 2 * m.k[1] * x : 2 * m.k[0] * x + m.k[1];
      fails += fabs(de[i] - want) > 1e-12;
      dk0 += cub ? x * x * x : x * x;
      dk1 += cub ? x * x : x;
    }
    fails += fabs(dm.k[0] - dk0) > 1e-12 || fabs(dm.k[1] - dk1) > 1e-12;
  }
  printf("%s (%d)\n", fails ? "FAIL" : "PASS", fails);
  return fails != 0;
}
