# lit configuration for ADPass: IR tests (opt + FileCheck), integration
# programs (clang with the plugin, run and checked) and diagnostics.
import os
import shutil
import sys

import lit.formats

config.name = "ADPass"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = getattr(config, "ad_obj_root", config.test_source_root)

bin_dir = config.ad_llvm_bin
config.environment["PATH"] = os.pathsep.join(
    [bin_dir, config.environment.get("PATH", "")])

plugin = config.ad_plugin
inc = config.ad_include
inputs = os.path.join(config.test_source_root, "Integration", "Inputs")
config.substitutions.append(
    ("%opt", f"{bin_dir}/opt -load-pass-plugin={plugin}"))
config.substitutions.append(
    ("%clangxx", f"{bin_dir}/clang++ -fplugin={plugin} -I{inc} -I{inputs}"))
config.substitutions.append(
    ("%clang", f"{bin_dir}/clang -fplugin={plugin} -I{inc} -I{inputs}"))
config.substitutions.append(("%ad_clang", f"{config.ad_bin_dir}/ad-clang"))
# The build tree (for `cmake --install`) and the compilers without the plugin.
config.substitutions.append(
    ("%ad_build_dir", os.path.dirname(config.ad_bin_dir)))
config.substitutions.append(("%bare_clangxx", f"{bin_dir}/clang++"))
config.substitutions.append(("%ad_plugin", plugin))
# Programs built with -mavx2 -mfma run where the CPU has both (compiled
# everywhere; on older CPUs only the run is skipped).
def _cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            return set(f.read().split())
    except OSError:
        return set()
config.substitutions.append(
    ("%run_avx512", "" if {"avx512f", "avx512dq", "avx512vl"} <= _cpu_flags()
     else "true ||"))
config.substitutions.append(
    ("%run_avx", "" if {"avx2", "fma"} <= _cpu_flags() else "true ||"))
# Eigen 3 (libeigen3-dev, installed by scripts/setup.sh).
config.substitutions.append(("%eigen", "-I/usr/include/eigen3"))
# The two BLAS the tests link (libblas-dev, libopenblas-dev): the reference
# BLAS by its directory (the system's libblas.so may be either), OpenBLAS by
# name. The rpath keeps the reference one at run time.
blas_ref_dir = "/usr/lib/x86_64-linux-gnu/blas"
config.substitutions.append(
    ("%blas_ref", f"-L{blas_ref_dir} -Wl,-rpath,{blas_ref_dir} -lblas -lm"))
config.substitutions.append(("%openblas", "-lopenblas -lm"))
# LAPACKE with the reference LAPACK and BLAS (by their directories), or with
# OpenBLAS's LAPACK (which LAPACKE's liblapack.so.3 then resolves to).
lapack_ref_dir = "/usr/lib/x86_64-linux-gnu/lapack"
config.substitutions.append(
    ("%lapack_ref",
     f"-L{lapack_ref_dir} -L{blas_ref_dir} "
     f"-Wl,-rpath,{lapack_ref_dir} -Wl,-rpath,{blas_ref_dir} "
     "-llapacke -llapack -lblas -lm"))
config.substitutions.append(
    ("%lapack_openblas", "-llapacke -lopenblas -lm"))
# MPICH (mpich, libmpich-dev, installed by scripts/setup.sh): %mpicc compiles
# an MPI program with the plugin, %mpirun N runs it on N ranks with a time
# limit, so that a mirrored message without its match fails instead of
# hanging.
mpich_inc = "/usr/include/x86_64-linux-gnu/mpich"
config.substitutions.append(
    ("%mpicc", f"{bin_dir}/clang -fplugin={plugin} -I{inc} -I{inputs} "
     f"-I{mpich_inc} -Wl,--no-as-needed -lmpich -lm"))
config.substitutions.append(("%mpi_flags", f"-I{mpich_inc} -lmpich -lm"))
config.substitutions.append(("%mpirun", "timeout 120 mpiexec -n"))
# OpenMP programs (libomp-19-dev): %omprun N runs one on N threads, with a
# time limit (a mirrored barrier without its match would hang).
# %omprace N runs a -fsanitize=thread build under Archer: a race fails.
config.substitutions.append(("%omprace", f"sh {inputs}/omprace"))
config.substitutions.append(("%omprun", f"sh {inputs}/omprun"))
if shutil.which("g++"):
    config.available_features.add("gxx")
config.substitutions.append(("%runtime_dir", config.ad_runtime_dir))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%FileCheck", f"{bin_dir}/FileCheck"))
config.substitutions.append(("%not", f"{bin_dir}/not"))
# The differential fuzzer (tools/adfuzz), with the ad-clang of this build.
repo_root = os.path.dirname(config.test_source_root)
config.substitutions.append(
    ("%adfuzz", f"{sys.executable} {repo_root}/tools/adfuzz --bin {config.ad_bin_dir}"))

# Every integration program also runs once under valgrind (memcheck): no
# invalid access, no definite leak. Without valgrind it just runs again.
if shutil.which("valgrind"):
    config.available_features.add("valgrind")
    config.substitutions.append(
        ("%valgrind", "valgrind -q --error-exitcode=1 --leak-check=full "
         "--errors-for-leak-kinds=definite"))
else:
    config.substitutions.append(("%valgrind", ""))
