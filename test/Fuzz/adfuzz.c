// Differential fuzzing (tools/adfuzz, docs in tools/fuzz/README.md): random
// C and C++ programs are differentiated by ADPass in reverse and forward mode
// at -O0..-O3 and checked against central finite differences of the same
// program built without the plugin. Refusals (error: ADPass: ...) are allowed;
// a wrong derivative or primal, a NaN, a crash of the compiler or of the
// program fails the test. The failures are saved in %t.out (program and
// commands to reproduce them); `--reduce` shrinks them.
//
// First the checker itself: injected wrong derivatives, primals, NaNs and
// crashes must be reported.
// RUN: %adfuzz --self-check --quiet
//
// Then a fixed range of seeds: 36 programs x 4 levels x 2 modes = 288 cases,
// about a minute at -j2.
// RUN: rm -rf %t.out
// RUN: %adfuzz --seeds 0:36 --levels 0,1,2,3 --modes rev,fwd --lang mix -j2 --quiet --out %t.out
