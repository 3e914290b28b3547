// The map a search runs on: width x height bytes of tile classes (row-major, y down)
// and a 256-entry table giving each class its movement cost.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilepath {

class Grid {
 public:
  static constexpr int kClasses = 256;

  // Every cell class 0. Default table: class 0 costs 1, every other class is blocked.
  // Sizes must pass validateSize (check first when they come from users).
  Grid(int width, int height);

  // A side up to 16384, at most 4096 x 4096 cells in all: with its search state (about 48
  // bytes a cell at worst) the largest grid still fits in wasm32's 2 GB.
  static constexpr int kMaxSide = 1 << 14;
  static constexpr long long kMaxCells = 1LL << 24;
  static std::string validateSize(long long width, long long height);

  int width() const { return width_; }
  int height() const { return height_; }
  int size() const { return width_ * height_; }
  bool inside(int x, int y) const {
    return static_cast<unsigned>(x) < static_cast<unsigned>(width_) &&
           static_cast<unsigned>(y) < static_cast<unsigned>(height_);
  }
  int index(int x, int y) const { return y * width_ + x; }

  uint8_t get(int x, int y) const { return cells_[index(x, y)]; }
  void set(int x, int y, uint8_t cls) { write(index(x, y), cls); }
  // Applies (index, class) deltas; returns an error naming the first bad index (nothing is
  // applied then), or an empty string.
  std::string apply(const uint32_t* indices, const uint8_t* classes, std::size_t count);
  // Clipped to the grid, so a rectangle partly outside is fine.
  void fillRect(int x, int y, int w, int h, uint8_t cls);

  // The dearest finite cost a class may have. A path crosses at most kMaxCells cells, each step
  // at most sqrt 2 x kMaxCost: about 2.4e13, far inside a double's exact range, so no path cost
  // can overflow or lose the fractions that tell two routes apart.
  static constexpr double kMaxCost = 1e6;
  // cost: 0 or +infinity = blocked, otherwise a positive multiplier up to kMaxCost.
  std::string setCost(int cls, double cost);
  double cost(int cls) const { return costs_[cls]; }  // 0 when blocked

  // Cost of entering cell i, 0 when blocked. Out-of-grid cells are never asked for.
  double cellCost(int i) const { return costs_[cells_[i]]; }
  bool passable(int i) const { return costs_[cells_[i]] > 0; }
  // A step to a neighbouring cell costs its length (1, or sqrt 2 diagonally) times the cost of
  // the cell entered.
  double stepCost(int fromX, int fromY, int toX, int toY) const {
    const bool diagonal = fromX != toX && fromY != toY;
    return (diagonal ? 1.4142135623730951 : 1.0) * cellCost(index(toX, toY));
  }
  bool passable(int x, int y) const { return inside(x, y) && passable(index(x, y)); }

  // Cheapest cost among the passable classes present in the grid (scales the heuristic, so a
  // cheap class the map does not use cannot weaken it), 0 if no cell is passable.
  double minCost() const { return minCost_; }
  // True when every passable class present costs the same (BFS and JPS are then exact).
  bool uniformCost() const { return uniform_; }
  // Cells of each class.
  uint32_t count(int cls) const { return counts_[cls]; }

  const uint8_t* data() const { return cells_.data(); }
  // For bulk writes (the bindings copy a whole grid in): call cellsChanged() afterwards.
  uint8_t* data() { return cells_.data(); }
  void cellsChanged();

 private:
  void write(int i, uint8_t cls) {
    uint8_t& cell = cells_[i];
    if (cell == cls) return;
    // The cost summary only depends on which classes are present: refresh it when one
    // appears or disappears, which edits rarely do.
    // Both counts must change: a short-circuited `||` here once left the new class uncounted.
    const bool oldGone = --counts_[cell] == 0;
    const bool newAppeared = counts_[cls]++ == 0;
    const bool presenceChanged = oldGone || newAppeared;
    cell = cls;
    if (presenceChanged) refreshCostSummary();
  }
  void refreshCostSummary();

  int width_;
  int height_;
  std::vector<uint8_t> cells_;
  double costs_[kClasses];
  uint32_t counts_[kClasses];
  double minCost_ = 1.0;
  bool uniform_ = true;
};

}  // namespace tilepath
