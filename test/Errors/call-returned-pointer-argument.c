// A pointer returned by a differentiated callee that is neither one of its
// arguments nor read through one (a recursive builder returning the blocks
// it allocates) has no known shadow: passing it on to a callee that reads
// floats through it is refused (its derivative would take the memory for
// constant: such a gradient used to be silently zero). Also when the
// function has no ad_dup argument and the memory is its own. A callee
// returning one of its arguments (a tree's insert returning the root) is
// differentiated: Integration/calls/pointer_result_callees.c.
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

struct tree {
  double key;
  struct tree *left, *right;
};

static struct tree *build(const double *x, int lo, int hi, double scale) {
  if (lo >= hi)
    return NULL;
  int mid = (lo + hi) / 2;
  struct tree *t = malloc(sizeof *t);
  t->key = scale * x[mid];
  t->left = build(x, lo, mid, scale);
  t->right = build(x, mid + 1, hi, scale);
  return t;
}

static double tree_sum(const struct tree *t) {
  if (!t)
    return 0;
  return tree_sum(t->left) + t->key * t->key + tree_sum(t->right);
}

double from_array(const double *x) {
  struct tree *root = build(x, 0, 5, 1.0);
  // CHECK-DAG: call-returned-pointer-argument.c:[[@LINE+1]]:10: error: ADPass: in 'from_array': cannot tell whether this unknown pointer, passed to 'tree_sum', points into differentiated memory
  return tree_sum(root);
}

double from_scalar(double a) {
  static const double c[5] = {0.5, -1.0, 2.0, 0.25, 1.5};
  struct tree *root = build(c, 0, 5, a);
  // CHECK-DAG: call-returned-pointer-argument.c:[[@LINE+1]]:10: error: ADPass: in 'from_scalar': cannot tell whether this unknown pointer, passed to 'tree_sum'
  return tree_sum(root);
}

double g(const double *x, double *dx) {
  return __ad_autodiff((void *)from_array, ad_dup, x, dx);
}

double h(double x) { return __ad_autodiff((void *)from_scalar, ad_out, x); }

double t(double x) { return __ad_fwddiff((void *)from_scalar, ad_dup, x, 1.0); }
