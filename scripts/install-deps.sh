#!/usr/bin/env bash
# Installs the Debian 12 packages arcwave builds with (only those missing). Needs root.
# The CUDA toolkit is not installed here: when nvcc is on the PATH (or in /usr/local/cuda),
# the GPU kernels are built too; without it arcwave builds for the CPU only. Open MPI (the
# compiler wrappers, headers and mpirun) makes `mpirun -np K arcwave solve` and its tests; builds
# without it still work.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config
          libxml2-dev liblzma-dev libbz2-dev zlib1g-dev libpng-dev
          libboost-dev libboost-graph-dev libcli11-dev libfmt-dev
          catch2 libbenchmark-dev libopenmpi-dev openmpi-bin
          python3-dev python3-venv)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
