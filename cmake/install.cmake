# Installation: headers, libraries, CMake package and pkg-config file, so users can build their
# own driver modules against kcshim.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/shim/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kcshim)
install(TARGETS kcshim kcshim_headers EXPORT kcshimTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kcshim)
install(EXPORT kcshimTargets NAMESPACE kcshim:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kcshim)

include(CMakePackageConfigHelpers)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/kcshimConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/kcshimConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kcshim)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/kcshimConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/kcshimConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/kcshimConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/kcshimModule.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kcshim)

# A sanitized kcshim (the asan preset) needs its users built with the same sanitizers
string(REPLACE ";" " " KCSHIM_PC_SANITIZE_FLAGS "${KCSHIM_SANITIZE_FLAGS}")
# The pkg-config files name the prefix they are installed under (cmake --install --prefix P, or
# /usr in the package): filled in at install time, so the paths are plain, not relative to
# pcfiledir. A package unpacked elsewhere: pkg-config --define-variable=prefix=DIR.
set(KCSHIM_PC_PREFIX "@KCSHIM_PC_PREFIX@")
foreach(pc kcshim kcshim-module)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/pc/${pc}.pc.in
                 @ONLY)
  install(CODE "set(KCSHIM_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(\"${CMAKE_CURRENT_BINARY_DIR}/pc/${pc}.pc.in\"
                   \"${CMAKE_CURRENT_BINARY_DIR}/pc/${pc}.pc\" @ONLY)")
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/pc/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
