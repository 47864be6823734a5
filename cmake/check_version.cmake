# cmake -DVERSION=<project version> -DSOURCE_DIR=<repository> -DHEADER=<built lgvci/version.hpp>
#       -P check_version.cmake
# Fails unless package.json, package-lock.json (the web front end's) and the generated version header
# carry the project's version (CMakeLists.txt, project(lgvci VERSION …)).
foreach(file package.json package-lock.json)
  file(READ ${SOURCE_DIR}/${file} text)
  string(JSON found GET "${text}" version)
  if(NOT found STREQUAL VERSION)
    message(FATAL_ERROR "${file}: version is ${found}, CMakeLists.txt's project(lgvci VERSION) is ${VERSION}")
  endif()
endforeach()
file(STRINGS ${HEADER} line REGEX "^#define LGVCI_VERSION_STRING ")
if(NOT line STREQUAL "#define LGVCI_VERSION_STRING \"${VERSION}\"")
  message(FATAL_ERROR "${HEADER}: '${line}', expected version ${VERSION}")
endif()
message(STATUS "version ${VERSION} in CMakeLists.txt, package.json, package-lock.json and lgvci/version.hpp")
