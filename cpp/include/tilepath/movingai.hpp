// Reading Moving AI benchmark files (.map and .scen), for the CLI, the tests and the benchmarks.
// The readers trust nothing in the file: every line is read with a bounded length, every number
// strictly, and every error names the file, the line and the field, quoting at most a short
// prefix of what it found.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tilepath/grid.hpp"

namespace tilepath::movingai {

struct Problem {
  int line;  // in the scenario file, for messages
  int bucket;
  std::string map;  // the map's file name as the scenario gives it (may start with folders)
  int mapWidth, mapHeight;
  int startX, startY, goalX, goalY;
  double optimal;       // octile length, no corner cutting; finite
  double printedError;  // half a unit of the last digit printed (some files print 2 decimals)
};

// `.`, `G`, `S` become class 0 (passable by default); `@`, `O`, `T`, `W` class 1 (blocked).
// Any other character, a row longer or shorter than the width, or text after the last row is an
// error. On failure returns nothing and sets `error`, which starts with `name`.
std::optional<Grid> readMap(std::istream& in, const std::string& name, std::string& error);
std::optional<std::vector<Problem>> readScenario(std::istream& in, const std::string& name,
                                                 std::string& error);
// The same, from files (`path` names them in errors).
std::optional<Grid> loadMap(const std::string& path, std::string& error);
std::optional<std::vector<Problem>> loadScenario(const std::string& path, std::string& error);

// Empty when every problem is for this map: the same file name (folders aside) and size. Else
// names the first problem's line that is not.
std::string checkScenarioMap(const std::vector<Problem>& problems, const std::string& scenarioName,
                             const std::string& mapPath, const Grid& grid);

// Strict decimal numbers: the whole text, nothing before or after, no hex, `inf` or `nan`.
// parseInteger also refuses values outside `long long`; parseNumber refuses non-finite ones.
bool parseInteger(std::string_view text, long long& out);
bool parseNumber(std::string_view text, double& out);

// The folder named by TILEPATH_MOVINGAI, else `fallback`.
std::string dataFolder(const std::string& fallback);

// |cost - optimal| within 1e-3 x max(1, optimal), the benchmark's usual tolerance, or within the
// rounding of the printed length: AR0011SR's file prints 3.41 for 2 + sqrt(2) = 3.41421.
// Never true for a non-finite optimal length.
bool matchesOptimal(double cost, const Problem& problem);

}  // namespace tilepath::movingai
