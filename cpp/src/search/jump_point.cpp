// Jump point search (Harabor & Grastien) on a uniform-cost grid, for 8 neighbours without
// corner cutting and for 4 neighbours. Runs are scanned without touching the open list; only
// cells with a forced neighbour (or the goal) become nodes, so far fewer cells are pushed than
// with A*. The result is as short as A*'s. Straight runs read the grid's passability bits 56
// cells at a time (block-based jumping, Harabor & Grastien, ICAPS 2014).
//
// With 4 neighbours, paths are taken in canonical form "vertical before horizontal": a
// vertical run looks sideways at every cell (as a diagonal run does with 8 neighbours), and a
// horizontal run stops only where a vertical turn is forced.
//
// Online pruning (the same paper): a diagonal (4 neighbours: vertical) run pushes the jump
// points the straight runs from its cells find, reached "diagonal first, then straight" from the
// node expanded. Each cell where such a straight run found one (a corner) is written down as a
// marker for the path walk: seen, with the cost the run reached it at (stored as a closed cell's
// is) and the run's step, and the run goes on to its end, pushing what the corners' straight
// runs find (as warthog's jps2 does). A diagonal step has no forced neighbours without corner
// cutting, so a marked corner has nothing left to expand: the corners are never pushed, and the
// search expands about as many nodes as jps2. (Going on only while the corner was no dearer, f,
// than the node, and pushing a dearer one to take the run on when expanded, cost 1.4 to 1.7
// times the expansions: through tests/bench/native/warthog.sh the median time per problem fell
// by 10 to 20% on 16room_000, brc202d, den011d and lak303d and rose by about 10% on AR0011SR and
// random512-10-0, whose runs now go on past corners a search that ends sooner never reaches.) A
// corner that is a node already, or marked more cheaply, is pushed instead (an offer) and ends
// the run: its expansion takes the run on without scanning its straight runs again, so no
// straight run is scanned twice. A marker (or a closed cell that arrived by a turning step, which
// the search cannot tell from one) stands for an open cell with its cost: a cheaper way to it
// opens it afresh. The walk (walkJumpPoints) never needs a cell's cost to be the one a jump point
// was pushed with: no more is enough.
#include "search/block_scan.hpp"
#include "search/search_run.hpp"

namespace tilepath {
namespace {

// For partial paths: every cell a scan passes is reached, so the closest of them to the goal
// is offered to the run, with the node the scan left from and the corner where it turned.
class ReachedCells {
 public:
  ReachedCells(SearchRun& run) : run_(run), width_(run.grid.width()) {}
  void leave(int32_t origin, double g) {
    origin_ = origin;
    originG_ = g;
  }
  // The corner itself, reached at `cornerG` (cost from the origin).
  void offerCell(int x, int y, double cornerG) {
    const int32_t i = y * width_ + x;
    run_.offerBest(i, run_.goalDistance(x, y), originG_ + cornerG, origin_, i);
  }
  // The cells (x, y) + k (dx, dy) for k = 1..n, straight on from a corner reached at cornerG.
  // The distance to the goal along a line is convex: a binary search finds its first minimum.
  void offerRun(int x, int y, double cornerG, int dx, int dy, int n) {
    if (n < 1) return;
    auto dist = [&](int k) { return run_.goalDistance(x + k * dx, y + k * dy); };
    int lo = 1, hi = n;
    while (lo < hi) {
      const int mid = lo + (hi - lo) / 2;
      if (dist(mid) <= dist(mid + 1))
        hi = mid;
      else
        lo = mid + 1;
    }
    run_.offerBest((y + lo * dy) * width_ + x + lo * dx, dist(lo), originG_ + cornerG + lo, origin_,
                   y * width_ + x);
  }

 private:
  SearchRun& run_;
  const int width_;
  int32_t origin_ = -1;
  double originG_ = 0;
};

// Cost of a jump point reached `turned` steps along a turning run, then `on` straight: the
// jumps push it, and the path walk checks the corner and the node against it, so all three
// compute it alike.
double cornerCost(double g, int turned, bool fourWay) {
  return g + runLength(turned, !fourWay);
}
double jumpCost(double cornerG, int on) {
  return cornerG + runLength(on, false);
}

class Jumper : public BlockJumper<Jumper, false> {
 public:
  Jumper(SearchRun& run, ReachedCells* reached)
      : BlockJumper(run), stopAtGoal_(!run.fFalls()), reached_(reached) {}

  // The node expanded next: its f (cost plus estimate).
  void leave(double f) { bound_ = stopAtGoal_ ? f : -kInf; }
  // Whether a way to the goal has been pushed at no more than the f of the node expanded (a
  // lower bound on every path, the node having the least f of all open ones): the goal is then
  // expanded next, and nothing else this node would push matters. Only where f never falls
  // from a cell to the next (SearchRun::fFalls: `stopAtGoal`).
  bool goalFound() const { return goalCost_ <= bound_; }

 private:
  friend class BlockJumper<Jumper, false>;

  // Scans straight on from (x, y), reached at cornerG (its cost from the start; `turned`:
  // from the node, for the reached cells) and pushes the jump point it finds, if any.
  template <int DX, int DY>
  TILEPATH_HOT bool pushStraight(int x, int y, double cornerG, double turned = 0.0) {
    const Stop stop = scan<DX, DY>(x, y);
    const int run = DX != 0 ? (stop.at - x) * DX : (stop.at - y) * DY;  // cells to the stop
    if (reached_) reached_->offerRun(x, y, turned, DX, DY, stop.jumpPoint ? run : run - 1);
    if (!stop.jumpPoint) return false;
    const int jx = x + DX * run, jy = y + DY * run;
    push(grid_.index(jx, jy), jx, jy, jumpCost(cornerG, run), stepNumber(DX, DY));
    return true;
  }

  // 4 neighbours: a vertical run pushes what the horizontal runs from its cells find.
  template <int DY>
  void jumpVertical(int x, int y, double g) {
    for (int k = 1;; ++k) {
      y += DY;
      if (!free(x, y)) return;
      if (reached_) reached_->offerCell(x, y, k);
      if (turnAt<1, 0, -1, 0, 0, DY>(x, y, cornerCost(g, k, true), k) || goalFound()) return;
    }
  }

  // The cells of a step are read from the two rows' bits, the rows' addresses moved along
  // with the run (Grid::rowBits: cell x is bit (x + 64) % 8 of byte (x + 64) / 8).
  static bool bitAt(const unsigned char* row, int x) {
    return (row[(x + 64) >> 3] >> ((x + 64) & 7)) & 1;
  }
  template <int DX, int DY>
  void jumpDiagonal(int x, int y, double g) {
    const unsigned char* row = grid_.rowBits(y);
    const std::ptrdiff_t toNext = grid_.rowBits(y + DY) - row;
    for (int k = 1;; ++k) {
      // noCorners: both side cells must be free for the diagonal step.
      const unsigned char* next = row + toNext;
      if (!bitAt(row, x + DX) || !bitAt(next, x) || !bitAt(next, x + DX)) return;
      row = next;
      x += DX;
      y += DY;
      if (reached_) reached_->offerCell(x, y, runLength(k, true));
      if (turnAt<DX, 0, 0, DY, DX, DY>(x, y, cornerCost(g, k, false), runLength(k, true)) ||
          goalFound())
        return;
    }
  }

  // The corner (x, y) of a run turning by step (TX, TY), reached at cornerG (`turned` from the
  // node). True where the run ends: at the goal (pushed), or where the straight runs (AX, AY)
  // and (BX, BY) found jump points (pushed) and the corner could not be marked: a node already,
  // or marked more cheaply (then it is pushed, an offer, and its expansion takes the run on).
  template <int AX, int AY, int BX, int BY, int TX, int TY>
  TILEPATH_HOT bool turnAt(int x, int y, double cornerG, double turned) {
    const int step = stepNumber(TX, TY);
    const int32_t i = grid_.index(x, y);
    if (x == goalX_ && y == goalY_) {
      push(i, x, y, cornerG, step);
      return true;
    }
    const bool a = pushStraight<AX, AY>(x, y, cornerG, turned);
    const bool b = pushStraight<BX, BY>(x, y, cornerG, turned);
    if (!a && !b) return false;
    return markOrPush(i, x, y, cornerG, step);
  }

  // A marker stands for an open cell: a cheaper way opens it afresh.
  void push(int32_t i, int x, int y, double g, int step) {
    if (i == run_.goal) goalCost_ = std::min(goalCost_, g);
    if (!marker(i))
      run_.offer(i, x, y, g, step);
    else if (g < run_.costOf(i))
      run_.open(i, x, y, g, step);
  }

  const bool stopAtGoal_;
  ReachedCells* reached_;  // null unless a partial path may end on a scanned cell
  double bound_ = -kInf;
  double goalCost_ = kInf;
};

}  // namespace

void runJumpPoint(SearchRun& run) {
  const bool fourWay = run.options.diagonal == Diagonal::Never;
  ReachedCells reachedCells(run);
  Jumper jumper(run, run.trackBest ? &reachedCells : nullptr);
  // Once the goal has been pushed at no more than the node's f (Jumper::goalFound), the rest of
  // the node's runs are not scanned: the goal is expanded next. The start's goal-ward
  // directions go first.
  run.settleEach([&](int32_t current, int x, int y, double g) {
    reachedCells.leave(current, g);
    jumper.leave(g + run.heuristic(x, y));
    // Each direction's runs, then whether to go on with the node's other directions.
    auto tryDirection = [&](int dx, int dy) {
      jumper.jump(x, y, g, dx, dy);
      return !jumper.goalFound();
    };

    if (current == run.start) {  // every direction, the goal-ward ones first
      const int sx = sign(run.goalX - x), sy = sign(run.goalY - y);
      bool goOn = true;
      for (int rank = 3; rank >= -5 && goOn; --rank)
        for (int dy = -1; dy <= 1 && goOn; ++dy)
          for (int dx = -1; dx <= 1 && goOn; ++dx) {
            if ((dx == 0 && dy == 0) || (fourWay && dx != 0 && dy != 0)) continue;
            // Towards the goal first (dx * sx + dy * sy), then straight before diagonal.
            if (2 * (dx * sx + dy * sy) - (dx != 0 && dy != 0) == rank) goOn = tryDirection(dx, dy);
          }
      return;
    }
    // A node arriving by a turning step (diagonal, or vertical with 4 neighbours) is a corner
    // whose straight runs were done when it was pushed: its run goes on.
    const int dx = kStepX[run.arrivalStep(current)], dy = kStepY[run.arrivalStep(current)];
    if (turningStep(fourWay, run.arrivalStep(current))) {
      tryDirection(dx, dy);
    } else if (fourWay) {  // horizontal: on, and up or down where the turn is forced
      if (!tryDirection(dx, 0)) return;
      for (int s = -1; s <= 1; s += 2)
        if (jumper.free(x, y + s) && !jumper.free(x - dx, y + s) && !tryDirection(0, s)) break;
    } else if (dx != 0) {
      if (!tryDirection(dx, 0)) return;
      for (int s = -1; s <= 1; s += 2)
        if (jumper.free(x, y + s) && !jumper.free(x - dx, y + s) &&
            (!tryDirection(0, s) || !tryDirection(dx, s)))
          break;
    } else {
      if (!tryDirection(0, dy)) return;
      for (int s = -1; s <= 1; s += 2)
        if (jumper.free(x + s, y) && !jumper.free(x + s, y - dy) &&
            (!tryDirection(s, 0) || !tryDirection(s, dy)))
          break;
    }
  });
}

namespace {

// Whether the walk back may have come by a step (sx, sy) into (x, y): the cell open (or the
// start, which may be blocked: a unit walking off a cell just blocked) and, for a diagonal
// step, both cells beside it.
bool stepInto(const SearchRun& run, int x, int y, int sx, int sy) {
  const Grid& grid = run.grid;
  if (!grid.open(x, y) && !(x == run.startX && y == run.startY)) return false;
  return sx == 0 || sy == 0 || (grid.open(x + sx, y) && grid.open(x, y + sy));
}

// One leg of the walk back: from (x, y) against `step` while the cells allow the steps,
// appending each cell, until one passes `arrived` (given the cell and the steps walked).
// Returns that cell, or -1 where the leg ran into a wall.
template <class Arrived>
int32_t walkLeg(const SearchRun& run, int x, int y, int step, std::vector<int32_t>& path,
                Arrived arrived) {
  const Grid& grid = run.grid;
  const int sx = kStepX[step], sy = kStepY[step];
  for (int walked = 1;; ++walked) {
    x -= sx;
    y -= sy;
    if (!stepInto(run, x, y, sx, sy)) return -1;
    path.push_back(y);
    path.push_back(x);
    const int32_t i = grid.index(x, y);
    if (arrived(i, walked)) return i;
  }
}

// The first leg back from a jump point: against `step` from (x, y) to the first seen cell
// whose cost plus the run walked is no more than `leftFrom` (walkLeg's test). The leg is walked
// once to find that cell, and its cells are then appended in a loop without any checks. Returns
// that cell, or -1 (nothing appended) where the leg ran into a wall. Straight on, a seen cell is
// open (or the start, walked off whatever it holds), so only an unseen one is looked up in the
// grid's bits; diagonally, every step needs both cells beside it as well (stepInto).
int32_t walkBack(const SearchRun& run, int x, int y, int step, double leftFrom,
                 std::vector<int32_t>& path) {
  const Grid& grid = run.grid;
  const int sx = kStepX[step], sy = kStepY[step];
  const int32_t offset = run.stepOffset[step];
  int32_t i = grid.index(x, y);
  int walked = 0;
  if (step < 4) {
    for (int cx = x, cy = y;;) {
      cx -= sx;
      cy -= sy;
      i -= offset;
      ++walked;
      if (run.seen(i)) {
        if (run.costSoFar(i) + walked <= leftFrom) break;
      } else if (!grid.open(cx, cy)) {
        return -1;
      }
    }
  } else {
    for (int cx = x, cy = y;;) {
      cx -= sx;
      cy -= sy;
      i -= offset;
      ++walked;
      if (!grid.open(cx + sx, cy) || !grid.open(cx, cy + sy)) return -1;
      if (run.seen(i)) {
        if (run.costSoFar(i) + runLength(walked, true) <= leftFrom) break;
      } else if (!grid.open(cx, cy)) {
        return -1;
      }
    }
  }
  const std::size_t n = path.size();
  path.resize(n + 2 * static_cast<std::size_t>(walked));
  int32_t* out = path.data() + n;
  for (int k = 1, cx = x - sx, cy = y - sy; k <= walked; ++k, cx -= sx, cy -= sy) {
    *out++ = cy;
    *out++ = cx;
  }
  return i;
}

}  // namespace

// Each jump point or marker names the step it arrived by and its cost; the walk goes back
// along that step to the first seen cell whose cost plus the run walked is no more than it
// (computed as the jumps computed it, so equal for the cell it was pushed from; less if that
// cell has been reached more cheaply since, or for another cell on the line as good). Every
// seen cell has a way back costing no more than its cost, so the path costs no more than its
// end's. When the corner a run turned at holds no marker for it (the marker gave way, or the
// corner was a node already), the corner is searched for: straight back, then along either
// turning run to a cell that costs little enough.
bool walkJumpPoints(const SearchRun& run, int32_t cell, std::vector<int32_t>& path) {
  const int w = run.width;
  const bool fourWay = run.options.diagonal == Diagonal::Never;
  path.push_back(cell / w);
  path.push_back(cell % w);
  while (cell != run.start) {
    const int x = cell % w, y = cell / w;
    const int step = run.arrivalStep(cell);
    const bool diagonal = step >= 4;
    const double leftFrom = run.costSoFar(cell);
    int32_t from = walkBack(run, x, y, step, leftFrom, path);
    if (from < 0 && !diagonal) {
      walkLeg(run, x, y, step, path, [&](int32_t corner, int on) {
        const std::size_t cornerMark = path.size();
        for (int side = -1; side <= 1 && from < 0; side += 2) {
          const int tx = fourWay ? 0 : kStepX[step], ty = fourWay ? 0 : kStepY[step];
          const int turning =
              stepNumber(tx + (kStepX[step] == 0 ? side : 0), ty + (kStepY[step] == 0 ? side : 0));
          from = walkLeg(run, corner % w, corner / w, turning, path, [&](int32_t i, int turned) {
            return run.seen(i) &&
                   jumpCost(cornerCost(run.costSoFar(i), turned, fourWay), on) <= leftFrom;
          });
          if (from < 0) path.resize(cornerMark);
        }
        return from >= 0;
      });
    }
    if (from < 0) return false;
    cell = from;
  }
  return true;
}

}  // namespace tilepath
