#!/usr/bin/env bash
# First command: install what is missing, build, and run the quick-start
# example (a function, its ADPass gradient and a finite-difference check).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/common.sh
ensure_packages
ensure_build
echo "== examples/quickstart.c, compiled with build/bin/ad-clang -O2"
build/bin/ad-clang -O2 examples/quickstart.c -o build/quickstart
build/quickstart
