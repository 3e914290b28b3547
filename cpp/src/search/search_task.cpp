// SearchTask: Searcher::find's three parts (begin, the loop, finish) with the loop paused
// between slices. The run (SearchRun) and the searcher's state survive between steps.
#include "tilepath/search_task.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "map/shapes.hpp"
#include "search/search_run.hpp"
#include "tilepath/smoothing.hpp"

namespace tilepath {

SearchTask::SearchTask(const Grid& grid, int sx, int sy, int gx, int gy,
                       const SearchOptions& options, std::unique_ptr<Searcher> state)
    : SearchTask(grid, nullptr, sx, sy, gx, gy, options, std::move(state)) {}

SearchTask::SearchTask(Footprints& footprints, int sx, int sy, int gx, int gy,
                       const SearchOptions& options, std::unique_ptr<Searcher> state)
    : SearchTask(footprints.cells(), &footprints, sx, sy, gx, gy, options, std::move(state)) {}

SearchTask::SearchTask(const Grid& grid, Footprints* footprints, int sx, int sy, int gx, int gy,
                       const SearchOptions& options, std::unique_ptr<Searcher> state)
    : grid_(grid),
      footprints_(footprints),
      sx_(sx),
      sy_(sy),
      gx_(gx),
      gy_(gy),
      options_(options),
      searcher_(state ? std::move(state) : std::make_unique<Searcher>()) {
  // Watching is not editing: the grid keeps its observers beside its cells (as Hierarchy does).
  edits_.grid = &grid_;
  const_cast<Grid&>(grid_).addObserver(&edits_);
  watching_ = true;
  start();
}

SearchTask::~SearchTask() {
  stopWatching();
}

void SearchTask::stopWatching() {
  if (watching_) const_cast<Grid&>(grid_).removeObserver(&edits_);
  watching_ = false;
}

bool SearchTask::answer() {
  answered_ = true;
  if (frozen()) {
    // Current if no edit since the copy could change what the search did (run_ still holds
    // what it saw: this runs before it is dropped); else the path is checked on the live grid.
    // Entry rules and links are not in the edit log: any change of them since the copy makes
    // the answer outdated, and its legality unknown (pathWalkable reads cells only).
    const bool rulesChanged = grid_.rules().generation() != rulesGeneration_;
    outdated_ = grid_.version() != frozenVersion_ && (!run_ || rulesChanged || loggedEditsMatter());
    editsSince_ = outdated_ ? grid_.version() - frozenVersion_ : 0;
    stillLegal_ = !outdated_ || (!rulesChanged && result_.ok() && pathWalkable(result_.path));
  }
  stopWatching();
  return true;
}

bool SearchTask::makeCopy(const Grid& cells) {
  const int n = options_.unitSize;
  const std::size_t bytes = static_cast<std::size_t>(cells.size()) * (n > 1 ? 2 : 1) +
                            cells.bitsetBytes() * (n > 1 ? 2 : 1);
  if (!Searcher::roomFor(bytes)) return false;
  frozenCells_ = std::make_unique<Grid>(cells);
  if (footprints_) {
    frozenFootprints_ = std::make_unique<Footprints>(*frozenCells_);
    // The live positions copied (a rebuild from the cells costs ~50x more): undoing edits on
    // the copied cells then updates them as any edit does.
    if (n > 1) frozenFootprints_->copyPositions(*footprints_, n);
  }
  return true;
}

// Begins (or begins again) the search on the grid as it is now; false when the arguments
// already gave the answer (or an error) and there is nothing to run.
bool SearchTask::start(bool onCopy) {
  run_.reset();
  version_ = grid_.version();
  rulesGeneration_ = grid_.rules().generation();
  edits_.clear();
  if (onCopy && !makeCopy(grid_)) onCopy = false;
  if (onCopy) frozenVersion_ = version_;
  const Grid& cells = onCopy ? *frozenCells_ : grid_;
  Footprints* footprints = onCopy ? frozenFootprints_.get() : footprints_;
  const Grid* positions = &cells;
  if (options_.algorithm == Algorithm::Hpa) {  // its search is not a loop that can pause
    result_.clear();
    result_.error = "algorithm 'hpa' does not run in slices: ask findPath for it";
    return false;
  }
  const bool begun =
      footprints ? searcher_->begin(*footprints, sx_, sy_, gx_, gy_, options_, result_, positions)
                 : searcher_->begin(cells, sx_, sy_, gx_, gy_, options_, result_);
  if (footprints_) replacements_ = footprints_->replacements();
  if (!begun) return false;
  minCost_ = positions->minCost();
  maxCost_ = positions->maxCost();
  uniform_ = positions->uniformCost();
  run_ = std::make_unique<SearchRun>(*searcher_, *positions, options_, result_, sx_, sy_, gx_, gy_);
  run_->cells = &cells;
  run_->unitSize = options_.unitSize;
  Searcher::prepare(*run_);
  return true;
}

bool SearchTask::freeze() {
  if (!edits_.complete) return false;
  if (!makeCopy(grid_)) return false;
  Grid& cells = *frozenCells_;
  for (auto u = edits_.undo.rbegin(); u != edits_.undo.rend(); ++u) {
    if (u->cell >= 0)
      cells.set(u->cell % cells.width(), u->cell / cells.width(), static_cast<uint8_t>(u->cls));
    else
      cells.setCost(u->cls, u->cost);
  }
  frozenVersion_ = version_;  // the live grid's version at the last step: what the copy holds
  const Grid* positions =
      options_.unitSize > 1 ? frozenFootprints_->positions(options_.unitSize) : &cells;
  auto run =
      std::make_unique<SearchRun>(*searcher_, *positions, options_, result_, sx_, sy_, gx_, gy_);
  run->cells = &cells;
  run->unitSize = options_.unitSize;
  Searcher::prepare(*run);
  run->continueFrom(*run_);
  run_ = std::move(run);
  // The log goes on: with the edits of this step, it names every cell where the live grid may
  // come to differ from the copy, for answer()'s judgement.
  edits_.keepOldValues = false;
  return true;
}

bool SearchTask::step(uint32_t maxExpansions) {
  if (answered_ || cancelled_) return true;
  if (!frozen() && grid_.rules().generation() != rulesGeneration_) {
    // Entry rules or links changed: the edit log cannot undo them onto a copy, so the search
    // begins again on the grid as it is.
    earlierWork_ += result_.expanded;
    ++restarts_;
    if (!start()) return answer();
  } else if (!frozen() && editsMatter()) {
    const bool cheap = restarts_ == 0 && result_.expanded < kRestartWithin;
    if (!run_ || cheap || !freeze()) {
      // Restarted on a copy when the log could not undo the edits: no edit stops it again.
      const bool onCopy = run_ && !cheap && !edits_.complete;
      earlierWork_ += result_.expanded;
      ++restarts_;
      if (!start(onCopy)) return answer();
    }
  } else if (!run_) {
    return answer();
  }
  SearchRun& run = *run_;
  run.sliceEnd = maxExpansions == 0 ? std::numeric_limits<uint64_t>::max()
                                    : uint64_t{result_.expanded} + maxExpansions;
  Searcher::advance(run);
  if (run.paused) {
    run.resuming = true;
    return false;
  }
  searcher_->finish(run);
  const bool done = answer();
  run_.reset();
  return done;
}

bool SearchTask::editsMatter() {
  const bool replaced =
      footprints_ && options_.unitSize > 1 && footprints_->replacements() != replacements_;
  if (grid_.version() == version_ && !replaced) return false;
  // Finished at its start (nothing seen to judge by), or an edit this test cannot bound.
  if (replaced || !run_ || loggedEditsMatter()) return true;
  editsKept_ += static_cast<uint32_t>(edits_.undo.size());
  edits_.clear();
  version_ = grid_.version();
  return false;
}

void SearchTask::EditLog::dropRepeats() {
  std::sort(undo.begin(), undo.end(), [](const Undo& a, const Undo& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.cls < b.cls;
  });
  undo.erase(std::unique(undo.begin(), undo.end(),
                         [](const Undo& a, const Undo& b) {
                           return a.cell == b.cell && (a.cell >= 0 || a.cls == b.cls);
                         }),
             undo.end());
}

bool SearchTask::loggedEditsMatter() const {
  const bool jps = result_.algorithm == Algorithm::JPS;
  if (frozen()) {
    // Where the live grid still equals the copy nothing changed (a door closed and opened
    // again); a cost differing on a class present anywhere changes the answer.
    if (!edits_.complete) return true;
    const Grid& copy = *frozenCells_;
    for (int c = 0; c < Grid::kClasses; ++c)
      if (copy.cost(c) != grid_.cost(c) && (copy.count(c) > 0 || grid_.count(c) > 0)) return true;
    const Grid& mine = run_->grid;  // the copy's positions
    const Grid* live = options_.unitSize == 1 ? &grid_ : footprints_->positions(options_.unitSize);
    if (live == nullptr || live->minCost() != mine.minCost() || live->maxCost() != mine.maxCost() ||
        live->uniformCost() != mine.uniformCost())
      return true;
    for (const EditLog::Undo& u : edits_.undo)
      if (u.cell >= 0 && copy.data()[u.cell] != grid_.data()[u.cell] &&
          (jps || editReaches(u.cell)))
        return true;
    return false;
  }
  if (edits_.everything || jps) return true;
  // The summary against the one the search began with: the heuristic's scale, or which
  // algorithm runs, would differ.
  const Grid& live = run_->grid;
  if (live.minCost() != minCost_ || live.maxCost() != maxCost_ || live.uniformCost() != uniform_)
    return true;
  for (const EditLog::Undo& u : edits_.undo)
    if (u.cell >= 0 && editReaches(u.cell)) return true;
  return false;
}

bool SearchTask::editReaches(int index) const {
  const int w = grid_.width();
  const int cx = index % w, cy = index / w;
  const int n = options_.unitSize;
  // How far a step reaches, side cells included: one position on a square grid; staggered
  // rows and columns put some neighbours two rows or columns away.
  const int r = grid_.shape().square() ? 1 : 2;
  // Near the goal, an edit may decide where the search stops (a goal blocked or opened, the
  // cells a unit stops beside).
  if (std::abs(cx - gx_) <= n + r && std::abs(cy - gy_) <= n + r) return true;
  // The positions whose footprint covers the cell, widened by a step: were any of them seen, the
  // search read the cell (an expansion reads its neighbours and the side cells of its diagonals).
  const Grid& positions = run_->grid;
  const int x0 = std::max(cx - n + 1 - r, 0), x1 = std::min(cx + r, positions.width() - 1);
  const int y0 = std::max(cy - n + 1 - r, 0), y1 = std::min(cy + r, positions.height() - 1);
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x)
      if (run_->seen(positions.index(x, y))) return true;
  return false;
}

// Whether each step of `path` can be taken on the live grid (from where the unit stands, open or
// not): every position entered open, a diagonal's
// side positions as the corner rule asks, a smoothed segment in line of sight (lineCost).
bool SearchTask::pathWalkable(const std::vector<int32_t>& path) {
  if (path.empty()) return true;
  const int n = options_.unitSize;
  const Grid* positions = n > 1 ? footprints_->positions(n) : &grid_;
  if (positions == nullptr) return false;
  const Grid& g = *positions;
  std::vector<int32_t> walk;
  if (!options_.includeStart) walk = {sx_, sy_};
  walk.insert(walk.end(), path.begin(), path.end());
  const ShapeSteps* shape = g.shape().square() ? nullptr : &ShapeSteps::of(g.shape());
  for (std::size_t k = 2; k + 1 < walk.size(); k += 2) {
    const int x0 = walk[k - 2], y0 = walk[k - 1], x1 = walk[k], y1 = walk[k + 1];
    if (!g.passable(x1, y1)) return false;
    const int d = shape ? shape->stepBetween(x0, y0, x1, y1) : -1;
    if (d >= 0) {  // a step of a staggered or hexagonal grid: its side cells decide a diagonal
      if (d < shape->straight) continue;
      const int p = shape->parity(x0, y0);
      const int a = shape->sideA[d], b = shape->sideB[d];
      if (!diagonalAllowed(options_.diagonal,
                           g.passable(x0 + shape->dx[p][a], y0 + shape->dy[p][a]),
                           g.passable(x0 + shape->dx[p][b], y0 + shape->dy[p][b])))
        return false;
      continue;
    }
    const int dx = x1 - x0, dy = y1 - y0;
    if (!shape && std::abs(dx) <= 1 && std::abs(dy) <= 1) {
      if (dx != 0 && dy != 0 &&
          !diagonalAllowed(options_.diagonal, g.passable(x0 + dx, y0), g.passable(x0, y0 + dy)))
        return false;
      continue;
    }
    if (!options_.smooth || lineCost(g, options_.diagonal, x0, y0, x1, y1) <= 0) return false;
  }
  return true;
}

void SearchTask::cancel() {
  if (cancelled_) return;
  run_.reset();
  stopWatching();
  cancelled_ = true;
  result_.clear();
  result_.error = "the search was cancelled";
}

std::unique_ptr<Searcher> SearchTask::releaseState() {
  return run_ ? nullptr : std::move(searcher_);
}

}  // namespace tilepath
