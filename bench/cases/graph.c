/* graph: a DAG of n vertices holding 16-vectors. Vertices 0..3 are the
 * inputs x; vertex v >= 4 computes v = tanh(W[w] v_a + v_b) with (a, b, w)
 * from a vertex table (a, b < v), evaluated in topological order by a loop.
 * The result is the sum of all vertex values. W holds 4 matrices 16x16. V is
 * the caller's workspace (n x 16). Gradient with respect to x and W.
 * Shared primal: graph_ad.c includes this file with BENCH_PRIMAL_ONLY. */
#include <math.h>

#define GRAPH_D 16
#define GRAPH_NIN 4
#define GRAPH_NW 4

static double graph_f(const double *x, const double *W, const int *tab, int n,
                      double *V) {
  for (int i = 0; i < GRAPH_NIN * GRAPH_D; ++i)
    V[i] = x[i];
  for (int v = GRAPH_NIN; v < n; ++v) {
    const double *va = V + GRAPH_D * tab[3 * v];
    const double *vb = V + GRAPH_D * tab[3 * v + 1];
    const double *Wm = W + GRAPH_D * GRAPH_D * tab[3 * v + 2];
    for (int r = 0; r < GRAPH_D; ++r) {
      double s = vb[r];
      for (int c = 0; c < GRAPH_D; ++c)
        s += Wm[GRAPH_D * r + c] * va[c];
      V[GRAPH_D * v + r] = tanh(s);
    }
  }
  double y = 0.0;
  for (int i = 0; i < GRAPH_D * n; ++i)
    y += V[i];
  return y;
}

#ifndef BENCH_PRIMAL_ONLY
double graph_primal(const double *x, const double *W, const int *tab, int n,
                    double *V) {
  return graph_f(x, W, tab, n, V);
}

/* Reverse sweep by hand over the vertex table. dV is the caller's workspace
 * (n x 16); dx and dW accumulate (+=). */
void graph_grad_hand(const double *x, const double *W, const int *tab, int n,
                     double *V, double *dx, double *dW, double *dV) {
  graph_f(x, W, tab, n, V);
  for (int i = 0; i < GRAPH_D * n; ++i)
    dV[i] = 1.0;
  for (int v = n - 1; v >= GRAPH_NIN; --v) {
    int a = tab[3 * v], b = tab[3 * v + 1], w = tab[3 * v + 2];
    const double *va = V + GRAPH_D * a;
    const double *Wm = W + GRAPH_D * GRAPH_D * w;
    double *dva = dV + GRAPH_D * a, *dvb = dV + GRAPH_D * b;
    double *dWm = dW + GRAPH_D * GRAPH_D * w;
    for (int r = 0; r < GRAPH_D; ++r) {
      double o = V[GRAPH_D * v + r];
      double ds = dV[GRAPH_D * v + r] * (1.0 - o * o);
      dvb[r] += ds;
      for (int c = 0; c < GRAPH_D; ++c) {
        dWm[GRAPH_D * r + c] += ds * va[c];
        dva[c] += ds * Wm[GRAPH_D * r + c];
      }
    }
  }
  for (int i = 0; i < GRAPH_NIN * GRAPH_D; ++i)
    dx[i] += dV[i];
}
#endif
