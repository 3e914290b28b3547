// Runs a fuzz target over saved inputs without libFuzzer, so that the regressions and seeds
// replay in every build (g++, the sanitizers) as an ordinary test. Arguments: files or folders.
#include <dirent.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size);

namespace {

int replay(const std::string& path) {
  if (DIR* dir = opendir(path.c_str())) {
    std::vector<std::string> names;
    while (dirent* entry = readdir(dir))
      if (entry->d_name[0] != '.') names.push_back(entry->d_name);
    closedir(dir);
    int count = 0;
    for (const std::string& name : names) count += replay(path + "/" + name);
    return count;
  }
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  int count = 0;
  for (int i = 1; i < argc; ++i) count += replay(argv[i]);
  std::printf("replayed %d inputs\n", count);
  return count > 0 ? 0 : 1;
}
