// Collectives in reverse and forward mode: a distributed dot product with
// MPI_Allreduce (sum, and in place), parameters broadcast from the root
// (MPI_Bcast), a loss reduced to the root (MPI_Reduce), MPI_Gather,
// MPI_Scatter and MPI_Allgather, and a maximum (MPI_MAX, whose adjoint goes
// to the rank that held it). Checked against the serial gradient, finite
// differences and the tangent, at 1 to 4 ranks.
// RUN: %mpicc -O0 -I%S/Inputs %s -o %t0 && %mpirun 1 %t0 && %mpirun 3 %t0
// RUN: %mpicc -O1 -I%S/Inputs %s -o %t1 && %mpirun 2 %t1 && %mpirun 4 %t1
// RUN: %mpicc -O2 -I%S/Inputs %s -o %t2 && %mpirun 1 %t2 && %mpirun 2 %t2 && %mpirun 3 %t2 && %mpirun 4 %t2
// RUN: %mpicc -O3 -I%S/Inputs %s -o %t3 && %mpirun 2 %t3 && %mpirun 4 %t3
// RUN: %mpicc -O2 -DSINGLE -I%S/Inputs %s -o %t4 && %mpirun 3 %t4
// Through ad-clang with MPI's flags, and through mpicc with ad-clang as its
// compiler:
// RUN: %ad_clang -O2 -I%S/Inputs -I%inputs %s -o %t5 %mpi_flags && %mpirun 2 %t5
// RUN: mpicc -cc=%ad_clang -O1 -I%S/Inputs %s -o %t6 -lm && %mpirun 3 %t6
#include "mpi_harness.h"

#define NG 13

/* sum_i sin(x_i) x_i, reduced with Allreduce; rank 0 returns it. */
static real dot(real *x, int n) {
  real s = 0, t;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * x[i];
  MPI_Allreduce(&s, &t, 1, MPI_REAL_T, MPI_SUM, MPI_COMM_WORLD);
  return h_rank == 0 ? t * t : 0;
}
static real dot_serial(real *x, int n) {
  real s = 0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * x[i];
  return s * s;
}

/* In place, two sums at once; every rank uses the result. */
static real inplace(real *x, int n) {
  real s[2] = {0, 0};
  for (int i = 0; i < n; i++) {
    s[0] += x[i] * x[i];
    s[1] += cos(x[i]);
  }
  MPI_Allreduce(MPI_IN_PLACE, s, 2, MPI_REAL_T, MPI_SUM, MPI_COMM_WORLD);
  real mine = 0;
  for (int i = 0; i < n; i++)
    mine += x[i] * s[0] * s[1];
  real t;
  MPI_Reduce(&mine, &t, 1, MPI_REAL_T, MPI_SUM, 0, MPI_COMM_WORLD);
  return h_rank == 0 ? t : 0;
}
static real inplace_serial(real *x, int n) {
  real s0 = 0, s1 = 0, t = 0;
  for (int i = 0; i < n; i++)
    s0 += x[i] * x[i], s1 += cos(x[i]);
  for (int i = 0; i < n; i++)
    t += x[i] * s0 * s1;
  return t;
}

/* Rank 0 owns two parameters (its first elements, scaled) and broadcasts
 * them, overwriting the guesses of the other ranks; each rank fits its
 * block. */
static real bcast(real *x, int n) {
  real p[2] = {x[n - 1], x[0] * x[0]};
  if (h_rank == 0) {
    p[0] = 2 * x[0];
    p[1] = x[1] * x[0];
  }
  MPI_Bcast(p, 2, MPI_REAL_T, 0, MPI_COMM_WORLD);
  real e = 0;
  for (int i = 0; i < n; i++) {
    real r = x[i] - p[0] * sin(p[1] + i);
    e += r * r;
  }
  real t = 0;
  MPI_Reduce(&e, &t, 1, MPI_REAL_T, MPI_SUM, 0, MPI_COMM_WORLD);
  return t;
}
static real bcast_serial(real *x, int n) {
  real p0 = 2 * x[0], p1 = x[1] * x[0], e = 0;
  int lo = 0;
  for (int r = 0; r < h_size; r++) {
    int l, m;
    h_block(n, r, &l, &m);
    for (int i = 0; i < m; i++) {
      real d = x[l + i] - p0 * sin(p1 + i);
      e += d * d;
    }
    lo += m;
  }
  return e;
}

/* Each rank's block statistics gathered at the root, scaled there, then
 * scattered back and shared with Allgather. */
static real gather(real *x, int n) {
  real mine[2] = {0, 0}, all[2 * 64], back[2], every[2 * 64];
  for (int i = 0; i < n; i++) {
    mine[0] += x[i];
    mine[1] += x[i] * x[i] * x[i];
  }
  MPI_Gather(mine, 2, MPI_REAL_T, all, 2, MPI_REAL_T, 0, MPI_COMM_WORLD);
  if (h_rank == 0)
    for (int r = 0; r < 2 * h_size; r++)
      all[r] = sin(all[r]) + all[r] * (r + 1);
  MPI_Scatter(all, 2, MPI_REAL_T, back, 2, MPI_REAL_T, 0, MPI_COMM_WORLD);
  MPI_Allgather(back, 2, MPI_REAL_T, every, 2, MPI_REAL_T, MPI_COMM_WORLD);
  real s = 0;
  for (int r = 0; r < 2 * h_size; r++)
    s += every[r] * every[r] * (h_rank + 1);
  real t = 0;
  MPI_Reduce(&s, &t, 1, MPI_REAL_T, MPI_SUM, 0, MPI_COMM_WORLD);
  return t;
}
static real gather_serial(real *x, int n) {
  real s = 0, w = 0;
  for (int r = 0; r < h_size; r++)
    w += r + 1;
  for (int r = 0; r < h_size; r++) {
    int l, m;
    h_block(n, r, &l, &m);
    real a = 0, b = 0;
    for (int i = 0; i < m; i++)
      a += x[l + i], b += x[l + i] * x[l + i] * x[l + i];
    a = sin(a) + a * (2 * r + 1);
    b = sin(b) + b * (2 * r + 2);
    s += (a * a + b * b) * w;
  }
  return s;
}

/* The largest element of all (MPI_MAX) and the smallest (MPI_MIN). */
static real extremes(real *x, int n) {
  real m[2] = {-1e30, 1e30}, g[2];
  for (int i = 0; i < n; i++) {
    real v = sin(3 * x[i]);
    if (v > m[0])
      m[0] = v;
    if (v < m[1])
      m[1] = v;
  }
  MPI_Allreduce(&m[0], &g[0], 1, MPI_REAL_T, MPI_MAX, MPI_COMM_WORLD);
  MPI_Reduce(&m[1], &g[1], 1, MPI_REAL_T, MPI_MIN, 0, MPI_COMM_WORLD);
  return h_rank == 0 ? g[0] * g[0] + 3 * g[1] : 0;
}
static real extremes_serial(real *x, int n) {
  real hi = -1e30, lo = 1e30;
  for (int i = 0; i < n; i++) {
    real v = sin(3 * x[i]);
    if (v > hi)
      hi = v;
    if (v < lo)
      lo = v;
  }
  return hi * hi + 3 * lo;
}

H_ENTRY_POINTS(dot)
H_ENTRY_POINTS(inplace)
H_ENTRY_POINTS(bcast)
H_ENTRY_POINTS(gather)
H_ENTRY_POINTS(extremes)

int main(int argc, char **argv) {
  h_start(&argc, &argv);
  H_CASE(dot, NG);
  H_CASE(inplace, NG);
  H_CASE(bcast, NG);
  H_CASE(gather, NG);
  H_CASE(extremes, NG);
  return h_finish();
}
