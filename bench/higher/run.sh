#!/bin/sh
# Higher-derivative benchmark: hessian.c (Rosenbrock: gradient, Hessian-
# vector product by forward over reverse, finite differences and by hand;
# the dense Hessian of n = 100 by vector forward over reverse and by n
# scalar Hessian-vector products) and jacobian.c. Run from the repository root after
# building (build/bin/ad-clang). Arguments go to the program (n for the
# Hessian-vector product, default 100000).
set -e
out=${TMPDIR:-/tmp}/adpass_hessian
build/bin/ad-clang -O2 bench/higher/hessian.c -o "$out" -lm
timeout 600 "$out" "$@"
# Jacobian 100 x 100: vector forward mode (8 directions per call) against
# 100 scalar forward calls.
build/bin/ad-clang -O2 bench/higher/jacobian.c -o "$out.jac" -lm
timeout 600 "$out.jac"
# Sparse (tridiagonal) Jacobian by coloring against the dense one.
build/bin/ad-clang -O2 bench/higher/sparse.c -o "$out.sparse" -lm
timeout 600 "$out.sparse"
# The Hessian-vector product written in Enzyme's spelling, compiled by
# ADPass and, when it was built (../shared/peers/build-enzyme.sh), by Enzyme.
build/bin/ad-clang -O2 bench/higher/hvp_peer.c -o "$out.peer" -lm
timeout 600 "$out.peer" ADPass
enzyme=${ADPASS_PEER_ENZYME:-$HOME/.cache/adpass-peers/enzyme-0.0.79/build/Enzyme/ClangEnzyme-19.so}
if [ -f "$enzyme" ]; then
  clang-19 -O2 -fplugin="$enzyme" bench/higher/hvp_peer.c -o "$out.enzyme" -lm
  timeout 600 "$out.enzyme" Enzyme
fi
