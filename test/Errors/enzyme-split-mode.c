// Misuses of Enzyme's split mode (__enzyme_augmentfwd / __enzyme_reverse,
// enzyme_tape, enzyme_allocated) are located errors; augmented forwards are
// lowered first, hence CHECK-DAG.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
extern int enzyme_dup, enzyme_const, enzyme_tape, enzyme_allocated,
    enzyme_const_return;
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
double __enzyme_autodiff(void *, ...);
typedef struct {
  double a, b;
} Pair;
Pair __enzyme_reverse_pair(void *, ...);

double f(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}
Pair two(double x) { return (Pair){x, x * x}; }
double *first(double *x) { return x; }

void use(double *x, double *dx, int n, double s, char *mem) {
  void *slot;
  // f returns a double: {tape, result} does not fit in a pointer.
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:13: error: ADPass: __enzyme_augmentfwd: the call's result type ptr is smaller than the 16 bytes it returns (the tape's address, then the result of 'f'); declare a struct of them, e.g. struct { void *tape; double result; }, or pass enzyme_noret
  void *t = __enzyme_augmentfwd((void *)f, x, dx, n);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:14: error: ADPass: __enzyme_augmentfwd: enzyme_allocated gives 4 bytes, but ADPass's tape needs 8 (ask __enzyme_augmentsize for the size)
  void *t1 = __enzyme_augmentfwd((void *)f, enzyme_allocated, 4, enzyme_tape,
                                 mem, x, dx, n);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:14: error: ADPass: __enzyme_augmentfwd: enzyme_allocated without enzyme_tape: pass the tape's memory with 'enzyme_tape, p' (a tape returned or passed by value is not supported)
  void *t2 = __enzyme_augmentfwd((void *)f, enzyme_allocated, 16, x, dx, n);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:3: error: ADPass: __enzyme_reverse: the seed of the result of 'f' (after its arguments) must be a double, but the call passes ptr
  __enzyme_reverse((void *)f, x, dx, n, t);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:3: error: ADPass: __enzyme_reverse: the tape (after the arguments of 'f' and the seed of its result) must be the pointer __enzyme_augmentfwd returned, but the call passes double
  __enzyme_reverse((void *)f, x, dx, n, 1.0, 2.0);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:3: error: ADPass: __enzyme_reverse: 'f' takes 2 argument(s) but the call passes more
  __enzyme_reverse((void *)f, x, dx, n, 1.0, t, t);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:3: error: ADPass: __enzyme_reverse: after the arguments of 'f', pass the seed of its result
  __enzyme_reverse((void *)f, x, dx, n, enzyme_tape, &slot);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:3: error: ADPass: __enzyme_reverse: no __enzyme_augmentfwd of 'f' with the same markers in this translation unit; the tape must come from one
  __enzyme_reverse((void *)f, enzyme_const_return, x, dx, n, t);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:3: error: ADPass: __enzyme_autodiff: marker 'enzyme_tape' belongs to Enzyme's split mode (__enzyme_augmentfwd, __enzyme_reverse)
  __enzyme_autodiff((void *)f, enzyme_tape, &slot, x, dx, n);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:14: error: ADPass: __enzyme_augmentfwd: 'two' returns { double, double }; Enzyme's split mode is supported for a void or floating-point result, or with enzyme_const_return
  void *t3 = __enzyme_augmentfwd((void *)two, s);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:14: error: ADPass: __enzyme_augmentfwd: 'first' returns ptr, whose shadow ADPass does not return; pass enzyme_const_return (or enzyme_noret)
  void *t4 = __enzyme_augmentfwd((void *)first, x, dx);
  // CHECK-DAG: enzyme-split-mode.c:[[@LINE+1]]:3: error: ADPass: __enzyme_reverse: after the arguments of 'f', pass the seed of its result
  __enzyme_reverse((void *)f, x, dx, n, enzyme_tape, x);
}
