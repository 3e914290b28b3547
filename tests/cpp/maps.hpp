// Small maps drawn as strings for the tests: '.' class 0 (walkable, cost 1), '#' class 1
// (blocked), '2'..'9' classes 2..9 (blocked until a test gives them a cost).
#pragma once

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"

namespace tilepath::testing {

inline Grid drawn(std::initializer_list<std::string> rows) {
  const int height = static_cast<int>(rows.size());
  const int width = static_cast<int>(rows.begin()->size());
  Grid grid(width, height);
  int y = 0;
  for (const std::string& row : rows) {
    for (int x = 0; x < width; ++x) {
      const char c = row[x];
      grid.set(x, y, c == '.' ? 0 : c == '#' ? 1 : static_cast<uint8_t>(c - '0'));
    }
    ++y;
  }
  return grid;
}

// The path as "x,y x,y ..." for readable expectations.
inline std::string pathText(const std::vector<int32_t>& path) {
  std::string s;
  for (std::size_t k = 0; k + 1 < path.size(); k += 2) {
    if (!s.empty()) s += ' ';
    s += std::to_string(path[k]) + "," + std::to_string(path[k + 1]);
  }
  return s;
}

}  // namespace tilepath::testing

namespace tilepath::testing {

// Independent check of a cell-by-cell path: every step moves to a passable neighbour allowed by
// `rule`; returns the summed cost, or -1 with the reason in `why`.
inline double legalPathCost(const Grid& grid, Diagonal rule, const std::vector<int32_t>& path,
                            std::string& why) {
  double cost = 0;
  for (std::size_t k = 2; k + 1 < path.size(); k += 2) {
    const int px = path[k - 2], py = path[k - 1], x = path[k], y = path[k + 1];
    const int dx = x - px, dy = y - py;
    const std::string at = " at step " + std::to_string(k / 2);
    if (!grid.passable(x, y)) return why = "enters a blocked cell" + at, -1;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return why = "jumps" + at, -1;
    if (dx != 0 && dy != 0) {
      const bool a = grid.passable(px + dx, py), b = grid.passable(px, py + dy);
      const bool ok = rule == Diagonal::NoCorners     ? a && b
                      : rule == Diagonal::OneObstacle ? a || b
                                                      : rule == Diagonal::Always;
      if (!ok) return why = "cuts a corner" + at, -1;
    }
    cost += (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0) * grid.cellCost(grid.index(x, y));
  }
  return cost;
}

}  // namespace tilepath::testing
