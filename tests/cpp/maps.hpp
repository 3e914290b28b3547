// Small maps drawn as strings for the tests: '.' class 0 (walkable, cost 1), '#' class 1
// (blocked), '2'..'9' classes 2..9 (blocked until a test gives them a cost).
#pragma once

#include <dirent.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"

namespace tilepath::testing {

// Each cell a wall (class 1) with probability `share`, else class 0, drawn in index order.
inline void scatterWalls(Grid& grid, std::mt19937& rng, double share) {
  std::uniform_real_distribution<double> unit(0, 1);
  for (int i = 0; i < grid.size(); ++i) grid.data()[i] = unit(rng) < share ? 1 : 0;
  grid.cellsChanged();
}

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

// Cost from (sx, sy) to every cell, walking as findPath walks: into passable cells only, a
// diagonal judged by its two side cells, a step paying its length x the cost of the cell entered.
inline std::vector<double> referenceFrom(const Grid& grid, Diagonal rule, int sx, int sy) {
  std::vector<double> dist(grid.size(), std::numeric_limits<double>::infinity());
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  dist[grid.index(sx, sy)] = 0;
  open.push({0, grid.index(sx, sy)});
  while (!open.empty()) {
    auto [d, c] = open.top();
    open.pop();
    if (d > dist[c]) continue;
    const int x = c % grid.width(), y = c / grid.width();
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if ((dx == 0 && dy == 0) || !grid.passable(x + dx, y + dy)) continue;
        if (dx != 0 && dy != 0) {
          const bool a = grid.passable(x + dx, y), b = grid.passable(x, y + dy);
          if (rule == Diagonal::Never || (rule == Diagonal::NoCorners && !(a && b)) ||
              (rule == Diagonal::OneObstacle && !(a || b)))
            continue;
        }
        const int n = grid.index(x + dx, y + dy);
        const double nd = d + (dx && dy ? std::sqrt(2.0) : 1.0) * grid.cellCost(n);
        if (nd < dist[n]) open.push({dist[n] = nd, n});
      }
  }
  return dist;
}

// The names of the Moving AI maps (files ending in .map) in `folder`, sorted; none when the
// folder cannot be read.
inline std::vector<std::string> movingaiMapNames(const std::string& folder) {
  std::vector<std::string> names;
  DIR* dir = opendir(folder.c_str());
  if (!dir) return names;
  while (dirent* e = readdir(dir)) {
    std::string n = e->d_name;
    if (n.size() > 4 && n.compare(n.size() - 4, 4, ".map") == 0) names.push_back(n);
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace tilepath::testing
