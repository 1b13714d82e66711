#!/usr/bin/env bash
# ADPass benchmark suite: build, check, time, report. See bench/README.md.
#
#   bench/run.sh [--quick]       checks + timing (a few seconds per case),
#                                report; compile time shown from the last
#                                measurement, if any
#   bench/run.sh --full          more repetitions, plus compile time
#   bench/run.sh --check         build and run the agreement checks only
#                                (no timing); exit 1 on any disagreement
#   bench/run.sh --compile-time  measure compile time only, then report
# Options:
#   --cases=eam,qux         only these cases
#   --build-dir=DIR         CMake build directory (default: <repo>/build, or
#                           $ADPASS_BUILD_DIR); configured if needed
#   --standalone            build bench/ alone in bench/build-dev against the
#                           plugin in <repo>/build/lib (development)
#   --no-compile-time       with --full: skip the compile-time measurement
#   --ct-timeout=SEC        stop a compile after SEC seconds (default 900)
#   --jobs=N                build parallelism (default 2)
#   --peer-enzyme=SO        Enzyme's ClangEnzyme-19.so: every case is also
#                           differentiated by Enzyme and reported beside
#                           ADPass (default: $ADPASS_PEER_ENZYME, else the
#                           plugin shared/peers/build-enzyme.sh builds, if
#                           it was built)
#   --no-peer-enzyme        no Enzyme column even if Enzyme was built
set -euo pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH/.." && pwd)
MODE=quick
CASES=""
BUILD=${ADPASS_BUILD_DIR:-$ROOT/build}
STANDALONE=${ADPASS_BENCH_STANDALONE:-0}
COMPILE_TIME=auto
CT_TIMEOUT=900
JOBS=2
ENZYME=${ADPASS_PEER_ENZYME:-auto}

for arg in "$@"; do
  case "$arg" in
    --quick) MODE=quick ;;
    --full) MODE=full ;;
    --check) MODE=check ;;
    --compile-time) MODE=compile-time ;;
    --cases=*) CASES=${arg#--cases=} ;;
    --build-dir=*) BUILD=${arg#--build-dir=} ;;
    --standalone) STANDALONE=1 ;;
    --no-compile-time) COMPILE_TIME=no ;;
    --ct-timeout=*) CT_TIMEOUT=${arg#--ct-timeout=} ;;
    --jobs=*) JOBS=${arg#--jobs=} ;;
    --peer-enzyme=*) ENZYME=${arg#--peer-enzyme=} ;;
    --no-peer-enzyme) ENZYME=none ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $arg (see --help)" >&2; exit 2 ;;
  esac
done

RESULTS=$BENCH/results
RAW=$RESULTS/raw
mkdir -p "$RAW"

# --- Dependencies -----------------------------------------------------------
missing=()
[ -f /usr/include/benchmark/benchmark.h ] || missing+=(libbenchmark-dev)
[ -f /usr/include/adolc/adolc.h ] || missing+=(libadolc-dev)
command -v gnuplot >/dev/null || missing+=(gnuplot-nox)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "run.sh: installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "run.sh: missing ${missing[*]} (apt-get install them)" >&2
    exit 2
  fi
fi

# --- Enzyme, the peer (issue #17) -------------------------------------------
if [ "$ENZYME" = auto ]; then
  ENZYME=$HOME/.cache/adpass-peers/enzyme-0.0.79/build/Enzyme/ClangEnzyme-19.so
  [ -f "$ENZYME" ] || ENZYME=none
elif [ "$ENZYME" != none ] && [ ! -f "$ENZYME" ]; then
  echo "run.sh: --peer-enzyme=$ENZYME: no such file" >&2
  exit 2
fi
[ "$ENZYME" = none ] && ENZYME=""

# --- Build ------------------------------------------------------------------
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ "$STANDALONE" = 1 ]; then
  BUILD=$BENCH/build-dev
  PLUGIN=$ROOT/build/lib/libADPass.so
  if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    nice -n 10 cmake -S "$BENCH" -B "$BUILD" "${generator[@]}" \
      -DCMAKE_BUILD_TYPE=Release -DADPASS_PLUGIN="$PLUGIN" >/dev/null
  fi
  BENCH_BUILD=$BUILD
  EXE=$BUILD/adbench
else
  if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    nice -n 10 cmake -S "$ROOT" -B "$BUILD" "${generator[@]}" \
      -DCMAKE_BUILD_TYPE=Release -DADPASS_BENCH=ON >/dev/null
  elif [ ! -d "$BUILD/bench" ]; then
    # Configured before bench/ existed, or with the bench off.
    nice -n 10 cmake -S "$ROOT" -B "$BUILD" -DADPASS_BENCH=ON >/dev/null
  fi
  PLUGIN=$BUILD/lib/libADPass.so
  BENCH_BUILD=$BUILD/bench
  EXE=$BUILD/bench/adbench
fi
# The Enzyme peer is a cache entry of the bench build: set it each run.
configured=$(sed -n 's/^ADPASS_BENCH_ENZYME:FILEPATH=//p' \
  "$BUILD/CMakeCache.txt")
if [ "$configured" != "$ENZYME" ]; then
  nice -n 10 cmake -B "$BUILD" -DADPASS_BENCH_ENZYME="$ENZYME" >/dev/null
fi
EXE_ENZYME=""
[ -n "$ENZYME" ] && EXE_ENZYME=$BENCH_BUILD/adbench-enzyme
CLANG=$(sed -n 's/^ADPASS_BENCH_CLANG:FILEPATH=//p' "$BUILD/CMakeCache.txt")
CLANG=${CLANG:-clang-19}

if [ "$MODE" != compile-time ]; then
  echo "== build (cmake --build $BUILD --target adbench -j$JOBS)"
  targets=(adbench)
  [ -n "$EXE_ENZYME" ] && targets+=(adbench-enzyme)
  nice -n 10 cmake --build "$BUILD" --target "${targets[@]}" -j"$JOBS"
fi

# --- Run --------------------------------------------------------------------
# ADOL-C may write tape files to the working directory: keep them in raw/.
TAPEDIR=$RAW/adolc-tapes
mkdir -p "$TAPEDIR"
case_args=()
[ -n "$CASES" ] && case_args=(--cases="$CASES")

# One process per instance (case at one size): ADOL-C keeps global state
# (its location store), and a gradient call slows down by orders of magnitude
# after large tapes were recorded in the same process. Variants of one
# instance share the process and are interleaved.
mapfile -t instances < <("$EXE" --list-instances "${case_args[@]}")
status=0
run_instances() { # EXE, results suffix, check|time, then adbench arguments
  local exe=$1 sfx=$2 what=$3
  shift 3
  rm -rf "$RAW/check$sfx" "$RAW/bench$sfx"
  mkdir -p "$RAW/check$sfx" "$RAW/bench$sfx"
  local k=0 inst rc
  for inst in "${instances[@]}"; do
    k=$((k + 1))
    local tag
    tag=$(printf '%02d' $k)
    rc=0
    local out=()
    [ "$what" = time ] &&
      out=(--benchmark_out_format=json --benchmark_out="$RAW/bench$sfx/$tag.json")
    (cd "$TAPEDIR" && "$exe" --instance="$inst" \
      --check-json="$RAW/check$sfx/$tag.json" "${out[@]}" "$@") || rc=$?
    if [ $rc -ne 0 ]; then
      echo "run.sh: $inst: $(basename "$exe") exited with status $rc" >&2
      [ $status -eq 0 ] && status=$rc
    fi
  done
}

if [ "$MODE" = check ]; then
  echo "== agreement checks (${#instances[@]} instances)"
  run_instances "$EXE" "" check --check
  if [ -n "$EXE_ENZYME" ]; then
    # The peer's disagreements are reported, not ADPass's failure.
    echo "== agreement checks of Enzyme's gradients (the peer)"
    own=$status
    run_instances "$EXE_ENZYME" -enzyme check --check --tool=enzyme
    status=$own
    python3 "$BENCH/scripts/report.py" --check "$RAW/check-enzyme" \
      --summary-only --tool Enzyme || true
  else
    rm -rf "$RAW/check-enzyme" "$RAW/bench-enzyme"
  fi
  rm -rf "$TAPEDIR"
  # ADPass's summary last: its "N passed, N failed" ends the output.
  python3 "$BENCH/scripts/report.py" --check "$RAW/check" --summary-only ||
    true
  exit $status
fi

if [ "$MODE" = quick ] || [ "$MODE" = full ]; then
  if [ "$MODE" = quick ]; then
    reps=7; min_time=0.02
  else
    reps=15; min_time=0.1
  fi
  python3 - "$PLUGIN" "$MODE" "$RAW/run-info.json" <<'PY'
import datetime, json, os, sys
plugin, mode, out = sys.argv[1:]
when = (datetime.datetime.fromtimestamp(os.path.getmtime(plugin))
        .isoformat(timespec="seconds") if os.path.exists(plugin) else None)
json.dump({"plugin": plugin, "plugin_mtime": when, "mode": mode,
           "date": datetime.datetime.now().isoformat(timespec="seconds")},
          open(out, "w"))
PY
  echo "== checks, then timing (${#instances[@]} instances, $reps" \
    "repetitions, variants interleaved)"
  timing=(--benchmark_repetitions=$reps --benchmark_min_time=$min_time
    --benchmark_enable_random_interleaving=true
    --benchmark_display_aggregates_only=true)
  run_instances "$EXE" "" time "${timing[@]}"
  if [ -n "$EXE_ENZYME" ]; then
    echo "== Enzyme, the peer: checks, then timing (own processes)"
    own=$status
    run_instances "$EXE_ENZYME" -enzyme time "${timing[@]}" --tool=enzyme
    status=$own
  else
    rm -rf "$RAW/check-enzyme" "$RAW/bench-enzyme"
  fi
  rm -rf "$TAPEDIR"
fi

if [ "$MODE" = compile-time ] || { [ "$MODE" = full ] && [ "$COMPILE_TIME" != no ]; }; then
  if [ "$MODE" = compile-time ] && [ "$STANDALONE" != 1 ]; then
    nice -n 10 cmake --build "$BUILD" --target ADPass -j"$JOBS"
  fi
  reps=1
  [ "$MODE" = full ] && reps=3
  echo "== compile time (timeout ${CT_TIMEOUT}s per compile)"
  # CPU time is measured, so nice does not change the numbers.
  ct_peer=()
  [ -n "$ENZYME" ] && ct_peer=(--peer-enzyme "$ENZYME")
  nice -n 10 python3 "$BENCH/scripts/compile_time.py" --clang "$CLANG" \
    --plugin "$PLUGIN" --include "$ROOT/include" --workdir "$RAW/compile" \
    "${ct_peer[@]}" \
    --out "$RAW/compile_time.json" --reps $reps --timeout "$CT_TIMEOUT"
fi

if [ ! -d "$RAW/check" ]; then
  echo "run.sh: no check results yet; run bench/run.sh --quick" >&2
  exit 2
fi
echo "== report"
peer=()
[ -d "$RAW/check-enzyme" ] &&
  peer=(--check-enzyme "$RAW/check-enzyme" --bench-enzyme "$RAW/bench-enzyme")
python3 "$BENCH/scripts/report.py" --check "$RAW/check" \
  --bench "$RAW/bench" --compile "$RAW/compile_time.json" "${peer[@]}" \
  --out-dir "$RESULTS" --run-info "$RAW/run-info.json"
exit $status
