// The reference for staggered and hexagonal grids that the tests and the fuzz target hold the
// core against: its own neighbour rule (the cells Tiled draws next to each other, listed per
// shifted and unshifted row or column, not the core's half-tile lattice) and a plain Dijkstra.
// It reads cells through `open(x, y)` and `cost(x, y)` callbacks, so it needs no Grid.
#pragma once

#include <cmath>
#include <functional>
#include <queue>
#include <vector>

#include "tilepath/options.hpp"
#include "tilepath/shape.hpp"

namespace tilepath::testing {

struct Cell {
  int x, y;
};

inline bool shiftedLine(const GridShape& shape, int s) {
  const bool odd = (s % 2 + 2) % 2 == 1;
  return shape.staggerIndex == StaggerIndex::Odd ? odd : !odd;
}

// Tiles sharing an edge with (x, y): the six hex neighbours, or a staggered map's four
// edge-sharing diamonds. Shifted rows sit half a tile right (axis y), shifted columns half a
// tile lower (axis x).
inline std::vector<Cell> edgeNeighbours(const GridShape& shape, int x, int y) {
  const bool byRows = shape.staggerAxis == StaggerAxis::Y;
  const bool shifted = shiftedLine(shape, byRows ? y : x);
  std::vector<Cell> out;
  if (byRows) {
    const int left = shifted ? x : x - 1;  // the column of the upper-left and lower-left tile
    out = {{left, y - 1}, {left + 1, y - 1}, {left, y + 1}, {left + 1, y + 1}};
    if (shape.hexagonal()) {
      out.push_back({x - 1, y});
      out.push_back({x + 1, y});
    }
  } else {
    const int top = shifted ? y : y - 1;  // the row of the upper-left and upper-right tile
    out = {{x - 1, top}, {x - 1, top + 1}, {x + 1, top}, {x + 1, top + 1}};
    if (shape.hexagonal()) {
      out.push_back({x, y - 1});
      out.push_back({x, y + 1});
    }
  }
  return out;
}

// A staggered map's corner-sharing diamonds: left and right, above and below (two rows or
// columns away on the staggered axis, one cell away on the other).
inline std::vector<Cell> cornerNeighbours(const GridShape& shape, int x, int y) {
  if (!shape.staggered()) return {};
  if (shape.staggerAxis == StaggerAxis::Y) return {{x - 1, y}, {x + 1, y}, {x, y - 2}, {x, y + 2}};
  return {{x, y - 1}, {x, y + 1}, {x - 2, y}, {x + 2, y}};
}

inline bool sameCell(Cell a, Cell b) {
  return a.x == b.x && a.y == b.y;
}

struct Move {
  Cell to;
  double length;
};

// Where a unit on (x, y) may step: straight onto a passable edge neighbour; diagonally onto a
// passable corner neighbour when the rule allows it, judged on the two tiles next to both.
// `open(x, y)`: whether that cell is inside and passable.
inline std::vector<Move> referenceMoves(const GridShape& shape, Diagonal rule, int x, int y,
                                        const std::function<bool(int, int)>& open) {
  std::vector<Move> out;
  const std::vector<Cell> edges = edgeNeighbours(shape, x, y);
  for (Cell c : edges)
    if (open(c.x, c.y)) out.push_back({c, 1.0});
  for (Cell c : cornerNeighbours(shape, x, y)) {
    if (!open(c.x, c.y)) continue;
    std::vector<bool> sides;
    for (Cell a : edges)
      for (Cell b : edgeNeighbours(shape, c.x, c.y))
        if (sameCell(a, b)) sides.push_back(open(a.x, a.y));
    const bool ok = sides.size() == 2 && (rule == Diagonal::Always        ? true
                                          : rule == Diagonal::OneObstacle ? sides[0] || sides[1]
                                          : rule == Diagonal::NoCorners   ? sides[0] && sides[1]
                                                                          : false);
    if (ok) out.push_back({c, std::sqrt(2.0)});
  }
  return out;
}

// Cost from (sx, sy) to every cell of a width x height grid (infinity when unreachable); a step
// costs its length times `cost(x, y)` of the cell entered.
inline std::vector<double> referenceDijkstra(const GridShape& shape, Diagonal rule, int width,
                                             int height, int sx, int sy,
                                             const std::function<bool(int, int)>& open,
                                             const std::function<double(int, int)>& cost) {
  std::vector<double> dist(static_cast<std::size_t>(width) * height, INFINITY);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> frontier;
  dist[sy * width + sx] = 0;
  frontier.push({0, sy * width + sx});
  while (!frontier.empty()) {
    const auto [d, i] = frontier.top();
    frontier.pop();
    if (d > dist[i]) continue;
    for (const Move& m : referenceMoves(shape, rule, i % width, i / width, open)) {
      const int j = m.to.y * width + m.to.x;
      const double nd = d + m.length * cost(m.to.x, m.to.y);
      if (nd < dist[j]) {
        dist[j] = nd;
        frontier.push({nd, j});
      }
    }
  }
  return dist;
}

}  // namespace tilepath::testing
