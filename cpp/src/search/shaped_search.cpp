// A*, Dijkstra and BFS on staggered and hexagonal grids: the same open list, budgets, partial
// paths and trace as the square search (search_run.hpp), with the shape's neighbours
// (shapes.hpp). The square loop (best_first.cpp) stays as it is for orthogonal grids.
#include "map/shapes.hpp"
#include "search/search_run.hpp"

namespace tilepath {
namespace {

template <bool kUnitCost>
void expandShaped(SearchRun& run) {
  const ShapeSteps& s = *run.shape;
  const Grid& grid = run.grid;
  // Hexagonal grids have no diagonal steps: the rule is not consulted there.
  const Diagonal rule = run.options.diagonal;
  run.settleEach([&](int32_t, int x, int y, double g) {
    forEachShapedStep(grid, s, rule, x, y, false, [&](int32_t next, int nx, int ny, int d) {
      const double cost = kUnitCost ? 1.0 : grid.cellCost(next);
      run.offer(next, nx, ny, g + (d < s.straight ? 1.0 : kDiagonalStep) * cost, d);
    });
  });
}

}  // namespace

void runShaped(SearchRun& run) {
  if (run.unitCost)
    expandShaped<true>(run);
  else
    expandShaped<false>(run);
}

// Staggered grids: the square heuristic in the turned grid's axes. Hexagonal: the hex distance,
// whatever heuristic was asked for (it is the exact distance on an open hex grid).
double SearchRun::shapedGoalDistance(int x, int y) const {
  int a, b;
  shape->separation(x, y, goalX, goalY, a, b);
  return shape->shape.hexagonal() ? a : distance(heuristicKind, a, b);
}

int shapedFacing(const ShapeSteps& s, int x, int y, int tx, int ty) {
  if (x == tx && y == ty) return -1;
  const int next = s.stepBetween(x, y, tx, ty);
  if (next >= 0) return next;
  // Not a neighbour (a partial path's end): the step pointing most nearly at the goal, on the
  // half-tile lattice.
  int X, Y, TX, TY;
  s.lattice(x, y, X, Y);
  s.lattice(tx, ty, TX, TY);
  const int p = s.parity(x, y);
  int bestStep = 0;
  double bestCos = -2;
  for (int d = 0; d < s.count; ++d) {
    int SX, SY;
    s.lattice(x + s.dx[p][d], y + s.dy[p][d], SX, SY);
    const double ux = SX - X, uy = SY - Y, vx = TX - X, vy = TY - Y;
    const double c = (ux * vx + uy * vy) / std::sqrt((ux * ux + uy * uy) * (vx * vx + vy * vy));
    if (c > bestCos) {
      bestCos = c;
      bestStep = d;
    }
  }
  return bestStep;
}

}  // namespace tilepath
