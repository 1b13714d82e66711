/* lstm: the ADBench LSTM loss. l layers of hidden size b (elementwise
 * "diagonal" LSTM cells as in ADBench), a sequence of c vectors of size b.
 * main_params: per layer, weights (4b: forget, input, output, change) then
 * biases (4b). extra_params: input weights (b), output weights (b), output
 * biases (b). state: per layer, hidden (b) then cell (b); it is copied into
 * the workspace s (2lb), which the primal updates. Gradient with respect to
 * main_params and extra_params. Shared primal: lstm_ad.c includes this file
 * with BENCH_PRIMAL_ONLY defined. */
#include <math.h>

#define LSTM_BMAX 32

static double lstm_sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static double lstm_logsumexp(int n, const double *v) {
  double mx = v[0];
  for (int i = 1; i < n; ++i)
    if (v[i] > mx)
      mx = v[i];
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += exp(v[i] - mx);
  return log(s) + mx;
}

static void lstm_model(int b, const double *weight, const double *bias,
                       double *hidden, double *cell, const double *input) {
  for (int i = 0; i < b; ++i) {
    double forget = lstm_sigmoid(input[i] * weight[i] + bias[i]);
    double ingate = lstm_sigmoid(hidden[i] * weight[b + i] + bias[b + i]);
    double outgate =
        lstm_sigmoid(input[i] * weight[2 * b + i] + bias[2 * b + i]);
    double change = tanh(hidden[i] * weight[3 * b + i] + bias[3 * b + i]);
    cell[i] = cell[i] * forget + ingate * change;
    hidden[i] = outgate * tanh(cell[i]);
  }
}

static void lstm_predict(int l, int b, const double *w, const double *w2,
                         double *s, const double *x, double *x2) {
  for (int i = 0; i < b; ++i)
    x2[i] = x[i] * w2[i];
  const double *xp = x2;
  for (int i = 0; i < l; ++i) {
    lstm_model(b, w + 8 * b * i, w + 8 * b * i + 4 * b, s + 2 * b * i,
               s + 2 * b * i + b, xp);
    xp = s + 2 * b * i;
  }
  for (int i = 0; i < b; ++i)
    x2[i] = xp[i] * w2[b + i] + w2[2 * b + i];
}

static double lstm_f(int l, int c, int b, const double *main_params,
                     const double *extra_params, const double *state,
                     const double *sequence, double *s) {
  double ypred[LSTM_BMAX];
  for (int i = 0; i < 2 * l * b; ++i)
    s[i] = state[i];
  double total = 0.0;
  int count = 0;
  const double *input = sequence;
  for (int t = 0; t < c - 1; ++t) {
    lstm_predict(l, b, main_params, extra_params, s, input, ypred);
    double lse = lstm_logsumexp(b, ypred);
    const double *ygold = sequence + (t + 1) * b;
    for (int i = 0; i < b; ++i)
      total += ygold[i] * (ypred[i] - lse);
    count += b;
    input = ygold;
  }
  return -total / count;
}

#ifndef BENCH_PRIMAL_ONLY
double lstm_primal(int l, int c, int b, const double *main_params,
                   const double *extra_params, const double *state,
                   const double *sequence, double *s) {
  return lstm_f(l, c, b, main_params, extra_params, state, sequence, s);
}

/* Size of the workspace of lstm_grad_hand, in doubles. */
long lstm_hand_workspace(int l, int c, int b) {
  return (long)(c - 1) * l * 9 * b + (long)(c - 1) * b + 2L * l * b;
}

/* Backpropagation through time by hand. The forward sweep keeps, for each
 * step and layer, the gates f, i, o, g, the cell before and after, tanh of
 * the cell, the hidden state before, and the layer's input (9b), plus the
 * prediction of each step. Accumulates (+=) into dmain and dextra. */
void lstm_grad_hand(int l, int c, int b, const double *main_params,
                    const double *extra_params, const double *state,
                    const double *sequence, double *dmain, double *dextra,
                    double *ws) {
  const double *w2 = extra_params;
  double *rec = ws;                           /* (c-1) x l x 9b */
  double *Y = ws + (long)(c - 1) * l * 9 * b; /* (c-1) x b */
  double *hc = Y + (long)(c - 1) * b;         /* 2lb, as state */
  double x2[LSTM_BMAX];
  for (int i = 0; i < 2 * l * b; ++i)
    hc[i] = state[i];
  for (int t = 0; t < c - 1; ++t) {
    const double *x = sequence + t * b;
    for (int i = 0; i < b; ++i)
      x2[i] = x[i] * w2[i];
    const double *xp = x2;
    for (int layer = 0; layer < l; ++layer) {
      const double *wt = main_params + 8 * b * layer, *bs = wt + 4 * b;
      double *h = hc + 2 * b * layer, *cl = h + b;
      double *r = rec + ((long)t * l + layer) * 9 * b;
      for (int i = 0; i < b; ++i) {
        double f = lstm_sigmoid(xp[i] * wt[i] + bs[i]);
        double ig = lstm_sigmoid(h[i] * wt[b + i] + bs[b + i]);
        double o = lstm_sigmoid(xp[i] * wt[2 * b + i] + bs[2 * b + i]);
        double g = tanh(h[i] * wt[3 * b + i] + bs[3 * b + i]);
        double cn = cl[i] * f + ig * g;
        double tc = tanh(cn);
        r[i] = f;
        r[b + i] = ig;
        r[2 * b + i] = o;
        r[3 * b + i] = g;
        r[4 * b + i] = cl[i];
        r[5 * b + i] = cn;
        r[6 * b + i] = tc;
        r[7 * b + i] = h[i];
        r[8 * b + i] = xp[i];
        cl[i] = cn;
        h[i] = o * tc;
      }
      xp = h;
    }
    for (int i = 0; i < b; ++i)
      Y[(long)t * b + i] = xp[i] * w2[b + i] + w2[2 * b + i];
  }

  /* Reverse sweep. dh, dc: adjoints carried to the previous step. */
  double *dh = hc, *dc = hc + l * b; /* reuse hc: l*b each */
  double dhin[LSTM_BMAX], dxin[LSTM_BMAX], dy[LSTM_BMAX];
  for (int i = 0; i < 2 * l * b; ++i)
    hc[i] = 0.0;
  const double scale = -1.0 / ((double)(c - 1) * b);
  for (int t = c - 2; t >= 0; --t) {
    const double *ygold = sequence + (t + 1) * b;
    const double *yp = Y + (long)t * b;
    double lse = lstm_logsumexp(b, yp), G = 0.0;
    for (int i = 0; i < b; ++i)
      G += ygold[i];
    for (int i = 0; i < b; ++i)
      dy[i] = scale * (ygold[i] - exp(yp[i] - lse) * G);
    const double *rtop = rec + ((long)t * l + (l - 1)) * 9 * b;
    for (int i = 0; i < b; ++i) {
      double htop = rtop[2 * b + i] * rtop[6 * b + i];
      dextra[b + i] += dy[i] * htop;
      dextra[2 * b + i] += dy[i];
      dhin[i] = dy[i] * w2[b + i];
    }
    for (int layer = l - 1; layer >= 0; --layer) {
      const double *wt = main_params + 8 * b * layer;
      double *dwt = dmain + 8 * b * layer, *dbs = dwt + 4 * b;
      const double *r = rec + ((long)t * l + layer) * 9 * b;
      double *dhl = dh + b * layer, *dcl = dc + b * layer;
      for (int i = 0; i < b; ++i) {
        double f = r[i], ig = r[b + i], o = r[2 * b + i], g = r[3 * b + i];
        double cp = r[4 * b + i], tc = r[6 * b + i];
        double hp = r[7 * b + i], xin = r[8 * b + i];
        double dht = dhl[i] + dhin[i];
        double dout = dht * tc;
        double dct = dcl[i] + dht * o * (1.0 - tc * tc);
        double dzf = dct * cp * f * (1.0 - f);
        double dzi = dct * g * ig * (1.0 - ig);
        double dzo = dout * o * (1.0 - o);
        double dzg = dct * ig * (1.0 - g * g);
        dwt[i] += dzf * xin;
        dbs[i] += dzf;
        dwt[b + i] += dzi * hp;
        dbs[b + i] += dzi;
        dwt[2 * b + i] += dzo * xin;
        dbs[2 * b + i] += dzo;
        dwt[3 * b + i] += dzg * hp;
        dbs[3 * b + i] += dzg;
        dxin[i] = dzf * wt[i] + dzo * wt[2 * b + i];
        dhl[i] = dzi * wt[b + i] + dzg * wt[3 * b + i];
        dcl[i] = dct * f;
      }
      for (int i = 0; i < b; ++i)
        dhin[i] = dxin[i];
    }
    const double *x = sequence + t * b;
    for (int i = 0; i < b; ++i)
      dextra[i] += dhin[i] * x[i];
  }
}
#endif
