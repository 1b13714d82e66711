// Split mode over a time loop, as an Enzyme user checkpoints by hand: each
// explicit-Euler step of y' = -k y^2 + sin(y) runs through
// __enzyme_augmentfwd, its tape kept in an array; after the loop the steps
// are reversed last first with __enzyme_reverse (seed 1 for each step's
// running cost), the state's adjoint carried in the shadow and dk summed
// from the returned derivatives. Then the same with the tapes stored through
// `enzyme_tape, &tapes[t]`. Compared with a hand-written adjoint and with
// finite differences of the whole loss.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_tape;
typedef struct {
  void *tape;
  double cost;
} Aug;
Aug __enzyme_augmentfwd(void *, ...);
double __enzyme_augmentfwd_slot(void *, ...);
double __enzyme_reverse(void *, ...);

enum { T = 25, N = 2 };

/* One step in place; returns the step's running cost dt * sum y_new^2. */
static double step(double *y, double k, double dt, int n) {
  double e = 0;
  for (int i = 0; i < n; i++) {
    double yn = y[i] + dt * (-k * y[i] * y[i] + sin(y[i]));
    e += yn * yn;
    y[i] = yn;
  }
  return dt * e;
}

static const double DT = 0.05;
static double loss2(double y00, double k) {
  double y[N] = {y00, -0.4}, L = 0;
  for (int t = 0; t < T; t++)
    L += step(y, k, DT, N);
  return L + y[0];
}
static double loss_k(double k) { return loss2(0.8, k); }
static double loss_y0(double y0) { return loss2(y0, 1.3); }

int main(void) {
  double k = ad_opaque(1.3), y[N] = {0.8, -0.4}, dy[N] = {0, 0};
  double hist[T + 1][N], L = 0;
  void *tapes[T];
  for (int t = 0; t < T; t++) {
    hist[t][0] = y[0], hist[t][1] = y[1];
    Aug a = __enzyme_augmentfwd((void *)step, enzyme_dup, y, dy, k,
                                enzyme_const, DT, N);
    tapes[t] = a.tape;
    L += a.cost;
  }
  ad_check_eq("primal loss", L + y[0], loss2(0.8, k));
  dy[0] = 1.0; /* d loss / d y_T */
  double dk = 0;
  for (int t = T - 1; t >= 0; t--)
    dk += __enzyme_reverse((void *)step, enzyme_dup, y, dy, k, enzyme_const, DT,
                           N, 1.0, tapes[t]);

  /* Hand-written adjoint of the same loop. */
  double ay[N] = {1.0, 0.0}, ak = 0;
  for (int t = T - 1; t >= 0; t--)
    for (int i = 0; i < N; i++) {
      double yo = hist[t][i];
      double yn = yo + DT * (-k * yo * yo + sin(yo));
      double ayn = ay[i] + DT * 2 * yn; /* cost + later steps */
      ak += ayn * DT * (-yo * yo);
      ay[i] = ayn * (1 + DT * (-2 * k * yo + cos(yo)));
    }
  ad_check("dL/dk", dk, ak, ad_fd(loss_k, k));
  ad_check("dL/dy0[0]", dy[0], ay[0], ad_fd(loss_y0, 0.8));
  ad_check_eq("dL/dy0[1]", dy[1], ay[1]);

  /* The tapes through enzyme_tape slots: the same derivatives. */
  double y2[N] = {0.8, -0.4}, dy2[N] = {0, 0}, dk2 = 0;
  for (int t = 0; t < T; t++)
    __enzyme_augmentfwd_slot((void *)step, enzyme_tape, &tapes[t], enzyme_dup,
                             y2, dy2, k, enzyme_const, DT, N);
  dy2[0] = 1.0;
  for (int t = T - 1; t >= 0; t--)
    dk2 += __enzyme_reverse((void *)step, enzyme_tape, &tapes[t], enzyme_dup,
                            y2, dy2, k, enzyme_const, DT, N, 1.0);
  ad_check_exact("slot tapes: dL/dk", dk2, dk);
  ad_check_exact("slot tapes: dL/dy0[0]", dy2[0], dy[0]);
  return ad_check_report();
}
