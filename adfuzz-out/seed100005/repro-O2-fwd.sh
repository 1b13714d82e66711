#!/bin/sh
# wrong-primal: bad primal f() run 0 [0]: AD 0.082666699870724003, expected 0.08258411575496905
cd "$(dirname "$0")"
# oracle (no plugin): primal and finite differences
/usr/lib/llvm-19/bin/clang++ -std=c++17 -O0 -Werror=return-type -Werror=uninitialized -Werror=sometimes-uninitialized -Werror=implicit-function-declaration -DADFUZZ_ORACLE prog.cpp -o ./oracle -lm && ./oracle > oracle.out
# AD build at -O2, fwd mode
/work/main/build/bin/ad-clang++ -std=c++17 -O2 -w -DADFUZZ_AD -DADFUZZ_NO_REV prog.cpp -o ./ad_O2 && ./ad_O2 fwd > ad.out
# the same check through adfuzz
/work/main/tools/adfuzz --seeds 100005:100006 --levels 2 --modes fwd --lang c++
