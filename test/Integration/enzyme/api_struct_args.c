// Structs behind pointers, as Enzyme users pass them: an array of particle
// structs (doubles mixed with an int) with a shadow array of the same
// structs (enzyme_dup), and a parameter struct holding a pointer whose
// shadow struct holds the shadow pointer. Reverse mode gives the gradient of
// the energy w.r.t. positions, velocities and the spring weights; forward
// mode its directional derivative along one position.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <string.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

typedef struct {
  double pos[2];
  int id;
  double vel[2];
  double mass;
} Particle;

typedef struct {
  double k;  /* active too: its shadow receives dE/dk */
  double *w; /* spring weights, active */
  int n;
} Params;

/* E = sum m |v|^2 / 2 + sum_i k w_i |p_{i+1} - p_i|^2 / 2, only particles
 * with an even id carry kinetic energy. */
static double energy(const Particle *p, const Params *prm) {
  double e = 0;
  for (int i = 0; i < prm->n; i++) {
    if (p[i].id % 2 == 0)
      e += 0.5 * p[i].mass *
           (p[i].vel[0] * p[i].vel[0] + p[i].vel[1] * p[i].vel[1]);
    if (i + 1 < prm->n) {
      double dx = p[i + 1].pos[0] - p[i].pos[0];
      double dy = p[i + 1].pos[1] - p[i].pos[1];
      e += 0.5 * prm->k * prm->w[i] * (dx * dx + dy * dy);
    }
  }
  return e;
}

enum { NP = 3 };
static Particle P0[NP] = {{{0.0, 0.1}, 0, {1.0, -0.5}, 2.0},
                          {{1.2, -0.3}, 1, {0.3, 0.4}, 1.5},
                          {{2.1, 0.5}, 2, {-0.7, 0.2}, 0.5}};
static double W0[NP - 1] = {1.5, 0.8};

static double e_pos1x(double v) {
  Particle p[NP];
  memcpy(p, P0, sizeof p);
  p[1].pos[0] = v;
  Params prm = {2.0, W0, NP};
  return energy(p, &prm);
}
static double e_k(double v) {
  Params prm = {v, W0, NP};
  return energy(P0, &prm);
}
static double e_w0(double v) {
  double w[NP - 1] = {v, W0[1]};
  Params prm = {2.0, w, NP};
  return energy(P0, &prm);
}

int main(void) {
  Particle dp[NP];
  memset(dp, 0, sizeof dp);
  double dw[NP - 1] = {0, 0};
  Params prm = {2.0, W0, NP}, dprm = {0.0, dw, NP};
  __enzyme_autodiff((void *)energy, enzyme_dup, P0, dp, enzyme_dup, &prm,
                    &dprm);
  const Particle *p = P0;
  double k = 2.0;
  /* dE/dpos1.x = k w0 (x1 - x0) - k w1 (x2 - x1) */
  double ref = k * W0[0] * (p[1].pos[0] - p[0].pos[0]) -
               k * W0[1] * (p[2].pos[0] - p[1].pos[0]);
  ad_check("dE/dpos1.x", dp[1].pos[0], ref, ad_fd(e_pos1x, p[1].pos[0]));
  ad_check_eq("dE/dvel0.y", dp[0].vel[1], p[0].mass * p[0].vel[1]);
  ad_check_eq("dE/dvel1.x (odd id: inactive)", dp[1].vel[0], 0.0);
  ad_check_eq("dE/dmass2", dp[2].mass, 0.5 * (0.49 + 0.04));
  double d01 = (p[1].pos[0] - p[0].pos[0]) * (p[1].pos[0] - p[0].pos[0]) +
               (p[1].pos[1] - p[0].pos[1]) * (p[1].pos[1] - p[0].pos[1]);
  ad_check("dE/dw0", dw[0], 0.5 * k * d01, ad_fd(e_w0, W0[0]));
  double d12 = (p[2].pos[0] - p[1].pos[0]) * (p[2].pos[0] - p[1].pos[0]) +
               (p[2].pos[1] - p[1].pos[1]) * (p[2].pos[1] - p[1].pos[1]);
  ad_check("dE/dk", dprm.k, 0.5 * (W0[0] * d01 + W0[1] * d12), ad_fd(e_k, k));
  ad_check_eq("shadow n untouched", dprm.n, NP);

  /* Forward: tangent 1 on pos1.x only. */
  Particle tp[NP];
  memset(tp, 0, sizeof tp);
  tp[1].pos[0] = 1.0;
  double tw[NP - 1] = {0, 0};
  Params tprm = {0.0, tw, NP};
  double t = __enzyme_fwddiff((void *)energy, enzyme_dup, P0, tp, enzyme_dup,
                              &prm, &tprm);
  ad_check("forward dE/dpos1.x", t, ref, ad_fd(e_pos1x, p[1].pos[0]));
  return ad_check_report();
}
