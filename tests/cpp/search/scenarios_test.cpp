// The scenario table (tests/scenarios/scenarios.txt, written by tests/scenarios/generate.mjs
// from its own Dijkstra) through the native Searcher: every drawn map (square, hexagonal,
// staggered) under every algorithm and corner rule gives the status and cost the table states.
// node:test runs the same table through wasm and the workers (tests/js/core/scenarios.test.mjs).

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tilepath/footprints.hpp"
#include "tilepath/searcher.hpp"
#include "tilepath/shape.hpp"

using namespace tilepath;

namespace {

struct Scenario {
  std::string name;
  std::vector<std::string> rows;
  std::map<int, double> costs;
  int find[4] = {0, 0, 0, 0};
  std::map<std::string, std::string> options;
  std::map<std::string, std::string> shape;
  std::string status;
  double cost = 0;
};

double number(const std::string& text) {
  return text == "inf" ? std::numeric_limits<double>::infinity() : std::stod(text);
}

std::vector<Scenario> readScenarios(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<Scenario> out;
  std::string line;
  bool open = false;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') {
      open = false;
      continue;
    }
    if (!open) out.emplace_back();
    open = true;
    Scenario& s = out.back();
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word == "name") {
      std::getline(words >> std::ws, s.name);
    } else if (word == "row") {
      words >> s.rows.emplace_back();
    } else if (word == "find") {
      for (int& v : s.find) words >> v;
    } else if (word == "expect") {
      std::string cost;
      words >> s.status >> cost;
      s.cost = number(cost);
    } else if (word == "costs" || word == "options" || word == "shape") {
      std::string pair;
      while (words >> pair) {
        const auto eq = pair.find('=');
        const std::string key = pair.substr(0, eq), value = pair.substr(eq + 1);
        if (word == "costs")
          s.costs[std::stoi(key)] = number(value);
        else
          (word == "options" ? s.options : s.shape)[key] = value;
      }
    } else {
      FAIL("scenarios.txt: unknown line " << line);
    }
  }
  return out;
}

SearchOptions optionsOf(const Scenario& s) {
  SearchOptions o;
  for (const auto& [key, value] : s.options) {
    bool known = true;
    if (key == "algorithm")
      known = parseAlgorithm(value, o.algorithm);
    else if (key == "diagonal")
      known = parseDiagonal(value, o.diagonal);
    else if (key == "heuristic")
      known = parseHeuristic(value, o.heuristic);
    else if (key == "goal")
      known = parseGoalMode(value, o.goal);
    else if (key == "partial")
      o.partial = value == "true";
    else if (key == "maxExpansions")
      o.maxExpansions = static_cast<uint32_t>(std::stoul(value));
    else if (key == "unitSize")
      o.unitSize = std::stoi(value);
    else
      known = false;
    INFO(s.name << ": option " << key << "=" << value);
    REQUIRE(known);
  }
  return o;
}

// The value of `names` that `name` is, by its index.
template <typename Enum, std::size_t N>
Enum named(const std::string_view (&names)[N], const std::string& name) {
  for (std::size_t k = 0; k < N; ++k)
    if (names[k] == name) return static_cast<Enum>(k);
  FAIL("scenarios.txt: unknown shape value " << name);
  return Enum{};
}

GridShape shapeOf(const Scenario& s) {
  GridShape shape;
  for (const auto& [key, value] : s.shape) {
    if (key == "orientation")
      shape.orientation = named<Orientation>(kOrientationNames, value);
    else if (key == "staggerAxis")
      shape.staggerAxis = named<StaggerAxis>(kStaggerAxisNames, value);
    else if (key == "staggerIndex")
      shape.staggerIndex = named<StaggerIndex>(kStaggerIndexNames, value);
    else
      FAIL("scenarios.txt: unknown shape field " << key);
  }
  return shape;
}

Grid gridOf(const Scenario& s) {
  Grid grid(static_cast<int>(s.rows[0].size()), static_cast<int>(s.rows.size()), shapeOf(s));
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const char c = s.rows[y][x];
      grid.set(x, y, c == '.' ? 0 : c == '#' ? 1 : static_cast<uint8_t>(c - '0'));
    }
  for (const auto& [cls, cost] : s.costs) REQUIRE(grid.setCost(cls, cost).empty());
  return grid;
}

}  // namespace

TEST_CASE("every scenario of the table gives its status and cost natively", "[scenarios]") {
  const std::vector<Scenario> table = readScenarios(TILEPATH_SCENARIOS);
  REQUIRE(table.size() > 500);  // the table was read, not skipped
  Searcher searcher;
  int checked = 0;
  for (const Scenario& s : table) {
    INFO(s.name);
    Grid grid = gridOf(s);
    const SearchOptions o = optionsOf(s);
    const auto& [sx, sy, gx, gy] = s.find;
    SearchResult r;
    if (o.unitSize > 1) {
      Footprints footprints(grid);
      r = searcher.find(footprints, sx, sy, gx, gy, o);
    } else {
      r = searcher.find(grid, sx, sy, gx, gy, o);
    }
    REQUIRE(r.ok());
    CHECK(kStatusNames[static_cast<int>(r.status)] == s.status);
    if (s.status != "none") CHECK(std::fabs(r.cost - s.cost) < 1e-9);
    ++checked;
  }
  CHECK(checked == static_cast<int>(table.size()));
}
