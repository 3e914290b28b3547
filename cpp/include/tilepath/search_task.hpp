// A search run in slices: step(n) expands at most n more cells and returns, so a game can spread
// a long search over several frames. Resuming repeats no work, and the answer is the one
// Searcher::find gives for the same arguments (the same code path runs, paused between slices).
//
// Edits: the answer is always the one a fresh search gives on the grid as it is at the step
// that finishes the task (the step that first returns true). The task watches the grid's edits
// (GridObserver); at each step it judges those made since the last one. An edit that cannot
// change what the search does from here on is kept out of the way: it touches no cell the search
// has seen (opened or expanded) nor one beside such a cell (whose passability decides a step or a
// corner), nor the cells around the goal, and leaves the table's summary (cheapest and dearest
// cost, uniform or not) as it was. Then the search goes on, and what it does is exactly what a
// search started after the edit would do, expansion for expansion. Any other edit, a cost change
// of a class some cell has, a bulk write, or any edit under a jump point search (its scans read
// cells they do not mark), starts it again from scratch on the grid as it is (restarts() counts
// how often). A task that finished as it started (a blocked goal, the start on the goal) is
// judged at its first step the same way: any edit since starts it again. Once a step has
// returned true, the task keeps its answer whatever happens to the grid later.
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
#include <vector>

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
  // The answer, once a step returned true: what Searcher::find returns for these arguments on
  // the grid as it was at that step. (A task done at its start may still start again at its
  // first step, if the grid was edited in between: see above.)
  const SearchResult& result() const { return result_; }
  SearchResult& result() { return result_; }
  // How many times an edit made the search start again, and how many edits it judged harmless
  // and went on through.
  uint32_t restarts() const { return restarts_; }
  uint32_t editsKept() const { return editsKept_; }
  // Cells expanded by every step so far, including the work of restarted attempts.
  uint64_t expansionsDone() const { return earlierWork_ + result_.expanded; }
  // The search state, for another task to reuse; only once done (null before, or if taken).
  std::unique_ptr<Searcher> releaseState();

 private:
  // Both public constructors: footprints_ is null for a search on the cells alone.
  SearchTask(const Grid& grid, Footprints* footprints, int sx, int sy, int gx, int gy,
             const SearchOptions& options, std::unique_ptr<Searcher> state);
  bool start();
  // Whether the edits since the last step may change the answer (then the search starts again).
  bool editsMatter();
  // Whether an edit of cell `index` could change what the search does from here on.
  bool editReaches(int index) const;
  void stopWatching();
  bool answer();  // the step that finishes the task

  // The edits made since the last step: the cells (up to kLogged of them), or that more, a
  // bulk write or a cost change of a class present changed.
  struct EditLog : GridObserver {
    static constexpr std::size_t kLogged = 1024;
    const Grid* grid = nullptr;
    std::vector<int32_t> cells;
    bool everything = false;
    void cellChanged(int index, uint8_t, uint8_t) override {
      if (cells.size() < kLogged)
        cells.push_back(index);
      else
        everything = true;
    }
    void costChanged(int cls, double, double) override {
      if (grid->count(cls) > 0) everything = true;  // a class on no cell changes no step
    }
    void allChanged() override { everything = true; }
    void clear() {
      cells.clear();
      everything = false;
    }
  };

  const Grid& grid_;  // the cells (their version tells of edits)
  Footprints* footprints_ = nullptr;
  const int sx_, sy_, gx_, gy_;
  const SearchOptions options_;
  std::unique_ptr<Searcher> searcher_;
  SearchResult result_;
  std::unique_ptr<SearchRun> run_;  // null once done
  uint64_t version_ = 0;
  double minCost_ = 0, maxCost_ = 0;  // the table's summary when the search began
  bool uniform_ = false;
  EditLog edits_;
  bool watching_ = false;      // edits_ is among the grid's observers
  bool answered_ = false;      // a step returned true
  uint64_t replacements_ = 0;  // footprints_->replacements() when the search began
  uint64_t earlierWork_ = 0;
  uint32_t restarts_ = 0;
  uint32_t editsKept_ = 0;
  bool cancelled_ = false;
};

}  // namespace tilepath
