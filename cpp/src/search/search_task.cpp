// SearchTask: Searcher::find's three parts (begin, the loop, finish) with the loop paused
// between slices. The run (SearchRun) and the searcher's state survive between steps.
#include "tilepath/search_task.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "search/search_run.hpp"

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
  stopWatching();
  return true;
}

// Begins (or begins again) the search on the grid as it is now; false when the arguments
// already gave the answer (or an error) and there is nothing to run.
bool SearchTask::start() {
  run_.reset();
  version_ = grid_.version();
  edits_.clear();
  const Grid* positions = &grid_;
  if (options_.algorithm == Algorithm::Hpa) {  // its search is not a loop that can pause
    result_.clear();
    result_.error = "algorithm 'hpa' does not run in slices: ask findPath for it";
    return false;
  }
  const bool begun =
      footprints_ ? searcher_->begin(*footprints_, sx_, sy_, gx_, gy_, options_, result_, positions)
                  : searcher_->begin(grid_, sx_, sy_, gx_, gy_, options_, result_);
  if (footprints_) replacements_ = footprints_->replacements();
  if (!begun) return false;
  minCost_ = positions->minCost();
  maxCost_ = positions->maxCost();
  uniform_ = positions->uniformCost();
  run_ = std::make_unique<SearchRun>(*searcher_, *positions, options_, result_, sx_, sy_, gx_, gy_);
  run_->cells = &grid_;
  run_->unitSize = options_.unitSize;
  Searcher::prepare(*run_);
  return true;
}

bool SearchTask::step(uint32_t maxExpansions) {
  if (answered_ || cancelled_) return true;
  if (editsMatter()) {
    earlierWork_ += result_.expanded;
    ++restarts_;
    if (!start()) return answer();
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
  run_.reset();
  return answer();
}

bool SearchTask::editsMatter() {
  const bool replaced = footprints_ && footprints_->replacements() != replacements_;
  if (grid_.version() == version_ && !replaced) return false;
  // Finished at its start (nothing seen to judge by), or an edit this test cannot bound.
  if (replaced || edits_.everything || !run_ || result_.algorithm == Algorithm::JPS) return true;
  const Grid& positions = run_->grid;
  if (positions.minCost() != minCost_ || positions.maxCost() != maxCost_ ||
      positions.uniformCost() != uniform_)
    return true;  // the heuristic's scale, or which algorithm runs, would differ
  for (int32_t cell : edits_.cells)
    if (editReaches(cell)) return true;
  editsKept_ += static_cast<uint32_t>(edits_.cells.size());
  edits_.clear();
  version_ = grid_.version();
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
