/* Second derivatives with ADPass (docs/higher-order.md): a Newton step
 * for a small regularized logistic-regression loss, with the gradient by
 * reverse mode, Hessian-vector products by forward over reverse, and the
 * dense Hessian; checked against finite differences of the gradient.
 * Build: ad-clang -O2 hessian.c -o hessian -lm */
#include <math.h>
#include <stdio.h>

// docs/higher-order.md
#include <ad_higher.h>

enum { N = 4, SAMPLES = 6 };
static const double data[SAMPLES][N] = {
    {1, 0.5, -1, 2},     {1, -1.5, 0.3, 0.1},  {1, 0.2, 0.8, -0.7},
    {1, 1.1, -0.4, 0.9}, {1, -0.6, -1.2, 0.4}, {1, 0.9, 0.6, -1.5}};
static const double label[SAMPLES] = {1, 0, 1, 1, 0, 0};

/* The loss of weights w (n = N): log-likelihood plus 0.1 |w|^2. */
static double loss(const double *w, int n) {
  double s = 0;
  for (int k = 0; k < SAMPLES; ++k) {
    double z = 0;
    for (int i = 0; i < n; ++i)
      z += w[i] * data[k][i];
    s += log(1 + exp(z)) - label[k] * z;
  }
  for (int i = 0; i < n; ++i)
    s += 0.1 * w[i] * w[i];
  return s;
}

/* loss_d2_gradient, loss_d2_hvp and loss_d2_hessian. */
AD_DEFINE_HESSIAN(loss_d2, loss)

/* One Newton step w -= H^-1 g, by conjugate gradients on H d = g: one
 * Hessian-vector product per iteration, H never formed. */
static void newton_step(double *w) {
  double g[N], d[N] = {0}, r[N], p[N], hp[N], scratch[N];
  loss_d2_gradient(w, g, N);
  double rr = 0;
  for (int i = 0; i < N; ++i)
    r[i] = p[i] = g[i], rr += g[i] * g[i];
  for (int it = 0; it < N && rr > 1e-30; ++it) {
    loss_d2_hvp(w, p, hp, scratch, N);
    double php = 0;
    for (int i = 0; i < N; ++i)
      php += p[i] * hp[i];
    double a = rr / php, rr2 = 0;
    for (int i = 0; i < N; ++i)
      d[i] += a * p[i], r[i] -= a * hp[i], rr2 += r[i] * r[i];
    for (int i = 0; i < N; ++i)
      p[i] = r[i] + rr2 / rr * p[i];
    rr = rr2;
  }
  for (int i = 0; i < N; ++i)
    w[i] -= d[i];
}
// end of docs/higher-order.md example

int main(void) {
  double w[N] = {0.1, -0.2, 0.3, 0.05}, h[N * N], work[AD_HESSIAN_WORK(N)];
  int bad = 0;
  /* The dense Hessian against finite differences of the gradient. */
  loss_d2_hessian(w, h, N, work);
  for (int j = 0; j < N; ++j) {
    double wp[N], wm[N], gp[N], gm[N], e = 1e-6;
    for (int i = 0; i < N; ++i)
      wp[i] = wm[i] = w[i];
    wp[j] += e, wm[j] -= e;
    loss_d2_gradient(wp, gp, N);
    loss_d2_gradient(wm, gm, N);
    for (int i = 0; i < N; ++i) {
      double fd = (gp[i] - gm[i]) / (2 * e);
      if (fabs(h[j * N + i] - fd) > 1e-6) {
        printf("H[%d][%d] = %g, finite differences %g\n", j, i, h[j * N + i],
               fd);
        bad = 1;
      }
    }
  }
  /* Newton converges quadratically: the gradient vanishes in a few steps. */
  double g[N], gn = 1;
  for (int step = 0; step < 6; ++step) {
    newton_step(w);
    loss_d2_gradient(w, g, N);
    gn = 0;
    for (int i = 0; i < N; ++i)
      gn += g[i] * g[i];
    printf("step %d: loss %.12f, |g| %.3e\n", step, loss(w, N), sqrt(gn));
  }
  if (sqrt(gn) > 1e-10) {
    printf("Newton did not converge\n");
    bad = 1;
  }
  return bad;
}
