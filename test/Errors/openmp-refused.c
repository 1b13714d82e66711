// OpenMP constructs ADPass does not differentiate are refused where they
// are, naming the construct: tasks, ordered, critical sections with a hint
// (an unknown runtime call), an omp atomic that multiplies (a
// compare-and-swap on the bits of a double), an atomic capture whose old
// value is used, and a copy of shared records inside a region (its adjoint
// would race; copies of one floating-point type are added atomically).
// Without -fopenmp the same code is serial and compiles.
// RUN: %not %clang -O2 -fopenmp -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -fopenmp -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %clang -O2 -g -Wno-unknown-pragmas -c %s -o /dev/null
#include <ad.h>
#include <omp.h>
#include <string.h>

double tasks(double *x, int n) {
  double s = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
// CHECK-DAG: openmp-refused.c:[[@LINE+1]]:1: error: ADPass: in 'tasks.omp_outlined': call to '__kmpc_omp_task_alloc' (an OpenMP construct ADPass does not differentiate: tasks, ordered, teams, copyprivate, ...)
#pragma omp task shared(s)
    {
#pragma omp atomic
      s += x[i] * x[i];
    }
  }
  return s;
}

double ordered(double *x, int n) {
  double s = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
// CHECK-DAG: openmp-refused.c:[[@LINE+1]]:1: error: ADPass: in 'ordered.omp_outlined': call to '__kmpc_ordered'
#pragma omp ordered
    s = s * 0.5 + x[i];
    // CHECK-DAG: openmp-refused.c:[[@LINE-1]]:5: error: ADPass: in 'ordered.omp_outlined': call to '__kmpc_end_ordered'
  }
  return s;
}

double hinted(double *x, int n) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
// CHECK-DAG: openmp-refused.c:[[@LINE+1]]:1: error: ADPass: in 'hinted.omp_outlined': call to '__kmpc_critical_with_hint'
#pragma omp critical(h) hint(omp_sync_hint_contended)
    s += x[i];
  }
  return s;
}

double product(double *x, int n) {
  double p = 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    p *= x[i];
    // CHECK-DAG: openmp-refused.c:[[@LINE-1]]:5: error: ADPass: in 'product.omp_outlined': an atomic compare-and-swap or integer update of differentiated memory has no derivative
  }
  return p;
}

double capture(double *x, int n) {
  double s = 0, t = 0;
#pragma omp parallel for reduction(+ : t)
  for (int i = 0; i < n; i++) {
    double old;
#pragma omp atomic capture
    // CHECK-DAG: openmp-refused.c:[[@LINE+1]]:5: error: ADPass: in 'capture.omp_outlined': the value read by an atomic update (omp atomic capture) is used in the computation
    {
      old = s;
      s += x[i];
    }
    t += old * x[i];
  }
  return t;
}

struct rec {
  double v;
  int tag;
};
double copies(struct rec *p, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    struct rec q[4];
    memcpy(q, p + i / 4, (size_t)(i % 4 + 1) * sizeof *p);
    // CHECK-DAG: openmp-refused.c:[[@LINE-1]]:5: error: ADPass: in 'copies.omp_outlined': a copy of shared memory holding records (not one floating-point type) inside an OpenMP parallel region is not differentiated
    s += q[i % 4].v * q[0].v * q[0].tag;
  }
  return s;
}

void g1(double *x, double *dx, int n) {
  __ad_autodiff((void *)tasks, ad_dup, x, dx, n);
}
void g2(double *x, double *dx, int n) {
  __ad_autodiff((void *)ordered, ad_dup, x, dx, n);
}
void g3(double *x, double *dx, int n) {
  __ad_autodiff((void *)hinted, ad_dup, x, dx, n);
}
void g4(double *x, double *dx, int n) {
  __ad_autodiff((void *)product, ad_dup, x, dx, n);
}
void g5(double *x, double *dx, int n) {
  __ad_autodiff((void *)capture, ad_dup, x, dx, n);
}
void g6(struct rec *x, struct rec *dx, int n) {
  __ad_autodiff((void *)copies, ad_dup, x, dx, n);
}
