// Recursion over data structures held in arrays: a tree of nodes with child
// indices (struct TNode {int left, right; double v;}; -1 for no child) summed
// recursively, with the node array ad_dup; and a recursive-descent evaluator
// of an expression tree (ops +, *, sin, variable leaves indexing an ad_dup
// array x, constant leaves) with the node array ad_const. The recursive
// functions only read memory.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

struct TNode {
  int left, right;
  double v;
};

/* s(i) = sin(v_i) + v_i s(left) + s(right); s(-1) = 0. */
double tsum(const struct TNode *t, int i) {
  double s;
  if (i < 0)
    return 0.0;
  s = sin(t[i].v) + t[i].v * tsum(t, t[i].left);
  return s + tsum(t, t[i].right);
}

enum { ADD, MUL, SIN, VAR, CONST };
struct ENode {
  int op;
  int a, b; /* children, or the variable index for VAR */
  double c; /* the value of a CONST */
};

double eval(const struct ENode *e, const double *x, int i) {
  switch (e[i].op) {
  case ADD:
    return eval(e, x, e[i].a) + eval(e, x, e[i].b);
  case MUL:
    return eval(e, x, e[i].a) * eval(e, x, e[i].b);
  case SIN:
    return sin(eval(e, x, e[i].a));
  case VAR:
    return x[e[i].a];
  default:
    return e[i].c;
  }
}

/*        0
 *      /   \
 *     1     2
 *    / \     \
 *   3   4     5    */
#define TN 6
static struct TNode tree0[TN] = {{1, 2, 0.5},   {3, 4, -0.7},  {-1, 5, 1.1},
                                 {-1, -1, 0.3}, {-1, -1, 0.9}, {-1, -1, -0.4}};

static double tree_w(const double *v) {
  struct TNode t[TN];
  memcpy(t, tree0, sizeof t);
  for (int i = 0; i < TN; ++i)
    t[i].v = v[i];
  return tsum(t, 0);
}

/* (x0 * sin(x1 + 2)) + sin(x0 * x2) * x1 */
#define EN 13
static const struct ENode expr[EN] = {
    {ADD, 1, 7, 0},   /* 0: [1] + [7] */
    {MUL, 2, 3, 0},   /* 1: x0 * [3] */
    {VAR, 0, 0, 0},   /* 2: x0 */
    {SIN, 4, 0, 0},   /* 3: sin([4]) */
    {ADD, 5, 6, 0},   /* 4: x1 + 2 */
    {VAR, 1, 0, 0},   /* 5: x1 */
    {CONST, 0, 0, 2}, /* 6: 2 */
    {MUL, 8, 12, 0},  /* 7: [8] * x1 */
    {SIN, 9, 0, 0},   /* 8: sin([9]) */
    {MUL, 10, 11, 0}, /* 9: x0 * x2 */
    {VAR, 0, 0, 0},   /* 10: x0 */
    {VAR, 2, 0, 0},   /* 11: x2 */
    {VAR, 1, 0, 0},   /* 12: x1 */
};
static double expr_w(const double *x) { return eval(expr, x, 0); }

int main(void) {
  struct TNode t[TN], dt[TN];
  double v[TN], s[TN], e[TN];
  double x[3] = {0.8, -0.3, 1.7}, dx[3] = {0, 0, 0};
  char buf[96];
  int i;

  memcpy(t, tree0, sizeof t);
  for (i = 0; i < TN; ++i) {
    v[i] = t[i].v;
    dt[i].left = dt[i].right = -99;
    dt[i].v = 0;
  }
  __ad_autodiff((void *)tsum, ad_dup, t, dt, (int)ad_opaque(0));
  /* ds(0)/dv_i = (product of the v of ancestors reached through a left
   * edge) * (cos(v_i) + s(left_i)). */
  for (i = TN - 1; i >= 0; --i)
    s[i] = sin(v[i]) + (t[i].left >= 0 ? v[i] * s[t[i].left] : 0) +
           (t[i].right >= 0 ? s[t[i].right] : 0);
  e[0] = cos(v[0]) + s[1];
  e[1] = v[0] * (cos(v[1]) + s[3]);
  e[2] = cos(v[2]);
  e[3] = v[0] * v[1] * cos(v[3]);
  e[4] = v[0] * cos(v[4]);
  e[5] = cos(v[5]);
  for (i = 0; i < TN; ++i) {
    snprintf(buf, sizeof buf, "tsum dv[%d]", i);
    ad_check(buf, dt[i].v, e[i], ad_fdn(tree_w, v, TN, i));
    snprintf(buf, sizeof buf, "tsum shadow ints [%d] untouched", i);
    ad_check_eq(buf, dt[i].left == -99 && dt[i].right == -99, 1.0);
  }

  __ad_autodiff((void *)eval, ad_const, expr, ad_dup, x, dx, (int)ad_opaque(0));
  ad_check("eval dx0", dx[0], sin(x[1] + 2) + cos(x[0] * x[2]) * x[2] * x[1],
           ad_fdn(expr_w, x, 3, 0));
  ad_check("eval dx1", dx[1], x[0] * cos(x[1] + 2) + sin(x[0] * x[2]),
           ad_fdn(expr_w, x, 3, 1));
  ad_check("eval dx2", dx[2], cos(x[0] * x[2]) * x[0] * x[1],
           ad_fdn(expr_w, x, 3, 2));
  return ad_check_report();
}
