// The CMake package refuses a compiler other than clang 19 at configure
// time, with a message that says how to configure, rather than failing at
// the first compilation with -fplugin.
// REQUIRES: gxx
// RUN: rm -rf %t.prefix %t.gcc
// RUN: cmake --install %ad_build_dir --prefix %t.prefix > /dev/null
// RUN: %not cmake -S %inputs/cmake_project -B %t.gcc -DAPP_SOURCE=%s -DCMAKE_PREFIX_PATH=%t.prefix -DCMAKE_CXX_COMPILER=g++ 2>&1 | %FileCheck %s
// CHECK: ADPass is a clang 19 plugin, but the CXX compiler is GNU
// CHECK: -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19
int main() { return 0; }
