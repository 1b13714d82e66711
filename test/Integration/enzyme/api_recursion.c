// Recursion under __enzyme_autodiff and __enzyme_fwddiff: a recursive power
// (depth set by an integer at run time), a recursive walk over a binary tree
// of heap nodes whose shadow tree mirrors it (Enzyme's shadow-structure
// convention: shadow nodes link to shadow nodes), and mutual recursion.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static double rpow(double x, int n) {
  if (n == 0)
    return 1.0;
  return x * rpow(x, n - 1) + 0.1 * sin(x);
}

typedef struct Node {
  double val;
  struct Node *left, *right;
} Node;

/* sum over nodes of depth-weighted sin(val) * val */
static double tree_sum(const Node *t, double w) {
  if (!t)
    return 0.0;
  return w * sin(t->val) * t->val + tree_sum(t->left, 2 * w) +
         tree_sum(t->right, 3 * w);
}

static double odd(double x, int n);
static double even(double x, int n) { return n == 0 ? x : odd(x * x, n - 1); }
static double odd(double x, int n) {
  return n == 0 ? x : even(sqrt(x) + x, n - 1);
}

static Node *build(int depth, double v) {
  if (depth == 0)
    return NULL;
  Node *t = malloc(sizeof *t);
  t->val = v;
  t->left = build(depth - 1, v + 0.3);
  t->right = build(depth - 1, v - 0.2);
  return t;
}
static void zero_tree(Node *t) {
  if (t) {
    t->val = 0.0;
    zero_tree(t->left);
    zero_tree(t->right);
  }
}
static void free_tree(Node *t) {
  if (t) {
    free_tree(t->left);
    free_tree(t->right);
    free(t);
  }
}

static int N_POW = 5;
static double rpow_x(double x) { return rpow(x, N_POW); }
static double even_x(double x) { return even(x, 3); }

int main(void) {
  int n = (int)ad_opaque(5.0);
  double x = 1.2;
  /* r_n = x r_{n-1} + 0.1 sin x;  r_n' = r_{n-1} + x r_{n-1}' + 0.1 cos x */
  double r = 1.0, dr = 0.0;
  for (int i = 0; i < n; i++) {
    dr = r + x * dr + 0.1 * cos(x);
    r = x * r + 0.1 * sin(x);
  }
  double g = __enzyme_autodiff((void *)rpow, enzyme_out, x, enzyme_const, n);
  ad_check("rpow reverse", g, dr, ad_fd(rpow_x, x));
  double t = __enzyme_fwddiff((void *)rpow, x, 1.0, n);
  ad_check("rpow forward", t, dr, ad_fd(rpow_x, x));

  /* Tree of depth 3: root (w), children (2w / 3w), grandchildren. */
  Node *tr = build(3, 0.5), *sh = build(3, 0.0);
  zero_tree(sh);
  double w = 0.8;
  double dw =
      __enzyme_autodiff((void *)tree_sum, enzyme_dup, tr, sh, enzyme_out, w);
  ad_check_eq("tree d/dw", dw, tree_sum(tr, 1.0));
  /* root.left.right: weight 2*3 w, val 0.5 + 0.3 - 0.2 */
  double v = tr->left->right->val;
  ad_check_eq("tree d/d(left.right.val)", sh->left->right->val,
              6 * w * (cos(v) * v + sin(v)));
  v = tr->right->right->val;
  ad_check_eq("tree d/d(right.right.val)", sh->right->right->val,
              9 * w * (cos(v) * v + sin(v)));
  double v0 = tr->val, h = 1e-5;
  tr->val = v0 + h;
  double fp = tree_sum(tr, w);
  tr->val = v0 - h;
  double fm = tree_sum(tr, w);
  tr->val = v0;
  ad_check("tree d/d(root.val)", sh->val, w * (cos(v0) * v0 + sin(v0)),
           (fp - fm) / (2 * h));
  free_tree(tr);
  free_tree(sh);

  /* even(x, 3) = odd(x^2, 2) = even(sqrt(x^2) + x^2, 1) = odd(u^2, 0) = u^2,
   * u = x + x^2 for x > 0 */
  double y = 0.9, u = y + y * y;
  double de = __enzyme_autodiff((void *)even, y, enzyme_const, 3);
  ad_check("mutual recursion reverse", de, 2 * u * (1 + 2 * y),
           ad_fd(even_x, y));
  de = __enzyme_fwddiff((void *)even, y, 1.0, 3);
  ad_check("mutual recursion forward", de, 2 * u * (1 + 2 * y),
           ad_fd(even_x, y));
  return ad_check_report();
}
