#include "tilepath/smoothing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tilepath {

double lineCost(const Grid& grid, Diagonal rule, int x0, int y0, int x1, int y1) {
  // Walk every cell the segment touches. `error` compares how far the line has gone in x and
  // in y (scaled by 2 so cell centres sit on integers); zero means it crosses a vertex.
  const int dx = std::abs(x1 - x0), dy = std::abs(y1 - y0);
  const int stepX = x1 > x0 ? 1 : -1, stepY = y1 > y0 ? 1 : -1;
  int x = x0, y = y0;
  int error = dx - dy;
  double dearest = 0;
  auto enter = [&](int cx, int cy) {
    if (!grid.passable(cx, cy)) return false;
    dearest = std::max(dearest, grid.cellCost(grid.index(cx, cy)));
    return true;
  };
  for (int remaining = dx + dy; remaining > 0;) {
    if (error > 0) {
      x += stepX;
      error -= 2 * dy;
      --remaining;
    } else if (error < 0) {
      y += stepY;
      error += 2 * dx;
      --remaining;
    } else {
      const bool sideA = grid.passable(x + stepX, y), sideB = grid.passable(x, y + stepY);
      const bool allowed = rule == Diagonal::Never         ? sideA && sideB
                           : rule == Diagonal::NoCorners   ? sideA && sideB
                           : rule == Diagonal::OneObstacle ? sideA || sideB
                                                           : true;
      if (!allowed) return 0;
      x += stepX;
      y += stepY;
      error += 2 * dx - 2 * dy;
      remaining -= 2;
    }
    if (!enter(x, y)) return 0;
  }
  return std::hypot(static_cast<double>(x1 - x0), static_cast<double>(y1 - y0)) * dearest;
}

double smoothPath(const Grid& grid, Diagonal rule, const std::vector<int32_t>& path,
                  std::vector<int32_t>& out, std::vector<double>& scratch) {
  const std::size_t n = path.size() / 2;
  out.clear();
  if (n == 0) return 0;
  // prefix[k]: cost of the path up to its k-th cell, to compare a shortcut with what it skips.
  std::vector<double>& prefix = scratch;
  prefix.assign(n, 0.0);
  for (std::size_t k = 1; k < n; ++k)
    prefix[k] = prefix[k - 1] +
                grid.stepCost(path[2 * k - 2], path[2 * k - 1], path[2 * k], path[2 * k + 1]);
  out.push_back(path[0]);
  out.push_back(path[1]);
  double total = 0;
  std::size_t anchor = 0;
  while (anchor + 1 < n) {
    std::size_t reach = anchor + 1;
    double reachCost = prefix[reach] - prefix[anchor];
    for (std::size_t k = anchor + 2; k < n; ++k) {
      const double c = lineCost(grid, rule, path[2 * anchor], path[2 * anchor + 1], path[2 * k],
                                path[2 * k + 1]);
      const double skipped = prefix[k] - prefix[anchor];
      if (c == 0 || c > skipped + 1e-9 * skipped) break;
      reach = k;
      reachCost = c;
    }
    out.push_back(path[2 * reach]);
    out.push_back(path[2 * reach + 1]);
    total += reachCost;
    anchor = reach;
  }
  return total;
}

}  // namespace tilepath
