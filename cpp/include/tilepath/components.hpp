// Connected components of the passable cells, kept current under edits, so "can this unit get
// there at all?" costs O(1) instead of a search flooding the unit's whole region.
//
// Connectivity depends on the diagonal rule only through `always`: under noCorners and
// oneObstacle a diagonal step needs a free side cell, through which the two cells are already
// joined by straight steps. So there are two labellings, four-way and `always`, each built
// lazily the first time a query asks for it.
//
// What an edit costs (for each labelling built):
//  - opening a cell: a union of its neighbours' labels, O(1);
//  - closing a cell whose open neighbours stay joined around it (the usual case: the middle of
//    a room, the end of a wall): O(1);
//  - closing a cell that may cut its component: O(1) now, and the next query that touches
//    that component floods it again, once for any number of such edits: a flood of its cells
//    (about 25 ms in wasm for a 1024 x 1024 open map; node tests/bench/js/fields.mjs). Queries on
//    other components stay O(1).
//
// What a label means (the invariant every edit re-establishes, per labelling built):
//  (1) every open cell has a label, every blocked cell -1;
//  (2) two open cells joined by steps have the same root (opening a cell unions the roots of
//      its neighbours; closing one can only part cells, never join them);
//  (3) the open cells of a root that is not dirty are all joined (one component): a closing
//      leaves its root clean only when its open neighbours stay joined around it (mayCut);
//  (4) each piece the open cells of a dirty root now form holds a seed: a cell recorded in
//      `closed` that is open again, or an open neighbour of one. Once a root is dirty, every
//      closing in it is recorded, even a harmless one: the harmless closing may be the last
//      open neighbour of an earlier cut (issue 33: a corridor cut, then closed on both sides).
// A query answers from roots when neither is dirty ((2) and (3) make that exact); otherwise
// refloodSplit floods from every seed with fresh labels, which by (4) relabels every piece of
// every dirty root as its own component, and all roots are clean again.
#pragma once

#include <cstdint>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"

namespace tilepath {

class Components {
 public:
  // Keeps a reference to the grid: whoever edits it must call cellChanged / reset (or hold it as
  // a WatchedComponents, below, which hears of every edit as a GridObserver).
  explicit Components(const Grid& grid) : grid_(grid) {}

  // Whether a unit at `from` (which may be blocked: it steps out as findPath does) can walk to
  // `to` under the rule; from == to always can (findPath finds it at cost 0). Builds the rule's
  // labelling on first use.
  bool canReach(int from, int to, Diagonal rule);

  // Whether canReach under the rule would answer from labels already exact, with no flood (the
  // labelling built, no repair pending): what a search sliced over frames may ask.
  bool ready(Diagonal rule) const;
  // Builds the rule's labelling, or repairs it (by labelling afresh), in slices of about
  // `budget` cells, so that no frame pays for a whole-map flood; true once ready(rule). An edit
  // of a cell the build has labelled starts it again; others (ahead of it) do not.
  bool prepare(Diagonal rule, std::size_t budget);
  // How far prepare has come: 1 once ready(rule), else the share of the cells labelled so far.
  double progress(Diagonal rule) const;

  // After one cell's passability may have changed (a class edit, a delta).
  void cellChanged(int cell, bool wasPassable, bool isPassable);
  // After a change to many cells at once (a new cell array, a class turned blocked or open):
  // everything is labelled again at the next query.
  void reset();
  // Frees the labels (built again by the next query that needs them).
  void release();

  // Bytes building the rule's labelling would allocate now (0 once built).
  std::size_t bytesToBuild(Diagonal rule) const;
  std::size_t memoryBytes() const;
  // Cells labelled by floods so far (builds and re-floods after splits): what edits cost.
  uint64_t cellsFlooded() const { return flooded_; }

 private:
  friend struct SavedAccess;  // saved.cpp writes and reads the labels
  struct Labels {
    bool built = false;
    bool allDiagonals = false;    // the `always` rule's 8-way connectivity
    std::vector<int32_t> label;   // per cell, -1 when blocked
    std::vector<int32_t> parent;  // union-find over labels
    std::vector<uint8_t> dirty;   // per root: a cell closed in it may have cut it in two
    std::vector<int32_t> closed;  // the seeds of the dirty roots' pieces: cells closed in them
    // A build in slices (prepare): the cells before `scan` are labelled, as are those the
    // flood in `frontier` has reached.
    bool building = false;
    int scan = 0;
    int32_t floodLabel = -1;  // the label the frontier's flood gives
    std::vector<int32_t> frontier;
    std::size_t frontierHead = 0;
  };

  Labels& ensure(Diagonal rule);
  void build(Labels& labels);
  void startBuild(Labels& labels);
  // Labels about `budget` more cells of a build under way; true when it is done.
  bool buildSome(Labels& labels, std::size_t budget);
  // Whether a sliced build stays right across an edit of `cell` (see components.cpp).
  bool keepBuilding(Labels& labels, int cell, bool isPassable);
  // Expands up to `budget` cells of the flood in `frontier`; returns how many.
  std::size_t spread(Labels& labels, std::size_t budget);
  static constexpr std::size_t kWholeMap = static_cast<std::size_t>(-1) / 2;
  int32_t root(Labels& labels, int32_t label);
  int32_t newLabel(Labels& labels);
  void flood(Labels& labels, int cell, int32_t id);
  void refloodSplit(Labels& labels);
  bool mayCut(const Labels& labels, int cell) const;
  bool joined(Labels& labels, int a, int b);
  template <typename Fn>
  void forEachNeighbour(const Labels& labels, int cell, Fn&& fn) const;

  const Grid& grid_;
  Labels labels_[2];  // four-way, always
  uint64_t flooded_ = 0;
};

// Components that keep themselves current by watching their grid (for grids nothing else edits
// by hand, such as the position grids of big units).
class WatchedComponents : public GridObserver {
 public:
  explicit WatchedComponents(Grid& grid) : grid_(grid), components_(grid) {
    grid_.addObserver(this);
  }
  ~WatchedComponents() override { grid_.removeObserver(this); }
  WatchedComponents(const WatchedComponents&) = delete;
  WatchedComponents& operator=(const WatchedComponents&) = delete;

  Components& components() { return components_; }
  const Components& components() const { return components_; }

  void cellChanged(int index, uint8_t from, uint8_t to) override {
    components_.cellChanged(index, grid_.cost(from) > 0, grid_.cost(to) > 0);
  }
  // A class turned open or blocked changes every cell of it: relabelled at the next query.
  void costChanged(int cls, double from, double to) override {
    if ((from > 0) != (to > 0) && grid_.count(cls) > 0) components_.reset();
  }
  void allChanged() override { components_.reset(); }

 private:
  Grid& grid_;
  Components components_;
};

}  // namespace tilepath
