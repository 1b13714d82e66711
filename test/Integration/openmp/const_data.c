// Data passed as constants into OpenMP regions, as users write it: a
// regression's x and y arrays (enzyme_const pointers) read in a
// reduction(+) loop, and a second loop with reduction(+) and reduction(max)
// and schedule(dynamic, 3). clang captures each pointer by reference, in a
// stack slot the region only reads: that slot holds no differentiable data
// and needs no shadow (it used to be refused: "a pointer without shadow
// (constant) is stored into differentiated memory"). Reverse mode (theta
// and the active sigma) against finite differences, forward mode against
// the gradient.
// RUN: %clang -O0 -fopenmp %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 2 %t0 && %omprun 4 %t0
// RUN: %clang -O1 -fopenmp %s -o %t1 -lm
// RUN: %omprun 1 %t1 && %omprun 2 %t1 && %omprun 4 %t1
// RUN: %clang -O2 -fopenmp %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 2 %t2 && %omprun 3 %t2 && %omprun 4 %t2
// RUN: %clang -O3 -fopenmp %s -o %t3 -lm
// RUN: %omprun 1 %t3 && %omprun 2 %t3 && %omprun 4 %t3
#include <math.h>
#include <omp.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_out;

double loglik(const double *theta, const double *xs, const double *ys, int n,
              double sigma) {
  double ll = 0, pen = 0, mx = -1e300;
#pragma omp parallel for reduction(+ : ll) schedule(static)
  for (int i = 0; i < n; i++) {
    double mu = theta[0] + theta[1] * xs[i] + theta[2] * sin(theta[3] * xs[i]);
    double r = (ys[i] - mu) / sigma;
    ll += -0.5 * r * r - log(sigma);
  }
#pragma omp parallel for reduction(+ : pen) reduction(max : mx) schedule(dynamic, 3)
  for (int k = 0; k < 4 * 10; k++) {
    int j = k % 4;
    double t = theta[j] * (1.0 + 0.01 * k);
    pen += 0.01 * t * t;
    double c = t * t * t;
    if (c > mx)
      mx = c;
  }
  return -ll + pen + 0.1 * mx;
}

int main(void) {
  enum { N = 203 };
  double xs[N], ys[N], th[4] = {0.5, -0.3, 1.2, 2.0}, dth[4] = {0}, sigma = 0.7,
                       h = 1e-6, maxerr = 0;
  for (int i = 0; i < N; i++) {
    xs[i] = 0.01 * i;
    ys[i] = 0.3 + 0.2 * xs[i] + sin(1.7 * xs[i]) + 0.05 * cos(37.0 * i);
  }
  double ds =
      __enzyme_autodiff((void *)loglik, enzyme_dup, th, dth, enzyme_const, xs,
                        enzyme_const, ys, enzyme_const, N, enzyme_out, sigma);
  double fds =
      (loglik(th, xs, ys, N, sigma + h) - loglik(th, xs, ys, N, sigma - h)) /
      (2 * h);
  printf("threads %d dsigma %g fd %g\n", omp_get_max_threads(), ds, fds);
  maxerr = fabs(ds - fds) / (1 + fabs(fds));
  for (int j = 0; j < 4; j++) {
    double s = th[j];
    th[j] = s + h;
    double fp = loglik(th, xs, ys, N, sigma);
    th[j] = s - h;
    double fm = loglik(th, xs, ys, N, sigma);
    th[j] = s;
    double fd = (fp - fm) / (2 * h), e = fabs(fd - dth[j]) / (1 + fabs(fd));
    if (e > 1e-6)
      printf("th%d ad %g fd %g\n", j, dth[j], fd);
    if (e > maxerr)
      maxerr = e;
  }
  double tt[4] = {0, 1, 0, -1};
  double t =
      __enzyme_fwddiff((void *)loglik, enzyme_dup, th, tt, enzyme_const, xs,
                       enzyme_const, ys, enzyme_const, N, enzyme_const, sigma);
  double ref = dth[1] - dth[3];
  printf("fwd %g ref %g\n", t, ref);
  if (fabs(t - ref) / (1 + fabs(ref)) > maxerr)
    maxerr = fabs(t - ref) / (1 + fabs(ref));
  printf("%s maxerr %g\n", maxerr < 1e-6 ? "PASS" : "FAIL", maxerr);
  return maxerr < 1e-6 ? 0 : 1;
}
