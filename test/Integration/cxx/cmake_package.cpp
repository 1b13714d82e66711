// The CMake package: `cmake --install` the build, then a project outside the
// tree does find_package(ADPass CONFIG REQUIRED) and links ADPass::ADPass
// (plugin flag, include path, libm), and builds this program; the installed
// ad-clang++ wrapper builds it too. (cmake_package_wrong_compiler.cpp: the
// package refuses another compiler than clang 19.)
// RUN: rm -rf %t.prefix %t.build
// RUN: sed -n '/^<!-- cmake_project -->$/,/^```$/p' %S/../../../docs/cpp.md | sed '1,2d;$d' > %t.docs.cmake
// RUN: diff %t.docs.cmake %inputs/cmake_project/CMakeLists.txt
// RUN: cmake --install %ad_build_dir --prefix %t.prefix > /dev/null
// RUN: test -f %t.prefix/lib/cmake/ADPass/ADPassConfig.cmake
// RUN: cmake -S %inputs/cmake_project -B %t.build -DAPP_SOURCE=%s -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=%t.prefix -DCMAKE_CXX_COMPILER=%bare_clangxx > /dev/null
// RUN: cmake --build %t.build > /dev/null
// RUN: %t.build/app
// RUN: %t.prefix/bin/ad-clang++ -std=c++17 -O0 %s -o %t.wrapped && %t.wrapped
#include <ad.hpp>
#include <cmath>
#include <cstdio>

double f(const double *x, double a) { return std::sin(a * x[0]) * x[1]; }

int main() {
  double x[2] = {0.5, 2.0}, dx[2] = {0, 0};
  double da = ad::gradient(f, ad::dup(x, dx), ad::active(1.5));
  double ea = 0.5 * std::cos(0.75) * 2.0, e0 = 1.5 * std::cos(0.75) * 2.0,
         e1 = std::sin(0.75);
  int bad = std::fabs(da - ea) > 1e-12 || std::fabs(dx[0] - e0) > 1e-12 ||
            std::fabs(dx[1] - e1) > 1e-12;
  std::printf("df/da %g df/dx %g %g: %s\n", da, dx[0], dx[1],
              bad ? "WRONG" : "ok");
  return bad;
}
