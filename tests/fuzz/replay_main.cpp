// Replays files (or every file of the directories) given on the command line through the fuzz
// harness, so the corpus and the findings are checked by ctest without libFuzzer (any compiler).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
namespace lgvci_fuzz {
extern long accepted, rejected, halted, workCapped;
}

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p(argv[i]);
    if (fs::is_directory(p)) {
      for (const auto& e : fs::directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
    } else {
      files.push_back(p);
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(data.data()), data.size());
  }
  std::printf("replayed %zu inputs, all properties held: %ld accepted (%ld of them halted with a reported status: Newton failure, work limit or Zeno guard; %ld stopped at the run's work budget before 300 steps), %ld rejected\n",
              files.size(), lgvci_fuzz::accepted, lgvci_fuzz::halted, lgvci_fuzz::workCapped, lgvci_fuzz::rejected);
  return files.empty() ? 1 : 0;
}
