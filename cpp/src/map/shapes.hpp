// Internal: the neighbours and distances of staggered and hexagonal grids (tilepath/shape.hpp),
// for the shaped search (shaped_search.cpp), the path walk-back, and the fields.
//
// Both shapes are laid out as Tiled draws them. Put each cell on a "half-tile lattice": with
// stagger axis y, cell (x, y) sits at X = 2x + shifted(y), Y = y (X in half tile widths); with
// axis x at X = x, Y = 2y + shifted(x). A step is a fixed move on that lattice; which cell it
// lands on depends on whether the row (column) it starts from is shifted, so each shape has a
// table of cell offsets per parity.
//   staggered (diamonds): the four edge-sharing tiles at (+-1, +-1) are straight steps, the four
//     corner-sharing ones at (+-2, 0) and (0, +-2) diagonal steps, whose side cells are the two
//     edge-sharing tiles between them.
//   hexagonal, axis y: (+-2, 0) and (+-1, +-1); axis x: (0, +-2) and (+-1, +-1). All straight.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/shape.hpp"

namespace tilepath {

struct ShapeSteps {
  int count = 0;     // steps: 8 on staggered grids, 6 on hexagonal ones
  int straight = 0;  // steps [0, straight) have length 1, the others sqrt 2
  bool axisX = false;
  GridShape shape;
  // Cell offset of each step, by the parity of the cell stepped from (1 = shifted).
  int8_t dx[2][8] = {}, dy[2][8] = {};
  // The two straight steps beside each diagonal one (its side cells), -1 for straight steps.
  int8_t sideA[8] = {}, sideB[8] = {};

  // The steps of a staggered or hexagonal shape.
  static const ShapeSteps& of(const GridShape& shape);

  int parity(int x, int y) const { return shape.shifted(axisX ? x : y) ? 1 : 0; }
  // Step d taken backwards is step d ^ 1 (the tables list each direction beside its opposite).
  static int opposite(int d) { return d ^ 1; }
  double length(int d) const { return d < straight ? 1.0 : Grid::kSqrt2; }

  // The cell's place on the half-tile lattice.
  void lattice(int x, int y, int& X, int& Y) const {
    if (axisX) {
      X = x;
      Y = 2 * y + (shape.shifted(x) ? 1 : 0);
    } else {
      X = 2 * x + (shape.shifted(y) ? 1 : 0);
      Y = y;
    }
  }
  // Steps between two cells on an empty grid, as the two counts a square heuristic takes:
  // staggered grids in the turned square grid's axes; hexagonal grids as (hex distance, 0).
  void separation(int x0, int y0, int x1, int y1, int& a, int& b) const {
    int X0, Y0, X1, Y1;
    lattice(x0, y0, X0, Y0);
    lattice(x1, y1, X1, Y1);
    const int dX = std::abs(X1 - X0), dY = std::abs(Y1 - Y0);
    if (shape.staggered()) {
      a = std::abs((X1 + Y1) - (X0 + Y0)) / 2;
      b = std::abs((X1 - Y1) - (X0 - Y0)) / 2;
    } else if (axisX) {
      a = dX + (dY > dX ? (dY - dX) / 2 : 0);
      b = 0;
    } else {
      a = dY + (dX > dY ? (dX - dY) / 2 : 0);
      b = 0;
    }
  }
  // The step from (x, y) to a neighbouring (tx, ty), -1 if they are not neighbours.
  int stepBetween(int x, int y, int tx, int ty) const {
    const int p = parity(x, y);
    for (int d = 0; d < count; ++d)
      if (x + dx[p][d] == tx && y + dy[p][d] == ty) return d;
    return -1;
  }
};

// The step from (x, y) to take towards (tx, ty): the one onto it when it is a neighbour, else
// the one pointing most nearly at it; -1 when they are the same cell.
int shapedFacing(const ShapeSteps& s, int x, int y, int tx, int ty);

// Calls fn(nextIndex, nextX, nextY, step) for each step out of (x, y) (which may itself be
// blocked) under the diagonal rule: onto a passable cell inside the grid, a diagonal step only
// if its side cells allow it. With `anyTarget` the cell stepped onto may be blocked (the flow
// field's reversed steps, where the blocked cell is the one stepping out).
template <typename Fn>
void forEachShapedStep(const Grid& grid, const ShapeSteps& s, Diagonal rule, int x, int y,
                       bool anyTarget, Fn&& fn) {
  const int p = s.parity(x, y);
  bool open[8];
  for (int d = 0; d < s.count; ++d) open[d] = grid.passable(x + s.dx[p][d], y + s.dy[p][d]);
  for (int d = 0; d < s.count; ++d) {
    const int nx = x + s.dx[p][d], ny = y + s.dy[p][d];
    if (!(anyTarget ? grid.inside(nx, ny) : open[d])) continue;
    if (d >= s.straight) {
      const bool a = open[s.sideA[d]], b = open[s.sideB[d]];
      const bool allowed = rule == Diagonal::Always        ? true
                           : rule == Diagonal::OneObstacle ? a || b
                           : rule == Diagonal::NoCorners   ? a && b
                                                           : false;
      if (!allowed) continue;
    }
    fn(grid.index(nx, ny), nx, ny, d);
  }
}

}  // namespace tilepath
