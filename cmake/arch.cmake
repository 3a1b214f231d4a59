# The architecture being built, in the kernel's arch/ names (x86, arm64, arm, powerpc): the one switch for
# per-architecture code. Folders with per-arch parts name them by it (algs/<alg>/<arch>/,
# tests/algs/<alg>/<arch>/), and CMake code asks KCSHIM_ARCH, never CMAKE_SYSTEM_PROCESSOR.
set(KCSHIM_ARCH ${CMAKE_SYSTEM_PROCESSOR})
if(KCSHIM_ARCH MATCHES "^(x86_64|AMD64|amd64)$")
  set(KCSHIM_ARCH x86)
elseif(KCSHIM_ARCH MATCHES "^(aarch64|arm64)$")
  set(KCSHIM_ARCH arm64)
elseif(KCSHIM_ARCH MATCHES "^(arm|armv7.*)$")
  set(KCSHIM_ARCH arm)
elseif(KCSHIM_ARCH MATCHES "^(ppc64le|powerpc64le)$")
  set(KCSHIM_ARCH powerpc)
endif()

# kcshim_add_arch_subdirectory(): the current folder's <KCSHIM_ARCH>/ subfolder, if it has one,
# as Kbuild's obj-$(CONFIG_X86) += x86/.
function(kcshim_add_arch_subdirectory)
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${KCSHIM_ARCH}/CMakeLists.txt)
    add_subdirectory(${KCSHIM_ARCH})
  endif()
endfunction()
