# Third-party dependencies, all from Debian packages (see README "Dependencies").
find_package(Threads REQUIRED)
find_package(OpenMP REQUIRED COMPONENTS CXX)
find_package(LibXml2 REQUIRED)
find_package(LibLZMA REQUIRED)
find_package(BZip2 REQUIRED)
find_package(ZLIB REQUIRED)
find_package(PNG REQUIRED)
find_package(Boost 1.74 REQUIRED)
find_package(CLI11 QUIET CONFIG)
if(NOT CLI11_FOUND)
  find_path(CLI11_INCLUDE_DIR CLI/CLI.hpp REQUIRED)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  target_include_directories(CLI11::CLI11 INTERFACE ${CLI11_INCLUDE_DIR})
endif()
# fmt as Debian's compiled library. Header-only, its formatting code was compiled again in every
# translation unit that formats (3 s of CPU each, about a third of the command-line tool's
# build on two cores). No public header includes fmt; the installed static libraries link it.
# Binaries carried to the GPU machine take libfmt.so along (scripts/device/pack.sh).
find_package(fmt REQUIRED)
add_library(arcwave_fmt INTERFACE)
target_link_libraries(arcwave_fmt INTERFACE fmt::fmt)

# Thrust / CUB (CCCL). With the CUDA toolkit they come from it; the same headers also compile
# Thrust algorithms for the OpenMP device system, so machines without a GPU run that code too.
find_package(CUDAToolkit QUIET)
set(ARCWAVE_HAVE_THRUST OFF)
set(arcwave_cccl_hints)
if(CUDAToolkit_FOUND)
  foreach(dir ${CUDAToolkit_INCLUDE_DIRS})
    list(APPEND arcwave_cccl_hints "${dir}/cccl" "${dir}")
  endforeach()
endif()
# The toolkit's CCCL first (also where CUDA itself is switched off), then a system Thrust.
find_path(ARCWAVE_CCCL_INCLUDE thrust/version.h
          PATHS ${arcwave_cccl_hints} /usr/local/cuda/include/cccl /usr/local/cuda/include
                /usr/include NO_DEFAULT_PATH)
if(ARCWAVE_CCCL_INCLUDE)
  set(ARCWAVE_HAVE_THRUST ON)
endif()
message(STATUS "arcwave: Thrust for the OpenMP device system ${ARCWAVE_HAVE_THRUST} (${ARCWAVE_CCCL_INCLUDE})")
