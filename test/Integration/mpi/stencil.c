// Heat equation with halo exchange: explicit steps of a 1-D stencil whose
// ghost cells come from the neighbouring ranks, by MPI_Sendrecv, by
// MPI_Isend/MPI_Irecv/MPI_Waitall, by MPI_Send/MPI_Recv ordered by rank
// parity and by Isend/Irecv with one MPI_Wait each; then a 2-D stencil
// split in rows with a row of ghosts each side. Every step overwrites the
// field and the ghosts, so the reverse sweep reads them from tapes, and the
// requests of each step are kept for the reverse sweep. Checked against the
// serial gradient, finite differences and tangents at 1 to 4 ranks.
// RUN: %mpicc -O0 -I%S/Inputs %s -o %t0 && %mpirun 2 %t0 && %mpirun 3 %t0
// RUN: %mpicc -O1 -I%S/Inputs %s -o %t1 && %mpirun 1 %t1 && %mpirun 4 %t1
// RUN: %mpicc -O2 -I%S/Inputs %s -o %t2 && %mpirun 1 %t2 && %mpirun 2 %t2 && %mpirun 3 %t2 && %mpirun 4 %t2
// RUN: %mpicc -O3 -I%S/Inputs %s -o %t3 && %mpirun 2 %t3 && %mpirun 3 %t3
// RUN: %mpicc -O2 -DSINGLE -I%S/Inputs %s -o %t4 && %mpirun 4 %t4
// The MPI benchmark, small: its ADPass and hand-written gradients agree.
// RUN: %mpicc -O2 %S/../../../bench/mpi/heat_mpi.c -o %t5 && %mpirun 2 %t5 300 20 && %mpirun 3 %t5 -s 301 7
#include "mpi_harness.h"

#define NG 17
#define STEPS 6
#define MAXN 32
#define KAPPA ((real)0.2)

enum { SENDRECV, NONBLOCKING, BLOCKING, WAITS };

/* Fixed ends (0) outside the global domain: rank 0 and the last rank talk
 * to MPI_PROC_NULL there. */
static void exchange(real *u, int n, int how) {
  int left = h_rank > 0 ? h_rank - 1 : MPI_PROC_NULL;
  int right = h_rank < h_size - 1 ? h_rank + 1 : MPI_PROC_NULL;
  /* u[0] and u[n + 1] are ghosts. */
  if (how == SENDRECV) {
    MPI_Sendrecv(&u[n], 1, MPI_REAL_T, right, 1, &u[0], 1, MPI_REAL_T, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[1], 1, MPI_REAL_T, left, 2, &u[n + 1], 1, MPI_REAL_T, right,
                 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (how == NONBLOCKING || how == WAITS) {
    MPI_Request r[4];
    MPI_Irecv(&u[0], 1, MPI_REAL_T, left, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&u[n + 1], 1, MPI_REAL_T, right, 2, MPI_COMM_WORLD, &r[1]);
    MPI_Isend(&u[n], 1, MPI_REAL_T, right, 1, MPI_COMM_WORLD, &r[2]);
    MPI_Isend(&u[1], 1, MPI_REAL_T, left, 2, MPI_COMM_WORLD, &r[3]);
    if (how == NONBLOCKING) {
      MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
    } else {
      for (int k = 3; k >= 0; k--)
        MPI_Wait(&r[k], MPI_STATUS_IGNORE);
    }
  } else {
    /* Even ranks send first, odd ranks receive first. */
    for (int phase = 0; phase < 2; phase++) {
      if ((h_rank + phase) % 2 == 0) {
        MPI_Send(&u[n], 1, MPI_REAL_T, right, 1, MPI_COMM_WORLD);
        MPI_Send(&u[1], 1, MPI_REAL_T, left, 2, MPI_COMM_WORLD);
      } else {
        MPI_Recv(&u[0], 1, MPI_REAL_T, left, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        MPI_Recv(&u[n + 1], 1, MPI_REAL_T, right, 2, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
      }
    }
  }
  if (left == MPI_PROC_NULL)
    u[0] = 0;
  if (right == MPI_PROC_NULL)
    u[n + 1] = 0;
}

static real heat(real *x, int n, int how) {
  real u[MAXN + 2], v[MAXN + 2];
  for (int i = 0; i < n; i++)
    u[i + 1] = x[i];
  for (int t = 0; t < STEPS; t++) {
    exchange(u, n, how);
    for (int i = 1; i <= n; i++)
      v[i] = u[i] + KAPPA * (u[i - 1] - 2 * u[i] + u[i + 1]) +
             (real)0.05 * sin(u[i]);
    for (int i = 1; i <= n; i++)
      u[i] = v[i];
  }
  real e = 0, t = 0;
  for (int i = 1; i <= n; i++)
    e += u[i] * u[i] * u[i];
  MPI_Reduce(&e, &t, 1, MPI_REAL_T, MPI_SUM, 0, MPI_COMM_WORLD);
  return t;
}

static real heat_serial(real *x, int n) {
  real u[MAXN * 4 + 2], v[MAXN * 4 + 2];
  u[0] = u[n + 1] = 0;
  for (int i = 0; i < n; i++)
    u[i + 1] = x[i];
  for (int t = 0; t < STEPS; t++) {
    for (int i = 1; i <= n; i++)
      v[i] = u[i] + KAPPA * (u[i - 1] - 2 * u[i] + u[i + 1]) +
             (real)0.05 * sin(u[i]);
    for (int i = 1; i <= n; i++)
      u[i] = v[i];
  }
  real e = 0;
  for (int i = 1; i <= n; i++)
    e += u[i] * u[i] * u[i];
  return e;
}

static real sendrecv(real *x, int n) { return heat(x, n, SENDRECV); }
static real nonblocking(real *x, int n) { return heat(x, n, NONBLOCKING); }
static real blocking(real *x, int n) { return heat(x, n, BLOCKING); }
static real waits(real *x, int n) { return heat(x, n, WAITS); }
#define sendrecv_serial heat_serial
#define nonblocking_serial heat_serial
#define blocking_serial heat_serial
#define waits_serial heat_serial

/* 2-D: NY rows of NX, rows split over the ranks, ghost rows exchanged with
 * Isend/Irecv/Waitall; the reverse sweep moves whole rows' adjoints. */
#define NX 5
/* One step on rows 1..rows of u (rows 0 and rows + 1: ghosts), v scratch. */
static void plate_step(real *u, real *v, int rows) {
  for (int i = 1; i <= rows; i++)
    for (int j = 0; j < NX; j++) {
      real c = u[i * NX + j];
      real w = j > 0 ? u[i * NX + j - 1] : 0;
      real e = j < NX - 1 ? u[i * NX + j + 1] : 0;
      v[i * NX + j] = c +
                      (real)0.1 * (u[(i - 1) * NX + j] + u[(i + 1) * NX + j] +
                                   w + e - 4 * c) +
                      (real)0.02 * c * c;
    }
  for (int i = NX; i < (rows + 1) * NX; i++)
    u[i] = v[i];
}

static real plate(real *x, int n) {
  int rows = n / NX;
  real u[(MAXN / NX + 2) * NX * 4], v[(MAXN / NX + 2) * NX * 4];
  int up = h_rank > 0 ? h_rank - 1 : MPI_PROC_NULL;
  int down = h_rank < h_size - 1 ? h_rank + 1 : MPI_PROC_NULL;
  for (int i = 0; i < rows * NX; i++)
    u[NX + i] = x[i];
  for (int j = 0; j < NX; j++)
    u[j] = u[(rows + 1) * NX + j] = 0;
  for (int t = 0; t < 3; t++) {
    MPI_Request r[4];
    MPI_Irecv(&u[0], NX, MPI_REAL_T, up, 3, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&u[(rows + 1) * NX], NX, MPI_REAL_T, down, 4, MPI_COMM_WORLD,
              &r[1]);
    MPI_Isend(&u[rows * NX], NX, MPI_REAL_T, down, 3, MPI_COMM_WORLD, &r[2]);
    MPI_Isend(&u[NX], NX, MPI_REAL_T, up, 4, MPI_COMM_WORLD, &r[3]);
    MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
    plate_step(u, v, rows);
  }
  real s = 0, tot = 0;
  for (int i = NX; i < (rows + 1) * NX; i++)
    s += sin(u[i]) * u[i];
  MPI_Reduce(&s, &tot, 1, MPI_REAL_T, MPI_SUM, 0, MPI_COMM_WORLD);
  return tot;
}
static real plate_serial(real *x, int n) {
  int rows = n / NX;
  real u[(MAXN + 2) * NX], v[(MAXN + 2) * NX];
  for (int i = 0; i < rows * NX; i++)
    u[NX + i] = x[i];
  for (int j = 0; j < NX; j++)
    u[j] = u[(rows + 1) * NX + j] = 0;
  for (int t = 0; t < 3; t++) {
    plate_step(u, v, rows);
  }
  real s = 0;
  for (int i = NX; i < (rows + 1) * NX; i++)
    s += sin(u[i]) * u[i];
  return s;
}

H_ENTRY_POINTS(sendrecv)
H_ENTRY_POINTS(nonblocking)
H_ENTRY_POINTS(blocking)
H_ENTRY_POINTS(waits)
H_ENTRY_POINTS(plate)

int main(int argc, char **argv) {
  h_start(&argc, &argv);
  H_CASE(sendrecv, NG);
  H_CASE(nonblocking, NG);
  H_CASE(blocking, NG);
  H_CASE(waits, NG);
  /* Whole rows per rank: NX * rows, the same number of rows on each. */
  H_CASE(plate, NX * 2 * h_size);
  return h_finish();
}
