/* ba: ADBench bundle adjustment. A camera has 11 parameters: rotation
 * (angle-axis, 3), center (3), focal length, principal point (2), radial
 * distortion (2). Observation i sees point obs[2i+1] from camera obs[2i] at
 * feature feats[2i..2i+1] with weight w[i]. Residuals: the weighted
 * reprojection error (2 per observation) and 1 - w^2 (1 per observation).
 * The Jacobian is stored by observation: 31 doubles, rows 0 and 1 of the
 * reprojection error over (camera 11, point 3, weight 1), then d(w err)/dw.
 * Shared primal: ba_ad.c includes this file with BENCH_PRIMAL_ONLY. */
#include <math.h>
#include <string.h>

#define BA_NCAM 11
#define BA_JSTRIDE 31

static void ba_rodrigues_rotate(const double *rot, const double *pt,
                                double *out) {
  double sqtheta = rot[0] * rot[0] + rot[1] * rot[1] + rot[2] * rot[2];
  if (sqtheta != 0.0) {
    double theta = sqrt(sqtheta);
    double costheta = cos(theta), sintheta = sin(theta);
    double theta_inv = 1.0 / theta;
    double w[3] = {rot[0] * theta_inv, rot[1] * theta_inv, rot[2] * theta_inv};
    double wxp[3] = {w[1] * pt[2] - w[2] * pt[1], w[2] * pt[0] - w[0] * pt[2],
                     w[0] * pt[1] - w[1] * pt[0]};
    double tmp =
        (w[0] * pt[0] + w[1] * pt[1] + w[2] * pt[2]) * (1.0 - costheta);
    for (int i = 0; i < 3; ++i)
      out[i] = pt[i] * costheta + wxp[i] * sintheta + w[i] * tmp;
  } else {
    double rxp[3] = {rot[1] * pt[2] - rot[2] * pt[1],
                     rot[2] * pt[0] - rot[0] * pt[2],
                     rot[0] * pt[1] - rot[1] * pt[0]};
    for (int i = 0; i < 3; ++i)
      out[i] = pt[i] + rxp[i];
  }
}

static void ba_project(const double *cam, const double *X, double *proj) {
  double Xo[3] = {X[0] - cam[3], X[1] - cam[4], X[2] - cam[5]};
  double Xcam[3];
  ba_rodrigues_rotate(cam, Xo, Xcam);
  double p0 = Xcam[0] / Xcam[2], p1 = Xcam[1] / Xcam[2];
  double rsq = p0 * p0 + p1 * p1;
  double L = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq;
  proj[0] = p0 * L * cam[6] + cam[7];
  proj[1] = p1 * L * cam[6] + cam[8];
}

static void ba_reproj_err(const double *cam, const double *X, const double *w,
                          const double *feat, double *err) {
  double proj[2];
  ba_project(cam, X, proj);
  err[0] = w[0] * (proj[0] - feat[0]);
  err[1] = w[0] * (proj[1] - feat[1]);
}

static void ba_w_err(const double *w, double *err) {
  err[0] = 1.0 - w[0] * w[0];
}

#ifndef BENCH_PRIMAL_ONLY
/* One observation's reprojection error (for finite differences). */
void ba_reproj_one(const double *cam, const double *X, double w,
                   const double *feat, double *err) {
  ba_reproj_err(cam, X, &w, feat, err);
}

/* All residuals: reproj (2p) and werr (p). */
void ba_primal(int p, const double *cams, const double *X, const double *w,
               const int *obs, const double *feats, double *reproj,
               double *werr) {
  for (int i = 0; i < p; ++i)
    ba_reproj_err(cams + BA_NCAM * obs[2 * i], X + 3 * obs[2 * i + 1], w + i,
                  feats + 2 * i, reproj + 2 * i);
  for (int i = 0; i < p; ++i)
    ba_w_err(w + i, werr + i);
}

/* The 2x15 block of one observation by hand, by the chain rule through
 * Y = X - C, Xcam = R(rot) Y, p = Xcam[0:2] / Xcam[2], d = p L(|p|^2),
 * proj = f d + x0, err = w (proj - feat). */
static void ba_block_hand(const double *cam, const double *X, double w,
                          const double *feat, double *J) {
  const double *rot = cam;
  double Y[3] = {X[0] - cam[3], X[1] - cam[4], X[2] - cam[5]};
  double Xc[3], R[3][3], dXr[3][3]; /* dXr[i][j] = dXcam_i / drot_j */
  double sqtheta = rot[0] * rot[0] + rot[1] * rot[1] + rot[2] * rot[2];
  if (sqtheta != 0.0) {
    double th = sqrt(sqtheta), ct = cos(th), st = sin(th), inv = 1.0 / th;
    double u[3] = {rot[0] * inv, rot[1] * inv, rot[2] * inv};
    double uxY[3] = {u[1] * Y[2] - u[2] * Y[1], u[2] * Y[0] - u[0] * Y[2],
                     u[0] * Y[1] - u[1] * Y[0]};
    double uY = u[0] * Y[0] + u[1] * Y[1] + u[2] * Y[2];
    for (int i = 0; i < 3; ++i)
      Xc[i] = Y[i] * ct + uxY[i] * st + u[i] * uY * (1.0 - ct);
    /* R = cos I + sin [u]x + (1 - cos) u u^T */
    double ux[3][3] = {{0, -u[2], u[1]}, {u[2], 0, -u[0]}, {-u[1], u[0], 0}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        R[i][j] =
            (i == j ? ct : 0.0) + st * ux[i][j] + (1.0 - ct) * u[i] * u[j];
    /* d/drot_j: du_i = (delta_ij - u_i u_j) / theta, dtheta = u_j. */
    for (int j = 0; j < 3; ++j) {
      double du[3];
      for (int i = 0; i < 3; ++i)
        du[i] = ((i == j ? 1.0 : 0.0) - u[i] * u[j]) * inv;
      double dth = u[j];
      double duxY[3] = {du[1] * Y[2] - du[2] * Y[1],
                        du[2] * Y[0] - du[0] * Y[2],
                        du[0] * Y[1] - du[1] * Y[0]};
      double duY = du[0] * Y[0] + du[1] * Y[1] + du[2] * Y[2];
      for (int i = 0; i < 3; ++i)
        dXr[i][j] = -Y[i] * st * dth + duxY[i] * st + uxY[i] * ct * dth +
                    du[i] * uY * (1.0 - ct) + u[i] * duY * (1.0 - ct) +
                    u[i] * uY * st * dth;
    }
  } else {
    /* Xcam = Y + rot x Y: R = I + [rot]x, d/drot = -[Y]x. */
    double rxY[3] = {rot[1] * Y[2] - rot[2] * Y[1],
                     rot[2] * Y[0] - rot[0] * Y[2],
                     rot[0] * Y[1] - rot[1] * Y[0]};
    double rx[3][3] = {
        {0, -rot[2], rot[1]}, {rot[2], 0, -rot[0]}, {-rot[1], rot[0], 0}};
    double Yx[3][3] = {{0, -Y[2], Y[1]}, {Y[2], 0, -Y[0]}, {-Y[1], Y[0], 0}};
    for (int i = 0; i < 3; ++i) {
      Xc[i] = Y[i] + rxY[i];
      for (int j = 0; j < 3; ++j) {
        R[i][j] = (i == j ? 1.0 : 0.0) + rx[i][j];
        dXr[i][j] = -Yx[i][j];
      }
    }
  }
  double zi = 1.0 / Xc[2];
  double p[2] = {Xc[0] * zi, Xc[1] * zi};
  double dp[2][3] = {{zi, 0.0, -p[0] * zi}, {0.0, zi, -p[1] * zi}};
  double rsq = p[0] * p[0] + p[1] * p[1];
  double k1 = cam[9], k2 = cam[10], f = cam[6];
  double L = 1.0 + k1 * rsq + k2 * rsq * rsq;
  double dL = 2.0 * (k1 + 2.0 * k2 * rsq); /* dL/dp_b = dL * p_b */
  double d[2] = {p[0] * L, p[1] * L};
  for (int r = 0; r < 2; ++r) {
    double *Jr = J + 15 * r;
    /* A = w f (dd/dp)(dp/dXcam), one row. */
    double ddp[2];
    for (int b = 0; b < 2; ++b)
      ddp[b] = (r == b ? L : 0.0) + p[r] * dL * p[b];
    double A[3];
    for (int c = 0; c < 3; ++c)
      A[c] = w * f * (ddp[0] * dp[0][c] + ddp[1] * dp[1][c]);
    for (int j = 0; j < 3; ++j) {
      Jr[j] = A[0] * dXr[0][j] + A[1] * dXr[1][j] + A[2] * dXr[2][j];
      double AR = A[0] * R[0][j] + A[1] * R[1][j] + A[2] * R[2][j];
      Jr[3 + j] = -AR;
      Jr[11 + j] = AR;
    }
    Jr[6] = w * d[r];
    Jr[7] = r == 0 ? w : 0.0;
    Jr[8] = r == 1 ? w : 0.0;
    Jr[9] = w * f * p[r] * rsq;
    Jr[10] = w * f * p[r] * rsq * rsq;
    Jr[14] = f * d[r] + cam[7 + r] - feat[r];
  }
}

void ba_jacobian_hand(int p, const double *cams, const double *X,
                      const double *w, const int *obs, const double *feats,
                      double *J) {
  for (int i = 0; i < p; ++i) {
    double *Ji = J + BA_JSTRIDE * i;
    ba_block_hand(cams + BA_NCAM * obs[2 * i], X + 3 * obs[2 * i + 1], w[i],
                  feats + 2 * i, Ji);
    Ji[30] = -2.0 * w[i];
  }
}
#endif
