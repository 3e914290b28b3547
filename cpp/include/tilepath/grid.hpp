// The map a search runs on: width x height bytes of tile classes (row-major, y down)
// and a 256-entry table giving each class its movement cost.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tilepath/movement_rules.hpp"
#include "tilepath/shape.hpp"

namespace tilepath {

// Told of every change to a grid after it happens, for structures derived from the cells that
// must stay current (clearance for big units, a search hierarchy, components). An observer
// belongs to one Grid object: copying or moving a Grid takes no observers along.
class GridObserver {
 public:
  virtual ~GridObserver() = default;
  // Cell `index` changed from class `from` to class `to` (never called when they are equal).
  virtual void cellChanged(int index, uint8_t from, uint8_t to) = 0;
  // Class `cls` now costs `to` (0 = blocked) instead of `from`.
  virtual void costChanged(int cls, double from, double to) = 0;
  // After a bulk write through data() + cellsChanged(): any cell may differ.
  virtual void allChanged() = 0;
};

class Grid {
 public:
  static constexpr int kClasses = 256;

  // Every cell class 0. Default table: class 0 costs 1, every other class is blocked.
  // Sizes must pass validateSize (check first when they come from users). The shape is fixed
  // for the grid's life (tilepath/shape.hpp): it decides which cells are neighbours.
  Grid(int width, int height, GridShape shape = {});

  // A side up to 16384, at most 4096 x 4096 cells in all: with its search state (about 48
  // bytes a cell at worst) the largest grid still fits in wasm32's 2 GB.
  static constexpr int kMaxSide = 1 << 14;
  static constexpr long long kMaxCells = 1LL << 24;
  static std::string validateSize(long long width, long long height);

  const GridShape& shape() const { return shape_; }
  int width() const { return width_; }
  int height() const { return height_; }
  int size() const { return width_ * height_; }
  bool inside(int x, int y) const {
    return static_cast<unsigned>(x) < static_cast<unsigned>(width_) &&
           static_cast<unsigned>(y) < static_cast<unsigned>(height_);
  }
  int index(int x, int y) const { return y * width_ + x; }

  uint8_t get(int x, int y) const { return cells_[index(x, y)]; }
  void set(int x, int y, uint8_t cls) { write(x, y, cls); }
  // Applies (index, class) deltas; returns an error naming the first bad index (nothing is
  // applied then), or an empty string.
  std::string apply(const uint32_t* indices, const uint8_t* classes, std::size_t count);
  // Clipped to the grid, so a rectangle partly outside is fine.
  void fillRect(int x, int y, int w, int h, uint8_t cls);

  // The dearest finite cost a class may have. A path crosses at most kMaxCells cells, each step
  // at most sqrt 2 x kMaxCost: about 2.4e13, far inside a double's exact range, so no path cost
  // can overflow or lose the fractions that tell two routes apart.
  static constexpr double kMaxCost = 1e6;
  // A diagonal step's length, as costs are charged and reported (searches add up their own
  // rounding of it: kDiagonalStep in search_run.hpp).
  static constexpr double kSqrt2 = 1.4142135623730951;
  // cost: 0 or +infinity = blocked, otherwise a positive multiplier up to kMaxCost.
  std::string setCost(int cls, double cost);
  // setCost's checks alone: empty when it would accept (cls, cost).
  static std::string validateCost(int cls, double cost);
  double cost(int cls) const { return costs_[cls]; }  // 0 when blocked

  // Cost of entering cell i, 0 when blocked. Out-of-grid cells are never asked for.
  double cellCost(int i) const { return costs_[cells_[i]]; }
  bool passable(int i) const { return costs_[cells_[i]] > 0; }
  // A step to a neighbouring cell costs its length (1, or sqrt 2 diagonally) times the cost of
  // the cell entered. On hexagonal grids every step is straight; on staggered grids the steps
  // to the next row (column) are, and those two rows (columns) or one cell along are diagonal.
  double stepCost(int fromX, int fromY, int toX, int toY) const {
    return stepLength(fromX, fromY, toX, toY) * cellCost(index(toX, toY));
  }
  double stepLength(int fromX, int fromY, int toX, int toY) const {
    return diagonalStep(fromX, fromY, toX, toY) ? kSqrt2 : 1.0;
  }
  bool diagonalStep(int fromX, int fromY, int toX, int toY) const {
    if (shape_.square()) return fromX != toX && fromY != toY;
    if (shape_.hexagonal()) return false;
    const int across = shape_.staggerAxis == StaggerAxis::Y ? toY - fromY : toX - fromX;
    return across != 1 && across != -1;
  }
  // Cost of walking `path` (x, y pairs, cell by cell). The straight steps' costs and the
  // diagonal steps' are summed apart and the latter multiplied by sqrt 2 once, so a path
  // costs exactly what another with the same steps in another order does (summing step by
  // step rounds differently along each).
  double pathCost(const std::vector<int32_t>& path) const;
  // The same for a path that takes links at the positions `linkSteps` (SearchResult::links):
  // those steps cost their link's (the cheapest link between the two cells).
  double pathCost(const std::vector<int32_t>& path, const std::vector<int32_t>& linkSteps) const;
  bool passable(int x, int y) const { return inside(x, y) && passable(index(x, y)); }

  // Passability as bits, kept in step with every edit, for searches that read many cells at
  // once: one bit per cell in rows, and again in columns (the transpose) for vertical scans.
  // Around the grid lies a blocked border at least 64 cells wide, so a search may read up to 64
  // cells past any edge, and a cell's 3 x 3 neighbourhood, without bounds checks.
  // Whether (x, y) is passable, for x in [-64, width + 63] and y in [-1, height]: outside the
  // grid is blocked.
  bool open(int x, int y) const {
    const int bit = x + kMargin;
    return (rows_[(y + 1) * rowWords_ + (bit >> 6)] >> (bit & 63)) & 1;
  }
  // Cells (x + k, y) for k = 0..63 as bit k; x in [-64, width], y in [-1, height].
  uint64_t rowFrom(int x, int y) const {
    return bitsFrom(&rows_[(y + 1) * rowWords_], x + kMargin);
  }
  // Cells (x - 63 + k, y) as bit k: bit 63 is (x, y), lower bits lie to its left.
  uint64_t rowUpTo(int x, int y) const {
    return bitsFrom(&rows_[(y + 1) * rowWords_], x + kMargin - 63);
  }
  // The same along column x (x in [-1, width]): cells (x, y + k), and (x, y - 63 + k).
  uint64_t columnFrom(int x, int y) const {
    return bitsFrom(&columns_[(x + 1) * columnWords_], y + kMargin);
  }
  uint64_t columnUpTo(int x, int y) const {
    return bitsFrom(&columns_[(x + 1) * columnWords_], y + kMargin - 63);
  }
  // The same bits as bytes, for scans that read 57 cells with one unaligned load: cell (x, y)
  // is bit (x + 64) % 8 of rowBits(y)[(x + 64) / 8], and bit (y + 64) % 8 of
  // columnBits(x)[(y + 64) / 8]. The bytes run 64 cells past each end.
  const unsigned char* rowBits(int y) const {
    return reinterpret_cast<const unsigned char*>(&rows_[(y + 1) * rowWords_]);
  }
  const unsigned char* columnBits(int x) const {
    return reinterpret_cast<const unsigned char*>(&columns_[(x + 1) * columnWords_]);
  }
  // The 3 x 3 cells around (x, y) (x, y in [0, size)) as 9 bits: bit 3 * (dy + 1) + (dx + 1).
  // Three 16-bit reads from the rows' bytes, no branch (the words are little-endian, as on
  // x86, ARM and wasm, so bit b of a row is bit b % 8 of its byte b / 8).
  __attribute__((always_inline)) uint32_t around(int x, int y) const {
    const int bit = x + kMargin - 1;
    const auto* above = reinterpret_cast<const unsigned char*>(&rows_[y * rowWords_]) + (bit >> 3);
    const std::size_t rowBytes = rowWords_ * sizeof(uint64_t);
    const int shift = bit & 7;
    return ((read16(above) >> shift) & 7) | (((read16(above + rowBytes) >> shift) & 7) << 3) |
           (((read16(above + 2 * rowBytes) >> shift) & 7) << 6);
  }
  // Bytes held by the passability bits.
  std::size_t bitsetBytes() const {
    return (rows_.capacity() + columns_.capacity()) * sizeof(uint64_t);
  }

  // Mixed cells, for weighted jump point search: a passable cell whose 3 x 3 neighbourhood's
  // passable cells do not all cost the same. A scan through cells that are not mixed crosses
  // ground of one cost, where the pruning of uniform jump point search holds. The bits are laid
  // out as rowBits / columnBits (blocked cells and the border are 0); prepareMixed() builds them
  // on first use (a weighted jump point search), and from then on each cell edit refreshes the
  // 3 x 3 cells around it; a change of a class's cost, or a bulk write, drops them until the next
  // prepareMixed().
  void prepareMixed() const {
    if (!mixedReady_) buildMixed();
  }
  const unsigned char* mixedRowBits(int y) const {
    return reinterpret_cast<const unsigned char*>(&mixedRows_[(y + 1) * rowWords_]);
  }
  const unsigned char* mixedColumnBits(int x) const {
    return reinterpret_cast<const unsigned char*>(&mixedColumns_[(x + 1) * columnWords_]);
  }
  // Whether (x, y) is mixed (after prepareMixed), x in [-64, width + 63], y in [-1, height].
  bool mixed(int x, int y) const {
    const int bit = x + kMargin;
    return (mixedRows_[(y + 1) * rowWords_ + (bit >> 6)] >> (bit & 63)) & 1;
  }
  // The rule itself, from the cells (for the bits and the tests).
  bool computeMixed(int x, int y) const;

  // Cheapest cost among the passable classes present in the grid (scales the heuristic, so a
  // cheap class the map does not use cannot weaken it), 0 if no cell is passable.
  double minCost() const { return minCost_; }
  // Dearest cost among the passable classes present, 0 if no cell is passable.
  double maxCost() const { return maxCost_; }
  // True when every passable class present costs the same (BFS and JPS are then exact).
  bool uniformCost() const { return uniform_; }
  // Cells of each class.
  uint32_t count(int cls) const { return counts_[cls]; }

  const uint8_t* data() const { return cells_.data(); }
  // For bulk writes (the bindings copy a whole grid in): call cellsChanged() afterwards.
  uint8_t* data() { return cells_.data(); }
  void cellsChanged();

  // Entry rules and links (tilepath/movement_rules.hpp). Errors name the bad value and change
  // nothing. They change which steps exist, not which cells are passable: observers are not
  // told, the version is.
  const MovementRules& rules() const { return rules_; }
  // Whether any entry rule or link is set: a search then runs the rule-aware loop
  // (rule_search.cpp), chosen once per query; a grid without rules searches as before.
  bool hasRules() const { return rules_.anyEntryRule() || rules_.anyLink(); }
  // The same rules as another grid over the same cells (a profile's sibling grid).
  void setRules(const MovementRules& rules) {
    rules_ = rules;
    ++version_;
  }
  // A cell of class cls may be entered only by steps in `mask` (bit d: step d, in the order
  // MovementRules::directionName names them); MovementRules::kAnyDirection for any step.
  std::string setEntry(int cls, uint8_t mask);
  // The same with direction names, "right,down" (MovementRules::parseDirections).
  std::string setEntry(int cls, std::string_view directions);
  // An extra step from (ax, ay) to (bx, by), and back unless oneWay, costing `cost` whatever
  // the cells' classes. id 0: the grid picks the next free id. Returns an error or "", and the
  // id in `id`.
  std::string addLink(int ax, int ay, int bx, int by, double cost, bool oneWay, int32_t& id);
  std::string removeLink(int32_t id);

  // Counts the changes made to the grid (cells or costs): a structure or paused search that
  // remembers the number it saw knows whether anything changed since.
  uint64_t version() const { return version_; }
  // Observers are told of each change after it is made; remove one before it is destroyed.
  void addObserver(GridObserver* observer);
  void removeObserver(GridObserver* observer);

 private:
  static constexpr int kMargin = 64;  // blocked bits before column (or row) 0
  static uint32_t read16(const unsigned char* p) { return p[0] | static_cast<uint32_t>(p[1]) << 8; }
  static uint64_t bitsFrom(const uint64_t* words, int bit) {
    const uint64_t low = words[bit >> 6] >> (bit & 63);
    // A shift by 64 is undefined: the high word only counts when the read is unaligned.
    return (bit & 63) == 0 ? low : low | words[(bit >> 6) + 1] << (64 - (bit & 63));
  }
  void setOpen(int x, int y, bool open) {
    const uint64_t rowBit = uint64_t{1} << ((x + kMargin) & 63);
    const uint64_t columnBit = uint64_t{1} << ((y + kMargin) & 63);
    uint64_t& rowWord = rows_[(y + 1) * rowWords_ + ((x + kMargin) >> 6)];
    uint64_t& columnWord = columns_[(x + 1) * columnWords_ + ((y + kMargin) >> 6)];
    rowWord = open ? rowWord | rowBit : rowWord & ~rowBit;
    columnWord = open ? columnWord | columnBit : columnWord & ~columnBit;
  }
  void rebuildBits();

  void write(int x, int y, uint8_t cls) {
    uint8_t& cell = cells_[index(x, y)];
    if (cell == cls) return;
    if ((costs_[cell] > 0) != (costs_[cls] > 0)) setOpen(x, y, costs_[cls] > 0);
    // The cost summary only depends on which classes are present: refresh it when one
    // appears or disappears, which edits rarely do.
    // Both counts must change: a short-circuited `||` here once left the new class uncounted.
    const bool oldGone = --counts_[cell] == 0;
    const bool newAppeared = counts_[cls]++ == 0;
    const bool presenceChanged = oldGone || newAppeared;
    const uint8_t was = cell;
    cell = cls;
    if (presenceChanged) refreshCostSummary();
    if (mixedReady_ && costs_[was] != costs_[cls]) refreshMixedAround(x, y);
    ++version_;
    for (GridObserver* o : observers_.list) o->cellChanged(index(x, y), was, cls);
  }
  void refreshCostSummary();
  void buildMixed() const;
  void refreshMixedAround(int x, int y) const;
  void setMixed(int x, int y, bool on) const {
    const uint64_t rowBit = uint64_t{1} << ((x + kMargin) & 63);
    const uint64_t columnBit = uint64_t{1} << ((y + kMargin) & 63);
    uint64_t& rowWord = mixedRows_[(y + 1) * rowWords_ + ((x + kMargin) >> 6)];
    uint64_t& columnWord = mixedColumns_[(x + 1) * columnWords_ + ((y + kMargin) >> 6)];
    rowWord = on ? rowWord | rowBit : rowWord & ~rowBit;
    columnWord = on ? columnWord | columnBit : columnWord & ~columnBit;
  }

  int width_;
  int height_;
  GridShape shape_;
  std::vector<uint8_t> cells_;
  double costs_[kClasses];
  uint32_t counts_[kClasses];
  // Passability bits: height + 2 rows (the border's included) of rowWords_ words, and
  // width + 2 columns of columnWords_ words.
  int rowWords_, columnWords_;
  std::vector<uint64_t> rows_, columns_;
  // Mixed cells (prepareMixed), laid out as rows_ and columns_; empty until first asked for.
  // Built lazily from const searches, hence mutable (a grid is searched from one thread).
  mutable std::vector<uint64_t> mixedRows_, mixedColumns_;
  mutable bool mixedReady_ = false;
  double minCost_ = 1.0;
  double maxCost_ = 1.0;
  bool uniform_ = true;
  uint64_t version_ = 0;
  MovementRules rules_;
  // Not copied with the grid: an observer watches one grid object.
  struct Observers {
    std::vector<GridObserver*> list;
    Observers() = default;
    Observers(const Observers&) {}
    Observers& operator=(const Observers&) { return *this; }
  } observers_;
};

}  // namespace tilepath
