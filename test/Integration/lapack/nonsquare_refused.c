// The LU adjoint is the square one: the derivative of getrf on a 3 x 2
// matrix stops the program with a message instead of returning a wrong
// gradient (the primal call itself is fine).
// RUN: %clang -O1 %s -o %t %lapack_openblas && %not --crash %t 2>&1 | %FileCheck %s
// CHECK: ADPass: the derivative of getrf supports square matrices only
// CHECK-NOT: gradient computed
#include <ad.h>
#include <stdio.h>

int LAPACKE_dgetrf(int, int, int, double *, int, int *);

static double tall(double *a) {
  int ipiv[2];
  LAPACKE_dgetrf(102, 3, 2, a, 3, ipiv);
  return a[0] + a[4];
}

int main(void) {
  double a[6] = {1, 2, 3, 4, 5, 7}, da[6] = {0};
  __ad_autodiff((void *)tall, ad_dup, a, da);
  printf("gradient computed\n");
  return 0;
}
