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
#include <cstring>

#include "search/search_run.hpp"

namespace tilepath {
namespace {

bool turningStep(bool fourWay, int step) {
  return fourWay ? step == 2 || step == 3 : step >= 4;
}

// What a run of `steps` steps of one kind costs, into cells costing `cost`.
double runCost(double cost, int steps, bool diagonal) {
  return cost * runLength(steps, diagonal);
}

class WeightedJumper {
 public:
  explicit WeightedJumper(SearchRun& run)
      : run_(run),
        grid_(run.grid),
        goalX_(run.goalX),
        goalY_(run.goalY),
        fourWay_(run.options.diagonal == Diagonal::Never) {}

  bool free(int x, int y) const { return grid_.open(x, y); }

  // From node (x, y), reached at g, along (dx, dy): pushes the jump point found, if any.
  void jump(int x, int y, double g, int dx, int dy) {
    switch (stepNumber(dx, dy)) {
      case 0:
        pushStraight<1, 0>(x, y, g);
        break;
      case 1:
        pushStraight<-1, 0>(x, y, g);
        break;
      case 2:
        fourWay_ ? jumpVertical<1>(x, y, g) : void(pushStraight<0, 1>(x, y, g));
        break;
      case 3:
        fourWay_ ? jumpVertical<-1>(x, y, g) : void(pushStraight<0, -1>(x, y, g));
        break;
      case 4:
        jumpDiagonal<1, 1>(x, y, g);
        break;
      case 5:
        jumpDiagonal<-1, 1>(x, y, g);
        break;
      case 6:
        jumpDiagonal<1, -1>(x, y, g);
        break;
      default:
        jumpDiagonal<-1, -1>(x, y, g);
        break;
    }
  }

 private:
  // A straight run reads 56 cells at a time (as jump_point.cpp's scans, with the mixed bits as a
  // fourth line): it stops at the first cell that is blocked (no jump point), forced, mixed, or
  // the goal.
  struct Stop {
    int at;
    bool jumpPoint;
  };
  static constexpr int kBlock = 56;
  static uint64_t load(const unsigned char* p) {
    uint64_t v;
    std::memcpy(&v, p, sizeof v);  // little-endian: bit b is bit b % 8 of byte b / 8
    return v;
  }
  template <bool kColumn>
  const unsigned char* line(int across) const {
    return kColumn ? grid_.columnBits(across) : grid_.rowBits(across);
  }
  template <bool kColumn>
  const unsigned char* mixedLine(int across) const {
    return kColumn ? grid_.mixedColumnBits(across) : grid_.mixedRowBits(across);
  }
  template <bool kColumn>
  Stop scanForward(int along, int across) const {  // cells along + 1, along + 2, ...
    const int goalAlong = kColumn ? goalY_ : goalX_, goalAcross = kColumn ? goalX_ : goalY_;
    const unsigned char *mid = line<kColumn>(across), *low = line<kColumn>(across - 1),
                        *high = line<kColumn>(across + 1), *mix = mixedLine<kColumn>(across);
    constexpr uint64_t kScanned = (uint64_t{1} << kBlock) - 1;
    for (int c = along + 1;; c += kBlock) {
      // Bit k + 1 of each line is cell c + k, bit k the cell before it.
      const int bit = c - 1 + 64, byte = bit >> 3, shift = bit & 7;
      const uint64_t here = load(mid + byte) >> shift >> 1;
      const uint64_t mixed = load(mix + byte) >> shift >> 1;
      const uint64_t left = load(low + byte) >> shift, right = load(high + byte) >> shift;
      const uint64_t forced = ((left >> 1) & ~left) | ((right >> 1) & ~right);
      const unsigned toGoal = static_cast<unsigned>(goalAlong - c);
      const uint64_t goal = goalAcross == across && toGoal < kBlock ? uint64_t{1} << toGoal : 0;
      const uint64_t stops = (~here | forced | goal | mixed) & kScanned;
      if (stops != 0) {
        const int k = __builtin_ctzll(stops);
        return {c + k, ((here >> k) & 1) != 0};
      }
    }
  }
  template <bool kColumn>
  Stop scanBackward(int along, int across) const {  // cells along - 1, along - 2, ...
    const int goalAlong = kColumn ? goalY_ : goalX_, goalAcross = kColumn ? goalX_ : goalY_;
    const unsigned char *mid = line<kColumn>(across), *low = line<kColumn>(across - 1),
                        *high = line<kColumn>(across + 1), *mix = mixedLine<kColumn>(across);
    constexpr uint64_t kScanned = ~uint64_t{0} << (64 - kBlock);
    for (int c = along - 1;; c -= kBlock) {
      // Cell c + 1 shifted to bit 63; one more shift makes bit 63 - k cell c - k.
      const int bit = c + 1 + 64, byte = (bit >> 3) - 7, shift = 7 - (bit & 7);
      const uint64_t here = load(mid + byte) << shift << 1;
      const uint64_t mixed = load(mix + byte) << shift << 1;
      const uint64_t left = load(low + byte) << shift, right = load(high + byte) << shift;
      const uint64_t forced = ((left << 1) & ~left) | ((right << 1) & ~right);
      const unsigned toGoal = static_cast<unsigned>(c - goalAlong);
      const uint64_t goal =
          goalAcross == across && toGoal < kBlock ? uint64_t{1} << (63 - toGoal) : 0;
      const uint64_t stops = (~here | forced | goal | mixed) & kScanned;
      if (stops != 0) {
        const int k = __builtin_clzll(stops);
        return {c - k, ((here >> (63 - k)) & 1) != 0};
      }
    }
  }
  template <int DX, int DY>
  TILEPATH_HOT Stop scan(int x, int y) const {
    return DX > 0   ? scanForward<false>(x, y)
           : DX < 0 ? scanBackward<false>(x, y)
           : DY > 0 ? scanForward<true>(y, x)
                    : scanBackward<true>(y, x);
  }

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
  // pushes what its straight runs (AX, AY) and (BX, BY) find. Where they found something the
  // corner is written down as a marker for the path walk (seen, its cost stored as a closed
  // cell's, the run's step) and the run goes on; a corner that is a node already, or marked
  // more cheaply, is pushed instead and ends the run (its expansion takes the run on). True
  // where the run ends.
  template <int AX, int AY, int BX, int BY>
  TILEPATH_HOT bool turnAt(int32_t i, int x, int y, double cornerG, int step) {
    const bool a = pushStraight<AX, AY>(x, y, cornerG);
    const bool b = pushStraight<BX, BY>(x, y, cornerG);
    if (!a && !b) return false;
    if (!run_.seen(i) || (marker(i) && run_.costOf(i) > cornerG)) {
      run_.stamp(i, step);
      run_.slot[i] = -cornerG;
      return false;
    }
    push(i, x, y, cornerG, step);
    return true;
  }

  // A marker (or a closed cell that arrived by a turning step, which cannot be told from one)
  // stands for an open cell with its cost: a cheaper way to it opens it afresh.
  bool marker(int32_t i) const {
    return run_.seen(i) && std::signbit(run_.slot[i]) && turningStep(fourWay_, run_.arrivalStep(i));
  }
  TILEPATH_HOT void push(int32_t i, int x, int y, double g, int step) {
    if (!marker(i))
      run_.offer(i, x, y, g, step);
    else if (g < run_.costOf(i))
      run_.open(i, x, y, g, step);
  }

  SearchRun& run_;
  const Grid& grid_;
  const int goalX_, goalY_;
  const bool fourWay_;
};

}  // namespace

void runWeightedJumpPoint(SearchRun& run) {
  const Grid& grid = run.grid;
  grid.prepareMixed();
  const bool fourWay = run.options.diagonal == Diagonal::Never;
  WeightedJumper jumper(run);
  if (!run.resuming) run.openStart();

  int32_t current;
  int x, y;
  double g;
  while (run.goOn() && run.popOpen(current, x, y, g)) {
    if (!run.settle(current, x, y, g)) return;
    // The start and mixed cells: every direction.
    if (current == run.start || grid.mixed(x, y)) {
      for (int d = 0; d < (fourWay ? 4 : 8); ++d) jumper.jump(x, y, g, kStepX[d], kStepY[d]);
      continue;
    }
    const int step = run.arrivalStep(current);
    const int dx = kStepX[step], dy = kStepY[step];
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
  }
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
