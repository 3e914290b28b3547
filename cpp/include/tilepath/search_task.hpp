// A search run in slices: step(n) expands at most n more cells and returns, so a game can spread
// a long search over several frames. Resuming repeats no work, and the answer is the one
// Searcher::find gives for the same arguments (the same code path runs, paused between slices).
//
// Edits: the task watches the grid's edits (GridObserver); at each step it judges those made
// since the last one. An edit that cannot change what the search does from here on is kept out
// of the way: it touches no cell the search has seen (opened or expanded) nor one beside such a
// cell (whose passability decides a step or a corner), nor the cells around the goal, and
// leaves the table's summary (cheapest and dearest cost, uniform or not) as it was. Then the
// search goes on, and what it does is exactly what a search started after the edit would do,
// expansion for expansion. Any other edit (one of those cells, a cost change of a class some
// cell has, a bulk write, any edit under a jump point search, whose scans read cells they do
// not mark) matters, and then:
//  - a task that has not restarted yet and has expanded fewer than kRestartWithin cells starts
//    again from scratch on the grid as it is (cheap, and its answer stays current);
//  - any other task is frozen: it takes a private copy of the cells and the cost table as they
//    were at its last step (the grid as it is, with the edits since that step undone from the
//    old values the task logged), and goes on from where it was on that copy, which no later
//    edit reaches. Nothing done so far is lost. Were the edits since the last step more than
//    kLogged or a bulk write (old values unknown), it starts again instead, once, on a copy of
//    the grid as it is.
// So a task restarts at most twice (once cheaply or as it started, once more only after a bulk
// write or an overflowing log), wasting under kRestartWithin cells, and then finishes within
// one search's expansions on a grid no edit changes: every task finishes, whatever stream of
// edits the game makes. A frozen task still watches the edits, and at its last step compares
// the grid with its copy where they were made: if no difference matters, its answer is the one a
// fresh search gives on the grid as it is then (current); otherwise outdated() is true, with
// editsSince() (the edits after the grid it answered for) and stillLegal() (whether its path
// can still be walked, step by step and corner by corner, on the grid as it is). An answer that
// is not outdated is exactly what Searcher::find gives on the grid at the step that finishes
// the task. A task that finished as it started (a blocked goal, the start on the goal) is judged
// at its first step the same way: any edit since starts it again. Once a step has returned
// true, the task keeps its answer whatever happens to the grid later.
//
// Units bigger than one tile (SearchOptions::unitSize > 1) need the grid's Footprints: the task
// built on them searches the unit's positions; a frozen one copies the live positions too and
// undoes the edits on both copies (O(n^2) positions an edit, as any edit), and its path is
// checked on the live positions.
//
// Freezing costs a copy of the grid (about 1.3 bytes a cell, and a position grid for a bigger
// unit) held until the task ends; when the memory check refuses it, the task starts again
// instead. Tasks that no edit reaches never copy anything, and the search loop is the same.
//
// Each task owns its search state (a Searcher, 10 bytes a cell once used): several tasks may run
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
  // the grid as it was at that step, unless outdated() (then on the grid as it was when the task
  // froze). (A task done at its start may still start again at its first step, if the grid was
  // edited in between: see above.)
  const SearchResult& result() const { return result_; }
  SearchResult& result() { return result_; }
  // How many times an edit made the search start again, and how many edits it judged harmless
  // and went on through.
  uint32_t restarts() const { return restarts_; }
  uint32_t editsKept() const { return editsKept_; }
  // Whether an edit made the task go on from a copy of the grid (see above).
  bool frozen() const { return frozenCells_ != nullptr; }
  // Once done: whether the answer is for an older grid than the one at the finishing step, and
  // could differ from a fresh search's there; the number of edits (cells or costs changed)
  // after the grid it is for; and whether its path can still be walked on the grid at the
  // finishing step (true when not outdated).
  bool outdated() const { return outdated_; }
  uint64_t editsSince() const { return editsSince_; }
  bool stillLegal() const { return stillLegal_; }
  // The largest search under way that an edit may start again (see above): redoing it costs
  // well under a millisecond.
  static constexpr uint32_t kRestartWithin = 4096;
  // Cells expanded by every step so far, including the work of restarted attempts.
  uint64_t expansionsDone() const { return earlierWork_ + result_.expanded; }
  // The search state, for another task to reuse; only once done (null before, or if taken).
  std::unique_ptr<Searcher> releaseState();

 private:
  // Both public constructors: footprints_ is null for a search on the cells alone.
  SearchTask(const Grid& grid, Footprints* footprints, int sx, int sy, int gx, int gy,
             const SearchOptions& options, std::unique_ptr<Searcher> state);
  // Begins the search on the grid as it is now (onCopy: on a private copy of it, which freezes
  // the task).
  bool start(bool onCopy = false);
  // Whether the edits since the last step may change the answer (then the search starts again).
  bool editsMatter();
  // Whether the logged edits may change what the search does from here on; for a frozen task,
  // whether the live grid differs from its copy where that could change the answer.
  bool loggedEditsMatter() const;
  // Whether an edit of cell `index` could change what the search does from here on.
  bool editReaches(int index) const;
  // Copies the grid as it was at the last step and moves the paused search onto it; false
  // (nothing changed) when the log cannot undo the edits or the memory check refuses the copy.
  bool freeze();
  // A private copy of `cells`, and the footprints over it for a bigger unit; false when the
  // memory check refuses it.
  bool makeCopy(const Grid& cells);
  // Whether path (x, y pairs; from the start when the path leaves it out) can be walked on the
  // live grid under the task's rules.
  bool pathWalkable(const std::vector<int32_t>& path);
  void stopWatching();
  bool answer();  // the step that finishes the task

  // The edits made since the last step: the cells (up to kLogged of them) with their old
  // classes, the cost changes with the old costs (undone in reverse order, they give back the
  // grid of the last step), or that more, or a bulk write, happened (`complete` false). And
  // whether a cost change of a class present (or anything unbounded) came (`everything`).
  struct EditLog : GridObserver {
    static constexpr std::size_t kLogged = 1024;
    struct Undo {
      int32_t cell;  // -1 for a cost change
      int32_t cls;   // the cell's old class, or the class whose cost changed
      double cost;   // the old cost
    };
    const Grid* grid = nullptr;
    std::vector<Undo> undo;
    bool everything = false;
    bool complete = true;
    // Once the task is frozen only which cells changed counts (the copy holds the old values):
    // a full log drops repeats (a door toggled again and again) before it gives up.
    bool keepOldValues = true;
    void log(const Undo& u) {
      if (undo.size() == kLogged && !keepOldValues) dropRepeats();
      if (undo.size() < kLogged) {
        undo.push_back(u);
      } else {
        everything = true;
        complete = false;
      }
    }
    void dropRepeats();
    void cellChanged(int index, uint8_t from, uint8_t) override { log({index, from, 0}); }
    void costChanged(int cls, double from, double) override {
      log({-1, cls, from});
      if (grid->count(cls) > 0) everything = true;  // a class on no cell changes no step
    }
    void allChanged() override {
      everything = true;
      complete = false;
    }
    void clear() {
      undo.clear();
      everything = false;
      complete = true;
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
  uint64_t rulesGeneration_ = 0;      // the grid's entry rules and links the run began with
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
  // A frozen task's grid: its copy of the cells (with the cost table), the footprints over it
  // for a bigger unit, and the live grid's version it is a copy of.
  std::unique_ptr<Grid> frozenCells_;
  std::unique_ptr<Footprints> frozenFootprints_;
  uint64_t frozenVersion_ = 0;
  bool outdated_ = false;
  bool stillLegal_ = true;
  uint64_t editsSince_ = 0;
};

}  // namespace tilepath
