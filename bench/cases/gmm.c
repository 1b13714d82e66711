/* gmm: the ADBench Gaussian mixture model objective. d dimensions, k
 * components, n points. Parameters: alphas (k), means (k x d), icf (k x
 * d(d+1)/2: the log of the diagonal of each inverse Cholesky factor Q, then
 * its strictly lower part column by column). Data: x (n x d) and a Wishart
 * prior (gamma, m). Gradient with respect to alphas, means and icf.
 * Shared primal: gmm_ad.c includes this file with BENCH_PRIMAL_ONLY. */
#include <math.h>

#define GMM_DMAX 64
#define GMM_KMAX 64

static double gmm_logsumexp(int n, const double *v) {
  double mx = v[0];
  for (int i = 1; i < n; ++i)
    if (v[i] > mx)
      mx = v[i];
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += exp(v[i] - mx);
  return log(s) + mx;
}

static double gmm_log_gamma_distrib(double a, int p) {
  double out = 0.25 * p * (p - 1) * log(M_PI);
  for (int j = 1; j <= p; ++j)
    out += lgamma(a + 0.5 * (1 - j));
  return out;
}

static double gmm_f(int d, int k, int n, const double *alphas,
                    const double *means, const double *icf, const double *x,
                    double gamma, int m) {
  const int icf_sz = d * (d + 1) / 2;
  double Qdiags[GMM_KMAX * GMM_DMAX], sum_qs[GMM_KMAX], main_term[GMM_KMAX];
  double xc[GMM_DMAX], Qxc[GMM_DMAX];
  for (int ik = 0; ik < k; ++ik) {
    double s = 0.0;
    for (int id = 0; id < d; ++id) {
      double q = icf[ik * icf_sz + id];
      s += q;
      Qdiags[ik * d + id] = exp(q);
    }
    sum_qs[ik] = s;
  }
  double slse = 0.0;
  for (int ix = 0; ix < n; ++ix) {
    for (int ik = 0; ik < k; ++ik) {
      for (int id = 0; id < d; ++id)
        xc[id] = x[ix * d + id] - means[ik * d + id];
      for (int id = 0; id < d; ++id)
        Qxc[id] = Qdiags[ik * d + id] * xc[id];
      const double *L = icf + ik * icf_sz + d;
      int li = 0;
      for (int i = 0; i < d; ++i)
        for (int j = i + 1; j < d; ++j)
          Qxc[j] += L[li++] * xc[i];
      double sq = 0.0;
      for (int id = 0; id < d; ++id)
        sq += Qxc[id] * Qxc[id];
      main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sq;
    }
    slse += gmm_logsumexp(k, main_term);
  }
  double lse_alphas = gmm_logsumexp(k, alphas);
  /* Wishart prior. */
  int nn = d + m + 1;
  double C = nn * d * (log(gamma) - 0.5 * log(2.0)) -
             gmm_log_gamma_distrib(0.5 * nn, d);
  double prior = 0.0;
  for (int ik = 0; ik < k; ++ik) {
    double fro = 0.0;
    for (int id = 0; id < d; ++id)
      fro += Qdiags[ik * d + id] * Qdiags[ik * d + id];
    for (int i = d; i < icf_sz; ++i)
      fro += icf[ik * icf_sz + i] * icf[ik * icf_sz + i];
    prior += 0.5 * gamma * gamma * fro - m * sum_qs[ik];
  }
  prior -= k * C;
  double constant = -n * d * 0.5 * log(2.0 * M_PI);
  return constant + slse - n * lse_alphas + prior;
}

#ifndef BENCH_PRIMAL_ONLY
double gmm_primal(int d, int k, int n, const double *alphas,
                  const double *means, const double *icf, const double *x,
                  double gamma, int m) {
  return gmm_f(d, k, n, alphas, means, icf, x, gamma, m);
}

/* The gradient by hand. With xc = x_i - mu_k, z = Q_k xc, the main term is
 * b_ik = alpha_k + sum_d q_kd - |z|^2 / 2 and r_ik = softmax_k(b_i.):
 *   d/dalpha_k = sum_i r_ik - n softmax(alpha)_k
 *   d/dmu_k    = sum_i r_ik Q_k^T z
 *   d/dq_kd    = sum_i r_ik (1 - z_d xc_d e^{q_kd}) + gamma^2 e^{2 q_kd} - m
 *   d/dL_k,ij  = -sum_i r_ik z_j xc_i + gamma^2 L_k,ij
 * Accumulates (+=). */
void gmm_grad_hand(int d, int k, int n, const double *alphas,
                   const double *means, const double *icf, const double *x,
                   double gamma, int m, double *dalphas, double *dmeans,
                   double *dicf) {
  const int icf_sz = d * (d + 1) / 2;
  double Qdiags[GMM_KMAX * GMM_DMAX], sum_qs[GMM_KMAX], main_term[GMM_KMAX];
  double XC[GMM_KMAX * GMM_DMAX], Z[GMM_KMAX * GMM_DMAX], t[GMM_DMAX];
  for (int ik = 0; ik < k; ++ik) {
    double s = 0.0;
    for (int id = 0; id < d; ++id) {
      double q = icf[ik * icf_sz + id];
      s += q;
      Qdiags[ik * d + id] = exp(q);
    }
    sum_qs[ik] = s;
  }
  for (int ix = 0; ix < n; ++ix) {
    for (int ik = 0; ik < k; ++ik) {
      double *xc = XC + ik * d, *z = Z + ik * d;
      for (int id = 0; id < d; ++id)
        xc[id] = x[ix * d + id] - means[ik * d + id];
      for (int id = 0; id < d; ++id)
        z[id] = Qdiags[ik * d + id] * xc[id];
      const double *L = icf + ik * icf_sz + d;
      int li = 0;
      for (int i = 0; i < d; ++i)
        for (int j = i + 1; j < d; ++j)
          z[j] += L[li++] * xc[i];
      double sq = 0.0;
      for (int id = 0; id < d; ++id)
        sq += z[id] * z[id];
      main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sq;
    }
    double lse = gmm_logsumexp(k, main_term);
    for (int ik = 0; ik < k; ++ik) {
      const double *xc = XC + ik * d, *z = Z + ik * d;
      const double *Qd = Qdiags + ik * d;
      const double *L = icf + ik * icf_sz + d;
      double *dL = dicf + ik * icf_sz + d;
      double r = exp(main_term[ik] - lse);
      dalphas[ik] += r;
      for (int id = 0; id < d; ++id)
        t[id] = Qd[id] * z[id];
      int li = 0;
      for (int i = 0; i < d; ++i)
        for (int j = i + 1; j < d; ++j) {
          t[i] += L[li] * z[j];
          dL[li] -= r * z[j] * xc[i];
          ++li;
        }
      for (int id = 0; id < d; ++id) {
        dmeans[ik * d + id] += r * t[id];
        dicf[ik * icf_sz + id] += r * (1.0 - z[id] * xc[id] * Qd[id]);
      }
    }
  }
  double lse_alphas = gmm_logsumexp(k, alphas);
  for (int ik = 0; ik < k; ++ik) {
    dalphas[ik] -= n * exp(alphas[ik] - lse_alphas);
    for (int id = 0; id < d; ++id) {
      double q = Qdiags[ik * d + id];
      dicf[ik * icf_sz + id] += gamma * gamma * q * q - m;
    }
    for (int i = d; i < icf_sz; ++i)
      dicf[ik * icf_sz + i] += gamma * gamma * icf[ik * icf_sz + i];
  }
}
#endif
