#!/usr/bin/env bash
# Installs every Debian package Orbis needs to build, test and benchmark, when
# missing. Safe to run again: it only calls apt-get when a package is absent.
set -euo pipefail

packages=(
  # compiler front end and back end
  clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
  libomp-19-dev libclang-rt-19-dev
  # build
  cmake ninja-build ccache
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev python3 python3-psutil hyperfine
  python3-matplotlib
  # world memory (libworld) and launchers
  libucx-dev ucx-utils libpmix-dev openmpi-bin libopenmpi-dev
  # Slurm, for the srun --mpi=pmix test (a private instance the test starts)
  slurmctld slurmd slurm-client munge
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
