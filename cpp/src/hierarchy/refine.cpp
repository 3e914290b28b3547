// Refinement of an abstract hpa path into cells: an A* from the start to the goal confined to
// the clusters the abstract path passes through (its corridor). The abstract path's own cells
// lie in the corridor, so the A* always succeeds, and it may cut across a cluster wherever that
// is cheaper than passing through the entrances, which keeps the answer close to optimal.
#include <algorithm>

#include "hierarchy/internal.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {

bool CorridorSearch::run(const Grid& grid, Diagonal rule, Heuristic heuristic, int shift,
                         int columns, const std::vector<int32_t>& clusters, int sx, int sy, int gx,
                         int gy, std::vector<int32_t>& path) {
  const int size = 1 << shift, mask = size - 1, area = size * size;
  const std::size_t cells = clusters.size() * static_cast<std::size_t>(area);
  const auto clusterCount = static_cast<std::size_t>(columns) *
                            static_cast<std::size_t>((grid.height() + size - 1) / size);
  // Its state grows with the corridor (a winding path crosses most of the map), its heap and its
  // path with the path: each growth asks the host first (Searcher::roomFor), as searches do.
  outOfRoom_ = false;
  auto reserve = [&](auto& v, std::size_t count) {
    outOfRoom_ = !Searcher::reserveIfRoom(v, count);
    return !outOfRoom_;
  };
  if (slotOf_.size() < clusterCount) {
    if (!reserve(slotOf_, clusterCount) || !reserve(slotStamp_, clusterCount)) return false;
    slotOf_.resize(clusterCount);
    slotStamp_.resize(clusterCount, 0);
  }
  if (cells_.size() < cells) {
    if (!reserve(cells_, cells)) return false;
    cells_.resize(cells, Cell{0, 0, 0, 0});
  }
  if (++now_ == 0) {
    for (Cell& c : cells_) c.seen = 0;
    std::fill(slotStamp_.begin(), slotStamp_.end(), 0);
    now_ = 1;
  }
  slotX_.clear();  // every entry is written below
  slotY_.clear();
  if (!reserve(slotX_, clusters.size()) || !reserve(slotY_, clusters.size())) return false;
  slotX_.resize(clusters.size());
  slotY_.resize(clusters.size());
  for (std::size_t k = 0; k < clusters.size(); ++k) {
    slotOf_[clusters[k]] = static_cast<int32_t>(k);
    slotStamp_[clusters[k]] = now_;
    slotX_[k] = clusters[k] % columns * size;
    slotY_[k] = clusters[k] / columns * size;
  }
  expanded_ = 0;
  heap_.clear();
  auto localOf = [&](int x, int y) -> int32_t {
    const int k = (y >> shift) * columns + (x >> shift);
    if (slotStamp_[k] != now_) return -1;
    return slotOf_[k] * area + ((y & mask) << shift) + (x & mask);
  };
  const double hScale = grid.minCost();
  auto estimate = [&](int x, int y) { return hScale * distance(heuristic, x - gx, y - gy); };
  const uint8_t* const stepsFrom = stepsAllowed(rule);

  const int32_t startL = localOf(sx, sy), goalL = localOf(gx, gy);
  if (startL < 0 || goalL < 0) return false;
  cells_[startL] = {0.0, now_, 0, 0};
  heap_.push_back({estimate(sx, sy), 0.0f, startL});
  bool reached = false;
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end());
    const int32_t l = heap_.back().l;
    heap_.pop_back();
    Cell& here = cells_[l];
    if (here.closed) continue;
    here.closed = 1;
    ++expanded_;
    if (l == goalL) {
      reached = true;
      break;
    }
    const int slot = l >> (2 * shift);
    const int x = slotX_[slot] + (l & mask), y = slotY_[slot] + ((l >> shift) & mask);
    const double g = here.dist;
    for (unsigned steps = stepsFrom[grid.around(x, y)]; steps != 0; steps &= steps - 1) {
      const int step = __builtin_ctz(steps);
      const int nx = x + kStepX[step], ny = y + kStepY[step];
      const int32_t nl = localOf(nx, ny);
      if (nl < 0) continue;
      Cell& next = cells_[nl];
      const bool seenNow = next.seen == now_;
      if (seenNow && next.closed) continue;  // before its cost: most neighbours are, in a piece
      const double ng = g + kStepLength[step] * grid.cellCost(grid.index(nx, ny));
      if (seenNow && !(ng < next.dist)) continue;
      if (heap_.size() == heap_.capacity() && !Searcher::growIfRoom(heap_)) {
        outOfRoom_ = true;
        return false;
      }
      next = {ng, now_, static_cast<uint8_t>(step), 0};
      heap_.push_back({ng + estimate(nx, ny), static_cast<float>(ng), nl});
      std::push_heap(heap_.begin(), heap_.end());
    }
  }
  if (!reached) return false;
  // Back from the goal along the steps, counted first: the path takes one block of exactly its
  // size (asked for), filled from its end.
  std::size_t length = 2;
  for (int x = gx, y = gy; x != sx || y != sy; length += 2) {
    const int step = cells_[localOf(x, y)].step;
    x -= kStepX[step];
    y -= kStepY[step];
  }
  path.clear();  // every entry is written below
  if (!reserve(path, length)) return false;
  path.resize(length);
  std::size_t k = length;
  for (int x = gx, y = gy;; k -= 2) {
    path[k - 2] = x;
    path[k - 1] = y;
    if (x == sx && y == sy) break;
    const int step = cells_[localOf(x, y)].step;
    x -= kStepX[step];
    y -= kStepY[step];
  }
  return true;
}

std::size_t CorridorSearch::memoryBytes() const {
  return cells_.capacity() * sizeof(Cell) + heap_.capacity() * sizeof(Entry) +
         (slotOf_.capacity() + slotStamp_.capacity() + slotX_.capacity() + slotY_.capacity()) * 4;
}

}  // namespace tilepath
