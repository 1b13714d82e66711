// The example programs of examples/ (referenced from docs/): each is compiled
// and run, and exits nonzero when its gradient disagrees with the finite
// differences it prints. This file itself is not compiled.
//
// RUN: %clang -O2 %S/../../examples/quickstart.c -o %t.quickstart -lm && %t.quickstart
// RUN: %ad_clang -O2 %S/../../examples/quickstart.c -o %t.wrapper && %t.wrapper
// RUN: %clang -O0 %S/../../examples/buffers.c -o %t.buffers0 -lm && %t.buffers0
// RUN: %clang -O2 %S/../../examples/buffers.c -o %t.buffers2 -lm && %t.buffers2
// RUN: %clang -O0 %S/../../examples/workspace.c -o %t.workspace0 -lm && %t.workspace0
// RUN: %clang -O2 %S/../../examples/workspace.c -o %t.workspace2 -lm && %t.workspace2
// RUN: %clang -O0 %S/../../examples/recursion.c -o %t.recursion0 -lm && %t.recursion0
// RUN: %clang -O2 %S/../../examples/recursion.c -o %t.recursion2 -lm && %t.recursion2
// RUN: %clang -O0 %S/../../examples/pointers.c -o %t.pointers0 -lm && %t.pointers0
// RUN: %clang -O2 %S/../../examples/pointers.c -o %t.pointers2 -lm && %t.pointers2
// RUN: %clang -O0 %S/../../examples/memory.c -o %t.memory0 -lm && %t.memory0
// RUN: %clang -O2 %S/../../examples/memory.c -o %t.memory2 -lm && %t.memory2
// RUN: %clang -O0 %S/../../examples/activity.c -o %t.activity0 -lm && %t.activity0
// RUN: %clang -O2 -Rpass-analysis=ad %S/../../examples/activity.c -o %t.activity2 -lm 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: %t.activity2
// RUN: clang -O2 -c %S/../../examples/custom_derivative_lib.c -o %t.lib.o
// RUN: %clang -O0 %S/../../examples/custom_derivative.c %t.lib.o -o %t.custom0 -lm && %t.custom0
// RUN: %clang -O2 %S/../../examples/custom_derivative.c %t.lib.o -o %t.custom2 -lm && %t.custom2
// RUN: %clangxx -O0 %S/../../examples/cpp_templates.cpp -o %t.cpp0 && %t.cpp0
// RUN: %clangxx -O2 %S/../../examples/cpp_templates.cpp -o %t.cpp2 && %t.cpp2
//
// REMARK-DAG: remark: gradient of 'relax': {{[0-9]+}} of {{[0-9]+}} instructions active
// REMARK-DAG: remark: gradient of 'weighted':
// REMARK-DAG: remark: gradient of 'sum_atan2': {{.*}} 0 values taped
