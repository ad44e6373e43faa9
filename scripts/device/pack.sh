#!/usr/bin/env bash
# Packs what the GPU machine needs into .devbin/ (git-ignored, carried by the device tool):
# the executables of a build folder (tests, benchmarks, the CLI, tools; stripped, same relative
# paths), the shared libraries they need that the GPU machine lacks, and the shared instances.
# Usage: scripts/device/pack.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
out=.devbin
rm -rf "$out"
mkdir -p "$out/build" "$out/lib"
while IFS= read -r exe; do
  rel=${exe#"$build"/}
  mkdir -p "$out/build/$(dirname "$rel")"
  strip -o "$out/build/$rel" "$exe"
done < <(find "$build/tests" "$build/bench" "$build/cli" "$build/instances" -type f -perm -u+x \
           ! -name "*.so" ! -name "*.a" ! -path "*/CMakeFiles/*" 2>/dev/null)
# Debian's Google Benchmark and fmt have sonames the Ubuntu machine does not provide.
for lib in $(ldd "$out"/build/*/* "$out"/build/*/*/* "$out"/build/*/*/*/* 2>/dev/null |
             awk '/libbenchmark|libfmt/ {print $3}' | sort -u); do
  cp -L "$lib" "$out/lib/"
done
if [ -d ../shared/instances ]; then
  cp -r ../shared/instances "$out/shared-instances"
fi
# The real maps and graphs of the path-planning tests and benchmarks (about 10 MiB).
for data in maps graphs; do
  if [ -d ../shared/$data ]; then
    cp -r ../shared/$data "$out/shared-$data"
  fi
done
cp -r bench/device "$out/device-scripts"
du -sh "$out"
