// Eigen's packet code as the vector flags choose it, -O0..-O3:
// - SSE2 (the default): cwiseMax / cwiseMin are `maxpd` / `minpd` in
//   inline assembly (Eigen's workaround for old GCC, which clang gets too);
// - AVX: `vmaxpd`, and 32-byte packets whose lanes InstCombine moves as
//   i128 / i256 integers, and a pointer read out of a vector of doubles;
// - AVX2 + FMA: pmadd is `vfmadd231pd` in inline assembly;
// - AVX-512: reductions through llvm.x86.avx.hadd.pd.256.
// - dynamic sizes under AVX: Eigen aligns its blocks by hand inside a
//   malloc'd one (32 bytes), and peels to that alignment with umin.
// - the vectorized exp: its argument reduction rounds with (a + 2^52) -
//   2^52 behind an empty inline assembly barrier; differentiated as
//   written, the reduced argument had no derivative (a zero gradient).
// - the vectorized log: frexp's mantissa taken through the bits (and, or
//   with the exponent of 0.5): refused as bits changed as integers; on
//   normal lanes it is x scaled by a power of two.
//   Under AVX-512, from 8 elements on, exp it rounds with the masked
//   `rndscale` intrinsic (refused), and the derivative lost the function's
//   512-bit vector width (the backend crashed splitting the vectors).
// - the 4x4 inverse: sign flips as integer xors of shuffled lanes, and a
//   1 / det in one lane of a vector whose other lane divides 0 by 0
//   (unread): the reverse sweep's 0 x NaN there made the gradient NaN.
// All were refused (inline assembly, bits as integers, unknown pointer, a
// free of "memory it did not allocate") or crashed (32-byte aligned
// accesses to 16-byte aligned shadows and tapes).
// And a Gram matrix M M^T at -O2, whose product InstCombine leaves with
// poison lanes: the reverse sweep multiplied them by zero adjoints and
// got poison in the gradient (a silent wrong gradient).
// RUN: %clangxx -std=c++17 %eigen -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 %eigen -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 %eigen -O2 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 %eigen -O3 %s -o %t3 && %t3
// RUN: %clangxx -std=c++17 %eigen -mavx -O2 %s -o %t4 && %run_avx %t4
// RUN: %clangxx -std=c++17 %eigen -mavx -O0 %s -o %t5 && %run_avx %t5
// RUN: %clangxx -std=c++17 %eigen -mavx2 -mfma -O3 %s -o %t6 && %run_avx %t6
// RUN: %clangxx -std=c++17 %eigen -mavx2 -mfma -O1 %s -o %t7 && %run_avx %t7
// RUN: %clangxx -std=c++17 %eigen -march=skylake-avx512 -O2 %s -o %t8 && %run_avx512 %t8
#include "adcheck.h"
#include <Eigen/Dense>
#include <ad.hpp>

static const int N = 7;

// M(i) = x[i % 7] (i + 1); the gradient of tr(M M^T) = |M|_F^2.
static double gramTrace(const double *x) {
  Eigen::Matrix4d M;
  for (int i = 0; i < 16; i++)
    M.data()[i] = x[i % N] * (i + 1);
  Eigen::Matrix4d P = M * M.transpose();
  return P.trace();
}

static double packets(const double *x) {
  Eigen::Matrix4d M;
  for (int i = 0; i < 16; i++)
    M.data()[i] = x[i % N] * (i + 1);
  Eigen::Vector4d v(x[0], x[1], x[2], x[3]);
  Eigen::Vector4d y = M * v;
  Eigen::Matrix<double, 8, 1> z;
  for (int i = 0; i < 8; i++)
    z[i] = x[i % N] * x[(i + 1) % N];
  return y.squaredNorm() + z.cwiseAbs().sum() + M.cwiseMax(0.1).sum() +
         2 * M.cwiseMin(-0.2).sum();
}

// A = v v^T, w = A v + v .* v: |w|^2 + sum(A).
static double dynamic(const double *x) {
  Eigen::Map<const Eigen::VectorXd> v(x, N);
  Eigen::MatrixXd A = v * v.transpose();
  Eigen::VectorXd w = A * v + v.cwiseProduct(v);
  return w.squaredNorm() + A.sum();
}

// exp, and the largest element (pmax).
static double exps(const double *x) {
  Eigen::Map<const Eigen::VectorXd> v(x, N);
  return v.array().exp().sum() + 2 * v.maxCoeff();
}

// exp of 16 elements: whole 512-bit packets. v_i = x[i % 7] (1 + i / 16).
static double exps16(const double *x) {
  Eigen::Array<double, Eigen::Dynamic, 1> v(16);
  for (int i = 0; i < 16; i++)
    v[i] = x[i % N] * (1 + i / 16.0);
  return v.exp().sum();
}

// log of 16 elements, in double and float: sum log(1 + v_i^2).
static double logs16(const double *x) {
  Eigen::ArrayXd v(16);
  for (int i = 0; i < 16; i++)
    v[i] = x[i % N] * (1 + i / 16.0);
  return (v * v + 1).log().sum();
}
static float logs16f(const float *x) {
  Eigen::ArrayXf v(16);
  for (int i = 0; i < 16; i++)
    v[i] = x[i % N] * (1 + i / 16.0f);
  return (v * v + 1).log().sum();
}

// sum(A^-1), A = 3 I + x0 (e0 e0^T + e1 e2^T) + x1 e3 e3^T.
template <typename Matrix> static double inverseSum(const double *x) {
  Matrix A = Matrix::Identity() * 3;
  A(0, 0) += x[0];
  A(1, 2) += x[0];
  A(3, 3) += x[1];
  return A.inverse().sum();
}
static double inverse4d(const double *x) {
  return inverseSum<Eigen::Matrix4d>(x);
}
static double inverse4f(const double *x) {
  return inverseSum<Eigen::Matrix4f>(x);
}

int main() {
  double x[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.1 * (i + 1) * (i % 3 ? 1 : -1);
  double want[N] = {0};
  for (int i = 0; i < 16; i++)
    want[i % N] += 2 * x[i % N] * (i + 1) * (i + 1);
  double d[N] = {0};
  __ad_autodiff((void *)gramTrace, ad_dup, x, d);
  for (int i = 0; i < N; i++)
    ad_check("gram trace", d[i], want[i], ad_fdn(gramTrace, x, N, i));
  double e[N] = {0};
  __ad_autodiff((void *)packets, ad_dup, x, e);
  for (int i = 0; i < N; i++) {
    double t[N] = {0};
    t[i] = 1;
    double fd = ad_fdn(packets, x, N, i);
    ad_check("packets", e[i], fd, fd);
    ad_check("packets, forward", __ad_fwddiff((void *)packets, ad_dup, x, t),
             fd, fd);
  }
  double g[N] = {0};
  __ad_autodiff((void *)dynamic, ad_dup, x, g);
  for (int i = 0; i < N; i++) {
    double fd = ad_fdn(dynamic, x, N, i);
    ad_check("dynamic sizes", g[i], fd, fd);
  }
  double h[N] = {0};
  __ad_autodiff((void *)exps, ad_dup, x, h);
  for (int i = 0; i < N; i++) // (x[5] = 0.6 is the largest)
    ad_check("vectorized exp", h[i], std::exp(x[i]) + (i == 5 ? 2 : 0),
             ad_fdn(exps, x, N, i));
  double h16[N] = {0}, w16[N] = {0};
  __ad_autodiff((void *)exps16, ad_dup, x, h16);
  for (int i = 0; i < 16; i++)
    w16[i % N] += std::exp(x[i % N] * (1 + i / 16.0)) * (1 + i / 16.0);
  for (int i = 0; i < N; i++) {
    double t[N] = {0};
    t[i] = 1;
    ad_check("exp of 16 elements", h16[i], w16[i], ad_fdn(exps16, x, N, i));
    ad_check("exp of 16 elements, forward",
             __ad_fwddiff((void *)exps16, ad_dup, x, t), w16[i], w16[i]);
  }
  double l16[N] = {0}, wl[N] = {0};
  float xf[N], lf[N] = {0};
  for (int i = 0; i < N; i++)
    xf[i] = (float)x[i];
  __ad_autodiff((void *)logs16, ad_dup, x, l16);
  __ad_autodiff((void *)logs16f, ad_dup, xf, lf);
  for (int i = 0; i < 16; i++) {
    double c = 1 + i / 16.0, v = x[i % N] * c;
    wl[i % N] += 2 * v * c / (1 + v * v);
  }
  for (int i = 0; i < N; i++) {
    double t[N] = {0};
    t[i] = 1;
    ad_check("log of 16 elements", l16[i], wl[i], ad_fdn(logs16, x, N, i));
    ad_check("log of 16 elements, forward",
             __ad_fwddiff((void *)logs16, ad_dup, x, t), wl[i], wl[i]);
    ad_check_f("log of 16 floats", lf[i], wl[i], ad_fdnf(logs16f, xf, N, i));
  }
  {
    // A^-1 = diag(1/(3+a), [1/3, -a/9; 0, 1/3], 1/(3+b)).
    double a = x[0], b = x[1];
    double w[2] = {-1 / ((3 + a) * (3 + a)) - 1.0 / 9,
                   -1 / ((3 + b) * (3 + b))};
    for (int i = 0; i < 2; i++) {
      double t[N] = {0}, dd[N] = {0}, df[N] = {0};
      t[i] = 1;
      __ad_autodiff((void *)inverse4d, ad_dup, x, dd);
      ad_check("4x4 inverse", dd[i], w[i], ad_fdn(inverse4d, x, N, i));
      ad_check("4x4 inverse, forward",
               __ad_fwddiff((void *)inverse4d, ad_dup, x, t), w[i],
               ad_fdn(inverse4d, x, N, i));
      __ad_autodiff((void *)inverse4f, ad_dup, x, df);
      // (the float function's finite difference is too coarse for 1e-3)
      ad_check_f("4x4 float inverse", df[i], w[i], w[i]);
    }
  }
  return ad_check_report();
}
