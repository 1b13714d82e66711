// A singly linked list (struct Node {double v; struct Node *next;}) walked
// until NULL: a sum, a Horner evaluation with an active x, and an in-place
// scaling by an active factor. The shadow list mirrors the primal list: its
// nodes are linked the same way, and the walk follows both.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define N 7

struct Node {
  double v;
  struct Node *next;
};

double list_sum(const struct Node *n) {
  double s = 0;
  while (n) {
    s += n->v * n->v + sin(n->v);
    n = n->next;
  }
  return s;
}

/* v0 x^(N-1) + v1 x^(N-2) + ... + v(N-1). */
double horner(const struct Node *n, double x) {
  double r = 0;
  for (; n; n = n->next)
    r = r * x + n->v;
  return r;
}

void scale(struct Node *n, double a) {
  for (; n; n = n->next)
    n->v = a * n->v;
}

static struct Node *make_list(const double *v, int n) {
  struct Node *head = NULL;
  for (int i = n - 1; i >= 0; --i) {
    struct Node *p = malloc(sizeof *p);
    p->v = v ? v[i] : 0.0;
    p->next = head;
    head = p;
  }
  return head;
}
static void free_list(struct Node *n) {
  while (n) {
    struct Node *next = n->next;
    free(n);
    n = next;
  }
}
static void to_array(const struct Node *n, double *v) {
  for (; n; n = n->next)
    *v++ = n->v;
}

/* Flat views for the finite differences: v0..v(N-1), then x. */
static double sum_w(const double *v) {
  struct Node nd[N];
  for (int i = 0; i < N; ++i) {
    nd[i].v = v[i];
    nd[i].next = i + 1 < N ? &nd[i + 1] : NULL;
  }
  return list_sum(nd);
}
static double horner_w(const double *v) {
  struct Node nd[N];
  for (int i = 0; i < N; ++i) {
    nd[i].v = v[i];
    nd[i].next = i + 1 < N ? &nd[i + 1] : NULL;
  }
  return horner(nd, v[N]);
}
static const double wt[N] = {1.0, -2.0, 0.5, 0.0, 3.0, -0.25, 1.5};
static double scale_w(const double *v) {
  struct Node nd[N];
  double r = 0;
  for (int i = 0; i < N; ++i) {
    nd[i].v = v[i];
    nd[i].next = i + 1 < N ? &nd[i + 1] : NULL;
  }
  scale(nd, v[N]);
  for (int i = 0; i < N; ++i)
    r += wt[i] * nd[i].v;
  return r;
}

int main(void) {
  double v[N + 1], dv[N], e[N];
  struct Node *l, *dl, *p;
  char buf[96];
  int i;

  for (i = 0; i < N; ++i)
    v[i] = 0.8 * sin(1.7 * i + 0.4);
  v[N] = 0.9; /* x, a */
  l = make_list(v, N);
  dl = make_list(NULL, N);

  __ad_autodiff((void *)list_sum, ad_dup, l, dl);
  to_array(dl, dv);
  for (i = 0; i < N; ++i) {
    snprintf(buf, sizeof buf, "sum dv[%d]", i);
    ad_check(buf, dv[i], 2 * v[i] + cos(v[i]), lfd(sum_w, v, i));
  }

  for (p = dl; p; p = p->next)
    p->v = 0;
  {
    double x = v[N], dx, ddx = 0, xp = 1;
    dx = __ad_autodiff((void *)horner, ad_dup, l, dl, ad_opaque(x));
    to_array(dl, dv);
    for (i = 0; i < N; ++i) {
      e[N - 1 - i] = xp; /* d/dv_i = x^(N-1-i) */
      xp *= x;
    }
    for (i = 0; i < N - 1; ++i) /* d/dx = sum_i (N-1-i) v_i x^(N-2-i) */
      ddx += (N - 1 - i) * v[i] * pow(x, N - 2 - i);
    for (i = 0; i < N; ++i) {
      snprintf(buf, sizeof buf, "horner dv[%d]", i);
      ad_check(buf, dv[i], e[i], lfd(horner_w, v, i));
    }
    ad_check("horner dx", dx, ddx, lfd(horner_w, v, N));
  }

  for (p = dl, i = 0; p; p = p->next, ++i)
    p->v = wt[i];
  {
    double a = v[N], da, ea = 0;
    da = __ad_autodiff((void *)scale, ad_dup, l, dl, a);
    to_array(dl, dv);
    to_array(l, e);
    for (i = 0; i < N; ++i) {
      snprintf(buf, sizeof buf, "scale v[%d] written", i);
      ad_check_eq(buf, e[i], a * v[i]);
      snprintf(buf, sizeof buf, "scale dv[%d]", i);
      ad_check(buf, dv[i], wt[i] * a, lfd(scale_w, v, i));
      ea += wt[i] * v[i];
    }
    ad_check("scale da", da, ea, lfd(scale_w, v, N));
  }

  free_list(l);
  free_list(dl);
  return ad_check_report();
}
