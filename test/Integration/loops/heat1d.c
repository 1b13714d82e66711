// A 1-D heat-equation stepper (explicit, fixed boundary values) over many
// time steps: with two buffers swapped each step, and in place with a
// temporary scalar. The result is a weighted sum of the final temperature,
// differentiated w.r.t. the initial temperature and the diffusion number r.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define NX 12
#define STEPS 500

/* w is a work buffer of nx entries (its contents on entry are not used). */
double heat_swap(double *u, double *w, const double *c, int nx, int steps,
                 double r) {
  for (int t = 0; t < steps; ++t) {
    double *tmp;
    w[0] = u[0];
    w[nx - 1] = u[nx - 1];
    for (int i = 1; i < nx - 1; ++i)
      w[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    tmp = u;
    u = w;
    w = tmp;
  }
  double s = 0;
  for (int i = 0; i < nx; ++i)
    s += c[i] * u[i];
  return s;
}

double heat_inplace(double *u, const double *c, int nx, int steps, double r) {
  for (int t = 0; t < steps; ++t) {
    double prev = u[0];
    for (int i = 1; i < nx - 1; ++i) {
      double old = u[i];
      u[i] = old + r * (prev - 2.0 * old + u[i + 1]);
      prev = old;
    }
  }
  double s = 0;
  for (int i = 0; i < nx; ++i)
    s += c[i] * u[i];
  return s;
}

static double g_u0[NX], g_c[NX], g_r = 0.25;
static int g_steps = STEPS;

static double swap_u(const double *u0) {
  double u[NX], w[NX];
  memcpy(u, u0, sizeof u);
  return heat_swap(u, w, g_c, NX, g_steps, g_r);
}
static double swap_r(double r) {
  double u[NX], w[NX];
  memcpy(u, g_u0, sizeof u);
  return heat_swap(u, w, g_c, NX, g_steps, r);
}
static double inplace_u(const double *u0) {
  double u[NX];
  memcpy(u, u0, sizeof u);
  return heat_inplace(u, g_c, NX, g_steps, g_r);
}
static double inplace_r(double r) {
  double u[NX];
  memcpy(u, g_u0, sizeof u);
  return heat_inplace(u, g_c, NX, g_steps, r);
}

/* Reference: the adjoint of the linear step applied `steps` times to c, and
 * the tangent w.r.t. r propagated forward. */
static void reference(double *du0, double *dr) {
  double g[NX], gp[NX], u[NX], un[NX], t[NX], tn[NX], s = 0;
  int k, j;
  memcpy(g, g_c, sizeof g);
  for (k = 0; k < g_steps; ++k) {
    for (j = 0; j < NX; ++j) {
      int interior = j > 0 && j < NX - 1;
      gp[j] = (interior ? 1 - 2 * g_r : 1.0) * g[j];
      if (j > 1)
        gp[j] += g_r * g[j - 1];
      if (j < NX - 2)
        gp[j] += g_r * g[j + 1];
    }
    memcpy(g, gp, sizeof g);
  }
  memcpy(du0, g, sizeof g);
  memcpy(u, g_u0, sizeof u);
  memset(t, 0, sizeof t);
  for (k = 0; k < g_steps; ++k) {
    un[0] = u[0];
    un[NX - 1] = u[NX - 1];
    tn[0] = tn[NX - 1] = 0;
    for (j = 1; j < NX - 1; ++j) {
      double lu = u[j - 1] - 2 * u[j] + u[j + 1];
      double lt = t[j - 1] - 2 * t[j] + t[j + 1];
      un[j] = u[j] + g_r * lu;
      tn[j] = t[j] + g_r * lt + lu;
    }
    memcpy(u, un, sizeof u);
    memcpy(t, tn, sizeof t);
  }
  for (j = 0; j < NX; ++j)
    s += g_c[j] * t[j];
  *dr = s;
}

int main(void) {
  double u[NX], w[NX], du[NX], dw[NX], eu[NX], er, dr;
  int i;
  char name[64];

  for (i = 0; i < NX; ++i) {
    g_u0[i] = sin(0.9 * i) + (i == 4 ? 2.0 : 0.0);
    g_c[i] = 1.0 + 0.1 * i * i;
  }
  reference(eu, &er);

  memcpy(u, g_u0, sizeof u);
  memset(du, 0, sizeof du);
  memset(dw, 0, sizeof dw);
  dr = __ad_autodiff((void *)heat_swap, ad_dup, u, du, ad_dup, w, dw, ad_const,
                     g_c, NX, STEPS, g_r);
  lfd_check_all("swap du0", du, eu, swap_u, g_u0, NX);
  ad_check("swap dr", dr, er, ad_fd(swap_r, g_r));
  for (i = 0; i < NX; ++i) {
    snprintf(name, sizeof name, "swap dw[%d] (written before read)", i);
    ad_check_eq(name, dw[i], 0.0);
  }

  memcpy(u, g_u0, sizeof u);
  memset(du, 0, sizeof du);
  dr = __ad_autodiff((void *)heat_inplace, ad_dup, u, du, ad_const, g_c, NX,
                     (int)ad_opaque(STEPS), ad_opaque(g_r));
  lfd_check_all("inplace du0", du, eu, inplace_u, g_u0, NX);
  ad_check("inplace dr", dr, er, ad_fd(inplace_r, g_r));

  /* An odd number of steps leaves the result in the work buffer. */
  g_steps = 501;
  reference(eu, &er);
  memcpy(u, g_u0, sizeof u);
  memset(du, 0, sizeof du);
  memset(dw, 0, sizeof dw);
  dr = __ad_autodiff((void *)heat_swap, ad_dup, u, du, ad_dup, w, dw, ad_const,
                     g_c, NX, (int)ad_opaque(g_steps), g_r);
  lfd_check_all("swap odd du0", du, eu, swap_u, g_u0, NX);
  ad_check("swap odd dr", dr, er, ad_fd(swap_r, g_r));
  return ad_check_report();
}
