// Reading Moving AI benchmark files (.map and .scen), for the CLI, the tests and the benchmarks.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tilepath/grid.hpp"

namespace tilepath::movingai {

struct Problem {
  int bucket;
  int startX, startY, goalX, goalY;
  double optimal;       // octile length, no corner cutting
  double printedError;  // half a unit of the last digit printed (some files print 2 decimals)
};

// `.`, `G`, `S` become class 0 (passable by default); everything else class 1 (blocked).
// On failure returns nothing and sets `error`.
std::optional<Grid> loadMap(const std::string& path, std::string& error);
std::optional<std::vector<Problem>> loadScenario(const std::string& path, std::string& error);

// The folder named by TILEPATH_MOVINGAI, else `fallback`.
std::string dataFolder(const std::string& fallback);

// |cost - optimal| within 1e-3 x max(1, optimal), the benchmark's usual tolerance, or within the
// rounding of the printed length: AR0011SR's file prints 3.41 for 2 + sqrt(2) = 3.41421.
bool matchesOptimal(double cost, const Problem& problem);

}  // namespace tilepath::movingai
