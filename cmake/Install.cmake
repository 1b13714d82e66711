# `cmake --install build --prefix P`: the plugin and its clang companion in
# P/lib, the runtime archive, the headers, the ad-clang wrappers in P/bin,
# and the CMake package in P/lib/cmake/ADPass (see ADPassConfig.cmake.in).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS ADPass ADPassClang LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS ADRuntime ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES include/ad.h include/ad.hpp include/ad_higher.h
              include/ad_higher.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES include/enzyme/enzyme
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/enzyme)

foreach(tool ad-clang ad-clang++)
  if(tool STREQUAL "ad-clang")
    set(AD_WRAPPED_COMPILER ${AD_CLANG})
  else()
    set(AD_WRAPPED_COMPILER ${AD_CLANGXX})
  endif()
  configure_file(cmake/ad-clang-installed.in
                 ${CMAKE_BINARY_DIR}/install/${tool} @ONLY)
  install(PROGRAMS ${CMAKE_BINARY_DIR}/install/${tool}
          DESTINATION ${CMAKE_INSTALL_BINDIR})
endforeach()

math(EXPR NEXT_LLVM_MAJOR "${LLVM_VERSION_MAJOR} + 1")
configure_file(cmake/ADPassConfig.cmake.in
               ${CMAKE_BINARY_DIR}/install/ADPassConfig.cmake @ONLY)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/install/ADPassConfigVersion.cmake
  VERSION 0.1 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/install/ADPassConfig.cmake
              ${CMAKE_BINARY_DIR}/install/ADPassConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ADPass)
