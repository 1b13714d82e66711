// An array of structs mixing int and double fields (struct Item {int id;
// double v; int w; double s;}): a reduction reading both kinds, an in-place
// update of a double field from the others (and of an int field), and a
// loop-free function on one element. The shadow has the same layout; its int
// fields are never touched.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 5

struct Item {
  int id;
  double v;
  int w;
  double s;
};

double total(const struct Item *it, int n) {
  double t = 0;
  for (int i = 0; i < n; ++i)
    t += it[i].w * it[i].v * it[i].v + sin(it[i].s) * it[i].id;
  return t;
}

void update(struct Item *it, int n) {
  for (int i = 0; i < n; ++i) {
    it[i].v = it[i].v * it[i].s + it[i].id;
    it[i].id += 1;
  }
}

double one(const struct Item *it) {
  return it->v * it->s / (it->w + it->id) + it->s * it->s;
}

/* The double fields as a flat vector (v0, s0, v1, s1, ...). */
static struct Item base[N];
static void build(const double *a, struct Item *it) {
  for (int i = 0; i < N; ++i) {
    it[i] = base[i];
    it[i].v = a[2 * i];
    it[i].s = a[2 * i + 1];
  }
}
static double total_a(const double *a) {
  struct Item it[N];
  build(a, it);
  return total(it, N);
}
static const double wt[N] = {1.0, -0.5, 2.0, 0.25, -1.5};
/* sum_i wt[i] * v_i after update. */
static double update_a(const double *a) {
  struct Item it[N];
  double r = 0;
  build(a, it);
  update(it, N);
  for (int i = 0; i < N; ++i)
    r += wt[i] * it[i].v;
  return r;
}
static double one_a(const double *a) {
  struct Item it[N];
  build(a, it);
  return one(&it[2]);
}

static void fresh(struct Item *it, struct Item *dit, const double *a) {
  build(a, it);
  for (int i = 0; i < N; ++i) {
    dit[i].id = 100 + i; /* int fields of the shadow: must stay as they are */
    dit[i].v = 0;
    dit[i].w = -7;
    dit[i].s = 0;
  }
}

static void check_ints(const char *name, const struct Item *dit) {
  char buf[96];
  for (int i = 0; i < N; ++i) {
    snprintf(buf, sizeof buf, "%s shadow ints [%d] untouched", name, i);
    ad_check_eq(buf, dit[i].id == 100 + i && dit[i].w == -7, 1.0);
  }
}

int main(void) {
  struct Item it[N], dit[N];
  double a[2 * N];
  char buf[96];
  int i;

  for (i = 0; i < N; ++i) {
    base[i].id = i + 1;
    base[i].w = 3 - i;
    a[2 * i] = 0.4 + 0.3 * i;
    a[2 * i + 1] = -0.7 + 0.45 * i;
  }

  fresh(it, dit, a);
  __ad_autodiff((void *)total, ad_dup, it, dit, (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    snprintf(buf, sizeof buf, "total dv[%d]", i);
    ad_check(buf, dit[i].v, 2.0 * it[i].w * it[i].v,
             ad_fdn(total_a, a, 2 * N, 2 * i));
    snprintf(buf, sizeof buf, "total ds[%d]", i);
    ad_check(buf, dit[i].s, cos(it[i].s) * it[i].id,
             ad_fdn(total_a, a, 2 * N, 2 * i + 1));
  }
  check_ints("total", dit);

  fresh(it, dit, a);
  for (i = 0; i < N; ++i)
    dit[i].v = wt[i];
  __ad_autodiff((void *)update, ad_dup, it, dit, N);
  for (i = 0; i < N; ++i) {
    snprintf(buf, sizeof buf, "update v[%d] written", i);
    ad_check_eq(buf, it[i].v, a[2 * i] * a[2 * i + 1] + base[i].id);
    snprintf(buf, sizeof buf, "update id[%d] written", i);
    ad_check_eq(buf, it[i].id, base[i].id + 1);
    snprintf(buf, sizeof buf, "update dv[%d]", i);
    ad_check(buf, dit[i].v, wt[i] * a[2 * i + 1],
             ad_fdn(update_a, a, 2 * N, 2 * i));
    snprintf(buf, sizeof buf, "update ds[%d]", i);
    ad_check(buf, dit[i].s, wt[i] * a[2 * i],
             ad_fdn(update_a, a, 2 * N, 2 * i + 1));
  }
  check_ints("update", dit);

  fresh(it, dit, a);
  __ad_autodiff((void *)one, ad_dup, &it[2], &dit[2]);
  {
    double v = it[2].v, s = it[2].s, q = it[2].w + it[2].id;
    ad_check("one dv", dit[2].v, s / q, ad_fdn(one_a, a, 2 * N, 4));
    ad_check("one ds", dit[2].s, v / q + 2 * s, ad_fdn(one_a, a, 2 * N, 5));
    ad_check_eq("one dv[1] untouched", dit[1].v, 0.0);
  }
  check_ints("one", dit);
  return ad_check_report();
}
