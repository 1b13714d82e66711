#!/bin/sh
# runtime-crash: signal 6
cd "$(dirname "$0")"
# oracle (no plugin): primal and finite differences
/usr/lib/llvm-19/bin/clang++ -std=c++17 -O0 -Werror=return-type -Werror=uninitialized -Werror=sometimes-uninitialized -Werror=implicit-function-declaration -DADFUZZ_ORACLE prog.cpp -o ./oracle -lm && ./oracle > oracle.out
# AD build at -O0, rev mode
/work/main/build/bin/ad-clang++ -std=c++17 -O0 -w -DADFUZZ_AD -DADFUZZ_NO_FWD prog.cpp -o ./ad_O0 && ./ad_O0 rev > ad.out
# the same check through adfuzz
/work/main/tools/adfuzz --seeds 100004:100005 --levels 0 --modes rev --lang c++
