// Landmarks for the abstract search (ALT): the cost from each of a few landmark nodes to every
// node of the abstract graph. By the triangle inequality, d(L, goal) - d(L, x) never exceeds
// the cost from x to the goal, and on a weighted map it is far closer to it than the octile
// distance times the cheapest cost: the abstract A* expands a fraction of the nodes.
//
// Kept honest under edits (see hierarchy.hpp): the nodes of rebuilt clusters lose their
// values (the search estimates them as before); an edit that makes any cell cheaper or opens
// it could make the old values overestimate a way through it. A cell edit notes the cell in a
// box (a few boxes per level): until a landmark is computed again, its bound is capped by the
// estimate of the way through the nearest box (the octile distance to the box, then from it
// to the goal: a lower bound of any way using the cheaper cells, and any other way costs what
// the landmark knew or more). A cell opened far from 16 boxes already kept, or a cost change
// making a class cheaper, retires the landmarks.
// They are all computed again in the update that rebuilds many clusters (an eighth of them or
// more: the recomputation is small beside that); otherwise each search takes as many steps of
// one landmark's Dijkstra as a quarter of the abstract nodes it expanded, plus 256 (no query
// pays for a whole Dijkstra), one landmark after the other (retired ones first),
// starting one over when an edit changed the graph under it. A game that edits between every
// few searches keeps searching with capped or no landmarks, no worse than before them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "hierarchy/internal.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {
namespace {

constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();

}  // namespace

bool Hierarchy::inUse(const Level& lv, uint32_t node) const {
  const Cluster& c = lv.clusters[clusterOf(lv.pool[node].xy)];
  return node - c.base < c.nodes.size();
}

void Hierarchy::forgetLandmarks(Level& lv, int32_t k) {
  const Cluster& c = lv.clusters[k];
  // The landmarks only speed searches up: without room for their table they are retired.
  if (lv.landmarks.size() < lv.pool.size() * kLandmarks) {
    if (!Searcher::reserveIfRoom(lv.landmarks, lv.pool.size() * kLandmarks)) {
      lv.landmarksValid = 0;  // none is read again until computed again, in a table that fits
      return;
    }
    lv.landmarks.resize(lv.pool.size() * kLandmarks, kUnknown);
  }
  std::fill(
      lv.landmarks.begin() + static_cast<std::ptrdiff_t>(c.base) * kLandmarks,
      lv.landmarks.begin() + static_cast<std::ptrdiff_t>(c.base + c.nodes.size()) * kLandmarks,
      kUnknown);
}

bool Hierarchy::startLandmark(Level& lv, int l) {
  const std::size_t count = lv.pool.size();
  Level::Pending& p = lv.pending;
  p.landmark = -1;
  p.heap.clear();
  if (!Searcher::reserveIfRoom(lv.landmarks, count * kLandmarks)) return false;
  lv.landmarks.resize(count * kLandmarks, kUnknown);
  p.dist.clear();  // assigned below
  if (!Searcher::reserveIfRoom(p.dist, count)) return false;
  // Landmarks at the map's corners and the middles of its sides: for most queries one lies
  // behind the start, where d(L, goal) - d(L, x) is tightest.
  const int w = grid_.width(), h = grid_.height();
  const int targets[kLandmarks][2] = {{0, 0},         {w / 2, 0},     {w - 1, 0}, {w - 1, h / 2},
                                      {w - 1, h - 1}, {w / 2, h - 1}, {0, h - 1}, {0, h / 2}};
  uint32_t source = kNoNode;
  double nearest = kInf;
  for (uint32_t node = 0; node < count; ++node) {
    const Level::Node& n = lv.pool[node];
    if (!inUse(lv, node)) continue;
    const double dx = static_cast<int>(n.xy & 0xffff) - targets[l][0],
                 dy = static_cast<int>(n.xy >> 16) - targets[l][1];
    if (dx * dx + dy * dy < nearest) {
      nearest = dx * dx + dy * dy;
      source = node;
    }
  }
  p.landmark = l;
  p.version = lv.version;
  p.dist.assign(count, std::numeric_limits<float>::infinity());
  if (source != kNoNode) {
    p.dist[source] = 0;
    p.heap.push_back({0.0f, source});
  }
  return true;
}

bool Hierarchy::advanceLandmark(Level& lv, std::size_t steps) {
  Level::Pending& p = lv.pending;
  if (p.landmark < 0) return false;                // none under way: startLandmark found no room
  auto later = [](const auto& a, const auto& b) {  // total, as hierarchy.cpp's Entry
    return a.first > b.first || (a.first == b.first && a.second > b.second);
  };
  bool outOfRoom = false;  // its heap could not grow: this landmark is given up for now
  const bool flat = p.flatVersion == lv.version && p.start.size() == lv.pool.size() + 1;
  for (; steps > 0 && !p.heap.empty() && !outOfRoom; --steps) {
    std::pop_heap(p.heap.begin(), p.heap.end(), later);
    const float d = p.heap.back().first;
    const uint32_t node = p.heap.back().second;
    p.heap.pop_back();
    if (d > p.dist[node]) continue;
    auto relax = [&](const Cluster::Edge& e) {
      const float nd = d + e.cost;
      if (e.to != kNoNode && nd < p.dist[e.to]) {
        if (p.heap.size() == p.heap.capacity() && !Searcher::growIfRoom(p.heap)) {
          outOfRoom = true;
          return;
        }
        p.dist[e.to] = nd;
        p.heap.push_back({nd, e.to});
        std::push_heap(p.heap.begin(), p.heap.end(), later);
      }
    };
    if (flat) {
      for (uint32_t a = p.start[node]; a < p.start[node + 1]; ++a) relax(p.edges[a]);
      continue;
    }
    const Cluster& c = lv.clusters[clusterOf(lv.pool[node].xy)];
    const uint32_t i = node - c.base;
    for (uint32_t a = c.edgeStart[i]; a < c.edgeStart[i + 1]; ++a) relax(c.edges[a]);
  }
  if (outOfRoom) {
    p.landmark = -1;
    p.heap.clear();
    return false;
  }
  if (!p.heap.empty()) return false;
  for (uint32_t node = 0; node < p.dist.size(); ++node)
    lv.landmarks[static_cast<std::size_t>(node) * kLandmarks + p.landmark] =
        inUse(lv, node) ? p.dist[node] : kUnknown;
  lv.landmarksValid |= 1u << p.landmark;
  lv.refreshed |= 1u << p.landmark;
  if (lv.refreshed == kAllLandmarks) lv.opened.clear();
  p.landmark = -1;
  return true;
}

void Hierarchy::flattenGraph(Level& lv) {
  Level::Pending& p = lv.pending;
  const std::size_t count = lv.pool.size();
  if (p.flatVersion == lv.version && p.start.size() == count + 1) return;
  releaseFlatGraph(lv);
  std::size_t edges = 0;
  for (const Cluster& c : lv.clusters) edges += c.edges.size();
  // Only a faster way to the same costs: without room for it, the clusters' own lists serve.
  if (!Searcher::reserveIfRoom(p.start, count + 1) || !Searcher::reserveIfRoom(p.edges, edges)) {
    releaseFlatGraph(lv);
    return;
  }
  p.start.assign(count + 1, 0);
  for (uint32_t node = 0; node < count; ++node) {
    p.start[node] = static_cast<uint32_t>(p.edges.size());
    if (!inUse(lv, node)) continue;
    const Cluster& c = lv.clusters[clusterOf(lv.pool[node].xy)];
    const uint32_t i = node - c.base;
    for (uint32_t a = c.edgeStart[i]; a < c.edgeStart[i + 1]; ++a)
      if (c.edges[a].to != kNoNode) p.edges.push_back(c.edges[a]);
  }
  p.start[count] = static_cast<uint32_t>(p.edges.size());
  p.flatVersion = lv.version;
}

void Hierarchy::releaseFlatGraph(Level& lv) {
  Level::Pending& p = lv.pending;
  std::vector<uint32_t>().swap(p.start);
  std::vector<Cluster::Edge>().swap(p.edges);
  p.flatVersion = ~uint64_t{0};
}

void Hierarchy::computeLandmarks(Level& lv) {
  for (int l = 0; l < kLandmarks; ++l)
    if (!startLandmark(lv, l) || !advanceLandmark(lv, SIZE_MAX)) {
      // No room: the graph changed under the others too, so none is trusted until computed
      // again (restoreLandmark tries, a little at each search).
      lv.landmarksValid = 0;
      return;
    }
}

void Hierarchy::restoreLandmark(Level& lv, std::size_t steps) {
  if (lv.landmarksValid == kAllLandmarks && lv.refreshed == kAllLandmarks) return;
  // A retired one first, then those computed before the last box. One under way on a graph an
  // update has changed since is started over.
  if ((lv.pending.landmark < 0 || lv.pending.version != lv.version) &&
      !startLandmark(lv, __builtin_ctz(lv.landmarksValid != kAllLandmarks ? ~lv.landmarksValid
                                                                          : ~lv.refreshed)))
    return;
  advanceLandmark(lv, steps);
}

void Hierarchy::opened(Level& lv, int x, int y) {
  lv.refreshed = 0;
  // Next to (or in) the last box: it grows (a fillRect makes one box). A new box otherwise,
  // up to kMaxBoxes; past that, the landmarks are retired (a box grown over the map would cap
  // them to about the plain estimate, and every node's estimate would still pay for the boxes)
  // and come back one by one as searches go on.
  constexpr std::size_t kMaxBoxes = 16;
  if (lv.landmarksValid == 0) return;  // none to cap
  if (!lv.opened.empty()) {
    Level::Box& b = lv.opened.back();
    if (x >= b.x0 - 1 && x <= b.x1 + 1 && y >= b.y0 - 1 && y <= b.y1 + 1) {
      b = {std::min(b.x0, x), std::min(b.y0, y), std::max(b.x1, x), std::max(b.y1, y)};
      return;
    }
    if (lv.opened.size() >= kMaxBoxes) {
      lv.landmarksValid = 0;
      lv.opened.clear();
      return;
    }
  }
  lv.opened.push_back({x, y, x, y});
}

bool Hierarchy::goalLandmarks(const Level& lv, int32_t goalCluster,
                              const std::vector<double>& toGoal, float* out) const {
  // An infinite entry gives no bound: a landmark retired, or one the goal is not reached from.
  std::fill(out, out + kLandmarks, std::numeric_limits<float>::infinity());
  if (lv.landmarksValid == 0) return false;
  const Cluster& c = lv.clusters[goalCluster];
  for (std::size_t j = 0; j < c.nodes.size(); ++j) {
    if (!std::isfinite(toGoal[j])) continue;
    const float* lm = &lv.landmarks[(c.base + j) * kLandmarks];
    for (int l = 0; l < kLandmarks; ++l) {
      if (!(lv.landmarksValid >> l & 1)) continue;
      if (std::isnan(lm[l])) return false;  // a rebuilt goal cluster: no bound this time
      out[l] = std::min(out[l], lm[l] + static_cast<float>(toGoal[j]));
    }
  }
  return true;
}

}  // namespace tilepath
