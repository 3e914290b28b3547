// Units bigger than one tile. A unit of size n standing at position (x, y) covers the n x n
// cells from (x, y) to (x + n - 1, y + n - 1). For each size in use a Footprints keeps a grid of
// positions, (width - n + 1) x (height - n + 1), in which position (x, y) holds the class of the
// dearest cell its footprint covers, a blocked class counting as dearest of all. It shares the
// cell grid's cost table, so a position is passable exactly when its whole footprint is, and
// entering it costs what the dearest covered cell costs. Positions whose footprint would stick
// out of the grid lie outside the position grid, which every search already treats as blocked.
// Every algorithm (A*, Dijkstra, BFS, JPS with its bitsets, smoothing's line of sight, fields)
// then runs unchanged on the position grid.
//
// Kept current through GridObserver:
//  - a cell edit recomputes the n x n positions whose footprint covers the cell: the maxima of
//    the n-wide windows down each column, then along each row, of the (2n - 1) x (2n - 1) cells
//    around it, each pass in 3 byte comparisons a cell (van Herk / Gil-Werman: a window is the
//    suffix of one block of n and the prefix of the next), so O(n^2) per size in use;
//  - a cost change that keeps the order of the classes present (by cost, blocked last) only
//    copies the new cost into the position grid's table; one that reorders them (or a bulk
//    write of the cells) marks the size stale, and its next use rebuilds it: the same two passes
//    over the whole map, O(width x height) whatever n.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tilepath/components.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"

namespace tilepath {

// validateUnitSize, and then whether units of that size exist on a grid of this shape: sizes
// above 1 need a square grid (orthogonal or isometric).
std::string validateUnitSize(int n, const GridShape& shape);

// Lays out values computed per position (a flow field, a movement range: pw x ph, row-major)
// as per cell of the width x height grid, in place: each position at its top-left cell, `fill`
// at the cells no position starts on.
template <typename T>
void spreadToCells(std::vector<T>& values, int pw, int ph, int width, int height, T fill) {
  values.resize(static_cast<std::size_t>(width) * height, fill);
  for (int y = ph - 1; y >= 0; --y) {  // from the last row: a row only moves forward
    for (int x = pw - 1; x >= 0; --x) values[y * width + x] = values[y * pw + x];
    for (int x = pw; x < width; ++x) values[y * width + x] = fill;
  }
  for (std::size_t i = static_cast<std::size_t>(ph) * width; i < values.size(); ++i)
    values[i] = fill;
}

class Footprints : public GridObserver {
 public:
  // Watches `cells` until destroyed: the grid must outlive it.
  explicit Footprints(Grid& cells);
  ~Footprints() override;
  Footprints(const Footprints&) = delete;
  Footprints& operator=(const Footprints&) = delete;

  const Grid& cells() const { return cells_; }
  // The position grid for units of size n (1..kMaxUnitSize), built or brought up to date first;
  // size 1 is the cell grid itself. Null when no position fits (n larger than a side).
  const Grid* positions(int n);
  // Whether the position grid of size n is built and current (positions(n) would build nothing).
  bool built(int n) const {
    return n == 1 || (n >= 2 && n <= kMaxUnitSize && sizes_[n].grid && !sizes_[n].stale);
  }
  // Whether a unit of size n fits in the grid at all.
  bool fits(int n) const { return n <= cells_.width() && n <= cells_.height(); }
  // Connected components of the positions of size n (n >= 2), built on first use and kept
  // current with the position grid; null when no position fits.
  Components* components(int n);
  // Frees the position grid of size n and its components (built again if asked for later).
  void release(int n);
  // Frees the least recently used size other than `keep` (its labels first, then its
  // positions), when memory runs short; false when nothing is left to free.
  bool releaseLeastRecent(int keep);
  // Takes a copy of `other`'s position grid of size n (brought up to date first), for footprints
  // over a copy of its cells: kept current by edits from then on, without the whole-map rebuild
  // (SearchTask freezes on such copies).
  void copyPositions(Footprints& other, int n);
  // Bytes held by position grids, and what building the one of size n would add now.
  std::size_t memoryBytes() const;
  std::size_t bytesToBuild(int n) const;
  // Counts the position grids replaced (rebuilt or released): a grid a search holds stays valid
  // while this and the cells' version() stay the same.
  uint64_t replacements() const { return replacements_; }
  // Positions recomputed so far by edits and rebuilds (what edits cost, for benchmarks).
  uint64_t positionsComputed() const { return computed_; }

  void cellChanged(int index, uint8_t from, uint8_t to) override;
  void costChanged(int cls, double from, double to) override;
  void allChanged() override;

 private:
  friend struct SavedAccess;  // saved.cpp writes and reads the position grids
  struct Size {
    std::unique_ptr<Grid> grid;
    // Watches `grid`: declared after it, so destroyed first. Dropped when the grid is replaced.
    std::unique_ptr<WatchedComponents> components;
    bool stale = true;
    uint64_t lastUse = 0;  // uses_ at the size's last query
  };
  // Blocked classes rank above every cost: the dearest of a footprint is blocked if any is.
  double rank(int cls) const {
    const double c = cells_.cost(cls);
    return c > 0 ? c : 2 * Grid::kMaxCost;
  }
  // The classes' ranks as bytes (equal costs, equal bytes): at most 256 distinct values, since
  // a blocked rank needs a blocked class.
  void refreshOrder();
  uint8_t dearer(uint8_t a, uint8_t b) const { return order_[b] > order_[a] ? b : a; }
  // out(i) = the dearest of values get(i .. i + n - 1), for i in [0, count - n].
  template <typename Get, typename Put>
  void windowMaxima(int count, int n, Get get, Put put);
  void rebuild(int n, Size& size);
  // Recomputes positions x0..x1, y0..y1 (inclusive, inside the position grid) of size n.
  void recompute(int n, Grid& grid, int x0, int y0, int x1, int y1);

  Grid& cells_;
  std::array<Size, kMaxUnitSize + 1> sizes_;
  uint8_t order_[Grid::kClasses];
  std::vector<uint8_t> prefix_, suffix_;  // scratch of windowMaxima
  std::vector<uint8_t> columnMax_;        // scratch: the column pass's maxima
  uint64_t computed_ = 0;
  uint64_t replacements_ = 0;
  uint64_t uses_ = 0;
};

}  // namespace tilepath
