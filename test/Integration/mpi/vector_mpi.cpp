// C++ with MPI: the block lives in a std::vector, the halo exchange is a
// member function (MPI_Isend/MPI_Irecv/MPI_Waitall into the vector's ends),
// the reduction an MPI_Allreduce whose result every rank uses, with the
// loss returned on rank 0 only. Written for Enzyme's API
// (__enzyme_autodiff, enzyme_dup): the same mirrors. Checked against the
// serial gradient and finite differences at 1 to 4 ranks.
// RUN: %mpicc -x c++ -O0 -I%S/Inputs %s -o %t0 -lstdc++ && %mpirun 2 %t0
// RUN: %mpicc -x c++ -O2 -I%S/Inputs %s -o %t2 -lstdc++ && %mpirun 1 %t2 && %mpirun 3 %t2 && %mpirun 4 %t2
// RUN: %mpicc -x c++ -O3 -fno-exceptions -I%S/Inputs %s -o %t3 -lstdc++ && %mpirun 2 %t3
#include <cmath>
#include <cstdio>
#include <mpi.h>
#include <vector>

extern int enzyme_dup, enzyme_const;
extern "C" double __enzyme_autodiff(void *, ...);

static int rank_, size_;

struct Field {
  std::vector<double> u; // u[0], u[n + 1]: ghosts
  int n;
  explicit Field(const double *x, int n) : u(n + 2, 0.0), n(n) {
    for (int i = 0; i < n; i++)
      u[i + 1] = x[i];
  }
  void exchange() {
    int left = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
    int right = rank_ < size_ - 1 ? rank_ + 1 : MPI_PROC_NULL;
    MPI_Request r[4];
    MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &r[2]);
    MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &r[3]);
    MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
    if (left == MPI_PROC_NULL)
      u[0] = 0;
    if (right == MPI_PROC_NULL)
      u[n + 1] = 0;
  }
  void step() {
    exchange();
    std::vector<double> v(u);
    for (int i = 1; i <= n; i++)
      v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]) * std::cos(u[i]);
    u.swap(v);
  }
};

static double loss(const double *x, int n) {
  Field f(x, n);
  for (int t = 0; t < 4; t++)
    f.step();
  double s = 0, all = 0;
  for (int i = 1; i <= n; i++)
    s += f.u[i] * f.u[i];
  MPI_Allreduce(&s, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double mine = 0;
  for (int i = 1; i <= n; i++)
    mine += std::sin(f.u[i]) * all;
  double tot = 0;
  MPI_Reduce(&mine, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  return tot;
}

static double loss_serial(const double *x, int n) {
  std::vector<double> u(n + 2, 0.0);
  for (int i = 0; i < n; i++)
    u[i + 1] = x[i];
  for (int t = 0; t < 4; t++) {
    std::vector<double> v(u);
    for (int i = 1; i <= n; i++)
      v[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]) * std::cos(u[i]);
    u.swap(v);
  }
  double all = 0, tot = 0;
  for (int i = 1; i <= n; i++)
    all += u[i] * u[i];
  for (int i = 1; i <= n; i++)
    tot += std::sin(u[i]) * all;
  return tot;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  const int NG = 11;
  std::vector<double> xg(NG), ref(NG, 0.0), dg(NG);
  for (int i = 0; i < NG; i++)
    xg[i] = 0.4 * std::sin(1.1 * i + 0.3) + 0.05 * i;
  int base = NG / size_, extra = NG % size_;
  std::vector<int> counts(size_), displs(size_);
  for (int r = 0; r < size_; r++) {
    counts[r] = base + (r < extra);
    displs[r] = r * base + (r < extra ? r : extra);
  }
  int n = counts[rank_], lo = displs[rank_];
  std::vector<double> x(xg.begin() + lo, xg.begin() + lo + n), dx(n, 0.0);
  __enzyme_autodiff((void *)loss, enzyme_dup, x.data(), dx.data(), enzyme_const,
                    n);
  MPI_Gatherv(dx.data(), n, MPI_DOUBLE, dg.data(), counts.data(), displs.data(),
              MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int failed = 0;
  if (rank_ == 0)
    __enzyme_autodiff((void *)loss_serial, enzyme_dup, xg.data(), ref.data(),
                      enzyme_const, NG);
  for (int i = 0; i < NG; i += 2) {
    double h = 1e-5, fd[2];
    for (int s = 0; s < 2; s++) {
      std::vector<double> xp(x);
      if (i >= lo && i < lo + n)
        xp[i - lo] += s ? -h : h;
      fd[s] = loss(xp.data(), n);
    }
    if (rank_ == 0) {
      double want = (fd[0] - fd[1]) / (2 * h);
      if (!(std::fabs(dg[i] - want) <=
            1e-6 * std::fmax(1.0, std::fabs(want)))) {
        std::printf("FAIL fd %d: %.12g vs %.12g\n", i, dg[i], want);
        failed++;
      }
    }
  }
  if (rank_ == 0) {
    for (int i = 0; i < NG; i++)
      if (!(std::fabs(dg[i] - ref[i]) <=
            1e-10 * std::fmax(1.0, std::fabs(ref[i])))) {
        std::printf("FAIL serial %d: %.12g vs %.12g\n", i, dg[i], ref[i]);
        failed++;
      }
    std::printf("%d ranks: %d failed\n", size_, failed);
  }
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return failed != 0;
}
