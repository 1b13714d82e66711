; Crash fuzzing smoke test: tools/adstress on a fixed range of llvm-stress
; seeds (about two minutes of work). Every generated function is differentiated
; in reverse and forward mode, alone and inside a wrapper with an active
; scalar path, by `-passes=ad` and by the O2 pipeline, with -verify-each.
; Refusals are fine; a crash, a malformed derivative or a timeout fails the
; test, and the failing cases are listed in its output (inputs in %t).
; Longer runs: tools/adstress --seeds A:B --out DIR (see tools/fuzz/stress.py).
; RUN: rm -rf %t
; RUN: %S/../../tools/adstress --opt "%opt" --seeds 1:121 --timeout 60 --no-reduce --out %t
