// LAPACK rules in the vector modes (ad_width): the runtime formula runs
// once per direction on that direction's shadows. A function through
// gesv, potrf + potrs, getrf + getri, syev and gels; vector forward mode
// against one forward call per direction, vector reverse mode (two seeds)
// against scalar gradients.
// RUN: %clang -O0 %s -o %t0 %lapack_openblas && %t0
// RUN: %clang -O1 %s -o %t1 %lapack_ref && %t1
// RUN: %clang -O2 %s -o %t2 %lapack_openblas && %t2
// RUN: %clang -O3 %s -o %t3 %lapack_ref && %t3
#include <ad.h>
#include <math.h>
#include <stdio.h>

int LAPACKE_dgesv(int, int, int, double *, int, int *, double *, int);
int LAPACKE_dpotrf(int, char, int, double *, int);
int LAPACKE_dpotrs(int, char, int, int, const double *, int, double *, int);
int LAPACKE_dgetrf(int, int, int, double *, int, int *);
int LAPACKE_dgetri(int, int, double *, int, const int *);
int LAPACKE_dsyev(int, char, char, int, double *, int, double *);
int LAPACKE_dgels(int, char, int, int, int, double *, int, double *, int);

#define NP 4

static double f(const double *p, double scale) {
  int ipiv[3];
  double a[9] = {2 + p[0], 1, p[3], 1, 3 * p[1], 0.5, 0.2, p[2], 4};
  double b[3] = {p[2], 1, p[0] * p[1]};
  LAPACKE_dgesv(101, 3, 1, a, 3, ipiv, b, 1);
  double s[9] = {4 + p[0], p[1], 0.1, p[1], 3, p[2], 0.1, p[2], 5 + p[3]};
  double c[3] = {1, p[3], 2};
  LAPACKE_dpotrf(102, 'L', 3, s, 3);
  LAPACKE_dpotrs(102, 'L', 3, 1, s, 3, c, 3);
  double m[4] = {3 + p[2], 1, p[0], 2};
  LAPACKE_dgetrf(102, 2, 2, m, 2, ipiv);
  LAPACKE_dgetri(102, 2, m, 2, ipiv);
  double e[9] = {2, p[0], p[1], p[0], 3, p[3], p[1], p[3], 5}, w[3];
  LAPACKE_dsyev(102, 'N', 'U', 3, e, 3, w);
  double d[8] = {1, 1, 1, 1, 0, 1, 2 + p[1], 3}, y[4] = {p[0], 2, p[2], 3};
  LAPACKE_dgels(102, 'N', 4, 2, 1, d, 4, y, 4);
  return scale * (b[0] * b[1] + sin(b[2]) + c[0] * c[2] + m[1] * m[2] +
                  w[0] * w[2] + y[0] * y[1]);
}

typedef struct {
  double d[3];
} tan3;
tan3 __ad_fwddiff_t3(void *, ...);

int main(void) {
  const double p0[NP] = {0.3, 1.1, 0.7, -0.4};
  double v[3][NP] = {{1, 0, 0.5, 0}, {0, 1, 0, -1}, {0.2, 0.3, 0.4, 0.5}};
  int bad = 0;
  double p[NP];
  for (int i = 0; i < NP; i++)
    p[i] = p0[i];
  tan3 t = __ad_fwddiff_t3((void *)f, ad_width, 3, ad_dupv, NP * sizeof(double),
                           p, &v[0][0], ad_const, 1.5);
  for (int k = 0; k < 3; k++) {
    double one = __ad_fwddiff((void *)f, ad_dup, p, v[k], ad_const, 1.5);
    if (fabs(one - t.d[k]) > 1e-10 * (1 + fabs(one)) || one == 0) {
      printf("forward direction %d: vector %.15g, scalar %.15g\n", k, t.d[k],
             one);
      bad++;
    }
  }
  /* Vector reverse: two seeds of the result at once. */
  double g[2][NP] = {{0}}, g1[NP] = {0};
  __ad_autodiff((void *)f, ad_width, 2, ad_dupv, NP * sizeof(double), p,
                &g[0][0], ad_const, 1.5);
  __ad_autodiff((void *)f, ad_dup, p, g1, ad_const, 1.5);
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < NP; i++)
      if (fabs(g[k][i] - g1[i]) > 1e-10 * (1 + fabs(g1[i])) || g1[i] == 0) {
        printf("reverse lane %d d/dp[%d]: vector %.15g, scalar %.15g\n", k, i,
               g[k][i], g1[i]);
        bad++;
      }
  /* The scalar gradient against central differences. */
  for (int i = 0; i < NP; i++) {
    double q[NP];
    for (int j = 0; j < NP; j++)
      q[j] = p0[j];
    q[i] += 1e-6;
    double up = f(q, 1.5);
    q[i] -= 2e-6;
    double fd = (up - f(q, 1.5)) / 2e-6;
    if (fabs(fd - g1[i]) > 1e-6 * (1 + fabs(fd))) {
      printf("d/dp[%d] = %.12g, finite differences %.12g\n", i, g1[i], fd);
      bad++;
    }
  }
  printf("%d failed\n", bad);
  return bad != 0;
}
