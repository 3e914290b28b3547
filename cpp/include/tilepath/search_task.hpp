// A search run in slices: step(n) expands at most n more cells and returns, so a game can spread
// a long search over several frames. Resuming repeats no work, and the answer is the one
// Searcher::find gives for the same arguments (the same code path runs, paused between slices).
//
// Edits: the task remembers the grid's version() when its search began. If the grid changed
// before the search finished, the next step() starts it again from scratch on the grid as it is
// now (restarts() counts how often), so the answer is always the one a fresh search on the
// current grid gives. A finished task keeps its answer whatever happens to the grid later.
//
// Units bigger than one tile (SearchOptions::unitSize > 1) need the grid's Footprints: the task
// built on them searches the unit's positions, and restarts when the cells change (which is
// when the positions change).
//
// Each task owns its search state (a Searcher, 9 bytes a cell once used): several tasks may run
// on one grid at once. The grid must outlive its tasks.
#pragma once

#include <cstdint>
#include <memory>

#include "tilepath/footprints.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {

struct SearchRun;

class SearchTask {
 public:
  // Checks the arguments at once (an error leaves the task done with result().error set) and
  // sets the search up. `state` is a Searcher to use (e.g. one released by a finished task);
  // without one the task makes its own.
  SearchTask(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options = {},
             std::unique_ptr<Searcher> state = nullptr);
  // The same for a unit of any options.unitSize, on the footprints of the grid it watches.
  SearchTask(Footprints& footprints, int sx, int sy, int gx, int gy,
             const SearchOptions& options = {}, std::unique_ptr<Searcher> state = nullptr);
  ~SearchTask();
  SearchTask(const SearchTask&) = delete;
  SearchTask& operator=(const SearchTask&) = delete;

  // Expands at most maxExpansions cells (0: as many as it takes); true once the task is done
  // (finished, refused or cancelled). A done task's step does nothing and returns true.
  bool step(uint32_t maxExpansions);
  bool done() const { return run_ == nullptr; }
  // Stops the task and frees its search; result() stays empty ("cancelled" in its error).
  void cancel();
  bool cancelled() const { return cancelled_; }
  // The answer, once done: what Searcher::find returns for these arguments on the grid as it
  // was when the last (re)start began.
  const SearchResult& result() const { return result_; }
  SearchResult& result() { return result_; }
  // How many times an edit made the search start again.
  uint32_t restarts() const { return restarts_; }
  // Cells expanded by every step so far, including the work of restarted attempts.
  uint64_t expansionsDone() const { return earlierWork_ + result_.expanded; }
  // The search state, for another task to reuse; only once done (null before, or if taken).
  std::unique_ptr<Searcher> releaseState();

 private:
  // Both public constructors: footprints_ is null for a search on the cells alone.
  SearchTask(const Grid& grid, Footprints* footprints, int sx, int sy, int gx, int gy,
             const SearchOptions& options, std::unique_ptr<Searcher> state);
  bool start();

  const Grid& grid_;  // the cells (their version tells of edits)
  Footprints* footprints_ = nullptr;
  const int sx_, sy_, gx_, gy_;
  const SearchOptions options_;
  std::unique_ptr<Searcher> searcher_;
  SearchResult result_;
  std::unique_ptr<SearchRun> run_;  // null once done
  uint64_t version_ = 0;
  uint64_t replacements_ = 0;  // footprints_->replacements() when the search began
  uint64_t earlierWork_ = 0;
  uint32_t restarts_ = 0;
  bool cancelled_ = false;
};

}  // namespace tilepath
