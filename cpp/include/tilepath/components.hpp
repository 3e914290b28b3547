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
//    (about 25 ms in wasm for a 1024 x 1024 open map; node tests/bench/fields.mjs). Queries on
//    other components stay O(1).
#pragma once

#include <cstdint>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"

namespace tilepath {

class Components {
 public:
  // Keeps a reference to the grid: whoever edits it must call cellChanged / reset.
  explicit Components(const Grid& grid) : grid_(grid) {}

  // Whether a unit at `from` (which may be blocked: it steps out as findPath does) can walk to
  // `to` under the rule. Builds the rule's labelling on first use.
  bool canReach(int from, int to, Diagonal rule);

  // After one cell's passability may have changed (a class edit, a delta).
  void cellChanged(int cell, bool wasPassable, bool isPassable);
  // After a change to many cells at once (a new cell array, a class turned blocked or open):
  // everything is labelled again at the next query.
  void reset();

  // Bytes building the rule's labelling would allocate now (0 once built).
  std::size_t bytesToBuild(Diagonal rule) const;
  std::size_t memoryBytes() const;
  // Cells labelled by floods so far (builds and re-floods after splits): what edits cost.
  uint64_t cellsFlooded() const { return flooded_; }

 private:
  struct Labels {
    bool built = false;
    bool allDiagonals = false;    // the `always` rule's 8-way connectivity
    std::vector<int32_t> label;   // per cell, -1 when blocked
    std::vector<int32_t> parent;  // union-find over labels
    std::vector<uint8_t> dirty;   // per root: a cell closed in it may have cut it in two
    std::vector<int32_t> closed;  // the cells closed since the last re-flood
  };

  Labels& ensure(Diagonal rule);
  void build(Labels& labels);
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
  std::vector<int32_t> queue_;
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
  void costChanged(int, double from, double to) override {
    if ((from > 0) != (to > 0)) components_.reset();
  }
  void allChanged() override { components_.reset(); }

 private:
  Grid& grid_;
  Components components_;
};

}  // namespace tilepath
