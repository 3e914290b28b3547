// Internal: the state and small helpers one search shares between the algorithm files.
// The three separate parts of a search: the heuristic (heuristic()), neighbour generation
// (moves(), following the diagonal rule) and the open list (open/offer/popOpen).
#pragma once

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
  // The grid has entry rules or links: runWithRules searches it (rule_search.cpp).
  bool withRules = false;

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
  // Takes over a paused run's progress, for the same search moved onto a copy of its grid
  // (SearchTask freezing): every field a loop changes is listed here.
  void continueFrom(const SearchRun& other) {
    reached = other.reached;
    budgetHit = other.budgetHit;
    best = other.best;
    bestOrigin = other.bestOrigin;
    bestCorner = other.bestCorner;
    bestDist = other.bestDist;
    bestG = other.bestG;
    sliceEnd = other.sliceEnd;
    resuming = other.resuming;
    paused = other.paused;
    queueHead = other.queueHead;
    queueTail = other.queueTail;
    outOfMemory = other.outOfMemory;
  }

  // Per-cell state (see Searcher): the slot (the cost so far while open, minus it once
  // closed), and the visit mark with this search's number in its top 13 bits, written by stamp
  // alone (which widens the searcher's range of stamped cells, cleared every 8191 searches).
  double* const slot;
  const uint16_t* const visit;
  const uint16_t number;
  void stamp(int32_t i, int step) {
    stamps_[i] = static_cast<uint16_t>(number | step);
    // The range holds the start already (Searcher::setUp): at most one end moves, seldom.
    if (__builtin_expect(i < searcher.stampedLo_, 0))
      searcher.stampedLo_ = i;
    else if (__builtin_expect(i > searcher.stampedHi_, 0))
      searcher.stampedHi_ = i;
  }

  bool seen(int32_t i) const { return (visit[i] & ~7) == number; }
  bool closed(int32_t i) const { return seen(i) && std::signbit(slot[i]); }
  // The step that reached cell i (seen cells only).
  int arrivalStep(int32_t i) const { return visit[i] & 7; }
  // Cost from the start of a closed cell.
  double costOf(int32_t i) const { return -slot[i]; }
  // Cost from the start of a seen cell, open or closed (jump point search's: the radix heap's
  // slots, which hold an open cell's cost).
  double costSoFar(int32_t i) const { return std::fabs(slot[i]); }
  // An open cell's position on the in-place heap (heapOpen), kept in its slot as the bits of a
  // small positive double: read back without a conversion.
  static std::size_t positionIn(double slotValue) {
    return static_cast<std::size_t>(__builtin_bit_cast(uint64_t, slotValue));
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

  // Open list: a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, "Faster algorithms for the
  // shortest path problem", 1990) keyed by f's bits (a non-negative double's bits order as the
  // double does). An entry goes into the bucket of the highest bit where its key differs from
  // the last key popped (Searcher::radix_), so a push is a few instructions and an entry moves
  // down at most 64 times before it is popped. With a heuristic that never falls by more than a
  // step costs and weight 1, f never decreases along a step, and what is pushed is at the last
  // key or above: the entries at the last key wait on a stack (bucket 0), so among equal f the
  // entry pushed last goes first, mostly a neighbour of the cell expanded last carrying on
  // towards the goal. A key under the last (by rounding; or in a jump point search or on a
  // shaped grid whose f may fall, where openStart puts every key there) goes onto a 4-ary heap
  // (Searcher::open_, lower f first, then higher g) that is emptied before the stack. (A*,
  // Dijkstra and BFS whose f may fall use the in-place heap below instead: heapOpen.) While a cell
  // is open its slot holds its cost; a cheaper way is pushed anew, and the entry it supersedes is
  // skipped when popped. Against the 4-ary heap it replaced (ordered by f, then higher g), through
  // wasm (tests/bench/js/builds.mjs, every 20th Moving AI problem): A* 1.33 to 1.83 times as fast
  // per problem at the median on the maps but two, arena 0.96 and the maze 0.94 (a corridor's open
  // list is short); JPS 0.97 to 1.07, the random map 1.24. Expansions: the same on most problems,
  // 0.1% to 3% more on some.
  template <Heuristic H = Heuristic::Default>
  TILEPATH_HOT void open(int32_t i, int x, int y, double g, int step) {
    const double h = H == Heuristic::Default ? heuristic(x, y) : heuristic<H>(x, y);
    // Refused growth: the cell stays as it was and the loop stops at its next goOn().
    if (!push({g + h, g, static_cast<uint32_t>(i),
               static_cast<uint32_t>(x) | static_cast<uint32_t>(y) << 16}))
      return;
    stamp(i, step);
    slot[i] = g;
    if (options.trace) traceOpened(x, y, g, h);
  }
  // Offers cell i a way at cost g by `step`: kept if cheaper than what it has.
  template <Heuristic H = Heuristic::Default>
  TILEPATH_HOT void offer(int32_t i, int x, int y, double g, int step) {
    // Unseen, or open at a higher cost (a closed cell's slot is negative).
    if (!seen(i) || g < slot[i]) open<H>(i, x, y, g, step);
  }
  // The next cell to expand and its cost (closed from now on), false when the list is empty.
  TILEPATH_HOT bool popOpen(int32_t& i, int& x, int& y, double& g) {
    auto& stack = searcher.radix_[0];
    auto& below = searcher.open_;
    Searcher::OpenEntry top;
    do {
      if (!below.empty()) {
        top = below.front();
        removeBelowRoot();
      } else {
        if (stack.empty() && !refill()) return false;
        top = stack.back();
        stack.pop_back();
      }
    } while (bits(slot[top.cell]) != bits(top.g));  // superseded, or closed (negative)
    x = static_cast<int>(top.xy & 0xffff);
    y = static_cast<int>(top.xy >> 16);
    i = static_cast<int32_t>(top.cell);
    g = top.g;
    slot[i] = -g;  // closed: the sign bit set (even for the start's 0)
    return true;
  }
  // Weighted A* and Manhattan distance with diagonals (f may fall) in runBestFirst: a 4-ary heap
  // ordered by f, then higher g. While a cell is open its slot holds its entry's position (the
  // bits of a small positive double), so a cheaper way moves the entry up in place. The cell
  // popped stays at the root, closed, until the next push or pop: a push that would have been
  // popped first anyway (a neighbour carrying on towards the goal) takes its place, costing
  // neither a sift up nor the sift down of a removal. Against the radix heap's fallback (every
  // key on a heap, superseded entries skipped) this is 1.21-1.31x as fast with weight 1.2.
  void heapOpen(int32_t i, int x, int y, double g, int step) {
    const double h = heuristic(x, y);
    auto& heap = searcher.open_;
    const Searcher::OpenEntry e{g + h, g, static_cast<uint32_t>(i),
                                static_cast<uint32_t>(x) | static_cast<uint32_t>(y) << 16};
    if (!heap.empty() && !later(e, heap.front()) && rootClosed()) {
      stamp(i, step);
      place(0, e);
    } else {
      if (heap.size() == heap.capacity() && !Searcher::growIfRoom(heap)) {
        outOfMemory = true;
        return;
      }
      stamp(i, step);
      heap.push_back(e);
      siftUp<true>(heap.size() - 1);
    }
    if (options.trace) traceOpened(x, y, g, h);
  }
  void heapOffer(int32_t i, int x, int y, double g, int step) {
    if (!seen(i)) return heapOpen(i, x, y, g, step);
    const double position = slot[i];
    if (std::signbit(position)) return;  // closed
    const std::size_t k = positionIn(position);
    Searcher::OpenEntry& e = searcher.open_[k];
    if (!(g < e.g)) return;
    stamp(i, step);
    const double h = heuristic(x, y);
    e.g = g;
    e.f = g + h;
    siftUp<true>(k);
    if (options.trace) traceOpened(x, y, g, h);
  }
  bool heapPop(int32_t& i, int& x, int& y, double& g) {
    auto& heap = searcher.open_;
    if (!heap.empty() && rootClosed()) {  // the cell expanded last: removed now
      const Searcher::OpenEntry last = heap.back();
      heap.pop_back();
      if (!heap.empty()) siftDown<true>(0, last);
    }
    if (heap.empty()) return false;
    const Searcher::OpenEntry& top = heap.front();
    x = static_cast<int>(top.xy & 0xffff);
    y = static_cast<int>(top.xy >> 16);
    i = static_cast<int32_t>(top.cell);
    g = top.g;
    slot[i] = -g;
    return true;
  }
  // Whether f may fall from a cell to the next (weight above 1, or Manhattan distance with
  // diagonal steps).
  bool fFalls() const {
    return options.weight > 1 ||
           (heuristicKind == Heuristic::Manhattan && options.diagonal != Diagonal::Never);
  }

  void openStart() {
    // Where f may fall, most keys would land under the last one: every key goes on the heap
    // instead, as under a last key nothing exceeds (the buckets would only add their moves).
    searcher.radixLast_ = fFalls() ? ~uint64_t{0} : 0;
    open(start, startX, startY, 0.0, 0);
  }
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
  // The loop of a best-first search over the open list: the start opened (unless resuming),
  // then each node popped and settled, `expand(current, x, y, g)` pushing its successors,
  // until the target, the budget, a pause or an empty list.
  template <typename Expand>
  TILEPATH_HOT void settleEach(Expand expand) {
    if (!resuming) openStart();
    int32_t current;
    int x, y;
    double g;
    while (goOn() && popOpen(current, x, y, g)) {
      if (!settle(current, x, y, g)) return;
      expand(current, x, y, g);
    }
  }
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
  uint16_t* const stamps_;  // the visit marks, for stamp
  static uint64_t bits(double v) { return __builtin_bit_cast(uint64_t, v); }
  static int bucketOf(uint64_t key, uint64_t last) {
    return key == last ? 0 : 64 - __builtin_clzll(key ^ last);
  }
  // The order of the heaps (under the last key, and in place): true if b goes first.
  static bool later(const Searcher::OpenEntry& a, const Searcher::OpenEntry& b) {
    const uint64_t af = bits(a.f), bf = bits(b.f);
    return (af > bf) | ((af == bf) & (bits(a.g) < bits(b.g)));
  }
  // False, with outOfMemory set, when the list could not grow.
  TILEPATH_HOT bool push(const Searcher::OpenEntry& e) {
    const uint64_t key = bits(e.f), last = searcher.radixLast_;
    const bool below = key < last;
    const int k = bucketOf(key, last);
    auto& to = below ? searcher.open_ : searcher.radix_[k];
    if (to.size() == to.capacity() && !Searcher::growIfRoom(to, Searcher::kRadixLeast)) {
      outOfMemory = true;
      return false;
    }
    to.push_back(e);
    if (below)
      siftUp<false>(to.size() - 1);
    else if (k != 0)  // bucket 0 (the stack) has no bit
      searcher.radixFull_ |= uint64_t{1} << (k - 1);
    return true;
  }
  // The heap of keys under the last: 4-ary (half the levels of a binary heap), and written out
  // rather than std::push_heap's so that entries that tie come out in the same order in every
  // build (native and wasm have different standard libraries).
  static constexpr std::size_t kArity = 4;
  void removeBelowRoot() {
    auto& heap = searcher.open_;
    const Searcher::OpenEntry e = heap.back();
    heap.pop_back();
    if (!heap.empty()) siftDown<false>(0, e);
  }
  // The in-place heap's helpers (heapOpen).
  void place(std::size_t k, const Searcher::OpenEntry& e) {
    searcher.open_[k] = e;
    slot[e.cell] = __builtin_bit_cast(double, static_cast<uint64_t>(k));
  }
  bool rootClosed() const { return std::signbit(slot[searcher.open_.front().cell]); }
  // Puts e at position k of either heap; kPlace: the in-place heap, whose cells are told where
  // they are.
  template <bool kPlace>
  void store(std::size_t k, const Searcher::OpenEntry& e) {
    if (kPlace)
      place(k, e);
    else
      searcher.open_[k] = e;
  }
  // Moves the entry at position k up past the entries that go after it. On the in-place heap an
  // entry never moves above a closed root (the closed cell's slot holds its cost, not a
  // position); it is below the root's other children, which is all a removal looks at.
  template <bool kPlace>
  void siftUp(std::size_t k) {
    auto& heap = searcher.open_;
    const Searcher::OpenEntry e = heap[k];
    while (k > 0) {
      const std::size_t parent = (k - 1) / kArity;
      if (!later(heap[parent], e) || (kPlace && parent == 0 && rootClosed())) break;
      store<kPlace>(k, heap[parent]);
      k = parent;
    }
    store<kPlace>(k, e);
  }
  // Fills position k of either heap with e, moving earlier children up.
  template <bool kPlace>
  void siftDown(std::size_t k, const Searcher::OpenEntry e) {
    auto& heap = searcher.open_;
    const std::size_t n = heap.size();
    for (;;) {
      const std::size_t first = kArity * k + 1;
      if (first >= n) break;
      std::size_t c = first;
      const std::size_t end = first + kArity < n ? first + kArity : n;
      for (std::size_t j = first + 1; j < end; ++j) c = later(heap[c], heap[j]) ? j : c;
      if (!later(e, heap[c])) break;
      store<kPlace>(k, heap[c]);
      k = c;
    }
    store<kPlace>(k, e);
  }
  // The stack is empty: the smallest key of the first bucket with entries becomes the last
  // key, and that bucket's entries move down (into lower buckets: each agrees with that key
  // above the bucket's bit). False when the list is empty, or a bucket could not grow
  // (outOfMemory).
  bool refill();
};

// The algorithm families; each fills run.reached / run.best / run.budgetHit.
void runBestFirst(SearchRun& run);     // A*, Dijkstra, BFS with diagonals
void runBreadthFirst(SearchRun& run);  // BFS, 4 neighbours: a plain FIFO queue
void runJumpPoint(SearchRun& run);     // JPS, noCorners or 4 neighbours, uniform cost
// JPS on a weighted square grid (weighted_jump_point.cpp): noCorners or 4 neighbours, exact goal.
void runWeightedJumpPoint(SearchRun& run);
bool walkWeightedJumpPoints(const SearchRun& run, int32_t cell, std::vector<int32_t>& path);
// The path walk of a jump point search: from closed cell `cell` back to the start, appending
// each cell as a (y, x) pair (the start last). False if no way back was found (a bug).
bool walkJumpPoints(const SearchRun& run, int32_t cell, std::vector<int32_t>& path);
// A*, Dijkstra and BFS on staggered and hexagonal grids (shaped_search.cpp).
void runShaped(SearchRun& run);
// runWithRules's path walk (rule_search.cpp): from `cell` back to the start as (y, x) pairs (the
// start last), and in linkSteps the forward positions where a link was taken. False on a bug.
bool walkWithRules(const SearchRun& run, int32_t cell, std::vector<int32_t>& path,
                   std::vector<int32_t>& linkSteps);
// Cells between two cells on one straight or diagonal line (exclusive of `from`, inclusive of
// `to`), appended to path as x, y pairs.
void appendStraightRun(int fromX, int fromY, int toX, int toY, std::vector<int32_t>& path);

}  // namespace tilepath
