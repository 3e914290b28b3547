// libFuzzer target: the Moving AI .map and .scen readers on arbitrary bytes. They must either
// read something consistent or refuse it with a short message naming the file; never crash, read
// past a line's limit or echo more than a short prefix.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tilepath/movingai.hpp"

using namespace tilepath;

namespace {

void require(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz_movingai: %s\n", what.c_str());
  std::abort();
}

void checkMap(const std::string& text) {
  std::istringstream in(text);
  std::string error;
  const auto grid = movingai::readMap(in, "f.map", error);
  require(grid.has_value() == error.empty(), "a result and an error, or neither: " + error);
  if (!grid) {
    require(error.rfind("f.map:", 0) == 0 && error.size() < 300, "error too long: " + error);
    return;
  }
  require(Grid::validateSize(grid->width(), grid->height()).empty(), "a grid beyond the limits");
  // What was read writes back as a map that reads the same.
  std::string again = "type octile\nheight " + std::to_string(grid->height()) + "\nwidth " +
                      std::to_string(grid->width()) + "\nmap\n";
  for (int y = 0; y < grid->height(); ++y) {
    for (int x = 0; x < grid->width(); ++x) again += grid->get(x, y) == 0 ? '.' : '@';
    again += '\n';
  }
  std::istringstream in2(again);
  const auto reread = movingai::readMap(in2, "again.map", error);
  require(reread.has_value(), "a map written back does not read: " + error);
  for (int y = 0; y < grid->height(); ++y)
    for (int x = 0; x < grid->width(); ++x)
      require(reread->get(x, y) == grid->get(x, y), "a map written back reads differently");
}

void checkScenario(const std::string& text) {
  std::istringstream in(text);
  std::string error;
  const auto problems = movingai::readScenario(in, "f.scen", error);
  require(problems.has_value() == error.empty(), "a result and an error, or neither: " + error);
  if (!problems) {
    require(error.rfind("f.scen:", 0) == 0 && error.size() < 300, "error too long: " + error);
    return;
  }
  int lastLine = 0;
  for (const movingai::Problem& p : *problems) {
    require(p.line > lastLine, "problem lines out of order");
    lastLine = p.line;
    require(p.mapWidth >= 1 && p.mapHeight >= 1 && p.mapWidth <= Grid::kMaxSide &&
                p.mapHeight <= Grid::kMaxSide,
            "a map size beyond the limits");
    require(p.startX >= 0 && p.startX < p.mapWidth && p.goalX >= 0 && p.goalX < p.mapWidth &&
                p.startY >= 0 && p.startY < p.mapHeight && p.goalY >= 0 && p.goalY < p.mapHeight,
            "a problem outside its map");
    require(std::isfinite(p.optimal) && p.optimal >= 0, "a non-finite or negative length");
    require(!p.map.empty(), "an empty map name");
  }
  const Grid grid(4, 3);
  const std::string mismatch = movingai::checkScenarioMap(*problems, "f.scen", "x/f.map", grid);
  require(mismatch.empty() || mismatch.rfind("f.scen:", 0) == 0, "a mismatch not naming the file");
}

}  // namespace

// The first byte chooses the reader; the rest is the file.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1)
    checkScenario(text);
  else
    checkMap(text);
  return 0;
}
