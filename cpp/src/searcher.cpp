// Searcher::find: argument checks, choosing the algorithm, and turning the search state
// into a result (path, cost, goal facing, smoothing). The searches themselves live in
// best_first.cpp, breadth_first.cpp and jump_point.cpp.
#include "tilepath/searcher.hpp"

#include <algorithm>
#include <string>

#include "search_run.hpp"
#include "tilepath/smoothing.hpp"

namespace tilepath {

SearchRun::SearchRun(Searcher& searcher, const Grid& g, const SearchOptions& options,
                     SearchResult& result, int sx, int sy, int gx, int gy)
    : s(searcher),
      grid(g),
      opt(options),
      out(result),
      width(g.width()),
      startX(sx),
      startY(sy),
      goalX(gx),
      goalY(gy),
      start(g.index(sx, sy)),
      goal(g.index(gx, gy)),
      heuristicKind(effectiveHeuristic(options)),
      // The closest cell so far only matters for partial paths and nearest goals.
      trackBest(options.partial || options.goal == GoalMode::Nearest) {}

bool SearchRun::isTarget(int32_t i) const {
  if (opt.goal != GoalMode::Adjacent) return i == goal;
  const int x = i % width, y = i / width;
  const int dx = goalX - x, dy = goalY - y;
  if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return false;
  if (dx == 0 || dy == 0) return true;
  // A diagonal neighbour counts only if the step onto the goal would pass the corner rule.
  return diagonalAllowed(opt.diagonal, grid.passable(x + dx, y), grid.passable(x, y + dy));
}

void SearchRun::push(int32_t i, double g, double h) {
  Searcher::Node& n = s.nodes_[i];
  n.g = g;
  n.heapIndex = static_cast<int32_t>(s.heap_.size());
  s.heap_.push_back({g + h, h, i});
  siftUp(s.heap_.size() - 1);
  traceOpened(i, g, h);
}

void SearchRun::decrease(int32_t i, double g) {
  Searcher::Node& n = s.nodes_[i];
  n.g = g;
  Searcher::HeapEntry& e = s.heap_[n.heapIndex];
  e.f = g + e.h;
  traceOpened(i, g, e.h);
  siftUp(n.heapIndex);
}

int32_t SearchRun::pop() {
  auto& heap = s.heap_;
  const int32_t top = heap.front().node;
  s.nodes_[top].heapIndex = Searcher::kClosed;
  heap.front() = heap.back();
  heap.pop_back();
  if (!heap.empty()) {
    s.nodes_[heap.front().node].heapIndex = 0;
    siftDown(0);
  }
  return top;
}

void SearchRun::siftUp(std::size_t k) {
  auto& heap = s.heap_;
  const Searcher::HeapEntry e = heap[k];
  while (k > 0) {
    const std::size_t parent = (k - 1) / 2;
    if (!less(e, heap[parent])) break;
    heap[k] = heap[parent];
    s.nodes_[heap[k].node].heapIndex = static_cast<int32_t>(k);
    k = parent;
  }
  heap[k] = e;
  s.nodes_[e.node].heapIndex = static_cast<int32_t>(k);
}

void SearchRun::siftDown(std::size_t k) {
  auto& heap = s.heap_;
  const std::size_t n = heap.size();
  const Searcher::HeapEntry e = heap[k];
  for (;;) {
    std::size_t child = 2 * k + 1;
    if (child >= n) break;
    if (child + 1 < n && less(heap[child + 1], heap[child])) ++child;
    if (!less(heap[child], e)) break;
    heap[k] = heap[child];
    s.nodes_[heap[k].node].heapIndex = static_cast<int32_t>(k);
    k = child;
  }
  heap[k] = e;
  s.nodes_[e.node].heapIndex = static_cast<int32_t>(k);
}

bool SearchRun::settle(int32_t i) {
  noteExpanded(i);
  if (isTarget(i)) {
    reached = i;
    return false;
  }
  if (!budgetLeft()) {
    budgetHit = true;
    return false;
  }
  return true;
}

void SearchRun::noteExpanded(int32_t i) {
  ++out.expanded;
  if (!opt.trace && !trackBest) return;
  const int x = i % width, y = i / width;
  const double g = s.nodes_[i].g;
  if (opt.trace) record({TraceEvent::Expanded, x, y, g, heuristic(x, y)});
  if (trackBest) offerBest(i, goalDistance(x, y), g, i, i);
}

namespace {

std::string coordinateError(const char* name, int v, int limit) {
  return std::string(name) + " must be an integer from 0 to " + std::to_string(limit - 1) +
         ", got " + std::to_string(v);
}

// Cost of walking a cell-by-cell path under the grid's table.
double pathCost(const Grid& grid, const std::vector<int32_t>& path) {
  double cost = 0;
  for (std::size_t k = 2; k + 1 < path.size(); k += 2)
    cost += grid.stepCost(path[k - 2], path[k - 1], path[k], path[k + 1]);
  return cost;
}

int sign(int v) {
  return (v > 0) - (v < 0);
}

}  // namespace

Algorithm algorithmThatRuns(const Grid& grid, const SearchOptions& options) {
  const bool uniform = grid.uniformCost();
  switch (options.algorithm) {
    case Algorithm::JPS:
      // Jump points need equal step costs, an exact goal, and 4 neighbours or noCorners.
      if (uniform && options.goal == GoalMode::Exact &&
          (options.diagonal == Diagonal::NoCorners || options.diagonal == Diagonal::Never))
        return Algorithm::JPS;
      return Algorithm::AStar;
    case Algorithm::BFS:
      return uniform ? Algorithm::BFS : Algorithm::AStar;
    default:
      return options.algorithm;
  }
}

std::size_t Searcher::bytesToGrowFor(const Grid& grid, bool trace) const {
  const auto cells = static_cast<std::size_t>(grid.size());
  auto more = [cells](std::size_t have, std::size_t each) {
    return have >= cells ? 0 : (cells - have) * each;
  };
  // Worst case: every cell open at once (heap) or queued (fifo).
  std::size_t bytes = more(nodes_.size(), sizeof(Node)) +
                      more(heap_.capacity(), sizeof(HeapEntry)) +
                      more(fifo_.capacity(), sizeof(int32_t));
  if (trace) bytes += kMaxTraceEvents * sizeof(TraceEvent);
  return bytes;
}

std::size_t Searcher::memoryBytes() const {
  return nodes_.capacity() * sizeof(Node) + heap_.capacity() * sizeof(HeapEntry) +
         fifo_.capacity() * sizeof(int32_t) + scratch_.capacity() * sizeof(int32_t) +
         smoothing_.capacity() * sizeof(double);
}

void Searcher::find(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options,
                    SearchResult& out) {
  out.status = Status::None;
  out.path.clear();
  out.rawPath.clear();
  out.trace.clear();
  out.traceTruncated = false;
  out.cost = 0;
  out.expanded = 0;
  out.endX = out.endY = -1;
  out.faceX = out.faceY = 0;
  out.error = validateOptions(options);
  if (!out.ok()) return;
  if (!grid.inside(sx, 0)) return void(out.error = coordinateError("startX", sx, grid.width()));
  if (!grid.inside(0, sy)) return void(out.error = coordinateError("startY", sy, grid.height()));
  if (!grid.inside(gx, 0)) return void(out.error = coordinateError("goalX", gx, grid.width()));
  if (!grid.inside(0, gy)) return void(out.error = coordinateError("goalY", gy, grid.height()));

  out.algorithm = algorithmThatRuns(grid, options);
  out.reason = Reason::None;
  const bool exactGoal = options.goal == GoalMode::Exact;
  const bool goalBlocked = !grid.passable(gx, gy);
  // The start is where the unit stands: it is never checked, so a unit on a cell that was just
  // blocked can still walk off, and one already on its goal has arrived, whatever the cell holds.
  if (sx == gx && sy == gy) {
    out.status = Status::Found;
    out.endX = sx;
    out.endY = sy;
    if (options.includeStart) out.path.assign({sx, sy});
    return;
  }
  if (exactGoal && goalBlocked && !options.partial) {  // status none, nothing to search
    out.reason = Reason::GoalBlocked;
    return;
  }

  const auto cells = static_cast<std::size_t>(grid.size());
  if (nodes_.size() < cells) nodes_.resize(cells, Node{0, -1, 0, kClosed});
  if (++search_ == 0) {  // wrapped: every stale record could look current, so clear them once
    for (Node& n : nodes_) n.search = 0;
    search_ = 1;
  }
  heap_.clear();

  SearchRun run(*this, grid, options, out, sx, sy, gx, gy);
  run.search = search_;

  // bfs and jps count steps, not table costs; where that would not be optimal (a non-uniform
  // table) they give way to A*, which is.
  const Algorithm algorithm = out.algorithm;
  const bool uniform = grid.uniformCost();
  run.unitCost = (options.algorithm == Algorithm::BFS || options.algorithm == Algorithm::JPS) &&
                 uniform;
  run.hScale = algorithm == Algorithm::AStar || algorithm == Algorithm::JPS
                   ? options.weight * (run.unitCost ? 1.0 : grid.minCost())
                   : 0;
  if (options.goal == GoalMode::Adjacent)
    run.hSlack = options.diagonal == Diagonal::Never         ? 1.0
                 : run.heuristicKind == Heuristic::Manhattan ? 2.0
                 : run.heuristicKind == Heuristic::Chebyshev ? 1.0
                                                             : kSqrt2;

  const bool jumpPoints = algorithm == Algorithm::JPS;
  if (jumpPoints) {
    runJumpPoint(run);
  } else if (algorithm == Algorithm::BFS && options.diagonal == Diagonal::Never) {
    runBreadthFirst(run);
  } else {
    runBestFirst(run);
  }

  int32_t end = run.reached;
  if (end >= 0) {
    out.status = Status::Found;
  } else {
    out.reason = exactGoal && goalBlocked ? Reason::GoalBlocked
                 : run.budgetHit          ? Reason::Budget
                                          : Reason::Unreachable;
    if (options.goal == GoalMode::Nearest && !run.budgetHit && run.best >= 0) {
      end = run.best;  // the goal cannot be reached: the nearest reachable cell is the answer
      out.status = Status::Found;
      out.reason = Reason::None;
    } else if (options.partial && run.best >= 0) {
      end = run.best;
      out.status = Status::Partial;
    } else {
      return;
    }
  }

  // Walk parents back from the end, then reverse into x,y pairs.
  std::vector<int32_t>& path = out.path;
  scratch_.clear();
  // A jump point search may end on a cell it scanned past: the path runs to the node the scan
  // started from, then straight or diagonally to the corner where it turned, then on to the end.
  const bool scannedEnd = jumpPoints && end == run.best && run.bestOrigin != end;
  if (scannedEnd) {
    scratch_.push_back(end);
    scratch_.push_back(run.bestCorner);
  }
  for (int32_t i = scannedEnd ? run.bestOrigin : end; i >= 0; i = nodes_[i].parent)
    scratch_.push_back(i);
  const int w = grid.width();
  if (jumpPoints) {
    int px = scratch_.back() % w, py = scratch_.back() / w;
    path.push_back(px);
    path.push_back(py);
    for (auto it = scratch_.rbegin() + 1; it != scratch_.rend(); ++it) {
      if (*it % w == px && *it / w == py) continue;  // a corner on its own origin or end
      appendStraightRun(px, py, *it % w, *it / w, path);
      px = *it % w;
      py = *it / w;
    }
  } else {
    for (auto it = scratch_.rbegin(); it != scratch_.rend(); ++it) {
      path.push_back(*it % w);
      path.push_back(*it / w);
    }
  }
  out.cost = pathCost(grid, path);
  out.endX = path[path.size() - 2];
  out.endY = path.back();
  out.faceX = sign(gx - out.endX);
  out.faceY = sign(gy - out.endY);

  if (options.smooth && path.size() > 4) {
    out.rawPath = path;
    out.cost = smoothPath(grid, options.diagonal, out.rawPath, path, smoothing_);
  }
  if (!options.includeStart) path.erase(path.begin(), path.begin() + 2);
}

}  // namespace tilepath
