#!/usr/bin/env bash
# Second command: the whole test suite (IR tests, integration programs,
# diagnostics, runtime unit tests). Ends with `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/common.sh
ensure_packages
ensure_build || { echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
log=build/test-results.log
python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv -j2 build/test | tee "$log"
# lit pads the labels ("Passed           : 174") when several kinds appear.
count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | tail -n1; }
skipped=$(count "Unsupported" | grep . || echo 0)
for k in "Passed" "Expectedly Failed"; do
  passed=$((passed + $(count "$k" | grep . || echo 0)))
done
for k in "Failed" "Unresolved" "Timed Out" "Unexpectedly Passed"; do
  failed=$((failed + $(count "$k" | grep . || echo 0)))
done
if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
  failed=1 # lit ran nothing: that is a failure, not a pass
fi

if [ -x build/runtime/ADRuntimeTests ]; then
  if build/runtime/ADRuntimeTests --gtest_brief=1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
fi
if [ -x bench/run.sh ]; then
  echo "== benchmark agreement check (bench/run.sh --check)"
  # Enzyme, the peer, is for bench/run.sh --quick/--full, not the tests.
  if bench/run.sh --check --no-peer-enzyme; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
fi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
