// Internal: the state and small helpers one search shares between the algorithm files.
// The three separate parts of a search: the heuristic (heuristic()), neighbour generation
// (moves(), following the diagonal rule) and the open list (open/offer/popOpen).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {

struct ShapeSteps;

// For the few functions of the inner loops that the compiler would otherwise call.
#define TILEPATH_HOT inline __attribute__((always_inline))

// The diagonal step's length as the searches add it up: sqrt(2) rounded to a multiple of 2^-32
// (1.1e-11 above it). Every cost and estimate of a search on uniform costs is then a multiple of
// 2^-32, which a double holds exactly below 2^21: sums come out the same in any order, so two
// ways of equal length tie exactly on f and the tie-break on g (towards the goal) decides.
// sqrt(2) rounded to 53 bits left such ties differing in their last bits, decided by rounding:
// on random512-10-0 A* expanded 20% more cells. What a search reports (SearchResult::cost) is
// summed along the path with sqrt(2) itself (Grid::stepCost).
inline constexpr double kDiagonalStep = 6074001000.0 / 4294967296.0;
// Steps in the order of kStepX / kStepY below: four straight, then four diagonal.
inline constexpr double kStepLength[8] = {
    1, 1, 1, 1, kDiagonalStep, kDiagonalStep, kDiagonalStep, kDiagonalStep};
inline constexpr double kInf = std::numeric_limits<double>::infinity();

inline int sign(int v) {
  return (v > 0) - (v < 0);
}

// Raw distance estimate between two cells under a heuristic (unscaled).
template <Heuristic H>
inline double distance(int dx, int dy) {
  dx = std::abs(dx);
  dy = std::abs(dy);
  if constexpr (H == Heuristic::Manhattan) return dx + dy;
  if constexpr (H == Heuristic::Chebyshev) return dx > dy ? dx : dy;
  if constexpr (H == Heuristic::Euclidean)
    return std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
  if constexpr (H == Heuristic::Octile || H == Heuristic::Default)
    return dx > dy ? dx + (kDiagonalStep - 1) * dy : dy + (kDiagonalStep - 1) * dx;
}
inline double distance(Heuristic h, int dx, int dy) {
  switch (h) {
    case Heuristic::Manhattan:
      return distance<Heuristic::Manhattan>(dx, dy);
    case Heuristic::Chebyshev:
      return distance<Heuristic::Chebyshev>(dx, dy);
    case Heuristic::Euclidean:
      return distance<Heuristic::Euclidean>(dx, dy);
    default:
      return distance<Heuristic::Octile>(dx, dy);
  }
}

// Whether a diagonal step whose two side cells are `sideA` and `sideB` is allowed.
inline bool diagonalAllowed(Diagonal rule, bool sideA, bool sideB) {
  switch (rule) {
    case Diagonal::NoCorners:
      return sideA && sideB;
    case Diagonal::OneObstacle:
      return sideA || sideB;
    case Diagonal::Always:
      return true;
    case Diagonal::Never:
    default:
      return false;
  }
}

// The eight steps, in the order neighbours are generated: right, left, down, up, then
// down-right, down-left, up-right, up-left. A cell's search state keeps the step that reached
// it as this number.
inline constexpr int kStepX[8] = {1, -1, 0, 0, 1, -1, 1, -1};
inline constexpr int kStepY[8] = {0, 0, 1, -1, 1, 1, -1, -1};
inline int stepNumber(int dx, int dy) {  // dx, dy in -1..1, not both 0
  static constexpr int8_t kNumber[9] = {7, 3, 6, 1, -1, 0, 5, 2, 4};
  return kNumber[(dy + 1) * 3 + dx + 1];
}
// Cost of a straight or diagonal run of `steps` unit-cost cells. Jump point search computes a
// jump's cost with this, and the path walk finds a jump's start again by the same sum.
inline double runLength(int steps, bool diagonal) {
  return diagonal ? kDiagonalStep * steps : static_cast<double>(steps);
}
// The steps a cell allows under `rule`, from its 3 x 3 neighbourhood (Grid::around): bit d
// for step d.
const uint8_t* stepsAllowed(Diagonal rule);

struct SearchRun {
  SearchRun(Searcher& searcher, const Grid& grid, const SearchOptions& options,
            SearchResult& result, int sx, int sy, int gx, int gy);

  Searcher& searcher;
  const Grid& grid;  // the positions searched: the cells, or the footprints of a bigger unit
  // The cells themselves and the unit's side: the goal cell is one of them (adjacent goals).
  const Grid* cells = &grid;
  int unitSize = 1;
  const SearchOptions& options;
  SearchResult& result;
  const int width;
  const int startX, startY, goalX, goalY;
  const int start, goal;
  // Step costs ignore the table (every passable cell costs 1): bfs and jps.
  bool unitCost = false;
  Heuristic heuristicKind;
  double hScale = 0;      // weight x cheapest passable cost; 0 = no heuristic (dijkstra, bfs)
  double hSlack = 0;      // adjacent goals: the last step is never taken, so estimate one step less
  int32_t stepOffset[8];  // index difference of each step
  // Staggered and hexagonal grids: their steps (shapes.hpp), null on square grids.
  const ShapeSteps* shape = nullptr;

  // Outcome.
  int32_t reached = -1;  // the goal (or goal-adjacent) cell expanded, -1 if none
  bool budgetHit = false;
  // The reached cell closest to the goal (partial / nearest), ties to the cheaper one. A* and
  // bfs reach a cell when they expand it. A jump point search also reaches the cells it scans
  // past: then the way to `best` leaves node `bestOrigin` and turns at `bestCorner`.
  int32_t best = -1;
  int32_t bestOrigin = -1, bestCorner = -1;
  double bestDist = kInf, bestG = kInf;
  bool trackBest = false;

  // Pausing (SearchTask): every loop checks goOn() at its top, before it takes a node, and
  // stops with `paused` set once result.expanded reaches sliceEnd. A resumed loop must not
  // open the start again (`resuming`); bfs keeps its ring buffer's ends here.
  uint64_t sliceEnd = std::numeric_limits<uint64_t>::max();
  bool resuming = false;
  bool paused = false;
  std::size_t queueHead = 0, queueTail = 0;
  // The open list or the queue could not grow (Searcher::setRoomCheck): the search ends.
  bool outOfMemory = false;
  bool goOn() {
    paused = result.expanded >= sliceEnd;
    return !paused && !outOfMemory;
  }

  // Per-cell state (see Searcher): the slot (open list position, or minus the cost once
  // closed), and the visit byte with this search's number in its top 5 bits.
  double* const slot;
  // An open cell's heap position, kept in its slot as the bits of a double (a positive one, tiny
  // or zero): read back without a conversion (wasm's, without non-trapping conversions, is a
  // range check and a branch).
  static std::size_t positionIn(double slotValue) {
    return static_cast<std::size_t>(__builtin_bit_cast(uint64_t, slotValue));
  }
  uint8_t* const visit;
  const uint8_t number;

  bool seen(int32_t i) const { return (visit[i] & ~7) == number; }
  bool closed(int32_t i) const { return seen(i) && std::signbit(slot[i]); }
  // The step that reached cell i (seen cells only).
  int arrivalStep(int32_t i) const { return visit[i] & 7; }
  // Cost from the start of a closed cell.
  double costOf(int32_t i) const { return -slot[i]; }
  // Cost from the start of a seen cell, open (in its heap entry) or closed.
  double costSoFar(int32_t i) const {
    return std::signbit(slot[i]) ? -slot[i] : searcher.open_[positionIn(slot[i])].g;
  }
  void close(int32_t i) { slot[i] = -slot[i]; }

  double goalDistance(int x, int y) const {
    return shape ? shapedGoalDistance(x, y) : distance(heuristicKind, x - goalX, y - goalY);
  }
  double shapedGoalDistance(int x, int y) const;  // shaped_search.cpp
  double heuristic(int x, int y) const { return scaled(goalDistance(x, y)); }
  template <Heuristic H>
  double heuristic(int x, int y) const {
    return scaled(distance<H>(x - goalX, y - goalY));
  }
  double scaled(double d) const {
    d -= hSlack;
    return d > 0 ? d * hScale : 0;  // hScale 0: no heuristic
  }
  double enterCost(int32_t i) const { return unitCost ? 1.0 : grid.cellCost(i); }

  bool isTarget(int32_t i, int x, int y) const {
    return options.goal == GoalMode::Adjacent ? besideGoal(x, y) : i == goal;
  }
  bool besideGoal(int x, int y) const;

  // Open list: a 4-ary heap ordered by f, ties towards the goal (higher g, so lower h). While a
  // cell is open its cost lives in its heap entry and its state slot holds the entry's position, so
  // a cheaper way moves the entry up (no second entry) and the heap never outgrows the grid.
  // The cell popOpen returns stays at the root, closed, until the next push or pop: a push that
  // would have been popped first anyway (a neighbour carrying straight on towards the goal, at
  // the same f and closer) takes its place, costing neither a sift up nor the sift down of a
  // removal.
  template <Heuristic H = Heuristic::Default>
  TILEPATH_HOT void open(int32_t i, int x, int y, double g, int step) {
    const double h = H == Heuristic::Default ? heuristic(x, y) : heuristic<H>(x, y);
    auto& heap = searcher.open_;
    const Searcher::OpenEntry e{g + h, g, static_cast<uint32_t>(i),
                                static_cast<uint32_t>(x) | static_cast<uint32_t>(y) << 16};
    // No greater than the root, so no greater than the root's children.
    if (!heap.empty() && !before(heap.front(), e) && rootClosed()) {
      visit[i] = static_cast<uint8_t>(number | step);
      place(0, e);
    } else {
      // Refused growth: the cell stays unseen and the loop stops at its next goOn().
      if (heap.size() == heap.capacity() && !Searcher::growIfRoom(heap)) {
        outOfMemory = true;
        return;
      }
      visit[i] = static_cast<uint8_t>(number | step);
      heap.push_back(e);
      siftUp(heap.size() - 1);
    }
    if (options.trace) traceOpened(x, y, g, h);
  }
  // Offers cell i a way at cost g by `step`: kept if cheaper than what it has.
  template <Heuristic H = Heuristic::Default>
  TILEPATH_HOT void offer(int32_t i, int x, int y, double g, int step) {
    if (!seen(i)) return open<H>(i, x, y, g, step);
    const double position = slot[i];
    if (std::signbit(position)) return;  // closed
    const std::size_t k = positionIn(position);
    Searcher::OpenEntry& e = searcher.open_[k];
    if (!(g < e.g)) return;
    visit[i] = static_cast<uint8_t>(number | step);
    const double h = H == Heuristic::Default ? heuristic(x, y) : heuristic<H>(x, y);
    e.g = g;
    e.f = g + h;
    siftUp(k);
    if (options.trace) traceOpened(x, y, g, h);
  }
  // The next cell to expand and its cost (closed from now on), false when the list is empty.
  TILEPATH_HOT bool popOpen(int32_t& i, int& x, int& y, double& g) {
    auto& heap = searcher.open_;
    if (!heap.empty() && rootClosed()) {  // the cell expanded last: removed now
      const Searcher::OpenEntry last = heap.back();
      heap.pop_back();
      if (!heap.empty()) siftDown(0, last);
    }
    if (heap.empty()) return false;
    const Searcher::OpenEntry& top = heap.front();
    x = static_cast<int>(top.xy & 0xffff);
    y = static_cast<int>(top.xy >> 16);
    i = static_cast<int32_t>(top.cell);
    g = top.g;
    slot[i] = -g;  // closed: the sign bit set (even for the start's 0)
    return true;
  }
  void openStart() { open(start, startX, startY, 0.0, 0); }
  std::vector<int32_t>& queue() { return searcher.queue_; }

  // Book-keeping on each expansion (count, trace, closest so far), then whether to go on:
  // false once the target is reached or the budget is spent.
  TILEPATH_HOT bool settle(int32_t i, int x, int y, double g) {
    ++result.expanded;
    if (options.trace || trackBest) noteExpanded(i, x, y, g);
    if (isTarget(i, x, y)) {
      reached = i;
      return false;
    }
    if (options.maxExpansions != 0 && result.expanded >= options.maxExpansions) {
      budgetHit = true;
      return false;
    }
    return true;
  }
  void noteExpanded(int32_t i, int x, int y, double g);
  // Offers a cell reached at cost g, by way of origin and corner, as the closest so far.
  void offerBest(int32_t i, double dist, double g, int32_t origin, int32_t corner) {
    if (dist < bestDist || (dist == bestDist && g < bestG)) {
      best = i;
      bestOrigin = origin;
      bestCorner = corner;
      bestDist = dist;
      bestG = g;
    }
  }

  void traceOpened(int x, int y, double g, double h) {
    addTraceEvent({TraceEvent::Opened, x, y, g, h});
  }
  void addTraceEvent(const TraceEvent& e) {
    if (result.trace.size() < kMaxTraceEvents)
      result.trace.push_back(e);
    else
      result.traceTruncated = true;
  }

 private:
  // Lower f first, then higher g. Costs are never negative (nor NaN), and a non-negative double's
  // bits, read as an unsigned integer, order as the double does, so entries are compared as
  // integers, without a branch (which child of a node is smallest is a coin toss for a branch
  // predictor: the heap's choices become conditional moves). Natively as one 128-bit integer, f's
  // bits above g's complemented (two instructions on x86-64): A* 1.2x faster than the two 64-bit
  // comparisons below. Wasm has no 128-bit comparison, and there the two 64-bit ones are 1.1x
  // faster than the 128-bit form, which were 1.1x faster than comparing the doubles.
  static bool before(const Searcher::OpenEntry& a, const Searcher::OpenEntry& b) {
#if defined(__wasm__)
    const uint64_t af = bits(a.f), bf = bits(b.f);
    return (af < bf) | ((af == bf) & (bits(a.g) > bits(b.g)));
#else
    return (static_cast<unsigned __int128>(bits(a.f)) << 64 | ~bits(a.g)) <
           (static_cast<unsigned __int128>(bits(b.f)) << 64 | ~bits(b.g));
#endif
  }
  static uint64_t bits(double v) {
    return __builtin_bit_cast(uint64_t, v);
  }
  // Four children a node: half the levels of a binary heap, and the four share a cache line.
  static constexpr std::size_t kArity = 4;
  // Puts entry e at position k and tells its cell where it is.
  void place(std::size_t k, const Searcher::OpenEntry& e) {
    searcher.open_[k] = e;
    slot[e.cell] = __builtin_bit_cast(double, static_cast<uint64_t>(k));
  }
  TILEPATH_HOT bool rootClosed() const {
    return std::signbit(slot[searcher.open_.front().cell]);
  }
  // An entry never moves above a closed root (the closed cell's slot holds its cost, not a
  // position); it is below the root's other children, which is all a removal looks at.
  void siftUp(std::size_t k) {
    auto& heap = searcher.open_;
    const Searcher::OpenEntry e = heap[k];
    while (k > 0) {
      const std::size_t parent = (k - 1) / kArity;
      if (!before(e, heap[parent]) || (parent == 0 && rootClosed())) break;
      place(k, heap[parent]);
      k = parent;
    }
    place(k, e);
  }
  // Fills position k with e, moving smaller children up.
  void siftDown(std::size_t k, const Searcher::OpenEntry e) {
    auto& heap = searcher.open_;
    const std::size_t n = heap.size();
    for (;;) {
      const std::size_t first = kArity * k + 1;
      if (first >= n) break;
      std::size_t child = first;
      if (first + kArity <= n) {  // all four children: a fixed sequence of selects
        child = before(heap[first + 1], heap[child]) ? first + 1 : child;
        child = before(heap[first + 2], heap[child]) ? first + 2 : child;
        child = before(heap[first + 3], heap[child]) ? first + 3 : child;
      } else {
        for (std::size_t c = first + 1; c < n; ++c)
          child = before(heap[c], heap[child]) ? c : child;
      }
      if (!before(heap[child], e)) break;
      place(k, heap[child]);
      k = child;
    }
    place(k, e);
  }
};

// The algorithm families; each fills run.reached / run.best / run.budgetHit.
void runBestFirst(SearchRun& run);     // A*, Dijkstra, BFS with diagonals
void runBreadthFirst(SearchRun& run);  // BFS, 4 neighbours: a plain FIFO queue
void runJumpPoint(SearchRun& run);     // JPS, noCorners or 4 neighbours, uniform cost
// The path walk of a jump point search: from closed cell `cell` back to the start, appending
// each cell as a (y, x) pair (the start last). False if no way back was found (a bug).
bool walkJumpPoints(const SearchRun& run, int32_t cell, std::vector<int32_t>& path);
// A*, Dijkstra and BFS on staggered and hexagonal grids (shaped_search.cpp).
void runShaped(SearchRun& run);
// The algorithm Searcher::find runs for these options on this grid (SearchResult::algorithm).
Algorithm algorithmThatRuns(const Grid& grid, const SearchOptions& options);
// Cells between two cells on one straight or diagonal line (exclusive of `from`, inclusive of
// `to`), appended to path as x, y pairs.
void appendStraightRun(int fromX, int fromY, int toX, int toY, std::vector<int32_t>& path);

}  // namespace tilepath
