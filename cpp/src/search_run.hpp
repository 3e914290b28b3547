// Internal: the state and small helpers one search shares between the algorithm files.
// The three separate parts of a search: the heuristic (heuristic()), neighbour generation
// (forEachNeighbour, following the diagonal rule) and the open list (push/pop/decrease).
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

inline constexpr double kSqrt2 = 1.4142135623730951;
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr int32_t kUnseen = -2;

// Raw distance estimate between two cells under a heuristic (unscaled).
inline double distance(Heuristic h, int dx, int dy) {
  dx = std::abs(dx);
  dy = std::abs(dy);
  switch (h) {
    case Heuristic::Manhattan:
      return dx + dy;
    case Heuristic::Chebyshev:
      return dx > dy ? dx : dy;
    case Heuristic::Euclidean:
      return std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
    case Heuristic::Octile:
    case Heuristic::Default:
    default:
      return dx > dy ? dx + (kSqrt2 - 1) * dy : dy + (kSqrt2 - 1) * dx;
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

struct SearchRun {
  SearchRun(Searcher& searcher, const Grid& grid, const SearchOptions& options, SearchResult& out,
            int sx, int sy, int gx, int gy);

  Searcher& s;
  const Grid& grid;
  const SearchOptions& opt;
  SearchResult& out;
  const int width;
  const int startX, startY, goalX, goalY;
  const int start, goal;
  // Step costs ignore the table (every passable cell costs 1): bfs and jps.
  bool unitCost = false;
  Heuristic heuristicKind;
  double hScale = 0;  // weight x cheapest passable cost; 0 = no heuristic (dijkstra, bfs)
  double hSlack = 0;  // adjacent goals: the last step is never taken, so estimate one step less
  uint32_t search = 0;

  // Outcome.
  int32_t reached = -1;  // the goal (or goal-adjacent) node popped, -1 if none
  bool budgetHit = false;
  // The reached cell closest to the goal (partial / nearest), ties to the cheaper one. A* and
  // bfs reach a cell when they expand it. A jump point search also reaches the cells it scans
  // past: then the way to `best` leaves node `bestOrigin` and turns at `bestCorner`.
  int32_t best = -1;
  int32_t bestOrigin = -1, bestCorner = -1;
  double bestDist = kInf, bestG = kInf;
  bool trackBest = false;

  Searcher::Node& node(int32_t i) {
    Searcher::Node& n = s.nodes_[i];
    if (n.search != search) {
      n.search = search;
      n.g = kInf;
      n.parent = -1;
      n.heapIndex = kUnseen;
    }
    return n;
  }

  // The record as it stands (no reset): for cells already touched by this search.
  Searcher::Node& record(int32_t i) { return s.nodes_[i]; }
  std::vector<int32_t>& fifo() { return s.fifo_; }

  double goalDistance(int x, int y) const { return distance(heuristicKind, x - goalX, y - goalY); }
  double heuristic(int x, int y) const {
    if (hScale == 0) return 0;
    double d = goalDistance(x, y) - hSlack;
    return d > 0 ? d * hScale : 0;
  }
  double enterCost(int32_t i) const { return unitCost ? 1.0 : grid.cellCost(i); }

  bool isTarget(int32_t i) const;

  // Calls fn(neighbourIndex, stepLength) for each passable neighbour reachable from (x, y).
  template <typename Fn>
  void forEachNeighbour(int x, int y, Fn&& fn) const {
    const int i = grid.index(x, y);
    const bool right = grid.passable(x + 1, y), left = grid.passable(x - 1, y);
    const bool down = grid.passable(x, y + 1), up = grid.passable(x, y - 1);
    if (right) fn(i + 1, 1.0);
    if (left) fn(i - 1, 1.0);
    if (down) fn(i + width, 1.0);
    if (up) fn(i - width, 1.0);
    const Diagonal rule = opt.diagonal;
    if (rule == Diagonal::Never) return;
    if (grid.passable(x + 1, y + 1) && diagonalAllowed(rule, right, down))
      fn(i + width + 1, kSqrt2);
    if (grid.passable(x - 1, y + 1) && diagonalAllowed(rule, left, down)) fn(i + width - 1, kSqrt2);
    if (grid.passable(x + 1, y - 1) && diagonalAllowed(rule, right, up)) fn(i - width + 1, kSqrt2);
    if (grid.passable(x - 1, y - 1) && diagonalAllowed(rule, left, up)) fn(i - width - 1, kSqrt2);
  }

  // Open list: an indexed binary heap ordered by f, ties towards the goal (lower h).
  void push(int32_t i, double g, double h);
  void decrease(int32_t i, double g);
  int32_t pop();
  bool openEmpty() const { return s.heap_.empty(); }

  // Puts the start on the open list.
  void openStart() {
    node(start);
    push(start, 0.0, heuristic(startX, startY));
  }
  // Offers `next` a way from `from` with cost `g` so far; kept if cheaper than what it has.
  void relax(int32_t from, int32_t next, double g) {
    Searcher::Node& n = node(next);
    if (n.heapIndex == Searcher::kClosed || !(g < n.g)) return;
    n.parent = from;
    if (n.heapIndex >= 0) {
      decrease(next, g);
    } else {
      push(next, g, heuristic(next % width, next / width));
    }
  }

  // Book-keeping on each expansion (count, trace, closest so far), then whether to go on:
  // false once the target is reached or the budget is spent.
  bool settle(int32_t i);
  void noteExpanded(int32_t i);
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
  bool budgetLeft() const { return opt.maxExpansions == 0 || out.expanded < opt.maxExpansions; }
  void traceOpened(int32_t i, double g, double h) {
    if (opt.trace) record({TraceEvent::Opened, i % width, i / width, g, h});
  }
  void record(const TraceEvent& e) {
    if (out.trace.size() < kMaxTraceEvents)
      out.trace.push_back(e);
    else
      out.traceTruncated = true;
  }

 private:
  static bool less(const Searcher::HeapEntry& a, const Searcher::HeapEntry& b) {
    return a.f < b.f || (a.f == b.f && a.h < b.h);
  }
  void siftUp(std::size_t k);
  void siftDown(std::size_t k);
};

// The algorithm families; each fills run.reached / run.best / run.budgetHit.
void runBestFirst(SearchRun& run);     // A*, Dijkstra, BFS with diagonals
void runBreadthFirst(SearchRun& run);  // BFS, 4 neighbours: a plain FIFO queue
void runJumpPoint(SearchRun& run);     // JPS, noCorners, uniform cost
// Cells between two jump points (exclusive of `from`, inclusive of `to`), appended to path.
// The algorithm Searcher::find runs for these options on this grid (SearchResult::algorithm).
Algorithm algorithmThatRuns(const Grid& grid, const SearchOptions& options);
void appendStraightRun(int fromX, int fromY, int toX, int toY, std::vector<int32_t>& path);

}  // namespace tilepath
