// The hierarchy's section of a saved grid (HIER), apart from saved.cpp so that a program that
// never makes a hierarchy (tilepath.wasm) links none of its code: only SavedHierarchy, made by
// whoever has one, reaches it.
#include <cmath>

#include "io/saved_access.hpp"

namespace tilepath {

std::string SavedHierarchy::bringUpToDate() {
  return SavedAccess::bringUpToDate(*hierarchy);
}

void SavedHierarchy::write(SavedWriter& w) const {
  SavedAccess::writeHierarchy(w, *hierarchy);
}

bool SavedHierarchy::read(SavedReader& r, const Grid& grid) {
  return SavedAccess::readHierarchy(r, grid, hierarchy);
}

// --- the hierarchy ----------------------------------------------------------------------------

std::string SavedAccess::bringUpToDate(Hierarchy& h) {
  for (int rule = 0; rule < 4; ++rule)
    if (h.levels_[rule] && h.update(static_cast<Diagonal>(rule)) < 0)
      return "not enough memory to bring hpa's hierarchy up to date before saving it";
  return {};
}

void SavedAccess::writeHierarchy(SavedWriter& w, const Hierarchy& h) {
  w.put(static_cast<uint8_t>(h.shift_));
  uint8_t mask = 0;
  for (int rule = 0; rule < 4; ++rule) mask |= h.levels_[rule] ? 1 << rule : 0;
  w.put(mask);
  for (int rule = 0; rule < 4; ++rule) {
    if (!h.levels_[rule]) continue;
    const Hierarchy::Level& lv = *h.levels_[rule];
    w.put<uint64_t>(lv.nodeCount);
    w.put<uint64_t>(lv.edgeCount);
    std::vector<uint32_t> xy(lv.pool.size());
    for (std::size_t k = 0; k < xy.size(); ++k) xy[k] = lv.pool[k].xy;
    w.putVector(xy);
    w.putVector(lv.landmarks);
    w.put(lv.landmarksValid);
    w.put(lv.refreshed);
    w.putVector(lv.opened);
    w.put<uint64_t>(lv.version);
    w.put<int32_t>(lv.pending.landmark);
    w.put<uint64_t>(lv.pending.version);
    w.putVector(lv.pending.dist);
    w.putVector(lv.pending.heap);
    // Each cluster's edges as the format has them: the inner ones (with their starts), then the
    // steps across (in the order of `across`).
    std::vector<uint32_t> innerStart;
    std::vector<Hierarchy::Cluster::Edge> inner, acrossTo;
    for (const Hierarchy::Cluster& c : lv.clusters) {
      innerStart.assign(1, 0);
      inner.clear();
      acrossTo.clear();
      for (std::size_t i = 0; i + 1 < c.edgeStart.size(); ++i) {
        const auto edge = c.edges.begin();
        inner.insert(inner.end(), edge + c.edgeStart[i], edge + c.innerEnd(i));
        acrossTo.insert(acrossTo.end(), edge + c.innerEnd(i), edge + c.edgeStart[i + 1]);
        innerStart.push_back(static_cast<uint32_t>(inner.size()));
      }
      if (c.edgeStart.empty()) innerStart.clear();
      for (const auto& links : c.links) w.putVector(links);
      w.putVector(c.nodes);
      w.putVector(c.acrossStart);
      w.putVector(c.across);
      w.putVector(innerStart);
      w.putVector(inner);
      w.putVector(acrossTo);
      w.put(c.base);
      w.put(c.capacity);
    }
  }
}

bool SavedAccess::readHierarchy(SavedReader& r, const Grid& grid, std::unique_ptr<Hierarchy>& out) {
  uint8_t shift = 0, mask = 0;
  if (!r.get(shift) || !r.get(mask)) return false;
  if (!((shift >= 3 && shift <= 6) ||
        r.fail("cluster size 2^" + std::to_string(shift) + " is unknown")) ||
      !((mask != 0 && mask < 16) ||
        r.fail("diagonal rules " + std::to_string(mask) + " are unknown")) ||
      !(grid.shape().square() || r.fail("a hierarchy on a grid that is not square")))
    return false;
  out = std::make_unique<Hierarchy>(grid, 1 << shift);
  for (int rule = 0; rule < 4; ++rule) {
    if (!(mask >> rule & 1)) continue;
    Hierarchy::Level& lv = out->level(static_cast<Diagonal>(rule));
    lv.dirty.clear();
    for (Hierarchy::Cluster& c : lv.clusters) c.dirty = false;
    if (!readLevel(r, grid, *out, lv)) return false;
  }
  return true;
}

bool SavedAccess::readLevel(SavedReader& r, const Grid& grid, Hierarchy& h, Hierarchy::Level& lv) {
  const auto n = static_cast<uint64_t>(grid.size());
  uint64_t nodeCount = 0, edgeCount = 0, version = 0, pendingVersion = 0;
  int32_t pendingLandmark = -1;
  std::vector<uint32_t> xy;
  if (!r.get(nodeCount) || !r.get(edgeCount) || !r.getVector(xy, 4 * n, "the node pool") ||
      !r.getVector(lv.landmarks, 4 * n * kLandmarks, "the landmarks") ||
      !r.get(lv.landmarksValid) || !r.get(lv.refreshed) ||
      !r.getVector(lv.opened, 16, "the boxes of cheapened cells") || !r.get(version) ||
      !r.get(pendingLandmark) || !r.get(pendingVersion) ||
      !r.getVector(lv.pending.dist, 4 * n, "a landmark's costs") ||
      !r.getVector(lv.pending.heap, 64 * n, "a landmark's queue"))
    return false;
  const std::size_t pool = xy.size();
  lv.nodeCount = static_cast<std::size_t>(nodeCount);
  lv.edgeCount = static_cast<std::size_t>(edgeCount);
  lv.version = version;
  lv.pending.landmark = pendingLandmark;
  lv.pending.version = pendingVersion;
  lv.pool.assign(pool, Hierarchy::Level::Node{0, kNoNode, 0, 0, 0});
  for (std::size_t k = 0; k < pool; ++k) {
    const int x = static_cast<int>(xy[k] & 0xffff), y = static_cast<int>(xy[k] >> 16);
    if (!(grid.inside(x, y) || r.fail("node " + std::to_string(k) + " lies outside the grid")))
      return false;
    lv.pool[k].xy = xy[k];
  }
  const bool landmarksRead = lv.landmarksValid != 0 || pendingLandmark >= 0;
  if (!((lv.landmarksValid <= kAllLandmarks && lv.refreshed <= kAllLandmarks &&
         pendingLandmark >= -1 && pendingLandmark < kLandmarks) ||
        r.fail("landmark flags out of range")) ||
      !((lv.landmarks.size() % kLandmarks == 0 && lv.landmarks.size() <= pool * kLandmarks &&
         (!landmarksRead || lv.landmarks.size() == pool * kLandmarks)) ||
        r.fail("a landmark table of " + std::to_string(lv.landmarks.size()) + " for " +
               std::to_string(pool) + " nodes")) ||
      !(pendingLandmark < 0 || lv.pending.dist.size() == pool ||
        r.fail("a landmark under way over another number of nodes")))
    return false;
  for (const auto& entry : lv.pending.heap)
    if (!(entry.second < lv.pending.dist.size() || r.fail("a landmark's queue names no node")))
      return false;
  // Clusters, then their edges (which name nodes of any cluster) once all are read.
  const int w = grid.width();
  std::vector<uint32_t> innerStart;
  std::vector<Hierarchy::Cluster::Edge> inner, acrossTo;
  for (std::size_t k = 0; k < lv.clusters.size(); ++k) {
    Hierarchy::Cluster& c = lv.clusters[k];
    for (auto& links : c.links)
      if (!r.getVector(links, 4 * static_cast<uint64_t>(h.size_) + 8, "a cluster's links"))
        return false;
    const uint64_t area = static_cast<uint64_t>(c.w) * c.h;
    if (!r.getVector(c.nodes, area, "a cluster's nodes") ||
        !r.getVector(c.acrossStart, area + 1, "a cluster's steps across") ||
        !r.getVector(c.across, 8 * area, "a cluster's steps across") ||
        !r.getVector(innerStart, area + 1, "a cluster's edges") ||
        !r.getVector(inner, area * area, "a cluster's edges") ||
        !r.getVector(acrossTo, 8 * area, "a cluster's steps across") || !r.get(c.base) ||
        !r.get(c.capacity))
      return false;
    const std::string where = "cluster " + std::to_string(k);
    for (const auto& links : c.links)
      for (const Link& link : links)
        if (!((link.a >= 0 && static_cast<uint64_t>(link.a) < n && link.b >= 0 &&
               static_cast<uint64_t>(link.b) < n) ||
              r.fail(where + " links cells outside the grid")))
          return false;
    const std::size_t m = c.nodes.size();
    if (!((m <= c.capacity && static_cast<uint64_t>(c.base) + c.capacity <= pool) ||
          r.fail(where + "'s nodes lie outside the pool")))
      return false;
    for (std::size_t i = 0; i < m; ++i) {
      const int32_t cell = c.nodes[i];
      const int x = cell % w, y = cell / w;
      if (!((cell >= 0 && static_cast<uint64_t>(cell) < n && (i == 0 || cell > c.nodes[i - 1]) &&
             x >= c.x0 && x < c.x0 + c.w && y >= c.y0 && y < c.y0 + c.h &&
             lv.pool[c.base + i].xy ==
                 (static_cast<uint32_t>(x) | static_cast<uint32_t>(y) << 16)) ||
            r.fail(where + "'s node " + std::to_string(i) + " is not one of its cells in order")))
        return false;
    }
    auto ranges = [&](const std::vector<uint32_t>& start, std::size_t total) {
      if (start.size() != m + 1 || start[0] != 0 || start[m] != total) return false;
      for (std::size_t i = 0; i < m; ++i)
        if (start[i] > start[i + 1]) return false;
      return true;
    };
    if (!(ranges(innerStart, inner.size()) || r.fail(where + "'s edges do not match its nodes")) ||
        !((ranges(c.acrossStart, c.across.size()) && acrossTo.size() == c.across.size()) ||
          r.fail(where + "'s steps across do not match its nodes")))
      return false;
    // Into the one array the search reads: per node its inner edges, then its steps across.
    c.edgeStart.assign(1, 0);
    c.edges.clear();
    c.edges.reserve(inner.size() + acrossTo.size());
    for (std::size_t i = 0; i < m; ++i) {
      c.edges.insert(c.edges.end(), inner.begin() + innerStart[i],
                     inner.begin() + innerStart[i + 1]);
      c.edges.insert(c.edges.end(), acrossTo.begin() + c.acrossStart[i],
                     acrossTo.begin() + c.acrossStart[i + 1]);
      c.edgeStart.push_back(static_cast<uint32_t>(c.edges.size()));
      if (!((c.edgeStart[i] >> (32 - kEdgeCountBits)) == 0 &&
            c.edgeStart[i + 1] - c.edgeStart[i] <= kEdgeCountMask) ||
          r.fail(where + " has more edges than a cluster can"))
        return false;
    }
    lv.noteEdges(static_cast<int32_t>(k));
    for (int32_t cell : c.across)
      if (!((cell >= 0 && static_cast<uint64_t>(cell) < n) ||
            r.fail(where + " steps across to a cell outside the grid")))
        return false;
  }
  // Each edge leads to a node its cluster holds, at a finite cost.
  for (std::size_t k = 0; k < lv.clusters.size(); ++k) {
    const Hierarchy::Cluster& c = lv.clusters[k];
    auto leads = [&](const Hierarchy::Cluster::Edge& e, bool mayBeNone) {
      if (e.to == kNoNode) return mayBeNone;
      if (e.to >= pool || !(std::isfinite(e.cost) && e.cost >= 0)) return false;
      const Hierarchy::Cluster& to = lv.clusters[h.clusterOf(lv.pool[e.to].xy)];
      return e.to >= to.base && e.to - to.base < to.nodes.size();
    };
    for (std::size_t i = 0; i + 1 < c.edgeStart.size(); ++i) {
      for (uint32_t e = c.edgeStart[i]; e < c.innerEnd(i); ++e)
        if (!(leads(c.edges[e], false) ||
              r.fail("cluster " + std::to_string(k) + " has an edge to no node")))
          return false;
      for (uint32_t e = c.innerEnd(i); e < c.edgeStart[i + 1]; ++e)
        if (!(leads(c.edges[e], true) ||
              r.fail("cluster " + std::to_string(k) + " steps across to no node")))
          return false;
    }
  }
  return true;
}

}  // namespace tilepath
