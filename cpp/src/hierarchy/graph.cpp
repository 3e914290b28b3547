// The abstract graph's storage: each cluster's nodes in the level's pool, the edges the search
// follows (inside a cluster, kept when no way through a third node matches them; across
// borders, resolved to pool nodes), and what the hierarchy reports of itself (counts, bytes,
// nodes and edges for drawing).
#include <algorithm>
#include <cmath>

#include "hierarchy/internal.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {

bool Hierarchy::place(Level& lv, int32_t k) {
  Cluster& c = lv.clusters[k];
  const auto n = static_cast<uint32_t>(c.nodes.size());
  if (n > c.capacity) {  // first build: a little room to grow; later, twice the room
    const uint32_t capacity = c.capacity == 0 ? n + n / 4 + 1 : std::max(n, 2 * c.capacity);
    // The pool grows with the map and with every cluster that outgrows its place (edits): the
    // host is asked first for the block a growing vector takes (twice its size).
    const std::size_t size = lv.pool.size() + capacity;
    if (size > lv.pool.capacity() &&
        !Searcher::roomFor(std::max(size, 2 * lv.pool.capacity()) * sizeof(Level::Node)))
      return false;
    c.capacity = capacity;
    c.base = static_cast<uint32_t>(lv.pool.size());
    lv.pool.resize(size, Level::Node{0, kNoNode, 0, 0, 0});
  }
  const int w = grid_.width();
  for (uint32_t i = 0; i < n; ++i)
    lv.pool[c.base + i].xy =
        static_cast<uint32_t>(c.nodes[i] % w) | static_cast<uint32_t>(c.nodes[i] / w) << 16;
  return true;
}

void Hierarchy::linkAcross(Level& lv, int32_t k) {
  Cluster& c = lv.clusters[k];
  const int w = grid_.width();
  for (std::size_t i = 0; i + 1 < c.acrossStart.size(); ++i)
    for (uint32_t a = c.acrossStart[i], e = c.innerEnd(i); a < c.acrossStart[i + 1]; ++a, ++e) {
      const int32_t from = c.nodes[i], to = c.across[a];
      const int tx = to % w, ty = to / w;
      const Cluster& other = lv.clusters[(ty >> shift_) * columns_ + (tx >> shift_)];
      const int j = other.local(to);
      // Links are kept on both sides: a missing node would be a bug; it is only skipped.
      c.edges[e] = {j < 0 ? kNoNode : other.base + static_cast<uint32_t>(j),
                    static_cast<float>(grid_.stepCost(from % w, from / w, tx, ty))};
    }
}

std::size_t Hierarchy::nodeCount(Diagonal rule) const {
  const auto& lv = levels_[static_cast<int>(rule)];
  return lv ? lv->nodeCount : 0;
}

std::size_t Hierarchy::edgeCount(Diagonal rule) const {
  const auto& lv = levels_[static_cast<int>(rule)];
  return lv ? lv->edgeCount : 0;
}

std::size_t Hierarchy::memoryBytes() const {
  std::size_t bytes = smoothing_.capacity() * sizeof(double);
  for (const auto& lv : levels_) {
    if (!lv) continue;
    bytes += sizeof(Level) + lv->clusters.capacity() * sizeof(Cluster) +
             lv->edgeData.capacity() * sizeof(lv->edgeData[0]) +
             lv->dirty.capacity() * sizeof(int32_t);
    for (const Cluster& c : lv->clusters) {
      for (const auto& links : c.links) bytes += links.capacity() * sizeof(Link);
      bytes += c.nodes.capacity() * sizeof(int32_t) + c.acrossStart.capacity() * sizeof(uint32_t) +
               c.across.capacity() * sizeof(int32_t) + c.edgeStart.capacity() * sizeof(uint32_t) +
               c.edges.capacity() * sizeof(Cluster::Edge);
    }
    bytes += lv->pool.capacity() * sizeof(Level::Node) + lv->landmarks.capacity() * sizeof(float) +
             lv->pending.dist.capacity() * sizeof(float) +
             lv->pending.heap.capacity() * sizeof(lv->pending.heap[0]) +
             lv->pending.start.capacity() * sizeof(uint32_t) +
             lv->pending.edges.capacity() * sizeof(Cluster::Edge);
  }
  return bytes;
}

std::size_t Hierarchy::bytesToBuild(Diagonal rule) const {
  if (levels_[static_cast<int>(rule)]) return 0;
  // A cluster and, for an open one, about 16 nodes, each with its cell, its place in the pool
  // (and room to grow), its landmark costs, about 6 kept edges inside and 1.5 across.
  const std::size_t perNode = 4 + 5 * sizeof(Level::Node) / 4 + 5 * kLandmarks * 4 / 4 +
                              6 * sizeof(Cluster::Edge) + 6 * 4 +
                              3 * (4 + sizeof(Cluster::Edge)) / 2;
  const std::size_t perCluster = sizeof(Cluster) + sizeof(Cluster::Edge*) + 16 * perNode + 64;
  return static_cast<std::size_t>(columns_) * rows_ * perCluster;
}

bool Hierarchy::nodes(Diagonal rule, std::vector<int32_t>& out) {
  out.clear();
  if (update(rule) < 0) return false;
  const int w = grid_.width();
  for (const Cluster& c : level(rule).clusters)
    for (int32_t cell : c.nodes) {
      out.push_back(cell % w);
      out.push_back(cell / w);
    }
  return true;
}

bool Hierarchy::edges(Diagonal rule, std::vector<int32_t>& out) {
  out.clear();
  if (update(rule) < 0) return false;
  const int w = grid_.width();
  std::vector<std::pair<int32_t, int32_t>> pairs;  // each edge the search follows, once a pair
  for (const Cluster& c : level(rule).clusters) {
    pairs.clear();
    for (std::size_t i = 0; i + 1 < c.edgeStart.size(); ++i)
      for (uint32_t e = c.edgeStart[i]; e < c.innerEnd(i); ++e) {
        const auto j = static_cast<int32_t>(c.edges[e].to - c.base);
        pairs.push_back({std::min<int32_t>(static_cast<int32_t>(i), j),
                         std::max<int32_t>(static_cast<int32_t>(i), j)});
      }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    for (auto [i, j] : pairs)
      out.insert(out.end(), {c.nodes[i] % w, c.nodes[i] / w, c.nodes[j] % w, c.nodes[j] / w});
  }
  return true;
}

}  // namespace tilepath
