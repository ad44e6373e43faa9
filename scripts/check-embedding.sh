#!/usr/bin/env bash
# Checks arcwave as an embedder gets it, reusing the build of scripts/build.sh (build/):
#  1. `cmake --install` into a temporary prefix;
#  2. examples/ configured and built as an outside project against that prefix
#     (find_package(arcwave)), each example run and its output checked (ctest);
#  3. the Debian package (cpack) made and its contents listed;
#  4. `pip install .` in a virtual environment, linking the installed libraries, then pytest
#     (answers equal the CLI's on the bundled instances, APSP arrays equal its output).
# Needs network access to PyPI (scikit-build-core, nanobind, numpy, pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[ -f "$build/CMakeCache.txt" ] || { echo "check-embedding: no build in $build (run scripts/build.sh)"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
jobs=$(nproc)
start=$SECONDS

echo "== install into $prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
ls "$prefix/include/arcwave"
# Internal headers must not be installed: only include/arcwave/*.hpp.
if find "$prefix/include" -type f ! -path "$prefix/include/arcwave/*.hpp" | grep -q .; then
  echo "check-embedding: files other than the public headers under include/"; exit 1
fi

echo "== examples/ against the installed package"
cmake -S examples -B "$work/examples" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/examples" -j "$jobs"
ctest --test-dir "$work/examples" --output-on-failure -j "$jobs"

echo "== Debian package"
(cd "$build" && cpack -G DEB -B "$work/deb" >/dev/null 2>&1)
deb=$(ls "$work"/deb/*.deb)
dpkg-deb --info "$deb" | grep -E 'Package|Version|Depends'
contents=$(dpkg-deb --contents "$deb")
for f in usr/include/arcwave/grid.hpp usr/bin/arcwave cmake/arcwave/arcwaveConfig.cmake; do
  grep -q "$f\$" <<<"$contents" || { echo "check-embedding: the .deb has no $f"; exit 1; }
done

echo "== Python module (pip install . in a virtual environment)"
python3 -m venv "$work/venv"
py=$work/venv/bin/python
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet numpy pytest
CMAKE_PREFIX_PATH=$prefix CMAKE_BUILD_PARALLEL_LEVEL=$jobs \
  "$py" -m pip install --quiet . -C cmake.define.ARCWAVE_PYTHON_USE_INSTALLED=ON
# Run from outside the checkout, so that the installed package (not python/arcwave) is tested.
(cd "$work" && ARCWAVE_CLI=$prefix/bin/arcwave ARCWAVE_REQUIRE_CLI=1 \
  "$py" -m pytest -q -p no:cacheprovider "$OLDPWD/python/tests")
echo "check-embedding: done in $((SECONDS - start)) s"
