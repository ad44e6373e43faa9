# Installation: the public headers, the libraries the public targets need, the `arcwave` tool,
# and a CMake package (arcwaveConfig.cmake, its version file, the exported targets
# arcwave::arcwave and one per capability: arcwave::solver, grid, paths, cellgraph, polyline).
# Internal headers are not installed; the internal libraries are, as link dependencies of the
# public ones (exported as arcwave::internal_<name>, for the linker only). CPack makes a .deb.
include(CMakePackageConfigHelpers)

# version.hpp states the version for code; it must agree with project().
file(STRINGS ${PROJECT_SOURCE_DIR}/include/arcwave/version.hpp version_line REGEX "kVersion =")
if(NOT version_line MATCHES "\"${PROJECT_VERSION}\"")
  message(FATAL_ERROR "include/arcwave/version.hpp (${version_line}) disagrees with the project "
                      "version ${PROJECT_VERSION}")
endif()

set(ARCWAVE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/arcwave)
get_property(arcwave_installed GLOBAL PROPERTY ARCWAVE_PUBLIC_CLOSURE)
if(ARCWAVE_SHARED)
  # Shared builds: the tool's own libraries (the instance generators) go beside it too.
  arcwave_link_closure(cli_libraries arcwave)
  list(REMOVE_ITEM cli_libraries arcwave)
  list(APPEND arcwave_installed ${cli_libraries})
  list(REMOVE_DUPLICATES arcwave_installed)
endif()
foreach(target ${arcwave_installed})
  # Shared libraries find the ones they depend on in their own folder.
  if(ARCWAVE_SHARED)
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN")
  endif()
  get_target_property(export_name ${target} EXPORT_NAME)
  if(NOT export_name)
    string(REGEX REPLACE "^arcwave_" "" short ${target})
    set_target_properties(${target} PROPERTIES EXPORT_NAME internal_${short})
  endif()
  # Installed libraries of CUDA builds carry the CUDA runtime for their consumers (the build
  # tree links it implicitly).
  get_target_property(sources ${target} SOURCES)
  if(ARCWAVE_HAVE_CUDA AND NOT ARCWAVE_SHARED AND sources MATCHES "\\.cu(;|$)")
    target_link_libraries(${target} INTERFACE $<INSTALL_INTERFACE:CUDA::cudart_static>)
  endif()
endforeach()

# mpi.hpp belongs to arcwave_mpi, which the package does not export (MPI programs build arcwave
# from source with their MPI): it is not installed.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/arcwave DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT dev FILES_MATCHING PATTERN "*.hpp" PATTERN "mpi.hpp" EXCLUDE)
install(TARGETS ${arcwave_installed} EXPORT arcwaveTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT dev)
install(EXPORT arcwaveTargets NAMESPACE arcwave:: DESTINATION ${ARCWAVE_CMAKE_DIR} COMPONENT dev)
# The command-line tool, beside the libraries.
install(TARGETS arcwave RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT dev)
if(ARCWAVE_SHARED)
  # The tool finds the libraries next to it in the prefix, wherever the prefix is.
  file(RELATIVE_PATH bin_to_lib /${CMAKE_INSTALL_BINDIR} /${CMAKE_INSTALL_LIBDIR})
  set_target_properties(arcwave PROPERTIES INSTALL_RPATH "$ORIGIN/${bin_to_lib}")
endif()

set(ARCWAVE_PACKAGE_SHARED ${ARCWAVE_SHARED})
set(ARCWAVE_PACKAGE_CUDA ${ARCWAVE_HAVE_CUDA})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/arcwaveConfig.cmake.in
  ${PROJECT_BINARY_DIR}/arcwaveConfig.cmake INSTALL_DESTINATION ${ARCWAVE_CMAKE_DIR})
# 0.x: a new minor version may break the API, so only the same minor version is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/arcwaveConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/arcwaveConfig.cmake
              ${PROJECT_BINARY_DIR}/arcwaveConfigVersion.cmake
        DESTINATION ${ARCWAVE_CMAKE_DIR} COMPONENT dev)

# cpack -G DEB (from the build folder): arcwave-dev_<version>_<arch>.deb with everything above.
set(CPACK_PACKAGE_NAME arcwave-dev)
set(CPACK_PACKAGE_VENDOR "arcwave")
set(CPACK_PACKAGE_CONTACT "arcwave maintainers <arcwave@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "constraint solver and path planner on GPU primitives: headers, libraries, CMake package, CLI")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libdevel)
# Static libraries need their dependencies' development files to link; the tool's shared
# library dependencies are computed by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libxml2-dev, liblzma-dev, libbz2-dev, zlib1g-dev, libpng-dev, libfmt-dev, libgomp1")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
