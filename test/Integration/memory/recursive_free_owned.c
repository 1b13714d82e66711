// A function builds a list and a binary tree of heap nodes holding active
// values, sums them, and frees them with recursive helpers (the shape of
// C++'s std::map destructor). The helpers are separate derivatives that
// cannot trace the nodes to their allocation; the caller can (every block
// reachable from what it passes was allocated by it), so the helpers' frees
// of the nodes and their shadows wait for the end of the gradient, after
// the caller's reverse sweep has read them. Forward mode frees the shadows
// at once. valgrind: no invalid access, nothing lost.
//   f = sum_i (x_i^2 in the list) + sum_i (sin x_i in the tree, keyed by
//       x_i) + the tree's in-order sum of key * depth
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O0 -gdwarf-4 %s -o %t.vg0 -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg0
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define N 7

struct item {
  double v;
  struct item *next;
};

struct tree {
  double key;
  struct tree *left, *right;
};

__attribute__((noinline)) static void free_items(struct item *n) {
  if (!n)
    return;
  free_items(n->next);
  free(n);
}

__attribute__((noinline)) static void free_tree(struct tree *t) {
  while (t) {
    free_tree(t->right);
    struct tree *l = t->left;
    free(t);
    t = l;
  }
}

static void insert(struct tree **root, struct tree *n) {
  struct tree **slot = root;
  while (*slot)
    slot = n->key < (*slot)->key ? &(*slot)->left : &(*slot)->right;
  *slot = n;
}

static double tree_sum(const struct tree *t, int depth) {
  if (!t)
    return 0;
  return tree_sum(t->left, depth + 1) + sin(t->key) + t->key * depth +
         tree_sum(t->right, depth + 1);
}

double f(const double *x) {
  struct item *list = NULL;
  struct tree *root = NULL;
  for (int i = 0; i < N; i++) {
    struct item *it = malloc(sizeof *it);
    it->v = x[i] * x[i];
    it->next = list;
    list = it;
    struct tree *t = malloc(sizeof *t);
    t->key = x[i];
    t->left = t->right = NULL;
    insert(&root, t);
  }
  double s = 0;
  for (struct item *it = list; it; it = it->next)
    s += it->v;
  s += tree_sum(root, 0);
  free_items(list);
  free_tree(root);
  return s;
}

int main(void) {
  double x[N] = {0.4, -1.1, 0.9, 1.7, -0.3, 0.6, 1.2};
  double dx[N] = {0}, fd[N];
  __ad_autodiff((void *)f, ad_dup, x, dx);
  for (int i = 0; i < N; i++)
    fd[i] = ad_fdn(f, x, N, i);
  for (int i = 0; i < N; i++)
    ad_check("reverse", dx[i], fd[i], fd[i]);
  for (int i = 0; i < N; i++) {
    double t[N] = {0};
    t[i] = 1;
    double dir = __ad_fwddiff((void *)f, ad_dup, x, t);
    ad_check("forward", dir, fd[i], fd[i]);
  }
  return ad_check_report();
}
