#!/usr/bin/env bash
# Copies this machine's Open MPI (Debian's openmpi-bin / libopenmpi3 / libpmix2) into a folder
# that can be carried to a machine without MPI (the GPU machine) and run from there, relocated:
#   scripts/device/openmpi_tree.sh DEST
# then, on the other machine (root needs --allow-run-as-root):
#   env OPAL_PREFIX=DEST/usr OPAL_SYSCONFDIR=DEST/etc/openmpi LD_LIBRARY_PATH=DEST/lib \
#     DEST/usr/bin/orterun --allow-run-as-root -np 2 arcwave solve FILE -p 8
# Plugins that need libraries the copy does not carry (InfiniBand, UCX, libfabric, CUDA, ...)
# are left out; shared memory and TCP are enough on one machine. About 12 MB.
set -euo pipefail
dest=${1:?usage: openmpi_tree.sh DEST}
lib=/usr/lib/x86_64-linux-gnu
plugins=$lib/openmpi/lib/openmpi3
rm -rf "$dest"
mkdir -p "$dest/usr/bin" "$dest/usr/share" "$dest/etc" "$dest/lib" \
  "$dest/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3" "$dest/usr/lib/x86_64-linux-gnu/pmix2/lib"
cp -L /usr/bin/orterun /usr/bin/orted /usr/bin/ompi_info "$dest/usr/bin/"
cp -r /usr/share/openmpi "$dest/usr/share/"
cp -r /etc/openmpi "$dest/etc/"
for f in "$plugins"/*.so; do
  if ! ldd "$f" | grep -qE "fabric|ucp|ucs|uct|psm|ibverbs|rdmacm|cuda|hcoll|knem|xpmem|munge|slurm|lsf"; then
    cp "$f" "$dest/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/"
  fi
done
cp "$plugins"/mca_pmix_ext3x.so "$dest/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/"
cp -r "$lib/pmix2/lib/pmix" "$dest/usr/lib/x86_64-linux-gnu/pmix2/lib/"
cp -r "$lib/pmix2/share" "$dest/usr/lib/x86_64-linux-gnu/pmix2/"
for l in libmpi.so.40 libopen-rte.so.40 libopen-pal.so.40 libhwloc.so.15 libevent_core-2.1.so.7 \
  libevent_pthreads-2.1.so.7 libevent-2.1.so.7 libmca_common_sm.so.40 \
  libmca_common_monitoring.so.50 libmca_common_ompio.so.41 libnl-3.so.200 liboshmem.so.40 \
  libpmix.so.2 libmunge.so.2; do
  cp -L "$lib/$l" "$dest/lib/"
done
du -sh "$dest"
