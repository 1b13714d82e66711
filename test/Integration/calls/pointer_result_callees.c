// Recursive callees that return pointers into differentiated memory: a
// binary search tree's insert returns the (sub)tree's root, a list's
// reversal its new head. The caller classifies the result from the
// callee's arguments (it returns one of them, or a pointer read through
// one), and the callee's derivative returns the result's shadow beside it.
// (The result used to be taken for constant: a zero gradient, silently.)
//   f = sum over the tree of key^2 + sum over the reversed list of
//       (position + 1) * v, keys and values from x
//   g = the same with a scalar input (ad_out): the nodes are the function's
//       own buffers
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O0 -gdwarf-4 %s -o %t.vg0 -lm && valgrind -q --error-exitcode=1 %t.vg0
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 %t.vg
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define N 6

struct tree {
  double key;
  struct tree *left, *right;
};

struct item {
  double v;
  struct item *next;
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

static struct item *reverse(struct item *head, struct item *done) {
  if (!head)
    return done;
  struct item *next = head->next;
  head->next = done;
  return reverse(next, head);
}

static double build_and_sum(struct tree *nodes, struct item *items,
                            const double *x, double scale) {
  struct tree *root = NULL;
  struct item *list = NULL;
  for (int i = 0; i < N; i++) {
    nodes[i].key = scale * x[i];
    nodes[i].left = nodes[i].right = NULL;
    root = insert(root, &nodes[i]);
    items[i].v = sin(scale * x[i]);
    items[i].next = list;
    list = &items[i];
  }
  list = reverse(list, NULL);
  double s = tree_sum(root);
  int k = 1;
  for (struct item *it = list; it; it = it->next)
    s += k++ * it->v;
  return s;
}

double f(const double *x) {
  struct tree nodes[N];
  struct item items[N];
  return build_and_sum(nodes, items, x, 1.0);
}

double g(double a) {
  static const double c[N] = {0.3, -0.7, 1.1, 0.2, -1.4, 0.9};
  struct tree *nodes = malloc(N * sizeof *nodes);
  struct item *items = malloc(N * sizeof *items);
  double s = build_and_sum(nodes, items, c, a);
  free(nodes);
  free(items);
  return s;
}

static double g_w(const double *a) { return g(a[0]); }

int main(void) {
  double x[N] = {0.4, -1.1, 0.9, 1.7, -0.3, 0.6};
  double dx[N] = {0}, fd[N];
  __ad_autodiff((void *)f, ad_dup, x, dx);
  for (int i = 0; i < N; i++) {
    fd[i] = ad_fdn(f, x, N, i);
    ad_check("reverse", dx[i], fd[i], fd[i]);
  }
  for (int i = 0; i < N; i++) {
    double t[N] = {0};
    t[i] = 1;
    double dir = __ad_fwddiff((void *)f, ad_dup, x, t);
    ad_check("forward", dir, fd[i], fd[i]);
  }
  double a = 0.8;
  double ga = ad_fdn(g_w, &a, 1, 0);
  ad_check("reverse, scalar input", __ad_autodiff((void *)g, ad_out, a), ga,
           ga);
  ad_check("forward, scalar input", __ad_fwddiff((void *)g, ad_dup, a, 1.0), ga,
           ga);
  return ad_check_report();
}
