/* mlp_blas: the mlp case (sum((W2 tanh(W1 X + b1) + b2)^2), float, W1
 * 32x784, W2 10x32, X 784x128, row major) with its two products as
 * cblas_sgemm calls, and a hand-written backpropagation with BLAS (four
 * sgemm). Shared primal: mlp_blas_ad.c includes this file with
 * BENCH_PRIMAL_ONLY defined. Linked with OpenBLAS. */
#include <math.h>

#define MB_IN 784
#define MB_HID 32
#define MB_OUT 10
#define MB_B 128

enum { MbRowMajor = 101, MbNoTrans = 111, MbTrans = 112 };
void cblas_sgemm(int, int, int, int, int, int, float, const float *, int,
                 const float *, int, float, float *, int);

static float mlp_blas_f(const float *W1, const float *b1, const float *W2,
                        const float *b2, const float *X) {
  float H[MB_HID * MB_B], Y[MB_OUT * MB_B];
  for (int i = 0; i < MB_HID; ++i)
    for (int j = 0; j < MB_B; ++j)
      H[i * MB_B + j] = b1[i];
  cblas_sgemm(MbRowMajor, MbNoTrans, MbNoTrans, MB_HID, MB_B, MB_IN, 1.0f, W1,
              MB_IN, X, MB_B, 1.0f, H, MB_B);
  for (int t = 0; t < MB_HID * MB_B; ++t)
    H[t] = tanhf(H[t]);
  for (int o = 0; o < MB_OUT; ++o)
    for (int j = 0; j < MB_B; ++j)
      Y[o * MB_B + j] = b2[o];
  cblas_sgemm(MbRowMajor, MbNoTrans, MbNoTrans, MB_OUT, MB_B, MB_HID, 1.0f, W2,
              MB_HID, H, MB_B, 1.0f, Y, MB_B);
  float loss = 0.0f;
  for (int t = 0; t < MB_OUT * MB_B; ++t)
    loss += Y[t] * Y[t];
  return loss;
}

#ifndef BENCH_PRIMAL_ONLY
float mlp_blas_primal(const float *W1, const float *b1, const float *W2,
                      const float *b2, const float *X) {
  return mlp_blas_f(W1, b1, W2, b2, X);
}

/* Backpropagation by hand with BLAS: dY = 2Y, dW2 += dY H^T, db2 += row
 * sums of dY, dH = W2^T dY, dZ = dH (1 - H^2), dW1 += dZ X^T, db1 += row
 * sums of dZ. Accumulates (+=) into the gradients. */
void mlp_blas_grad_hand(const float *W1, const float *b1, const float *W2,
                        const float *b2, const float *X, float *dW1, float *db1,
                        float *dW2, float *db2) {
  float H[MB_HID * MB_B], Y[MB_OUT * MB_B], dH[MB_HID * MB_B];
  for (int i = 0; i < MB_HID; ++i)
    for (int j = 0; j < MB_B; ++j)
      H[i * MB_B + j] = b1[i];
  cblas_sgemm(MbRowMajor, MbNoTrans, MbNoTrans, MB_HID, MB_B, MB_IN, 1.0f, W1,
              MB_IN, X, MB_B, 1.0f, H, MB_B);
  for (int t = 0; t < MB_HID * MB_B; ++t)
    H[t] = tanhf(H[t]);
  for (int o = 0; o < MB_OUT; ++o)
    for (int j = 0; j < MB_B; ++j)
      Y[o * MB_B + j] = b2[o];
  cblas_sgemm(MbRowMajor, MbNoTrans, MbNoTrans, MB_OUT, MB_B, MB_HID, 1.0f, W2,
              MB_HID, H, MB_B, 1.0f, Y, MB_B);
  for (int o = 0; o < MB_OUT; ++o) {
    float s = 0.0f;
    for (int j = 0; j < MB_B; ++j) {
      Y[o * MB_B + j] *= 2.0f; /* now dY */
      s += Y[o * MB_B + j];
    }
    db2[o] += s;
  }
  cblas_sgemm(MbRowMajor, MbNoTrans, MbTrans, MB_OUT, MB_HID, MB_B, 1.0f, Y,
              MB_B, H, MB_B, 1.0f, dW2, MB_HID);
  cblas_sgemm(MbRowMajor, MbTrans, MbNoTrans, MB_HID, MB_B, MB_OUT, 1.0f, W2,
              MB_HID, Y, MB_B, 0.0f, dH, MB_B);
  for (int i = 0; i < MB_HID; ++i) {
    float s = 0.0f;
    for (int j = 0; j < MB_B; ++j) {
      int t = i * MB_B + j;
      dH[t] *= 1.0f - H[t] * H[t]; /* now dZ */
      s += dH[t];
    }
    db1[i] += s;
  }
  cblas_sgemm(MbRowMajor, MbNoTrans, MbTrans, MB_HID, MB_IN, MB_B, 1.0f, dH,
              MB_B, X, MB_B, 1.0f, dW1, MB_IN);
}
#endif
