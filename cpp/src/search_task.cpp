// SearchTask: Searcher::find's three parts (begin, the loop, finish) with the loop paused
// between slices. The run (SearchRun) and the searcher's state survive between steps.
#include "tilepath/search_task.hpp"

#include <utility>

#include "search_run.hpp"

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
  start();
}

SearchTask::~SearchTask() = default;

// Begins (or begins again) the search on the grid as it is now; false when the arguments
// already gave the answer (or an error) and there is nothing to run.
bool SearchTask::start() {
  run_.reset();
  version_ = grid_.version();
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
  run_ = std::make_unique<SearchRun>(*searcher_, *positions, options_, result_, sx_, sy_, gx_, gy_);
  run_->cells = &grid_;
  run_->unitSize = options_.unitSize;
  Searcher::prepare(*run_);
  return true;
}

bool SearchTask::step(uint32_t maxExpansions) {
  if (!run_) return true;
  // Edited since the search began (or the unit's positions were rebuilt or freed): again.
  if (grid_.version() != version_ ||
      (footprints_ && footprints_->replacements() != replacements_)) {
    earlierWork_ += result_.expanded;
    ++restarts_;
    if (!start()) return true;
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
  return true;
}

void SearchTask::cancel() {
  if (cancelled_) return;
  run_.reset();
  cancelled_ = true;
  result_.clear();
  result_.error = "the search was cancelled";
}

std::unique_ptr<Searcher> SearchTask::releaseState() {
  return run_ ? nullptr : std::move(searcher_);
}

}  // namespace tilepath
