// The quick-start example: a function of two variables with a branch, its
// gradient from ADPass, and a central finite-difference check beside it.
//
//   build/bin/ad-clang -O2 examples/quickstart.c -o quickstart && ./quickstart
#include <ad.h>
#include <math.h>
#include <stdio.h>

double f(double x, double y) { return x > y ? sin(x) * y : exp(x / y); }

typedef struct {
  double dx, dy;
} Grad2;
Grad2 __ad_autodiff_2(void *, ...); // any name beginning with __ad_autodiff

static double central(double (*g)(double, double), double x, double y,
                      int wrt) {
  double h = 1e-6;
  if (wrt == 0)
    return (g(x + h, y) - g(x - h, y)) / (2 * h);
  return (g(x, y + h) - g(x, y - h)) / (2 * h);
}

int main(void) {
  double points[2][2] = {{1.0, 2.0}, {3.0, 0.5}};
  int bad = 0;
  for (int k = 0; k < 2; ++k) {
    double x = points[k][0], y = points[k][1];
    Grad2 g = __ad_autodiff_2((void *)f, x, y);
    double fx = central(f, x, y, 0), fy = central(f, x, y, 1);
    printf("f(%g, %g) = %.10f\n", x, y, f(x, y));
    printf("  df/dx = % .10f   finite difference % .10f\n", g.dx, fx);
    printf("  df/dy = % .10f   finite difference % .10f\n", g.dy, fy);
    bad |= fabs(g.dx - fx) > 1e-6 * (1 + fabs(fx)) ||
           fabs(g.dy - fy) > 1e-6 * (1 + fabs(fy));
  }
  printf(bad ? "MISMATCH\n" : "gradient matches finite differences\n");
  return bad;
}
