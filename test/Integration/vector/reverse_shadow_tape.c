// Vector reverse mode when the reverse sweep needs shadow pointers made in
// a loop (they used to be refused: "a tangent is stored into memory that all
// directions share"): each direction has its own shadow structure, so a
// loop's tape keeps one shadow pointer per direction. Each lane equals the
// scalar gradient call with that lane's shadows bit for bit, for N = 2, 3,
// 4, on
//   - a linked list walked with a recurrence (the node's shadow is taped),
//     inlined and in a recursive callee that stays a call,
//   - a table of row pointers (rows[i], and its shadow table),
//   - an array of structs holding pointers to their data, updated in place.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

enum { Len = 6, Rows = 4, Cols = 3 };

typedef struct node {
  double v;
  struct node *next;
} node;

// s_{k+1} = s_k v_k^2 + sin(v_k): the reverse needs each node (and its
// shadow) again, in reverse order.
double walk(node *h) {
  double s = 0.5;
  for (node *p = h; p; p = p->next)
    s = s * p->v * p->v + sin(p->v);
  return s;
}

// The walk in a callee that stays a call (recursive): its own widened
// gradient, whose loop tape keeps the node's shadow per direction too.
__attribute__((noinline)) static double walk_rec(node *h, int depth) {
  double s = 0.25;
  for (node *p = h; p; p = p->next)
    s = s * cos(p->v) + p->v;
  return depth > 0 ? s + walk_rec(h->next, depth - 1) : s;
}
double walk_twice(node *h) { return walk_rec(h, 2) * walk_rec(h, 1); }

// y_i = prod_j rows[i][j] chained through a running product.
void rowprod(double **rows, double *y) {
  double acc = 1;
  for (int i = 0; i < Rows; ++i) {
    double *r = rows[i];
    for (int j = 0; j < Cols; ++j)
      acc = acc * r[j] + 0.1 * r[j] * r[j];
    y[i] = acc;
  }
}

typedef struct {
  double *data;
  double w;
} item;

// In place: data[0] = data[0]^2 * w + data[1] of each item, then a sum.
double items(item *it, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double *d = it[i].data;
    d[0] = d[0] * d[0] * it[i].w + d[1];
    s += d[0] * d[1];
  }
  return s;
}

static void make_list(node *a, double *v) {
  for (int i = 0; i < Len; ++i) {
    a[i].v = v ? v[i] : 0;
    a[i].next = i + 1 < Len ? &a[i + 1] : 0;
  }
}

typedef struct {
  double d[4];
} four;
four __ad_autodiff_four(void *, ...);

#define LANES(W)                                                               \
  do {                                                                         \
    /* the list */                                                             \
    node a[Len], da[W][Len], ds[Len];                                          \
    double v[Len];                                                             \
    for (int i = 0; i < Len; ++i)                                              \
      v[i] = 0.3 + 0.1 * i;                                                    \
    make_list(a, v);                                                           \
    for (int k = 0; k < W; ++k)                                                \
      make_list(da[k], 0);                                                     \
    __ad_autodiff((void *)walk, ad_width, W, ad_dupv, (long)sizeof(da[0]), a,  \
                  da[0]);                                                      \
    make_list(ds, 0);                                                          \
    __ad_autodiff((void *)walk, ad_dup, a, ds);                                \
    for (int k = 0; k < W; ++k)                                                \
      for (int i = 0; i < Len; ++i)                                            \
        ok &= da[k][i].v == ds[i].v;                                           \
    ok &= ds[2].v != 0;                                                        \
    for (int k = 0; k < W; ++k)                                                \
      make_list(da[k], 0);                                                     \
    make_list(ds, 0);                                                          \
    __ad_autodiff((void *)walk_twice, ad_width, W, ad_dupv,                    \
                  (long)sizeof(da[0]), a, da[0]);                              \
    __ad_autodiff((void *)walk_twice, ad_dup, a, ds);                          \
    for (int k = 0; k < W; ++k)                                                \
      for (int i = 0; i < Len; ++i)                                            \
        ok &= da[k][i].v == ds[i].v;                                           \
    ok &= ds[3].v != 0;                                                        \
                                                                               \
    /* the row table: lane k seeds y_k's adjoint */                            \
    double m[Rows][Cols], dm[W][Rows][Cols], y[Rows], dy[W][Rows];             \
    double *rows[Rows], *drows[W][Rows];                                       \
    for (int i = 0; i < Rows; ++i)                                             \
      for (int j = 0; j < Cols; ++j)                                           \
        m[i][j] = 0.9 + 0.05 * (i * Cols + j);                                 \
    memset(dm, 0, sizeof dm);                                                  \
    memset(dy, 0, sizeof dy);                                                  \
    for (int i = 0; i < Rows; ++i) {                                           \
      rows[i] = m[i];                                                          \
      for (int k = 0; k < W; ++k)                                              \
        drows[k][i] = dm[k][i];                                                \
    }                                                                          \
    for (int k = 0; k < W; ++k)                                                \
      dy[k][k % Rows] = 1;                                                     \
    __ad_autodiff((void *)rowprod, ad_width, W, ad_dupv,                       \
                  (long)sizeof(drows[0]), rows, drows[0], ad_dupv,             \
                  (long)sizeof(dy[0]), y, dy[0]);                              \
    for (int k = 0; k < W; ++k) {                                              \
      double sm[Rows][Cols] = {{0}}, sy[Rows] = {0}, *srows[Rows];             \
      for (int i = 0; i < Rows; ++i)                                           \
        srows[i] = sm[i];                                                      \
      sy[k % Rows] = 1;                                                        \
      __ad_autodiff((void *)rowprod, ad_dup, rows, srows, ad_dup, y, sy);      \
      ok &= memcmp(sm, dm[k], sizeof sm) == 0;                                 \
    }                                                                          \
                                                                               \
    /* items with data pointers, in place */                                   \
    double data[Len][2], ddata[W][Len][2], sdata[Len][2], save[Len][2];        \
    item it[Len], dit[W][Len], sit[Len];                                       \
    for (int i = 0; i < Len; ++i) {                                            \
      save[i][0] = 0.2 * i + 0.1;                                              \
      save[i][1] = 1 - 0.1 * i;                                                \
    }                                                                          \
    memcpy(data, save, sizeof data);                                           \
    memset(ddata, 0, sizeof ddata);                                            \
    for (int i = 0; i < Len; ++i) {                                            \
      it[i].data = data[i];                                                    \
      it[i].w = 1.5 + i;                                                       \
      for (int k = 0; k < W; ++k) {                                            \
        dit[k][i].data = ddata[k][i];                                          \
        dit[k][i].w = 0;                                                       \
        ddata[k][i][0] = k + 1; /* lane k seeds the outputs k + 1 */           \
      }                                                                        \
    }                                                                          \
    __ad_autodiff((void *)items, ad_width, W, ad_dupv, (long)sizeof(dit[0]),   \
                  it, dit[0], Len);                                            \
    for (int k = 0; k < W; ++k) {                                              \
      memcpy(data, save, sizeof data);                                         \
      memset(sdata, 0, sizeof sdata);                                          \
      for (int i = 0; i < Len; ++i) {                                          \
        sit[i].data = sdata[i];                                                \
        sit[i].w = 0;                                                          \
        sdata[i][0] = k + 1;                                                   \
      }                                                                        \
      __ad_autodiff((void *)items, ad_dup, it, sit, Len);                      \
      ok &= memcmp(sdata, ddata[k], sizeof sdata) == 0;                        \
      for (int i = 0; i < Len; ++i)                                            \
        ok &= sit[i].w == dit[k][i].w;                                         \
    }                                                                          \
  } while (0)

int main(void) {
  int ok = 1;
  LANES(2);
  ad_check_exact("width 2: lanes = scalar gradients", ok, 1);
  LANES(3);
  ad_check_exact("width 3: lanes = scalar gradients", ok, 1);
  LANES(4);
  ad_check_exact("width 4: lanes = scalar gradients", ok, 1);

  // The list's gradient against the analytic recurrence.
  node a[Len], da[2][Len];
  double v[Len];
  for (int i = 0; i < Len; ++i)
    v[i] = 0.3 + 0.1 * i;
  make_list(a, v);
  make_list(da[0], 0);
  make_list(da[1], 0);
  __ad_autodiff((void *)walk, ad_width, 2, ad_dupv, (long)sizeof(da[0]), a,
                da[0]);
  // ds/dv_k = (prod_{j > k} v_j^2) (2 s_k v_k + cos v_k)
  double s[Len + 1];
  s[0] = 0.5;
  for (int i = 0; i < Len; ++i)
    s[i + 1] = s[i] * v[i] * v[i] + sin(v[i]);
  for (int k = 0; k < Len; ++k) {
    double g = 2 * s[k] * v[k] + cos(v[k]);
    for (int j = k + 1; j < Len; ++j)
      g *= v[j] * v[j];
    ad_check_eq("walk: analytic", da[1][k].v, g);
  }
  return ad_check_report();
}
