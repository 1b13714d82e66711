// Shape optimization of a star-shaped outline, typed API: the vertices
// P_i = r_i (cos t_i, sin t_i), t_i = 2 pi i / n, and the midpoints of
// the edges are built inside the differentiated function in a
// std::vector<Point> by emplace_back (a constructor taking x, y) past its
// reserve(4) (growth by reallocation), closed by push_back of its front;
// the arc-length stations go to a std::vector sized by resize, with the
// station 0 inserted at the front, and the shoelace area is summed along.
// Midpoints change neither the perimeter nor the area. (Inserting the
// midpoints into the vector of vertices in the middle, or inserting an
// lvalue Point, is refused: reported.)
//   L = perimeter + kappa (area - A0)^2, with e_i = |P_{i+1} - P_i|,
//   c = cos(2 pi / n), s = sin(2 pi / n) (indices mod n):
//   d perimeter/dr_i = (r_i - r_{i+1} c) / e_i + (r_i - r_{i-1} c) / e_{i-1},
//   d area/dr_i = s (r_{i-1} + r_{i+1}) / 2.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <vector>

const double two_pi = 6.283185307179586;
const double kappa = 0.8, A0 = 2.5;

struct Point {
  Point() = default;
  Point(double x, double y) : x(x), y(y) {}
  double x = 0, y = 0;
};

Point vertex(const double *r, int i, int n) {
  double t = two_pi * (i % n) / n;
  return Point(r[i % n] * std::cos(t), r[i % n] * std::sin(t));
}

double outline_loss(const double *r, int n) {
  std::vector<Point> pts;
  pts.reserve(4);
  for (int i = 0; i < n; i++) {
    Point a = vertex(r, i, n), b = vertex(r, i + 1, n);
    pts.emplace_back(a.x, a.y);
    pts.emplace_back(0.5 * (a.x + b.x), 0.5 * (a.y + b.y)); // edge midpoint
  }
  pts.push_back(pts.front()); // close the polyline
  // Arc-length stations: the running length after each edge, then the
  // station 0 of the first point in front.
  std::vector<double> station;
  station.resize(pts.size() - 1);
  double run = 0, area = 0;
  for (std::size_t k = 0; k + 1 < pts.size(); k++) {
    const Point &a = pts[k], &b = pts[k + 1];
    run += std::hypot(b.x - a.x, b.y - a.y);
    station[k] = run;
    area += 0.5 * (a.x * b.y - b.x * a.y);
  }
  station.insert(station.begin(), 0.0);
  double perimeter = station.back() - station.front();
  return perimeter + kappa * (area - A0) * (area - A0);
}

const int N = 7;

int main() {
  double r[N] = {1.0, 1.3, 0.8, 1.1, 0.9, 1.25, 0.95}, dr[N] = {};
  ad::gradient(outline_loss, ad::dup(r, dr), ad::constant(N));
  double c = std::cos(two_pi / N), s = std::sin(two_pi / N), e[N], area = 0;
  for (int i = 0; i < N; i++) {
    double a = r[i], b = r[(i + 1) % N];
    e[i] = std::sqrt(a * a + b * b - 2 * a * b * c);
    area += 0.5 * s * a * b;
  }
  double want[N];
  for (int i = 0; i < N; i++) {
    int ip = (i + 1) % N, im = (i + N - 1) % N;
    double dper = (r[i] - r[ip] * c) / e[i] + (r[i] - r[im] * c) / e[im];
    double darea = 0.5 * s * (r[im] + r[ip]);
    want[i] = dper + 2 * kappa * (area - A0) * darea;
  }
  check_gradient(
      "outline", [&](const double *q) { return outline_loss(q, N); }, r, dr,
      want, N);
  double perimeter = 0;
  for (double v : e)
    perimeter += v;
  ad_check_eq("outline value", outline_loss(r, N),
              perimeter + kappa * (area - A0) * (area - A0));
  double t[N] = {0, 0, 0, 1, 0, 0, 0};
  ad_check("outline tangent r3",
           ad::tangent(outline_loss, ad::dup(r, t), ad::constant(N)), want[3],
           fd_at([&](const double *q) { return outline_loss(q, N); }, r, N, 3));
  return ad_check_report();
}
