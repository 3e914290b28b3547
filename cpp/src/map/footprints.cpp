#include "tilepath/footprints.hpp"

#include <algorithm>

namespace tilepath {

std::string validateUnitSize(int n, const GridShape& shape) {
  std::string error = validateUnitSize(n);
  if (error.empty() && n > 1 && !shape.square())
    error = "unitSize " + std::to_string(n) + " is not supported on " +
            std::string(kOrientationNames[static_cast<int>(shape.orientation)]) +
            " grids: units bigger than one tile need an orthogonal or isometric grid";
  return error;
}

Footprints::Footprints(Grid& cells) : cells_(cells) {
  refreshOrder();
  cells_.addObserver(this);
}

Footprints::~Footprints() {
  cells_.removeObserver(this);
}

void Footprints::refreshOrder() {
  uint8_t sorted[Grid::kClasses];
  for (int c = 0; c < Grid::kClasses; ++c) sorted[c] = static_cast<uint8_t>(c);
  // By rank, an insertion sort: the bytes do not depend on the order of equal ranks, the ranks are
  // mostly in order already (most classes blocked), and std::sort's instantiation for this
  // comparison would weigh some 1.5 KB in the wasm.
  for (int k = 1; k < Grid::kClasses; ++k) {
    const uint8_t cls = sorted[k];
    int at = k;
    for (; at > 0 && rank(cls) < rank(sorted[at - 1]); --at) sorted[at] = sorted[at - 1];
    sorted[at] = cls;
  }
  int byte = 0;
  for (int k = 0; k < Grid::kClasses; ++k) {
    if (k > 0 && rank(sorted[k]) != rank(sorted[k - 1])) ++byte;
    order_[sorted[k]] = static_cast<uint8_t>(byte);
  }
}

const Grid* Footprints::positions(int n) {
  if (n == 1) return &cells_;
  if (n < 1 || n > kMaxUnitSize || !fits(n)) return nullptr;
  Size& size = sizes_[n];
  if (!size.grid || size.stale) rebuild(n, size);
  size.lastUse = ++uses_;
  return size.grid.get();
}

Components* Footprints::components(int n) {
  if (n < 2 || !positions(n)) return nullptr;
  Size& size = sizes_[n];
  if (!size.components) size.components = std::make_unique<WatchedComponents>(*size.grid);
  return &size.components->components();
}

void Footprints::copyPositions(Footprints& other, int n) {
  const Grid* from = n >= 2 ? other.positions(n) : nullptr;
  if (from == nullptr) return;
  Size& size = sizes_[n];
  size.components.reset();
  size.grid = std::make_unique<Grid>(*from);
  size.stale = false;
}

void Footprints::release(int n) {
  if (n < 2 || n > kMaxUnitSize) return;
  sizes_[n].components.reset();
  if (sizes_[n].grid) ++replacements_;
  sizes_[n].grid.reset();
  sizes_[n].stale = true;
}

bool Footprints::releaseLeastRecent(int keep) {
  // Labels cost about four times a position grid and are rebuilt from it alone: they go first.
  for (bool labels : {true, false}) {
    int oldest = 0;
    for (int n = 2; n <= kMaxUnitSize; ++n) {
      const Size& size = sizes_[n];
      if (n == keep || !(labels ? size.components != nullptr : size.grid != nullptr)) continue;
      if (oldest == 0 || size.lastUse < sizes_[oldest].lastUse) oldest = n;
    }
    if (oldest == 0) continue;
    if (labels)
      sizes_[oldest].components.reset();
    else
      release(oldest);
    return true;
  }
  return false;
}

std::size_t Footprints::memoryBytes() const {
  std::size_t bytes = columnMax_.capacity() + prefix_.capacity() + suffix_.capacity();
  for (const Size& size : sizes_) {
    if (size.grid) bytes += static_cast<std::size_t>(size.grid->size()) + size.grid->bitsetBytes();
    if (size.components) bytes += size.components->components().memoryBytes();
  }
  return bytes;
}

std::size_t Footprints::bytesToBuild(int n) const {
  if (n < 2 || n > kMaxUnitSize || !fits(n) || sizes_[n].grid) return 0;
  const auto w = static_cast<std::size_t>(cells_.width() - n + 1);
  const auto h = static_cast<std::size_t>(cells_.height() - n + 1);
  // The classes, and the passability bits in rows and in columns with their 64-cell margins,
  // and while building, the column pass's maxima (as big as the classes) and two lines.
  const std::size_t rowWords = (w + 191) / 64 + 1, columnWords = (h + 191) / 64 + 1;
  const auto side = static_cast<std::size_t>(std::max(cells_.width(), cells_.height()));
  return 2 * w * h + (rowWords * (h + 2) + columnWords * (w + 2)) * sizeof(uint64_t) + 2 * side;
}

template <typename Get, typename Put>
void Footprints::windowMaxima(int count, int n, Get get, Put put) {
  if (prefix_.size() < static_cast<std::size_t>(count)) {
    prefix_.resize(count);
    suffix_.resize(count);
  }
  uint8_t* prefix = prefix_.data();  // from the start of each block of n to i
  uint8_t* suffix = suffix_.data();  // from i to the end of its block
  for (int i = 0, inBlock = 0; i < count; ++i, inBlock = inBlock + 1 == n ? 0 : inBlock + 1)
    prefix[i] = inBlock == 0 ? get(i) : dearer(prefix[i - 1], get(i));
  // i's place in its block, counted down without a division per value.
  for (int i = count - 1, inBlock = (count - 1) % n; i >= 0;
       --i, inBlock = inBlock == 0 ? n - 1 : inBlock - 1)
    suffix[i] = i == count - 1 || inBlock == n - 1 ? get(i) : dearer(suffix[i + 1], get(i));
  for (int i = 0; i + n <= count; ++i) put(i, dearer(suffix[i], prefix[i + n - 1]));
}

void Footprints::rebuild(int n, Size& size) {
  const int w = cells_.width(), h = cells_.height();
  const int pw = w - n + 1, ph = h - n + 1;
  auto grid = std::make_unique<Grid>(pw, ph);
  for (int cls = 0; cls < Grid::kClasses; ++cls) grid->setCost(cls, cells_.cost(cls));
  const uint8_t* in = cells_.data();
  // Down each column: the dearest of the n cells from each row (pw x ph would do, but every
  // column is needed by the row pass: w x ph).
  std::vector<uint8_t> down(static_cast<std::size_t>(w) * ph);
  for (int x = 0; x < w; ++x)
    windowMaxima(
        h, n, [&](int y) { return in[y * w + x]; }, [&](int y, uint8_t v) { down[y * w + x] = v; });
  uint8_t* out = grid->data();
  for (int y = 0; y < ph; ++y)
    windowMaxima(
        w, n, [&](int x) { return down[y * w + x]; },
        [&](int x, uint8_t v) { out[y * pw + x] = v; });
  computed_ += static_cast<uint64_t>(pw) * ph;
  grid->cellsChanged();
  size.components.reset();  // it watched the grid being replaced
  size.grid = std::move(grid);
  ++replacements_;
  size.stale = false;
}

void Footprints::recompute(int n, Grid& grid, int x0, int y0, int x1, int y1) {
  const int w = cells_.width();
  const int span = x1 - x0 + n, rows = y1 - y0 + 1;  // the columns the footprints cover
  const uint8_t* in = cells_.data();
  if (columnMax_.size() < static_cast<std::size_t>(span * rows)) columnMax_.resize(span * rows);
  uint8_t* down = columnMax_.data();
  for (int c = 0; c < span; ++c)
    windowMaxima(
        rows + n - 1, n, [&](int k) { return in[(y0 + k) * w + x0 + c]; },
        [&](int k, uint8_t v) { down[k * span + c] = v; });
  for (int k = 0; k < rows; ++k)
    windowMaxima(
        span, n, [&](int c) { return down[k * span + c]; },
        [&](int c, uint8_t v) { grid.set(x0 + c, y0 + k, v); });
  computed_ += static_cast<uint64_t>(x1 - x0 + 1) * rows;
}

void Footprints::cellChanged(int index, uint8_t, uint8_t) {
  const int w = cells_.width();
  for (int n = 2; n <= kMaxUnitSize; ++n) {
    Size& size = sizes_[n];
    if (!size.grid || size.stale) continue;  // no sizes in use: an edit costs this loop only
    const int cx = index % w, cy = index / w;
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
      const double r = rank(other);
      reordered = r >= lo && r <= hi;
    }
  }
  refreshOrder();
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
