// What is active, and what the derivative leaves out.
//
// - sum_atan2: the gradient needs x[i] only; it never calls atan2 (see the
//   -Rpass-analysis=ad remark: primal instructions dropped).
// - weighted: c is a large constant input, passed ad_const: no shadow, no
//   cost beyond the primal's own reads.
// - relax: logging inside differentiated code. printf and clock are known to
//   have no derivative; log_value is the user's own, marked AD_INACTIVE.
//
//   build/bin/ad-clang -O2 -Rpass-analysis=ad examples/activity.c -o activity
//   ./activity
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

double sum_atan2(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += atan2(x[i], 2.0);
  return s;
}

double weighted(const double *c, double p) { return c[0] * p * p; }

static int logged;
AD_INACTIVE void log_value(const char *what, double v) {
  logged++;
  fprintf(stderr, "  [log] %s = %g\n", what, v);
}

double relax(double x, int iters) {
  clock_t start = clock();
  for (int k = 0; k < iters; k++) {
    x = x - 0.1 * sin(x);
    log_value("x", x);
  }
  printf("  relax: %d iterations, %ld clock ticks\n", iters,
         (long)(clock() - start));
  return x;
}

static int check(const char *what, double ad, double fd) {
  int bad = !(fabs(ad - fd) <= 1e-6 * (1 + fabs(fd)));
  printf("%-10s AD % .10f   FD % .10f%s\n", what, ad, fd,
         bad ? "   MISMATCH" : "");
  return bad;
}

static double big[1 << 16];

int main(void) {
  double x[3] = {0.5, -1.0, 3.0}, dx[3] = {0}, h = 1e-6;
  int bad = 0;
  __ad_autodiff((void *)sum_atan2, x, dx, 3);
  for (int i = 0; i < 3; i++)
    bad |= check("atan2", dx[i],
                 (atan2(x[i] + h, 2.0) - atan2(x[i] - h, 2.0)) / (2 * h));

  big[0] = 3.0;
  double p = 1.5;
  bad |= check("weighted", __ad_autodiff((void *)weighted, ad_const, big, p),
               (weighted(big, p + h) - weighted(big, p - h)) / (2 * h));

  double d = __ad_autodiff((void *)relax, 1.0, 3);
  /* The logging ran once per iteration, in the forward sweep of the
   * gradient, and printf printed its line. */
  bad |= logged != 3;
  logged = 0;
  bad |= check("relax", d, (relax(1.0 + h, 3) - relax(1.0 - h, 3)) / (2 * h));
  printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
