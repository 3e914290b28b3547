// What building spends its time on, compiled for speed (the rest of the build is compiled for
// size in wasm): the costs between a cluster's nodes, and which of them the abstract search
// follows.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "hierarchy/internal.hpp"

namespace tilepath {

std::size_t ClusterCosts::run(const Grid& grid, Diagonal rule, int x0, int y0, int bw, int bh,
                              const std::vector<int32_t>& nodes, std::vector<float>& matrix) {
  const std::size_t n = nodes.size();
  const std::size_t cells = static_cast<std::size_t>(bw) * bh;
  const int w = grid.width();
  matrix.assign(n * n, std::numeric_limits<float>::infinity());
  local_.resize(n);
  for (std::size_t i = 0; i < n; ++i) local_[i] = (nodes[i] / w - y0) * bw + nodes[i] % w - x0;
  // One cost, every cell open: the straight walk's cost, no search.
  const double first = grid.cellCost(grid.index(x0, y0));
  bool uniform = first > 0;
  for (int y = y0; y < y0 + bh && uniform; ++y) {
    const int row = y * w;
    for (int x = x0; x < x0 + bw; ++x)
      if (grid.cellCost(row + x) != first) {
        uniform = false;
        break;
      }
  }
  if (uniform) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        const int dx = std::abs(local_[i] % bw - local_[j] % bw),
                  dy = std::abs(local_[i] / bw - local_[j] / bw);
        const int diagonal = rule == Diagonal::Never ? 0 : std::min(dx, dy);
        const int straight = dx + dy - 2 * diagonal;
        matrix[i * n + j] =
            static_cast<float>(diagonal * (kDiagonalStep * first) + straight * first);
      }
    return cells + n * n;
  }
  if (cost_.size() < cells) {
    cost_.resize(cells);
    dist_.resize(cells);
    steps_.resize(cells);
    isNode_.resize(cells);
    seen_.assign(cells, 0);
    now_ = 0;
  }
  // Each cell's cost and the steps it may take that stay inside the box.
  const uint8_t* const stepsFrom = stepsAllowed(rule);
  for (int ly = 0; ly < bh; ++ly)
    for (int lx = 0; lx < bw; ++lx) {
      const int x = x0 + lx, y = y0 + ly, l = ly * bw + lx;
      cost_[l] = grid.cellCost(grid.index(x, y));
      isNode_[l] = 0;
      unsigned steps = stepsFrom[grid.around(x, y)];
      for (unsigned s = steps; s != 0; s &= s - 1) {
        const int step = __builtin_ctz(s);
        const int nx = lx + kStepX[step], ny = ly + kStepY[step];
        if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) steps &= ~(1u << step);
      }
      steps_[l] = static_cast<uint8_t>(steps);
    }
  for (int32_t l : local_) isNode_[l] = 1;
  int offset[8];
  for (int step = 0; step < 8; ++step) offset[step] = kStepY[step] * bw + kStepX[step];
  // The queue: buckets of a width a little under the cheapest step (Dial's), so that every cell
  // taken from the lowest bucket is settled (no cell still in it can reach another for less
  // than a step), in a ring as long as the dearest step spans; a heap when the costs lie too far
  // apart for a short ring. The margin (1e-9 of a step) is far above the rounding of the sums.
  double cheapest = kInf, dearest = 0;
  for (std::size_t l = 0; l < cells; ++l)
    if (cost_[l] > 0) {
      cheapest = std::min(cheapest, cost_[l]);
      dearest = std::max(dearest, cost_[l]);
    }
  const double width = cheapest * (1 - 1e-9);
  const double span = std::ceil(kDiagonalStep * dearest / width) + 2;
  const bool ring = span <= kMaxBuckets;
  const std::size_t buckets = ring ? static_cast<std::size_t>(span) : 0;
  if (buckets_.size() < buckets) buckets_.resize(buckets);
  std::size_t work = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // Two stamps a search: seen (dist is this search's) and closed (settled).
    if (now_ >= 0xfffffff0u) {
      std::fill(seen_.begin(), seen_.end(), 0);
      now_ = 0;
    }
    const uint32_t seen = ++now_, closed = ++now_;
    std::size_t left = n;
    dist_[local_[i]] = 0;
    seen_[local_[i]] = seen;
    // Settles cell l (at dist_[l]) and relaxes its steps; false once every node is settled.
    auto settle = [&](int32_t l, auto push) {
      if (seen_[l] == closed) return true;
      seen_[l] = closed;
      ++work;
      if (isNode_[l] && --left == 0) return false;
      const double here = dist_[l];
      for (unsigned s = steps_[l]; s != 0; s &= s - 1) {
        const int step = __builtin_ctz(s);
        const int nl = l + offset[step];
        if (seen_[nl] == closed) continue;
        const double g = here + kStepLength[step] * cost_[nl];
        if (seen_[nl] == seen && !(g < dist_[nl])) continue;
        seen_[nl] = seen;
        dist_[nl] = g;
        push(g, nl);
      }
      return true;
    };
    if (ring) {
      for (std::size_t b = 0; b < buckets; ++b) buckets_[b].clear();
      std::size_t queued = 1;
      auto push = [&](double g, int32_t l) {
        buckets_[static_cast<std::size_t>(g / width) % buckets].push_back(l);
        ++queued;
      };
      buckets_[0].push_back(local_[i]);
      for (std::size_t at = 0; queued > 0;) {
        std::vector<int32_t>& bucket = buckets_[at % buckets];
        if (bucket.empty()) {
          ++at;
          continue;
        }
        const int32_t l = bucket.back();
        bucket.pop_back();
        --queued;
        if (!settle(l, push)) break;
      }
    } else {
      heap_.clear();
      auto push = [&](double g, int32_t l) {
        heap_.push_back({g, l});
        std::push_heap(heap_.begin(), heap_.end());
      };
      heap_.push_back({0.0, local_[i]});
      while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end());
        const Entry e = heap_.back();
        heap_.pop_back();
        if (!settle(e.l, push)) break;
      }
    }
    for (std::size_t j = 0; j < n; ++j)
      if (j != i && seen_[local_[j]] == closed)
        matrix[i * n + j] = static_cast<float>(dist_[local_[j]]);
  }
  return work;
}

void Hierarchy::linkInner(Level& lv, int32_t k) {
  Cluster& c = lv.clusters[k];
  const std::size_t n = c.nodes.size();
  c.edgeStart.assign(n + 1, 0);
  c.edges.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const float* row = matrix_.data() + i * n;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i || !std::isfinite(row[j])) continue;
      // Left out when a way through a third node m costs as much (within float rounding) with
      // each part cheaper: the search reaches j through m at the same cost. The parts being
      // strictly cheaper, what is left out is always matched by edges that stay.
      bool matched = false;
      for (std::size_t m = 0; m < n && !matched; ++m) {
        const float a = row[m], b = matrix_[m * n + j];
        matched = m != i && m != j && a > 0 && b > 0 && a < row[j] && b < row[j] &&
                  a + b <= row[j] * (1 + 1e-5f);
      }
      if (!matched) c.edges.push_back({c.base + static_cast<uint32_t>(j), row[j]});
    }
    // Its steps across, resolved by linkAcross.
    c.edges.resize(c.edges.size() + (c.acrossStart[i + 1] - c.acrossStart[i]), {kNoNode, 0.0f});
    c.edgeStart[i + 1] = static_cast<uint32_t>(c.edges.size());
  }
  lv.noteEdges(k);
}

}  // namespace tilepath
