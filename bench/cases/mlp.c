/* mlp: sum((W2 tanh(W1 X + b1) + b2)^2) in float, written as plain loops.
 * W1 is 32x784, b1 32, W2 10x32, b2 10, X 784x128 (one sample per column),
 * all row-major. Shared primal: mlp_ad.c includes this file with
 * BENCH_PRIMAL_ONLY defined. */
#include <math.h>

#define MLP_IN 784
#define MLP_HID 32
#define MLP_OUT 10
#define MLP_B 128

static float mlp_f(const float *W1, const float *b1, const float *W2,
                   const float *b2, const float *X) {
  float H[MLP_HID * MLP_B];
  for (int i = 0; i < MLP_HID; ++i)
    for (int j = 0; j < MLP_B; ++j)
      H[i * MLP_B + j] = b1[i];
  for (int i = 0; i < MLP_HID; ++i)
    for (int k = 0; k < MLP_IN; ++k) {
      float w = W1[i * MLP_IN + k];
      for (int j = 0; j < MLP_B; ++j)
        H[i * MLP_B + j] += w * X[k * MLP_B + j];
    }
  for (int t = 0; t < MLP_HID * MLP_B; ++t)
    H[t] = tanhf(H[t]);
  float loss = 0.0f;
  for (int o = 0; o < MLP_OUT; ++o)
    for (int j = 0; j < MLP_B; ++j) {
      float y = b2[o];
      for (int i = 0; i < MLP_HID; ++i)
        y += W2[o * MLP_HID + i] * H[i * MLP_B + j];
      loss += y * y;
    }
  return loss;
}

#ifndef BENCH_PRIMAL_ONLY
float mlp_primal(const float *W1, const float *b1, const float *W2,
                 const float *b2, const float *X) {
  return mlp_f(W1, b1, W2, b2, X);
}

/* Backpropagation by hand: dY = 2Y, dW2 = dY H^T, db2 = sum_j dY,
 * dH = W2^T dY, dZ = dH (1 - H^2), dW1 = dZ X^T, db1 = sum_j dZ.
 * Accumulates (+=) into the gradients. */
void mlp_grad_hand(const float *W1, const float *b1, const float *W2,
                   const float *b2, const float *X, float *dW1, float *db1,
                   float *dW2, float *db2) {
  float H[MLP_HID * MLP_B], dH[MLP_HID * MLP_B];
  for (int i = 0; i < MLP_HID; ++i)
    for (int j = 0; j < MLP_B; ++j)
      H[i * MLP_B + j] = b1[i];
  for (int i = 0; i < MLP_HID; ++i)
    for (int k = 0; k < MLP_IN; ++k) {
      float w = W1[i * MLP_IN + k];
      for (int j = 0; j < MLP_B; ++j)
        H[i * MLP_B + j] += w * X[k * MLP_B + j];
    }
  for (int t = 0; t < MLP_HID * MLP_B; ++t) {
    H[t] = tanhf(H[t]);
    dH[t] = 0.0f;
  }
  for (int o = 0; o < MLP_OUT; ++o)
    for (int j = 0; j < MLP_B; ++j) {
      float y = b2[o];
      for (int i = 0; i < MLP_HID; ++i)
        y += W2[o * MLP_HID + i] * H[i * MLP_B + j];
      float dy = 2.0f * y;
      db2[o] += dy;
      for (int i = 0; i < MLP_HID; ++i) {
        dW2[o * MLP_HID + i] += dy * H[i * MLP_B + j];
        dH[i * MLP_B + j] += dy * W2[o * MLP_HID + i];
      }
    }
  for (int t = 0; t < MLP_HID * MLP_B; ++t)
    dH[t] *= 1.0f - H[t] * H[t]; /* now dZ */
  for (int i = 0; i < MLP_HID; ++i) {
    float s = 0.0f;
    for (int j = 0; j < MLP_B; ++j)
      s += dH[i * MLP_B + j];
    db1[i] += s;
    for (int k = 0; k < MLP_IN; ++k) {
      float g = 0.0f;
      for (int j = 0; j < MLP_B; ++j)
        g += dH[i * MLP_B + j] * X[k * MLP_B + j];
      dW1[i * MLP_IN + k] += g;
    }
  }
}
#endif
