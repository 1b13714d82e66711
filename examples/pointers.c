// Pointers kept in memory: their shadows live in the shadow memory.
//
// For a `double **m` argument the shadow is a `double **dm` whose rows are
// the shadow rows: dm[i] is the shadow of m[i]. For a linked list the shadow
// is a list of the same shape: each shadow node's `next` is the shadow of the
// node's `next`. The caller builds these shadow structures.
//
//   build/bin/ad-clang -O2 examples/pointers.c -o pointers && ./pointers
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Frobenius-like energy of a matrix given as row pointers. */
double energy(double **m, int rows, int cols) {
  double s = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      s += (i + 1) * m[i][j] * m[i][j];
  return s;
}

struct node {
  double v;
  struct node *next;
};

/* Weighted sum over a list, walked recursively. */
double list_sum(const struct node *n, double w) {
  return n ? w * sin(n->v) + list_sum(n->next, w * 0.5) : 0.0;
}

static int check(const char *what, double ad, double fd) {
  int bad = !(fabs(ad - fd) <= 1e-6 * (1 + fabs(fd)));
  printf("%-10s AD % .10f   FD % .10f%s\n", what, ad, fd,
         bad ? "   MISMATCH" : "");
  return bad;
}

int main(void) {
  enum { R = 2, C = 3, L = 4 };
  double h = 1e-6;
  int bad = 0;
  char name[32];

  /* double **: shadow rows, zeroed. */
  double a[R][C] = {{1, 2, 3}, {-1, 0.5, 4}}, da[R][C] = {{0}};
  double *m[R] = {a[0], a[1]}, *dm[R] = {da[0], da[1]};
  __ad_autodiff((void *)energy, m, dm, R, C);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      double save = a[i][j];
      a[i][j] = save + h;
      double ep = energy(m, R, C);
      a[i][j] = save - h;
      double em = energy(m, R, C);
      a[i][j] = save;
      snprintf(name, sizeof name, "dE/dm%d%d", i, j);
      bad |= check(name, da[i][j], (ep - em) / (2 * h));
    }

  /* A list and its shadow list of the same shape. */
  struct node *head = NULL, *dhead = NULL;
  for (int k = 0; k < L; k++) {
    struct node *n = malloc(sizeof *n), *dn = ad_shadow_alloc(sizeof *dn);
    n->v = 0.3 * k + 0.1;
    n->next = head;
    dn->next = dhead; /* shadow node: v = 0 (zeroed), next = shadow of next */
    head = n;
    dhead = dn;
  }
  __ad_autodiff((void *)list_sum, head, dhead, ad_const, 2.0);
  int k = 0;
  for (struct node *n = head, *dn = dhead; n; n = n->next, dn = dn->next, k++) {
    double save = n->v;
    n->v = save + h;
    double sp = list_sum(head, 2.0);
    n->v = save - h;
    double sm = list_sum(head, 2.0);
    n->v = save;
    snprintf(name, sizeof name, "dS/dnode%d", k);
    bad |= check(name, dn->v, (sp - sm) / (2 * h));
  }
  while (head) {
    struct node *n = head->next, *dn = dhead->next;
    free(head);
    ad_shadow_free(dhead);
    head = n;
    dhead = dn;
  }
  printf(bad ? "MISMATCH\n" : "ok\n");
  return bad;
}
