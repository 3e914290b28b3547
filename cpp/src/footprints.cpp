#include "tilepath/footprints.hpp"

#include <algorithm>

namespace tilepath {

Footprints::Footprints(Grid& cells) : cells_(cells) {
  cells_.addObserver(this);
}

Footprints::~Footprints() {
  cells_.removeObserver(this);
}

const Grid* Footprints::positions(int n) {
  if (n == 1) return &cells_;
  if (n < 1 || n > kMaxUnitSize || !fits(n)) return nullptr;
  Size& size = sizes_[n];
  if (!size.grid || size.stale) rebuild(n, size);
  return size.grid.get();
}

void Footprints::release(int n) {
  if (n < 2 || n > kMaxUnitSize) return;
  sizes_[n].grid.reset();
  sizes_[n].stale = true;
}

std::size_t Footprints::memoryBytes() const {
  std::size_t bytes = columnMax_.capacity();
  for (const Size& size : sizes_)
    if (size.grid) bytes += static_cast<std::size_t>(size.grid->size()) + size.grid->bitsetBytes();
  return bytes;
}

std::size_t Footprints::bytesToBuild(int n) const {
  if (n < 2 || n > kMaxUnitSize || !fits(n) || sizes_[n].grid) return 0;
  const auto w = static_cast<std::size_t>(cells_.width() - n + 1);
  const auto h = static_cast<std::size_t>(cells_.height() - n + 1);
  // The classes, and the passability bits in rows and in columns with their 64-cell margins.
  const std::size_t rowWords = (w + 191) / 64 + 1, columnWords = (h + 191) / 64 + 1;
  return w * h + (rowWords * (h + 2) + columnWords * (w + 2)) * sizeof(uint64_t) + cells_.width();
}

void Footprints::rebuild(int n, Size& size) {
  const int w = cells_.width(), h = cells_.height();
  const int pw = w - n + 1, ph = h - n + 1;
  auto grid = std::make_unique<Grid>(pw, ph);
  for (int cls = 0; cls < Grid::kClasses; ++cls) grid->setCost(cls, cells_.cost(cls));
  columnMax_.resize(static_cast<std::size_t>(w));
  uint8_t* out = grid->data();
  const uint8_t* in = cells_.data();
  for (int y = 0; y < ph; ++y) {
    // The dearest of each column's n cells from row y, then of n neighbouring columns.
    for (int x = 0; x < w; ++x) {
      uint8_t dearest = in[y * w + x];
      for (int k = 1; k < n; ++k) dearest = dearer(dearest, in[(y + k) * w + x]);
      columnMax_[x] = dearest;
    }
    for (int x = 0; x < pw; ++x) {
      uint8_t dearest = columnMax_[x];
      for (int k = 1; k < n; ++k) dearest = dearer(dearest, columnMax_[x + k]);
      out[y * pw + x] = dearest;
    }
  }
  computed_ += static_cast<uint64_t>(pw) * ph;
  grid->cellsChanged();
  size.grid = std::move(grid);
  size.stale = false;
}

void Footprints::recompute(int n, Grid& grid, int x0, int y0, int x1, int y1) {
  const int w = cells_.width();
  const int span = x1 - x0 + n;  // columns the window's footprints cover
  const uint8_t* in = cells_.data();
  if (columnMax_.size() < static_cast<std::size_t>(span)) columnMax_.resize(span);
  for (int y = y0; y <= y1; ++y) {
    for (int c = 0; c < span; ++c) {
      const int x = x0 + c;
      uint8_t dearest = in[y * w + x];
      for (int k = 1; k < n; ++k) dearest = dearer(dearest, in[(y + k) * w + x]);
      columnMax_[c] = dearest;
    }
    for (int x = x0; x <= x1; ++x) {
      uint8_t dearest = columnMax_[x - x0];
      for (int k = 1; k < n; ++k) dearest = dearer(dearest, columnMax_[x - x0 + k]);
      grid.set(x, y, dearest);
    }
  }
  computed_ += static_cast<uint64_t>(x1 - x0 + 1) * (y1 - y0 + 1);
}

void Footprints::cellChanged(int index, uint8_t, uint8_t) {
  const int w = cells_.width();
  const int cx = index % w, cy = index / w;
  for (int n = 2; n <= kMaxUnitSize; ++n) {
    Size& size = sizes_[n];
    if (!size.grid || size.stale) continue;
    Grid& grid = *size.grid;
    // The positions whose footprint covers (cx, cy).
    const int x0 = std::max(0, cx - n + 1), x1 = std::min(cx, grid.width() - 1);
    const int y0 = std::max(0, cy - n + 1), y1 = std::min(cy, grid.height() - 1);
    if (x0 <= x1 && y0 <= y1) recompute(n, grid, x0, y0, x1, y1);
  }
}

void Footprints::costChanged(int cls, double from, double to) {
  // The position grids hold the dearest class of each footprint: that stays so unless another
  // class present lies between the old and the new rank (ties included: either may be held).
  const double blocked = 2 * Grid::kMaxCost;
  const double was = from > 0 ? from : blocked, now = to > 0 ? to : blocked;
  const double lo = std::min(was, now), hi = std::max(was, now);
  bool reordered = false;
  if (cells_.count(cls) > 0) {
    for (int other = 0; other < Grid::kClasses && !reordered; ++other) {
      if (other == cls || cells_.count(other) == 0) continue;
      const double r = rank(static_cast<uint8_t>(other));
      reordered = r >= lo && r <= hi;
    }
  }
  for (int n = 2; n <= kMaxUnitSize; ++n) {
    Size& size = sizes_[n];
    if (!size.grid || size.stale) continue;
    if (reordered)
      size.stale = true;  // rebuilt at its next use
    else
      size.grid->setCost(cls, to);
  }
}

void Footprints::allChanged() {
  for (Size& size : sizes_) size.stale = true;
}

}  // namespace tilepath
