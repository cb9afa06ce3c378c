# lit configuration of the Orbis compiler tests: FileCheck on lowered output,
# exact diagnostics, end-to-end runs compared bit-for-bit with the sequential
# program, pass-through of standard OpenMP, and the drivers' command lines.
import os
import sys
import lit.formats

site = lit_config.params.get("orbis_site")
if not site:
    lit_config.fatal("run lit with --param orbis_site=<build>/tests/lit/lit.site.cfg.py")
exec(open(site).read())

config.name = "Orbis"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.orbis_build_dir, "tests", "lit")

bindir = os.path.join(config.orbis_build_dir, "bin")
libdir = os.path.join(config.orbis_build_dir, config.orbis_libdir)
incdir = os.path.join(config.orbis_build_dir, "include")
llvm_bin = config.llvm_tools_dir

config.environment["PATH"] = os.pathsep.join(
    [bindir, llvm_bin, config.environment.get("PATH", os.environ["PATH"])])
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Tests choose their own thread counts and tile sizes.
for var in ("OMP_NUM_THREADS", "OMP_BLOCK_SIZE", "ORBIS_VERBOSE"):
    config.environment.pop(var, None)

orbis_cc = os.path.join(bindir, "orbis-cc")
orbis_cxx = os.path.join(bindir, "orbis-c++")
# The sequential program: the same source with every pragma ignored.
seq_flags = ("-fno-openmp -Wno-unknown-pragmas -Wno-source-uses-openmp"
             " -I%s -L%s -Wl,-rpath,%s -lorbis_tile" % (incdir, libdir, libdir))
config.substitutions.append(("%orbis-cc", orbis_cc))
config.substitutions.append(("%orbis-cxx", orbis_cxx))
config.substitutions.append(("%clang-seq", "clang-19 " + seq_flags))
config.substitutions.append(("%clangxx-seq", "clang++-19 " + seq_flags))
config.substitutions.append(("%clang-omp", "clang-19 -fopenmp"))
config.substitutions.append(("%clangxx-omp", "clang++-19 -fopenmp"))
config.substitutions.append(("%orbis-include", incdir))
config.substitutions.append(("%orbis-lib", libdir))
config.substitutions.append(("%cmake", config.cmake_command))
# World programs under Open MPI's launcher, bounded in time (a hang fails
# the test): more processes than cores are allowed, and root needs saying.
import shutil
mpirun = shutil.which("mpirun") or "mpirun"
mpirun_flags = " --oversubscribe" + (" --allow-run-as-root" if os.geteuid() == 0 else "")
# Through mpirun_watch.py: Open MPI's mpirun sometimes hangs after aborting
# a job whose processes all ended (see there).
mpirun_watch = os.path.join(config.test_source_root, "Inputs", "mpirun_watch.py")
config.substitutions.append(
    ("%mpirun", "timeout -s KILL 90 " + sys.executable + " " + mpirun_watch +
     " " + mpirun + mpirun_flags))
config.substitutions.append(("%build-dir", config.orbis_build_dir))
# Lowered code with the generated code's pieces joined back onto the user's
# lines (tests/lit/lowering/Inputs/join_generated.py).
config.substitutions.append(
    ("%join-generated", "python3 " + os.path.join(
        config.orbis_source_dir, "tests", "lit", "lowering", "Inputs",
        "join_generated.py")))
config.substitutions.append(("%source-dir", config.orbis_source_dir))
config.substitutions.append(("FileCheck", os.path.join(llvm_bin, "FileCheck")))
config.substitutions.append((" not ", " %s " % os.path.join(llvm_bin, "not")))

# 'tsan': the thread sanitizer runs here (it does not on every kernel, e.g.
# with some ASLR settings); the tests of -fsanitize=thread need it.
def _tsan_works():
    import subprocess, tempfile
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "t.c")
        exe = os.path.join(d, "t")
        with open(src, "w") as f:
            f.write("int main(void) { return 0; }\n")
        try:
            subprocess.run(["clang-19", "-fsanitize=thread", src, "-o", exe],
                           check=True, capture_output=True, timeout=60)
            subprocess.run([exe], check=True, capture_output=True, timeout=60)
        except Exception:
            return False
    return True

if _tsan_works():
    config.available_features.add("tsan")

# 'cuda': this Orbis has its CUDA runtime and the CUDA toolkit is installed,
# so `--offload=cuda` compiles (no GPU needed). 'cuda-gpu': a GPU is usable.
def _cuda_toolkit():
    import shutil
    if not os.path.exists(os.path.join(libdir, "liborbis_tile_cuda.so")):
        return False
    for root in (os.environ.get("CUDAToolkit_ROOT"), os.environ.get("CUDA_PATH"),
                 "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "bin", "nvcc")):
            return True
    return shutil.which("nvcc") is not None

def _cuda_gpu():
    import subprocess
    try:
        return subprocess.run(["nvidia-smi", "-L"], capture_output=True,
                              timeout=30).returncode == 0
    except Exception:
        return False

if _cuda_toolkit():
    config.available_features.add("cuda")
    if _cuda_gpu():
        config.available_features.add("cuda-gpu")
