// A pointer returned by a differentiated callee (a binary search tree's
// recursive insert returns the subtree's root) has no known shadow: passing
// it on to a callee that reads or writes floats through it, or reading
// through it, is refused (its derivative would take the memory for
// constant: the gradient used to be silently zero). Also when the function
// has no ad_dup argument and the nodes are its own buffers.
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

struct tree {
  double key;
  struct tree *left, *right;
};

static struct tree *insert(struct tree *t, struct tree *n) {
  if (!t)
    return n;
  if (n->key < t->key)
    t->left = insert(t->left, n);
  else
    t->right = insert(t->right, n);
  return t;
}

static double tree_sum(const struct tree *t) {
  if (!t)
    return 0;
  return tree_sum(t->left) + t->key * t->key + tree_sum(t->right);
}

double from_array(const double *x) {
  struct tree *root = NULL;
  for (int i = 0; i < 3; i++) {
    struct tree *t = malloc(sizeof *t);
    t->key = x[i];
    t->left = t->right = NULL;
    // CHECK-DAG: call-returned-pointer-argument.c:[[@LINE+1]]:12: error: ADPass: in 'from_array': cannot tell whether this unknown pointer, passed to 'insert', points into differentiated memory
    root = insert(root, t);
  }
  // CHECK-DAG: call-returned-pointer-argument.c:[[@LINE+1]]:10: error: ADPass: in 'from_array': cannot tell whether this unknown pointer, passed to 'tree_sum', points into differentiated memory
  return tree_sum(root);
}

double from_scalar(double x) {
  struct tree *root = NULL;
  for (int i = 0; i < 3; i++) {
    struct tree *t = malloc(sizeof *t);
    t->key = x * (i + 1);
    t->left = t->right = NULL;
    // CHECK-DAG: call-returned-pointer-argument.c:[[@LINE+1]]:12: error: ADPass: in 'from_scalar': cannot tell whether this unknown pointer, passed to 'insert'
    root = insert(root, t);
  }
  // CHECK-DAG: call-returned-pointer-argument.c:[[@LINE+1]]:10: error: ADPass: in 'from_scalar': cannot tell whether this unknown pointer, passed to 'tree_sum'
  return tree_sum(root);
}

double g(const double *x, double *dx) {
  return __ad_autodiff((void *)from_array, ad_dup, x, dx);
}

double h(double x) { return __ad_autodiff((void *)from_scalar, ad_out, x); }

double t(double x) { return __ad_fwddiff((void *)from_scalar, ad_dup, x, 1.0); }
