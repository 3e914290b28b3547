#include "tilepath/grid.hpp"

#include <algorithm>
#include <cmath>

#include "tilepath/format.hpp"

namespace tilepath {

Grid::Grid(int width, int height, GridShape shape)
    : width_(width),
      height_(height),
      shape_(shape),
      cells_(static_cast<std::size_t>(width) * height, 0),
      // Margin words on both sides: a read of 64 bits may start 64 cells before the first.
      rowWords_((kMargin + width + kMargin + 63) / 64 + 1),
      columnWords_((kMargin + height + kMargin + 63) / 64 + 1),
      rows_(static_cast<std::size_t>(height + 2) * rowWords_),
      columns_(static_cast<std::size_t>(width + 2) * columnWords_) {
  costs_[0] = 1.0;
  std::fill(costs_ + 1, costs_ + kClasses, 0.0);
  std::fill(counts_, counts_ + kClasses, 0u);
  counts_[0] = static_cast<uint32_t>(cells_.size());
  refreshCostSummary();
  rebuildBits();
}

void Grid::rebuildBits() {
  // Word by word: a row's 64 cells make one word of rows_, and a strip of up to 64 rows makes one
  // word of each column's, gathered in a register (a bit at a time into columns_ strode across a
  // megabyte per row: half of a saved 2048 x 2048 grid's load).
  uint8_t open[kClasses];
  for (int c = 0; c < kClasses; ++c) open[c] = costs_[c] > 0 ? 1 : 0;
  std::fill(rows_.begin(), rows_.end(), 0);
  std::fill(columns_.begin(), columns_.end(), 0);
  const uint8_t* const cells = cells_.data();
  // Cells all of one class (a new grid): every row's words and every column's are the first's.
  const bool uniform = std::any_of(counts_, counts_ + kClasses,
                                   [&](uint32_t count) { return count == cells_.size(); });
  const int rowsToScan = uniform ? 1 : height_;
  for (int y = 0; y < rowsToScan; ++y) {
    uint64_t* row = &rows_[(y + 1) * rowWords_];
    const uint8_t* cell = cells + static_cast<std::size_t>(y) * width_;
    for (int x = 0; x < width_;) {
      const int bit = x + kMargin, end = std::min(width_, x + 64 - (bit & 63));
      uint64_t word = 0;
      for (int k = x; k < end; ++k) word |= uint64_t{open[cell[k]]} << ((k + kMargin) & 63);
      row[bit >> 6] = word;
      x = end;
    }
  }
  for (int y = 1; uniform && y < height_; ++y)
    std::copy_n(&rows_[rowWords_], rowWords_, &rows_[(y + 1) * rowWords_]);
  const int columnsToScan = uniform ? 1 : width_;
  for (int y = 0; y < height_;) {
    const int bit = y + kMargin, end = std::min(height_, y + 64 - (bit & 63));
    for (int x = 0; x < columnsToScan; ++x) {
      uint64_t word = 0;
      const uint8_t* cell = cells + static_cast<std::size_t>(y) * width_ + x;
      for (int k = y; k < end; ++k, cell += width_)
        word |= uint64_t{open[*cell]} << ((k + kMargin) & 63);
      columns_[(x + 1) * columnWords_ + (bit >> 6)] = word;
    }
    y = end;
  }
  for (int x = 1; uniform && x < width_; ++x)
    std::copy_n(&columns_[columnWords_], columnWords_, &columns_[(x + 1) * columnWords_]);
}

std::string Grid::validateSize(long long width, long long height) {
  if (width < 1 || width > kMaxSide)
    return "width must be an integer from 1 to " + std::to_string(kMaxSide) + ", got " +
           std::to_string(width);
  if (height < 1 || height > kMaxSide)
    return "height must be an integer from 1 to " + std::to_string(kMaxSide) + ", got " +
           std::to_string(height);
  if (width * height > kMaxCells)
    return "width x height must be at most " + std::to_string(kMaxCells) + " cells, got " +
           std::to_string(width) + " x " + std::to_string(height) + " = " +
           std::to_string(width * height);
  return {};
}

std::string Grid::apply(const uint32_t* indices, const uint8_t* classes, std::size_t count) {
  const auto limit = static_cast<uint32_t>(size());
  for (std::size_t i = 0; i < count; ++i) {
    if (indices[i] >= limit)
      return "cell index " + std::to_string(indices[i]) + " at position " + std::to_string(i) +
             " is outside the grid (0.." + std::to_string(limit - 1) + ")";
  }
  for (std::size_t i = 0; i < count; ++i) {
    const int cell = static_cast<int>(indices[i]);
    write(cell % width_, cell / width_, classes[i]);
  }
  return {};
}

void Grid::fillRect(int x, int y, int w, int h, uint8_t cls) {
  const int x0 = std::max(x, 0), y0 = std::max(y, 0);
  const int x1 = std::min<long long>(static_cast<long long>(x) + w, width_);
  const int y1 = std::min<long long>(static_cast<long long>(y) + h, height_);
  for (int yy = y0; yy < y1; ++yy)
    for (int xx = x0; xx < x1; ++xx) write(xx, yy, cls);
}

std::string Grid::validateCost(int cls, double cost) {
  if (cls < 0 || cls >= kClasses)
    return "class must be an integer from 0 to 255, got " + std::to_string(cls);
  if (std::isnan(cost) || cost < 0)
    return "cost must be 0 or Infinity (blocked) or a positive number, got " + formatFixed(cost);
  if (std::isfinite(cost) && cost > kMaxCost)
    // %.17g keeps huge costs readable (%f prints 1e308 as 309 digits).
    return "cost must be at most " + formatPrecise(kMaxCost) + " (or Infinity for blocked), got " +
           formatPrecise(cost);
  return {};
}

std::string Grid::setCost(int cls, double cost) {
  std::string error = validateCost(cls, cost);
  if (!error.empty()) return error;
  const double was = costs_[cls];
  costs_[cls] = std::isinf(cost) ? 0.0 : cost;
  refreshCostSummary();
  // A class turning passable or blocked changes the bits of all its cells: rebuilt in one pass.
  if ((was > 0) != (costs_[cls] > 0) && counts_[cls] > 0) rebuildBits();
  if (was != costs_[cls]) {
    // Every cell near one of this class may change: the mixed bits are rebuilt when next asked.
    if (counts_[cls] > 0) mixedReady_ = false;
    ++version_;
    for (GridObserver* o : observers_.list) o->costChanged(cls, was, costs_[cls]);
  }
  return {};
}

void Grid::cellsChanged() {
  std::fill(counts_, counts_ + kClasses, 0u);
  for (uint8_t c : cells_) ++counts_[c];
  refreshCostSummary();
  rebuildBits();
  mixedReady_ = false;
  ++version_;
  for (GridObserver* o : observers_.list) o->allChanged();
}

std::string Grid::setEntry(int cls, uint8_t mask) {
  if (cls < 0 || cls >= kClasses)
    return "class must be an integer from 0 to 255, got " + std::to_string(cls);
  rules_.setEntry(cls, mask);
  ++version_;
  return {};
}

std::string Grid::setEntry(int cls, std::string_view directions) {
  uint8_t mask = 0;
  std::string error = MovementRules::parseDirections(shape_, directions, mask);
  return error.empty() ? setEntry(cls, mask) : error;
}

std::string Grid::addLink(int ax, int ay, int bx, int by, double cost, bool oneWay, int32_t& id) {
  const std::pair<const char*, int> ends[4] = {{"ax", ax}, {"ay", ay}, {"bx", bx}, {"by", by}};
  for (int k = 0; k < 4; ++k) {
    const int limit = k % 2 == 0 ? width_ : height_;
    if (ends[k].second < 0 || ends[k].second >= limit)
      return std::string("link ") + ends[k].first + " must be an integer from 0 to " +
             std::to_string(limit - 1) + ", got " + std::to_string(ends[k].second);
  }
  if (id == 0) id = rules_.nextId();
  std::string error = rules_.addLink({id, index(ax, ay), index(bx, by), cost, oneWay}, size());
  if (error.empty()) ++version_;
  return error;
}

std::string Grid::removeLink(int32_t id) {
  std::string error = rules_.removeLink(id);
  if (error.empty()) ++version_;
  return error;
}

void Grid::addObserver(GridObserver* observer) {
  observers_.list.push_back(observer);
}

void Grid::removeObserver(GridObserver* observer) {
  auto& list = observers_.list;
  list.erase(std::remove(list.begin(), list.end(), observer), list.end());
}

bool Grid::computeMixed(int x, int y) const {
  const double c = costs_[cells_[index(x, y)]];
  if (c <= 0) return false;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (!inside(x + dx, y + dy)) continue;
      const double n = costs_[cells_[index(x + dx, y + dy)]];
      if (n > 0 && n != c) return true;
    }
  return false;
}

void Grid::buildMixed() const {
  mixedRows_.assign(rows_.size(), 0);
  mixedColumns_.assign(columns_.size(), 0);
  if (!uniform_)
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x)
        if (computeMixed(x, y)) setMixed(x, y, true);
  mixedReady_ = true;
}

void Grid::refreshMixedAround(int x, int y) const {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (inside(x + dx, y + dy)) setMixed(x + dx, y + dy, computeMixed(x + dx, y + dy));
}

void Grid::refreshCostSummary() {
  double lo = 0, hi = 0;
  for (int cls = 0; cls < kClasses; ++cls) {
    const double c = costs_[cls];
    if (c <= 0 || counts_[cls] == 0) continue;
    lo = lo == 0 ? c : std::min(lo, c);
    hi = std::max(hi, c);
  }
  minCost_ = lo;
  maxCost_ = hi;
  uniform_ = lo == hi;
}

double Grid::pathCost(const std::vector<int32_t>& path) const {
  if (uniform_ && minCost_ == 1.0 && shape_.square()) {
    // Every cell a path enters costs 1: the sums below would count the steps, exactly.
    std::size_t diagonals = 0;
    for (std::size_t k = 2; k + 1 < path.size(); k += 2)
      diagonals += (path[k - 2] != path[k]) & (path[k - 1] != path[k + 1]);
    const std::size_t steps = path.size() < 4 ? 0 : path.size() / 2 - 1;
    return static_cast<double>(steps - diagonals) + static_cast<double>(diagonals) * kSqrt2;
  }
  double straight = 0, diagonal = 0;
  for (std::size_t k = 2; k + 1 < path.size(); k += 2) {
    const int fromX = path[k - 2], fromY = path[k - 1], toX = path[k], toY = path[k + 1];
    (diagonalStep(fromX, fromY, toX, toY) ? diagonal : straight) += cellCost(index(toX, toY));
  }
  return straight + diagonal * kSqrt2;
}

double Grid::pathCost(const std::vector<int32_t>& path,
                      const std::vector<int32_t>& linkSteps) const {
  double straight = 0, diagonal = 0, links = 0;
  std::size_t next = 0;  // the next link in linkSteps
  for (std::size_t k = 2; k + 1 < path.size(); k += 2) {
    const int fromX = path[k - 2], fromY = path[k - 1], toX = path[k], toY = path[k + 1];
    if (next < linkSteps.size() && static_cast<std::size_t>(linkSteps[next]) == k / 2 - 1) {
      ++next;
      links += rules_.linkCost(index(fromX, fromY), index(toX, toY));
      continue;
    }
    (diagonalStep(fromX, fromY, toX, toY) ? diagonal : straight) += cellCost(index(toX, toY));
  }
  return straight + diagonal * kSqrt2 + links;
}

}  // namespace tilepath
