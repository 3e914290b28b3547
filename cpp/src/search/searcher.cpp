// Searcher::find: argument checks, choosing the algorithm, and turning the search state
// into a result (path, cost, goal facing, smoothing). The searches themselves live in
// best_first.cpp, breadth_first.cpp and jump_point.cpp.
#include "tilepath/searcher.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "map/shapes.hpp"
#include "search/search_run.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/hierarchy.hpp"
#include "tilepath/smoothing.hpp"

namespace tilepath {

const uint8_t* stepsAllowed(Diagonal rule) {
  static const auto tables = [] {
    std::array<std::array<uint8_t, 512>, 4> t{};
    for (int r = 0; r < 4; ++r)
      for (int around = 0; around < 512; ++around) {
        auto open = [&](int dx, int dy) { return (around >> ((dy + 1) * 3 + dx + 1)) & 1; };
        uint8_t steps = 0;
        for (int d = 0; d < 8; ++d) {
          const int dx = kStepX[d], dy = kStepY[d];
          if (!open(dx, dy)) continue;
          if (dx != 0 && dy != 0 &&
              !diagonalAllowed(static_cast<Diagonal>(r), open(dx, 0), open(0, dy)))
            continue;
          steps |= 1 << d;
        }
        t[r][around] = steps;
      }
    return t;
  }();
  return tables[static_cast<int>(rule)].data();
}

SearchRun::SearchRun(Searcher& owner, const Grid& g, const SearchOptions& o, SearchResult& r,
                     int sx, int sy, int gx, int gy)
    : searcher(owner),
      grid(g),
      options(o),
      result(r),
      width(g.width()),
      startX(sx),
      startY(sy),
      goalX(gx),
      goalY(gy),
      start(g.index(sx, sy)),
      // An exact goal a big unit cannot stand on (its footprint sticks out) is no position.
      goal(g.inside(gx, gy) ? g.index(gx, gy) : -1),
      heuristicKind(effectiveHeuristic(o)),
      // The closest cell so far only matters for partial paths and nearest goals.
      trackBest(o.partial || o.goal == GoalMode::Nearest),
      slot(owner.slots_.data()),
      visit(owner.visit_.data()),
      number(static_cast<uint16_t>(owner.searchNumber_ << 3)),
      stamps_(owner.visit_.data()) {
  for (int d = 0; d < 8; ++d) stepOffset[d] = kStepY[d] * width + kStepX[d];
  if (!g.shape().square()) shape = &ShapeSteps::of(g.shape());
  withRules = g.hasRules();
}

bool SearchRun::besideGoal(int x, int y) const {
  if (shape) {
    const int d = shape->stepBetween(x, y, goalX, goalY);
    if (d < 0) return false;               // not a neighbour
    if (d < shape->straight) return true;  // a straight step needs no side cells
    const int p = shape->parity(x, y);
    const int a = shape->sideA[d], b = shape->sideB[d];
    return diagonalAllowed(options.diagonal,
                           grid.passable(x + shape->dx[p][a], y + shape->dy[p][a]),
                           grid.passable(x + shape->dx[p][b], y + shape->dy[p][b]));
  }
  // The goal cell's offset from the footprint (x..x + n - 1, y..y + n - 1): 0 along an axis
  // where the footprint spans it.
  const int last = unitSize - 1;
  const int dx = goalX < x ? goalX - x : goalX > x + last ? goalX - x - last : 0;
  const int dy = goalY < y ? goalY - y : goalY > y + last ? goalY - y - last : 0;
  if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return false;
  if (dx == 0 || dy == 0) return true;
  // Touching at a corner counts only if the corner rule lets the footprint's corner cell step
  // onto the goal: the two cells beside both.
  const int cx = dx < 0 ? x : x + last, cy = dy < 0 ? y : y + last;
  return diagonalAllowed(options.diagonal, cells->passable(cx + dx, cy),
                         cells->passable(cx, cy + dy));
}

void SearchRun::noteExpanded(int32_t i, int x, int y, double g) {
  if (options.trace) addTraceEvent({TraceEvent::Expanded, x, y, g, heuristic(x, y)});
  if (trackBest) offerBest(i, goalDistance(x, y), g, i, i);
}

Algorithm algorithmThatRuns(const Grid& grid, const SearchOptions& options) {
  const bool uniform = grid.uniformCost();
  // Jump points and the hierarchy assume every neighbour can be stepped to both ways and no
  // other step exists: with entry rules or links, A* searches instead.
  if (grid.hasRules() &&
      (options.algorithm == Algorithm::JPS || options.algorithm == Algorithm::Hpa))
    return Algorithm::AStar;
  switch (options.algorithm) {
    case Algorithm::Auto: {
      const bool exact =
          options.weight == 1.0 && !(effectiveHeuristic(options) == Heuristic::Manhattan &&
                                     options.diagonal != Diagonal::Never);
      return grid.shape().square() && !grid.hasRules() && uniform && exact &&
                     options.goal == GoalMode::Exact && options.maxExpansions == 0 &&
                     (options.diagonal == Diagonal::NoCorners ||
                      options.diagonal == Diagonal::Never)
                 ? Algorithm::JPS
                 : Algorithm::AStar;
    }
    case Algorithm::JPS:
      // Staggered and hexagonal grids have no jump points here: A* searches them.
      if (!grid.shape().square()) return Algorithm::AStar;
      // Jump points need an exact goal and 4 neighbours or noCorners; on a weighted grid
      // (runWeightedJumpPoint) no partial path either (the scans do not offer the cells they
      // pass).
      if ((uniform || !options.partial) && options.goal == GoalMode::Exact &&
          (options.diagonal == Diagonal::NoCorners || options.diagonal == Diagonal::Never))
        return Algorithm::JPS;
      return Algorithm::AStar;
    case Algorithm::BFS:
      return uniform ? Algorithm::BFS : Algorithm::AStar;
    default:
      return options.algorithm;
  }
}

void appendStraightRun(int fromX, int fromY, int toX, int toY, std::vector<int32_t>& path) {
  int x = fromX, y = fromY;
  while (x != toX || y != toY) {
    x += sign(toX - x);
    y += sign(toY - y);
    path.push_back(x);
    path.push_back(y);
  }
}

namespace {

std::string coordinateError(const char* name, int v, int limit) {
  return std::string(name) + " must be an integer from 0 to " + std::to_string(limit - 1) +
         ", got " + std::to_string(v);
}

// Smoothing on a grid with rules: never across a link (each stretch between links is smoothed
// alone), and not at all under entry rules, whose cells a straight line could enter from a
// forbidden side (the path stays cell by cell).
void smoothWithRules(const Grid& grid, Diagonal rule, SearchResult& out) {
  if (grid.rules().anyEntryRule()) return;
  const std::vector<int32_t>& raw = out.rawPath;
  std::vector<int32_t> smoothed, piece, part;
  std::vector<double> scratch;
  std::vector<int32_t> links;
  double cost = 0;
  std::size_t from = 0;  // first cell of the stretch
  const std::size_t cellsInPath = raw.size() / 2;
  for (std::size_t k = 0; k <= out.links.size(); ++k) {
    const std::size_t to =
        k < out.links.size() ? static_cast<std::size_t>(out.links[k]) : cellsInPath - 1;
    piece.assign(raw.begin() + 2 * from, raw.begin() + 2 * to + 2);
    cost += piece.size() > 4 ? smoothPath(grid, rule, piece, part, scratch) : grid.pathCost(piece);
    const std::vector<int32_t>& done = piece.size() > 4 ? part : piece;
    smoothed.insert(smoothed.end(), done.begin(), done.end());  // stretches share no cell
    if (k < out.links.size()) {
      links.push_back(static_cast<int32_t>(smoothed.size() / 2 - 1));
      cost += grid.rules().linkCost(grid.index(raw[2 * to], raw[2 * to + 1]),
                                    grid.index(raw[2 * to + 2], raw[2 * to + 3]));
      from = to + 1;
    }
  }
  out.path = std::move(smoothed);
  out.links = std::move(links);
  out.cost = cost;
}

}  // namespace

std::size_t Searcher::bytesToGrowFor(const Grid& grid, bool trace) const {
  const auto cells = static_cast<std::size_t>(grid.size());
  auto more = [](std::size_t have, std::size_t want, std::size_t each) {
    return have >= want ? 0 : (want - have) * each;
  };
  std::size_t bytes =
      more(slots_.size(), cells, sizeof(double)) + more(visit_.size(), cells, sizeof(uint16_t));
  bytes += ruleBytesToGrowFor(grid);
  if (trace) bytes += kMaxTraceEvents * sizeof(TraceEvent);
  return bytes;
}

std::size_t Searcher::ruleBytesToGrowFor(const Grid& grid) const {
  const auto cells = static_cast<std::size_t>(grid.size());
  return grid.hasRules() && ruleCells_.size() < cells
             ? (cells - ruleCells_.size()) * sizeof(RuleCell)
             : 0;
}

std::size_t Searcher::memoryBytes() const {
  return slots_.capacity() * sizeof(double) + visit_.capacity() * sizeof(uint16_t) +
         open_.capacity() * sizeof(OpenEntry) + radixBytes() + queue_.capacity() * sizeof(int32_t) +
         smoothing_.capacity() * sizeof(double) + ruleCells_.capacity() * sizeof(RuleCell) +
         ruleOpen_.capacity() * sizeof(OpenEntry);
}

void Searcher::find(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options,
                    SearchResult& out, Hierarchy* hierarchy) {
  if (!begin(grid, sx, sy, gx, gy, options, out)) return;
  if (options.algorithm == Algorithm::Hpa && !grid.hasRules()) {
    out.error = squareGridOnly("algorithm 'hpa'", grid.shape());
    if (!out.ok()) return;
    if (hierarchy == nullptr)
      out.error = "algorithm 'hpa' needs the grid's hierarchy: search through Hierarchy::find";
    else
      hierarchy->search(sx, sy, gx, gy, options, out);
    return;
  }
  SearchRun run(*this, grid, options, out, sx, sy, gx, gy);
  prepare(run);
  advance(run);
  finish(run);
}

bool Searcher::begin(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options,
                     SearchResult& out) {
  out.clear();
  out.error = validateOptions(options);
  if (!out.ok()) return false;
  if (options.unitSize != 1)
    return (out.error = "unitSize " + std::to_string(options.unitSize) +
                        " needs the grid's Footprints: call find(footprints, ...)"),
           false;
  if (options.smooth && !grid.shape().square())
    return (out.error = "smooth is not supported on " +
                        std::string(kOrientationNames[static_cast<int>(grid.shape().orientation)]) +
                        " grids (paths there go cell by cell)"),
           false;
  if (!grid.inside(sx, 0)) return (out.error = coordinateError("startX", sx, grid.width())), false;
  if (!grid.inside(0, sy)) return (out.error = coordinateError("startY", sy, grid.height())), false;
  if (!grid.inside(gx, 0)) return (out.error = coordinateError("goalX", gx, grid.width())), false;
  if (!grid.inside(0, gy)) return (out.error = coordinateError("goalY", gy, grid.height())), false;
  return setUp(grid, sx, sy, gx, gy, options, out);
}

void Searcher::find(Footprints& footprints, int sx, int sy, int gx, int gy,
                    const SearchOptions& options, SearchResult& out) {
  const Grid* positions = nullptr;
  if (!begin(footprints, sx, sy, gx, gy, options, out, positions)) return;
  SearchRun run(*this, *positions, options, out, sx, sy, gx, gy);
  run.cells = &footprints.cells();
  run.unitSize = options.unitSize;
  prepare(run);
  advance(run);
  finish(run);
}

bool Searcher::begin(Footprints& footprints, int sx, int sy, int gx, int gy,
                     const SearchOptions& options, SearchResult& out, const Grid*& positions) {
  const Grid& cells = footprints.cells();
  const int n = options.unitSize;
  positions = &cells;
  if (n == 1) return begin(cells, sx, sy, gx, gy, options, out);
  out.clear();
  out.error = validateOptions(options);
  if (out.ok()) out.error = validateUnitSize(n, cells.shape());
  if (!out.ok()) return false;
  auto refuse = [&](std::string error) {
    out.error = std::move(error);
    return false;
  };
  if (!cells.inside(gx, 0)) return refuse(coordinateError("goalX", gx, cells.width()));
  if (!cells.inside(0, gy)) return refuse(coordinateError("goalY", gy, cells.height()));
  if (cells.hasRules())
    return refuse("unitSize " + std::to_string(n) +
                  " is not supported on a grid with entry rules or links (units of one cell only)");
  if (!footprints.fits(n))
    return refuse("unitSize " + std::to_string(n) + " does not fit in a " +
                  std::to_string(cells.width()) + " x " + std::to_string(cells.height()) + " grid");
  // The unit's footprint must lie inside the grid: its top-left at most width - n.
  const std::string mustFit = " (a unit of size " + std::to_string(n) + " must fit in the grid)";
  if (!cells.inside(sx, 0) || sx > cells.width() - n)
    return refuse(coordinateError("startX", sx, cells.width() - n + 1) + mustFit);
  if (!cells.inside(0, sy) || sy > cells.height() - n)
    return refuse(coordinateError("startY", sy, cells.height() - n + 1) + mustFit);
  positions = footprints.positions(n);
  return setUp(*positions, sx, sy, gx, gy, options, out);
}

bool Searcher::setUp(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options,
                     SearchResult& out) {
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
    return false;
  }
  if (exactGoal && goalBlocked && !options.partial) {  // status none, nothing to search
    out.reason = Reason::GoalBlocked;
    return false;
  }
  // hpa searches the grid's hierarchy (find hands it over): no per-cell state here.
  if (options.algorithm == Algorithm::Hpa && !grid.hasRules()) return true;
  if (grid.hasRules()) {
    if (ruleCells_.size() < static_cast<std::size_t>(grid.size()))
      ruleCells_.resize(grid.size(), RuleCell{0, -1, 0, false});
    if (++ruleNumber_ >= (1u << 31)) {  // the numbers wrapped: clear every cell's
      std::fill(ruleCells_.begin(), ruleCells_.end(), RuleCell{0, -1, 0, false});
      ruleNumber_ = 1;
    }
    ruleOpen_.clear();
  }

  const auto cells = static_cast<std::size_t>(grid.size());
  if (slots_.size() < cells) {
    slots_.resize(cells);
    visit_.resize(cells, 0);
  }
  // The range of cells stamped since the numbers were last cleared holds the start from here
  // on (SearchRun::stamp then moves at most one of its ends).
  const int32_t start = grid.index(sx, sy);
  if (++searchNumber_ > kSearchNumbers) {  // 13 bits used up: a stale number could look current
    // Only the cells stamped since the last clear: a short search on a big grid then no longer
    // pays for a share of the whole grid.
    std::fill(visit_.begin() + stampedLo_, visit_.begin() + stampedHi_ + 1, 0);
    stampedLo_ = stampedHi_ = start;
    searchNumber_ = 1;
  }
  stampedLo_ = std::min(stampedLo_, start);
  stampedHi_ = std::max(stampedHi_, start);
  open_.clear();
  radix_[0].clear();
  for (uint64_t full = radixFull_; full != 0; full &= full - 1)
    radix_[__builtin_ctzll(full) + 1].clear();
  radixFull_ = 0;
  radixLast_ = 0;
  return true;
}

std::size_t Searcher::radixBytes() const {
  std::size_t bytes = 0;
  for (const auto& bucket : radix_) bytes += bucket.capacity() * sizeof(OpenEntry);
  return bytes;
}

bool SearchRun::refill() {
  auto* buckets = searcher.radix_;
  if (searcher.radixFull_ == 0) return false;
  const int k = __builtin_ctzll(searcher.radixFull_) + 1;
  auto& from = buckets[k];
  uint64_t least = bits(from.front().f);
  for (const auto& e : from) least = bits(e.f) < least ? bits(e.f) : least;
  searcher.radixLast_ = least;
  for (const auto& e : from) {
    const int target = bucketOf(bits(e.f), least);
    auto& to = buckets[target];
    if (to.size() == to.capacity() && !Searcher::growIfRoom(to, Searcher::kRadixLeast)) {
      outOfMemory = true;
      return false;
    }
    to.push_back(e);
    if (target != 0) searcher.radixFull_ |= uint64_t{1} << (target - 1);
  }
  from.clear();
  searcher.radixFull_ &= ~(uint64_t{1} << (k - 1));
  return true;
}

void Searcher::prepare(SearchRun& run) {
  const Grid& grid = run.grid;
  const SearchOptions& options = run.options;
  const Algorithm algorithm = run.result.algorithm;
  const bool uniform = grid.uniformCost();
  // On a uniform table every algorithm may count steps: the same search, scaled, without
  // looking up each cell's cost (a trace shows costs under the table, so it keeps them).
  run.unitCost = uniform && (!options.trace || options.algorithm == Algorithm::BFS ||
                             options.algorithm == Algorithm::JPS || algorithm == Algorithm::JPS);
  run.hScale = algorithm == Algorithm::AStar || algorithm == Algorithm::JPS
                   ? options.weight * (run.unitCost ? 1.0 : grid.minCost())
                   : 0;
  // A unit of size n stops with its footprint touching the goal: its top-left up to n cells
  // before the goal on each axis (n - 1 on one of them without diagonals).
  const double n = run.unitSize;
  if (run.withRules) {
    // Links cost what they cost, not a multiple of the cells': only bfs counts steps.
    run.unitCost = algorithm == Algorithm::BFS;
    run.hScale = algorithm == Algorithm::AStar ? options.weight * grid.minCost() : 0;
  }
  if (options.goal == GoalMode::Adjacent)
    run.hSlack = grid.shape().hexagonal()                    ? 1.0
                 : options.diagonal == Diagonal::Never       ? 2 * n - 1
                 : run.heuristicKind == Heuristic::Manhattan ? 2 * n
                 : run.heuristicKind == Heuristic::Chebyshev ? n
                                                             : kDiagonalStep * n;
}

void Searcher::advance(SearchRun& run) {
  const Algorithm algorithm = run.result.algorithm;
  if (run.withRules) {
    runWithRules(run);
  } else if (run.shape) {
    runShaped(run);
  } else if (algorithm == Algorithm::JPS) {
    run.unitCost ? runJumpPoint(run) : runWeightedJumpPoint(run);
  } else if (algorithm == Algorithm::BFS && run.options.diagonal == Diagonal::Never) {
    runBreadthFirst(run);
  } else {
    runBestFirst(run);
  }
}

void Searcher::finish(SearchRun& run) {
  const Grid& grid = run.grid;
  const SearchOptions& options = run.options;
  SearchResult& out = run.result;
  if (run.outOfMemory) {
    out.error = "not enough memory to go on with this search: after " +
                std::to_string(out.expanded) +
                " cells expanded, its list of cells to expand could not grow (maxExpansions "
                "bounds a search)";
    return;
  }
  const int gx = run.goalX, gy = run.goalY;
  const bool exactGoal = options.goal == GoalMode::Exact;
  const bool goalBlocked = !grid.passable(gx, gy);
  const bool jumpPoints = out.algorithm == Algorithm::JPS;
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

  // Walk back from the end along the steps that reached each cell. Every cell of an A* or bfs
  // path was expanded and knows its step; a jump point search knows it only at its jump points
  // (walkJumpPoints, jump_point.cpp).
  const bool scannedEnd = jumpPoints && end == run.best && run.bestOrigin != end;
  int32_t cell = scannedEnd ? run.bestOrigin : end;
  const int w = grid.width();
  std::vector<int32_t>& path = out.path;  // built from the end, then reversed
  if (run.withRules) {
    if (!walkWithRules(run, cell, path, out.links)) {
      out.status = Status::None;
      out.path.clear();
      out.error = "internal error: the search lost its way back to the start";
      return;
    }
  } else if (jumpPoints) {
    if (!(run.unitCost ? walkJumpPoints(run, cell, path)
                       : walkWeightedJumpPoints(run, cell, path))) {
      out.status = Status::None;
      out.path.clear();
      out.error = "internal error: the jump point search lost its way back to the start";
      return;
    }
  } else {
    int x = cell % w, y = cell / w;
    path.push_back(y);
    path.push_back(x);
    while (cell != run.start) {
      const int step = run.arrivalStep(cell);
      if (run.shape) {  // the step back depends on the parity of the cell it leaves
        const int p = run.shape->parity(x, y), back = ShapeSteps::opposite(step);
        x += run.shape->dx[p][back];
        y += run.shape->dy[p][back];
        cell = grid.index(x, y);
      } else {
        cell -= run.stepOffset[step];
        x -= kStepX[step];
        y -= kStepY[step];
      }
      path.push_back(y);
      path.push_back(x);
    }
  }
  std::reverse(path.begin(), path.end());
  // A jump point search may end on a cell it scanned past: the path goes on from the node the
  // scan started from, straight or diagonally to the corner where it turned, then to the end.
  if (scannedEnd) {
    appendStraightRun(path[path.size() - 2], path.back(), run.bestCorner % w, run.bestCorner / w,
                      path);
    appendStraightRun(path[path.size() - 2], path.back(), end % w, end / w, path);
  }
  out.cost = run.withRules ? grid.pathCost(path, out.links) : grid.pathCost(path);
  out.endX = path[path.size() - 2];
  out.endY = path.back();
  out.faceX = sign(gx - out.endX);
  out.faceY = sign(gy - out.endY);
  if (run.shape) {
    out.faceStep = static_cast<int8_t>(shapedFacing(*run.shape, out.endX, out.endY, gx, gy));
    const int p = run.shape->parity(out.endX, out.endY);
    out.faceX = out.faceStep < 0 ? 0 : run.shape->dx[p][out.faceStep];
    out.faceY = out.faceStep < 0 ? 0 : run.shape->dy[p][out.faceStep];
  }

  if (options.smooth && path.size() > 4) {
    out.rawPath = path;
    if (run.withRules)
      smoothWithRules(grid, options.diagonal, out);
    else
      out.cost = smoothPath(grid, options.diagonal, out.rawPath, path, smoothing_);
  }
  if (!options.includeStart) {
    path.erase(path.begin(), path.begin() + 2);
    for (int32_t& k : out.links) --k;  // a link is never taken before the start
  }
}

}  // namespace tilepath
