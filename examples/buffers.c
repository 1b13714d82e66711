// ad_dup buffers: what goes in and what comes out.
//
// softmax writes y from x. Its gradient call takes a shadow for each buffer:
//   dy  on entry: the seed (here the weights w of  L = sum_i w_i y_i);
//       on exit:  zero (y is overwritten, so the seed has been used up);
//   dx  on exit:  dx += dL/dx (the call adds, so zero dx between calls).
// y itself is still written, exactly as softmax would write it.
//
//   build/bin/ad-clang -O2 examples/buffers.c -o buffers && ./buffers
#include <ad.h>
#include <math.h>
#include <stdio.h>

#define N 4

void softmax(double *y, const double *x, int n) {
  double m = x[0], s = 0;
  for (int i = 1; i < n; i++)
    m = fmax(m, x[i]);
  for (int i = 0; i < n; i++) {
    y[i] = exp(x[i] - m);
    s += y[i];
  }
  for (int i = 0; i < n; i++)
    y[i] /= s;
}

static const double w[N] = {1.0, -2.0, 0.5, 3.0};

static double loss(const double *x) {
  double y[N], l = 0;
  softmax(y, x, N);
  for (int i = 0; i < N; i++)
    l += w[i] * y[i];
  return l;
}

static int check(const char *what, double ad, double fd) {
  int bad = !(fabs(ad - fd) <= 1e-6 * (1 + fabs(fd)));
  printf("%-8s AD % .10f   FD % .10f%s\n", what, ad, fd,
         bad ? "   MISMATCH" : "");
  return bad;
}

int main(void) {
  double x[N] = {0.3, -1.2, 2.0, 0.7}, y[N];
  // Shadows: allocated once (zeroed), reused for every call.
  double *dx = ad_shadow_alloc(sizeof x);
  double *dy = ad_shadow_alloc(sizeof y);
  int bad = 0;

  for (int call = 0; call < 3; call++) {
    ad_shadow_zero(dx, sizeof x); // the gradient accumulates into dx
    for (int i = 0; i < N; i++)
      dy[i] = w[i]; // the seed is consumed by each call
    __ad_autodiff((void *)softmax, y, dy, x, dx, N);
  }

  double ref[N];
  softmax(ref, x, N);
  for (int i = 0; i < N; i++) {
    bad |= fabs(y[i] - ref[i]) > 1e-14; // the primal output is still written
    bad |= dy[i] != 0.0;                // the seed is used up
  }
  for (int i = 0; i < N; i++) {
    double h = 1e-6, save = x[i];
    x[i] = save + h;
    double lp = loss(x);
    x[i] = save - h;
    double lm = loss(x);
    x[i] = save;
    char name[16];
    snprintf(name, sizeof name, "dL/dx%d", i);
    bad |= check(name, dx[i], (lp - lm) / (2 * h));
  }
  ad_shadow_free(dx);
  ad_shadow_free(dy);
  printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
