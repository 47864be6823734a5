// lgvci::version(): the version the library was built as (lgvci/version.hpp, written by CMake).
#include "lgvci/version.hpp"

namespace lgvci {

const char* version() { return LGVCI_VERSION_STRING; }

}  // namespace lgvci
