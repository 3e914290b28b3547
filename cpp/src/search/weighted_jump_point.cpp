// Jump point search on a weighted square grid (a step costs its length times the cost of the
// cell entered), for 8 neighbours without corner cutting and for 4 neighbours; the same costs
// as A*. The idea is JPSW's (Carlson, Harabor, Stuckey et al., "JPSW: Symmetry Breaking for
// Weighted Grids", 2023), in a simpler form:
//
// A passable cell is mixed when the passable cells of its 3 x 3 neighbourhood do not all cost
// the same (Grid::prepareMixed). Around a cell that is not mixed the ground is uniform, and
// every argument of uniform jump point search's pruning (a neighbour reached at least as
// cheaply from the cell before, through the other cells of the 3 x 3) compares ways through
// those cells only: it holds with the step costs scaled by that one cost. So the runs scan as
// uniform JPS's do (jump_point.cpp, block-based, 56 cells a time) and stop also at the first
// mixed cell, which becomes a jump point; a mixed node (and the start) is expanded in every
// direction. The cells a run passes before its stop are not mixed, so they and the stop cost
// the same (the stop is their neighbour): a run of n steps costs n step lengths times the
// stop's cost, which the path walk computes again alike.
//
// The online pruning is jump_point.cpp's: a diagonal (4 neighbours: vertical) run pushes what
// the straight runs from its cells find, and writes down the corners where they found something
// as markers (seen, with their cost and step), going on to its end. Every node or marker is then
// one straight or diagonal run from a cell seen before it, and the walk goes back along each
// one's step to the first seen cell whose cost plus the run's is no more than its own.
#include <algorithm>
#include <cmath>

#include "search/block_scan.hpp"
#include "search/search_run.hpp"

namespace tilepath {
namespace {

// What a run of `steps` steps of one kind costs, into cells costing `cost`.
double runCost(double cost, int steps, bool diagonal) {
  return cost * runLength(steps, diagonal);
}

// The straight runs stop also at mixed cells (BlockJumper's kMixed).
class WeightedJumper : public BlockJumper<WeightedJumper, true> {
 public:
  explicit WeightedJumper(SearchRun& run) : BlockJumper(run) {}

 private:
  friend class BlockJumper<WeightedJumper, true>;

  // Straight on from (x, y), reached at g: pushes the jump point found. True if there was one.
  template <int DX, int DY>
  TILEPATH_HOT bool pushStraight(int x, int y, double g) {
    const Stop stop = scan<DX, DY>(x, y);
    if (!stop.jumpPoint) return false;
    const int run = DX != 0 ? (stop.at - x) * DX : (stop.at - y) * DY;
    const int jx = x + DX * run, jy = y + DY * run;
    const int32_t j = grid_.index(jx, jy);
    push(j, jx, jy, g + runCost(grid_.cellCost(j), run, false), stepNumber(DX, DY));
    return true;
  }
  // 4 neighbours: a vertical run ends (a jump point) at the goal or a mixed cell; at each other
  // cell the horizontal runs push what they find (turnAt).
  template <int DY>
  void jumpVertical(int x, int y, double g) {
    for (int k = 1;; ++k) {
      y += DY;
      if (!free(x, y)) return;
      const int32_t i = grid_.index(x, y);
      const double cornerG = g + runCost(grid_.cellCost(i), k, false);
      if ((x == goalX_ && y == goalY_) || grid_.mixed(x, y)) {
        push(i, x, y, cornerG, stepNumber(0, DY));
        return;
      }
      if (turnAt<1, 0, -1, 0>(i, x, y, cornerG, stepNumber(0, DY))) return;
    }
  }

  // 8 neighbours, noCorners: the same along a diagonal, with its two straight runs.
  template <int DX, int DY>
  void jumpDiagonal(int x, int y, double g) {
    for (int k = 1;; ++k) {
      if (!free(x + DX, y) || !free(x, y + DY) || !free(x + DX, y + DY)) return;
      x += DX;
      y += DY;
      const int32_t i = grid_.index(x, y);
      const double cornerG = g + runCost(grid_.cellCost(i), k, true);
      if ((x == goalX_ && y == goalY_) || grid_.mixed(x, y)) {
        push(i, x, y, cornerG, stepNumber(DX, DY));
        return;
      }
      if (turnAt<DX, 0, 0, DY>(i, x, y, cornerG, stepNumber(DX, DY))) return;
    }
  }

  // Online pruning (as jump_point.cpp's): the corner i of a turning run, reached at cornerG,
  // pushes what its straight runs (AX, AY) and (BX, BY) find; where they found something, the
  // corner is marked or pushed (BlockJumper::markOrPush). True where the run ends.
  template <int AX, int AY, int BX, int BY>
  TILEPATH_HOT bool turnAt(int32_t i, int x, int y, double cornerG, int step) {
    const bool a = pushStraight<AX, AY>(x, y, cornerG);
    const bool b = pushStraight<BX, BY>(x, y, cornerG);
    if (!a && !b) return false;
    return markOrPush(i, x, y, cornerG, step);
  }

  // A marker (BlockJumper::marker) stands for an open cell: a cheaper way opens it afresh.
  TILEPATH_HOT void push(int32_t i, int x, int y, double g, int step) {
    if (!marker(i))
      run_.offer(i, x, y, g, step);
    else if (g < run_.costOf(i))
      run_.open(i, x, y, g, step);
  }
};

// The directions a mixed node (x, y) reached from its neighbour (px, py) need not go on in: those
// whose first cell n the cells around it reach strictly more cheaply from (px, py) than through
// (x, y) (a way through the 3 x 3 but not its centre, as JPSW prunes). No optimal path then takes
// (px, py), (x, y), n: (x, y)'s cost is the least there is, and (px, py)'s at most that less the
// step. As bits of the step numbers (kStepX, kStepY). Only strictly dearer ways are pruned (with a
// margin against rounding), so ties keep both.
uint32_t dominatedSteps(const Grid& grid, bool fourWay, int x, int y, int px, int py) {
  const uint32_t open = grid.around(x, y);  // bit 3 * (dy + 1) + (dx + 1)
  double cost[9];
  for (int k = 0; k < 9; ++k)
    cost[k] = open >> k & 1 ? grid.cellCost(grid.index(x + k % 3 - 1, y + k / 3 - 1)) : 0.0;
  const auto at = [](int dx, int dy) { return 3 * (dy + 1) + (dx + 1); };
  const int from = at(px - x, py - y);
  // A plain Dijkstra over the ring of 8 cells, from (px, py).
  double dist[9];
  bool done[9] = {};
  std::fill(std::begin(dist), std::end(dist), kInf);
  dist[from] = 0;
  done[4] = true;  // the centre is not on the other ways
  for (;;) {
    int a = -1;
    for (int k = 0; k < 9; ++k)
      if (!done[k] && std::isfinite(dist[k]) && (a < 0 || dist[k] < dist[a])) a = k;
    if (a < 0) break;
    done[a] = true;
    const int ax = a % 3 - 1, ay = a / 3 - 1;
    for (int d = 0; d < (fourWay ? 4 : 8); ++d) {
      const int bx = ax + kStepX[d], by = ay + kStepY[d];
      if (bx < -1 || bx > 1 || by < -1 || by > 1) continue;
      const int b = at(bx, by);
      if (done[b] || !(open >> b & 1)) continue;
      const bool diagonal = kStepX[d] != 0 && kStepY[d] != 0;
      // Without corner cutting, a diagonal step needs both cells beside it open.
      if (diagonal && !((open >> at(bx, ay) & 1) && (open >> at(ax, by) & 1))) continue;
      dist[b] = std::min(dist[b], dist[a] + (diagonal ? kDiagonalStep : 1.0) * cost[b]);
    }
  }
  const bool arrivedDiagonally = px != x && py != y;
  const double toCentre = (arrivedDiagonally ? kDiagonalStep : 1.0) * cost[4];
  uint32_t pruned = 0;
  for (int d = 0; d < (fourWay ? 4 : 8); ++d) {
    const int n = at(kStepX[d], kStepY[d]);
    const bool diagonal = kStepX[d] != 0 && kStepY[d] != 0;
    const double via = toCentre + (diagonal ? kDiagonalStep : 1.0) * cost[n];
    if (n == from || dist[n] < via - 1e-9 * via) pruned |= 1u << d;
  }
  return pruned;
}

}  // namespace

void runWeightedJumpPoint(SearchRun& run) {
  const Grid& grid = run.grid;
  grid.prepareMixed();
  const bool fourWay = run.options.diagonal == Diagonal::Never;
  WeightedJumper jumper(run);
  run.settleEach([&](int32_t current, int x, int y, double g) {
    // The start: every direction. A mixed cell: every direction the cells around it do not
    // reach more cheaply from the cell before it (the run's last step).
    if (current == run.start) {
      for (int d = 0; d < (fourWay ? 4 : 8); ++d) jumper.jump(x, y, g, kStepX[d], kStepY[d]);
      return;
    }
    const int step = run.arrivalStep(current);
    const int dx = kStepX[step], dy = kStepY[step];
    if (grid.mixed(x, y)) {
      const uint32_t pruned = dominatedSteps(grid, fourWay, x, y, x - dx, y - dy);
      for (int d = 0; d < (fourWay ? 4 : 8); ++d)
        if (!(pruned >> d & 1)) jumper.jump(x, y, g, kStepX[d], kStepY[d]);
      return;
    }
    if (turningStep(fourWay, step)) {
      // Diagonal (4 neighbours: vertical): a corner whose straight runs were pushed with it;
      // its run goes on.
      jumper.jump(x, y, g, dx, dy);
    } else if (fourWay) {  // horizontal: on, and up or down where the turn is forced
      jumper.jump(x, y, g, dx, 0);
      for (int s = -1; s <= 1; s += 2)
        if (jumper.free(x, y + s) && !jumper.free(x - dx, y + s)) jumper.jump(x, y, g, 0, s);
    } else if (dx != 0) {
      jumper.jump(x, y, g, dx, 0);
      for (int s = -1; s <= 1; s += 2)
        if (jumper.free(x, y + s) && !jumper.free(x - dx, y + s)) {
          jumper.jump(x, y, g, 0, s);
          jumper.jump(x, y, g, dx, s);
        }
    } else {
      jumper.jump(x, y, g, 0, dy);
      for (int s = -1; s <= 1; s += 2)
        if (jumper.free(x + s, y) && !jumper.free(x + s, y - dy)) {
          jumper.jump(x, y, g, s, 0);
          jumper.jump(x, y, g, s, dy);
        }
    }
  });
}

// Each node arrived by one run along its step from a cell seen before it, at that cell's cost
// plus runCost(the node's cost, steps): the walk goes back along the step to the first seen
// cell for which that sum is no more than the node's cost (the same sum as the jump's, so
// equal for the cell it was pushed from; less for a cell of the run reached more cheaply since,
// whose own way back is then no dearer).
bool walkWeightedJumpPoints(const SearchRun& run, int32_t cell, std::vector<int32_t>& path) {
  const Grid& grid = run.grid;
  const int w = run.width;
  path.push_back(cell / w);
  path.push_back(cell % w);
  while (cell != run.start) {
    const int step = run.arrivalStep(cell);
    const bool diagonal = step >= 4;
    const int sx = kStepX[step], sy = kStepY[step];
    const double leftFrom = run.costSoFar(cell), cost = grid.cellCost(cell);
    int x = cell % w, y = cell / w;
    int32_t i = cell;
    for (int walked = 1;; ++walked) {
      x -= sx;
      y -= sy;
      i -= run.stepOffset[step];
      const bool isStart = i == run.start;
      if (!grid.open(x, y) && !isStart) return false;
      if (diagonal && (!grid.open(x + sx, y) || !grid.open(x, y + sy))) return false;
      path.push_back(y);
      path.push_back(x);
      if (run.seen(i) && run.costSoFar(i) + runCost(cost, walked, diagonal) <= leftFrom) break;
    }
    cell = i;
  }
  return true;
}

}  // namespace tilepath
