// A recursive callee that frees the nodes of a list: allowed when the
// differentiated function allocated every node (its derivative frees them,
// and their shadows, at the end of the gradient), refused when the nodes
// are the caller's (reached from an ad_dup argument: their shadows belong
// to the caller), in reverse and in forward mode.
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

struct node {
  double v;
  struct node *next;
};

__attribute__((noinline)) static void destroy(struct node *n) {
  if (!n)
    return;
  destroy(n->next);
  // CHECK: free-recursive-argument-nodes.c:[[@LINE+1]]:3: error: ADPass: in 'destroy': frees differentiated memory it did not allocate
  free(n);
}

// The nodes come from the caller: refused.
double consume(struct node *list) {
  double s = 0;
  for (struct node *n = list; n; n = n->next)
    s += n->v * n->v;
  destroy(list);
  return s;
}

// The nodes are the function's own: accepted.
double own(const double *x, int k) {
  struct node *list = 0;
  for (int i = 0; i < k; i++) {
    struct node *n = malloc(sizeof *n);
    n->v = x[i];
    n->next = list;
    list = n;
  }
  double s = 0;
  for (struct node *n = list; n; n = n->next)
    s += n->v * n->v;
  destroy(list);
  return s;
}

double g(struct node *l, struct node *dl) {
  return __ad_autodiff((void *)consume, ad_dup, l, dl);
}

double h(const double *x, double *dx, int k) {
  return __ad_autodiff((void *)own, ad_dup, x, dx, ad_const, k);
}

double t(const double *x, double *dx, int k) {
  return __ad_fwddiff((void *)own, ad_dup, x, dx, ad_const, k);
}
