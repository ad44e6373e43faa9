# Helpers that give every project target the same standard, warnings and include paths.

# While several people work in one checkout, a folder's CMakeLists.txt may name a file that is
# not written yet. ARCWAVE_TOLERATE_MISSING=ON (never in CI) skips such targets with a warning
# instead of failing the whole configure.
option(ARCWAVE_TOLERATE_MISSING "Skip targets whose sources are missing (shared work trees)" OFF)
function(arcwave_sources_present out)
  set(ok TRUE)
  foreach(src ${ARGN})
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${CMAKE_CURRENT_SOURCE_DIR}/${src}")
    endif()
    if(NOT EXISTS "${src}")
      set(ok FALSE)
    endif()
  endforeach()
  if(NOT ok AND NOT ARCWAVE_TOLERATE_MISSING)
    set(ok TRUE)  # let add_library/add_executable report the missing file
  endif()
  set(${out} ${ok} PARENT_SCOPE)
endfunction()
# Include paths of project targets: the source tree while building; installed targets see only
# the public headers (include/arcwave/ under the install prefix).
function(arcwave_include_paths target scope)
  target_include_directories(${target} ${scope} $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endfunction()

function(arcwave_target_defaults target)
  arcwave_include_paths(${target} PUBLIC)
  set(cxx_warnings -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12 reports -Wrestrict false positives inside std::string (GCC bug 105329).
    list(APPEND cxx_warnings -Wno-restrict)
  endif()
  if(ARCWAVE_WERROR)
    list(APPEND cxx_warnings -Werror)
  endif()
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${cxx_warnings}>)
  if(ARCWAVE_HAVE_CUDA)
    target_compile_definitions(${target} PUBLIC ARCWAVE_HAVE_CUDA=1)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr --extended-lambda -Xcudafe=--display_error_number
      $<$<BOOL:${ARCWAVE_WERROR}>:-Werror=all-warnings> -Xcompiler=-Wall,-Wextra>)
    set_target_properties(${target} PROPERTIES CUDA_SEPARABLE_COMPILATION OFF)
  endif()
endfunction()

# A library of one room (core, parsers, ...): static, or shared with ARCWAVE_SHARED. CUDA sources
# are added only when CUDA is on.
function(arcwave_library target)
  cmake_parse_arguments(ARG "" "" "SOURCES;CUDA_SOURCES;DEPS" ${ARGN})
  set(srcs ${ARG_SOURCES})
  if(ARCWAVE_HAVE_CUDA)
    list(APPEND srcs ${ARG_CUDA_SOURCES})
  endif()
  arcwave_sources_present(present ${srcs})
  if(NOT present)
    message(WARNING "arcwave: skipping ${target}: a source file is missing")
    return()
  endif()
  if(srcs)
    add_library(${target} ${ARCWAVE_LIBRARY_TYPE} ${srcs})
    arcwave_target_defaults(${target})
    target_link_libraries(${target} PUBLIC ${ARG_DEPS})
  else()
    # A room without compiled sources yet: headers and dependencies only.
    add_library(${target} INTERFACE)
    arcwave_include_paths(${target} INTERFACE)
    target_link_libraries(${target} INTERFACE ${ARG_DEPS})
  endif()
endfunction()

# Code written with Thrust that is compiled for the OpenMP device system (runs on CPU cores).
function(arcwave_use_thrust_omp target)
  target_include_directories(${target} SYSTEM PRIVATE ${ARCWAVE_CCCL_INCLUDE})
  target_compile_definitions(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:THRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP>
    $<$<COMPILE_LANGUAGE:CXX>:THRUST_HOST_SYSTEM=THRUST_HOST_SYSTEM_CPP>)
  target_link_libraries(${target} PUBLIC OpenMP::OpenMP_CXX)
endfunction()

# A Catch2 test binary, registered with CTest.
function(arcwave_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  arcwave_sources_present(present ${ARG_SOURCES})
  if(NOT present)
    message(WARNING "arcwave: skipping test ${name}: a source file is missing")
    return()
  endif()
  add_executable(${name} ${ARG_SOURCES})
  arcwave_target_defaults(${name})
  target_link_libraries(${name} PRIVATE arcwave_test_main ${ARG_DEPS})
  add_test(NAME ${name} COMMAND ${name} --order rand --rng-seed 20261123)
  # ctest runs tests side by side: OpenMP workers that spin between parallel regions then take
  # the cores from each other (two OpenMP tests beside one busy process: 144 s instead of 7 s).
  set_tests_properties(${name} PROPERTIES ENVIRONMENT
    "ARCWAVE_SOURCE_DIR=${PROJECT_SOURCE_DIR};ARCWAVE_BINARY_DIR=${PROJECT_BINARY_DIR};OMP_WAIT_POLICY=PASSIVE")
endfunction()

# Adds every immediate subfolder of the current folder that has a CMakeLists.txt, in name
# order. Subfolders register the libraries they define with arcwave_register(<room> <target>),
# and the room's interface target links them all (so helpers add folders, not shared edits).
function(arcwave_add_subfolders)
  file(GLOB children LIST_DIRECTORIES true CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*")
  list(SORT children)
  foreach(child ${children})
    if(IS_DIRECTORY "${child}" AND EXISTS "${child}/CMakeLists.txt")
      add_subdirectory("${child}")
    endif()
  endforeach()
endfunction()

function(arcwave_register room target)
  set_property(GLOBAL APPEND PROPERTY ARCWAVE_ROOM_${room} ${target})
endfunction()

# The interface target of a room: links every library registered for it.
function(arcwave_room_target room target)
  get_property(libs GLOBAL PROPERTY ARCWAVE_ROOM_${room})
  add_library(${target} INTERFACE)
  arcwave_include_paths(${target} INTERFACE)
  if(libs)
    target_link_libraries(${target} INTERFACE ${libs})
  endif()
endfunction()

# The project libraries that `targets` need, themselves included: every arcwave_* target
# reachable through their link libraries (generator expressions included, so that a
# $<TARGET_EXISTS:...> dependency counts when the target exists).
function(arcwave_link_closure out)
  set(todo ${ARGN})
  set(seen)
  while(todo)
    list(POP_FRONT todo target)
    if(NOT TARGET ${target})
      continue()
    endif()
    get_target_property(aliased ${target} ALIASED_TARGET)
    if(aliased)
      set(target ${aliased})
    endif()
    if(target IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${target})
    set(links)
    foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(value ${target} ${property})
      if(value)
        list(APPEND links ${value})
      endif()
    endforeach()
    string(REGEX MATCHALL "arcwave_[A-Za-z0-9_]+" names "${links}")
    list(APPEND todo ${names})
  endwhile()
  set(${out} ${seen} PARENT_SCOPE)
endfunction()
