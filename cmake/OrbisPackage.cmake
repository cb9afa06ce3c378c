# Installs the CMake package `Orbis` (find_package(Orbis)): the imported target
# Orbis::orbis_tile and the paths of the drivers.
include(CMakePackageConfigHelpers)

install(EXPORT OrbisTargets NAMESPACE Orbis::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Orbis)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/OrbisConfig.cmake.in
  ${PROJECT_BINARY_DIR}/OrbisConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Orbis
  PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/OrbisConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/OrbisConfig.cmake
              ${PROJECT_BINARY_DIR}/OrbisConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Orbis)
