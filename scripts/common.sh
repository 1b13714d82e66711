# Shared by setup.sh and test.sh: packages, configure, build.
# Source it from the repository root.

AD_PACKAGES="cmake ninja-build ccache python3 llvm-19-dev clang-19 \
libclang-19-dev llvm-19-tools valgrind libgtest-dev libbenchmark-dev \
libadolc-dev gnuplot-nox zlib1g-dev libzstd-dev libclang-rt-19-dev llvm-19 \
libeigen3-dev g++ libblas-dev libopenblas-dev liblapack-dev liblapacke-dev \
mpich libmpich-dev libomp-19-dev"

ensure_packages() {
  local missing=""
  for p in $AD_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "== installing:$missing"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends $missing >/dev/null
}

ensure_build() {
  if [ ! -f build/build.ninja ]; then
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build build -j2
}
