// Memory the differentiated function manages itself: heap buffers, memcpy,
// and global variables.
//
// - smooth() mallocs a temporary, fills it with memcpy and frees it. The
//   derivative gives the temporary a zeroed shadow and frees both in its
//   reverse sweep; nothing for the caller to do.
// - scratch[] is a global that receives active values: a shadow global is
//   created for it automatically.
// - total is a global that step() reads before writing it. Its shadow,
//   total_ad_shadow, is declared here, so the caller can read the derivative
//   with respect to total's value on entry, and zero the shadow between
//   calls (the shadow is a seed on entry, like any ad_dup buffer).
//
//   build/bin/ad-clang -O2 examples/memory.c -o memory && ./memory
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double smooth(const double *x, int n) {
  double *t = malloc(n * sizeof(double));
  memcpy(t, x, n * sizeof(double));
  for (int i = 1; i < n; i++)
    t[i] = 0.5 * (t[i] + t[i - 1]); /* in place: reads what it wrote */
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sin(t[i]);
  free(t);
  return s;
}

double scratch[8];
double with_scratch(double x) {
  for (int i = 0; i < 8; i++)
    scratch[i] = cos(x * i);
  double s = 0;
  for (int i = 0; i < 8; i++)
    s += scratch[i] * scratch[7 - i];
  return s;
}

double total = 1.0;
double
    total_ad_shadow; /* the shadow of `total`: same type, name + _ad_shadow */
double step(double x) {
  total = total * x + x; /* reads total, then writes it */
  return total * total;
}

static int check(const char *what, double ad, double fd) {
  int bad = !(fabs(ad - fd) <= 1e-6 * (1 + fabs(fd)));
  printf("%-10s AD % .10f   FD % .10f%s\n", what, ad, fd,
         bad ? "   MISMATCH" : "");
  return bad;
}

int main(void) {
  enum { N = 5 };
  double x[N] = {0.2, 1.0, -0.4, 0.8, 1.5}, dx[N] = {0}, h = 1e-6;
  int bad = 0;
  char name[32];

  __ad_autodiff((void *)smooth, x, dx, N);
  for (int i = 0; i < N; i++) {
    double save = x[i];
    x[i] = save + h;
    double sp = smooth(x, N);
    x[i] = save - h;
    double sm = smooth(x, N);
    x[i] = save;
    snprintf(name, sizeof name, "smooth/x%d", i);
    bad |= check(name, dx[i], (sp - sm) / (2 * h));
  }

  double y = 0.3;
  for (int call = 0; call < 2; call++) /* the automatic shadow needs no care */
    bad |= check("scratch", __ad_autodiff((void *)with_scratch, y),
                 (with_scratch(y + h) - with_scratch(y - h)) / (2 * h));

  double z = 0.7, t0 = 1.5;
  for (int call = 0; call < 2; call++) {
    total = t0;
    total_ad_shadow = 0; /* zero the shadow between calls */
    double dz = __ad_autodiff((void *)step, z);
    total = t0;
    double fp = step(z + h);
    total = t0;
    double fm = step(z - h);
    bad |= check("step/x", dz, (fp - fm) / (2 * h));
    total = t0 + h; /* derivative with respect to total's value on entry */
    fp = step(z);
    total = t0 - h;
    fm = step(z);
    bad |= check("step/total", total_ad_shadow, (fp - fm) / (2 * h));
  }
  printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
