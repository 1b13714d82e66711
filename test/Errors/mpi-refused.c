// MPI calls whose derivative ADPass cannot make are refused at the call: a
// routine without a mirror (MPI_Alltoall) where the function moves numbers,
// a datatype chosen at run time, a receive from MPI_ANY_SOURCE or with
// MPI_ANY_TAG (the reverse sweep must answer the actual sender), a
// reduction by an operation without a derivative (MPI_PROD), and bytes
// received into differentiated memory (MPI_BYTE). Routines that only
// write integers (MPI_Get_count, MPI_Cart_shift) are accepted.
// RUN: %not %clang -O2 -g -c -I/usr/include/x86_64-linux-gnu/mpich %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c -I/usr/include/x86_64-linux-gnu/mpich %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <mpi.h>

double f(double *x, int n, MPI_Datatype t) {
  double y[8], z[8], s = 0;
  // CHECK-DAG: mpi-refused.c:[[@LINE+1]]:3: error: ADPass: in 'f': 'MPI_Alltoall' has no derivative in ADPass, and it may move differentiated numbers
  MPI_Alltoall(x, 1, MPI_DOUBLE, y, 1, MPI_DOUBLE, MPI_COMM_WORLD);
  // CHECK-DAG: mpi-refused.c:[[@LINE+1]]:3: error: ADPass: in 'f': the datatype of 'MPI_Bcast' is not a constant
  MPI_Bcast(x, n, t, 0, MPI_COMM_WORLD);
  // CHECK-DAG: mpi-refused.c:[[@LINE+1]]:3: error: ADPass: in 'f': 'MPI_Recv' matches MPI_ANY_SOURCE
  MPI_Recv(z, 2, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  // CHECK-DAG: mpi-refused.c:[[@LINE+1]]:3: error: ADPass: in 'f': 'MPI_Recv' matches MPI_ANY_TAG
  MPI_Recv(z + 2, 2, MPI_DOUBLE, 1, MPI_ANY_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  // CHECK-DAG: mpi-refused.c:[[@LINE+1]]:3: error: ADPass: in 'f': 'MPI_Allreduce' reduces with an operation other than MPI_SUM, MPI_MAX and MPI_MIN
  MPI_Allreduce(x, z + 4, 2, MPI_DOUBLE, MPI_PROD, MPI_COMM_WORLD);
  // CHECK-DAG: mpi-refused.c:[[@LINE+1]]:3: error: ADPass: in 'f': 'MPI_Recv' writes a datatype other than MPI_DOUBLE or MPI_FLOAT into differentiated memory
  MPI_Recv(x + 4, 16, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  // Routines without a mirror that only write integers are accepted.
  MPI_Status st;
  int cnt, left, right;
  MPI_Recv(z + 6, 2, MPI_DOUBLE, 1, 4, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_DOUBLE, &cnt);
  MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &left, &right);
  for (int i = 0; i < 8; i++)
    s += y[i] * z[i] * x[i] * cnt * left;
  return s;
}

void g(double *x, double *dx, int n) {
  __ad_autodiff((void *)f, ad_dup, x, dx, n, ad_const, MPI_DOUBLE);
}
