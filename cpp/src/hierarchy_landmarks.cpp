// Landmarks for the abstract search (ALT): the cost from each of a few landmark nodes to every
// node of the abstract graph. By the triangle inequality, d(L, goal) - d(L, x) never exceeds
// the cost from x to the goal, and on a weighted map it is far closer to it than the octile
// distance times the cheapest cost: the abstract A* expands a fraction of the nodes.
//
// Kept honest under edits (see hierarchy.hpp): the nodes of rebuilt clusters lose their
// values (the search estimates them as before); an edit that makes any cell cheaper or opens
// it could make the old values overestimate anywhere, so it retires the landmarks until they
// are computed again. They are all computed again in the update that rebuilds many clusters
// (an eighth of them or more: the recomputation is small beside that); otherwise one comes
// back each time the searches made without all of them have expanded as many nodes as the
// graph holds (about what computing one costs): a game that edits a lot pays at most twice
// its searches' cost, one that edits little gets them back soon, and no query pays for more
// than one landmark's Dijkstra.
#include <algorithm>
#include <cmath>
#include <limits>

#include "hierarchy_internal.hpp"

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
  if (lv.landmarks.size() < lv.pool.size() * kLandmarks)
    lv.landmarks.resize(lv.pool.size() * kLandmarks, kUnknown);
  std::fill(
      lv.landmarks.begin() + static_cast<std::ptrdiff_t>(c.base) * kLandmarks,
      lv.landmarks.begin() + static_cast<std::ptrdiff_t>(c.base + c.nodes.size()) * kLandmarks,
      kUnknown);
}

void Hierarchy::computeLandmark(Level& lv, int l) {
  const std::size_t count = lv.pool.size();
  lv.landmarks.resize(count * kLandmarks, kUnknown);
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
  std::vector<float> dist(count, std::numeric_limits<float>::infinity());
  std::vector<std::pair<float, uint32_t>> heap;
  if (source != kNoNode) {
    dist[source] = 0;
    heap.push_back({0.0f, source});
  }
  auto later = [](const auto& a, const auto& b) { return a.first > b.first; };
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), later);
    const float d = heap.back().first;
    const uint32_t node = heap.back().second;
    heap.pop_back();
    if (d > dist[node]) continue;
    const Cluster& c = lv.clusters[clusterOf(lv.pool[node].xy)];
    const uint32_t i = node - c.base;
    auto relax = [&](const Cluster::Edge& e) {
      const float nd = d + e.cost;
      if (e.to != kNoNode && nd < dist[e.to]) {
        dist[e.to] = nd;
        heap.push_back({nd, e.to});
        std::push_heap(heap.begin(), heap.end(), later);
      }
    };
    for (uint32_t a = c.innerStart[i]; a < c.innerStart[i + 1]; ++a) relax(c.inner[a]);
    for (uint32_t a = c.acrossStart[i]; a < c.acrossStart[i + 1]; ++a) relax(c.acrossTo[a]);
  }
  for (uint32_t node = 0; node < count; ++node)
    lv.landmarks[static_cast<std::size_t>(node) * kLandmarks + l] =
        inUse(lv, node) ? dist[node] : kUnknown;
  lv.landmarksValid |= 1u << l;
}

void Hierarchy::computeLandmarks(Level& lv) {
  for (int l = 0; l < kLandmarks; ++l) computeLandmark(lv, l);
  lv.searchedWithout = 0;
}

void Hierarchy::restoreLandmark(Level& lv) {
  if (lv.landmarksValid == kAllLandmarks || lv.searchedWithout < lv.nodeCount) return;
  lv.searchedWithout = 0;
  computeLandmark(lv, __builtin_ctz(~lv.landmarksValid));
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
