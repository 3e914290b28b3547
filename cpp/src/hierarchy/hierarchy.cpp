// An hpa query: the start and goal joined to their clusters' nodes, A* on the abstract graph,
// then each hop refined into cells by an A* confined to one cluster.
#include <algorithm>
#include <cmath>
#include <queue>
#include <string>

#include "hierarchy/internal.hpp"
#include "tilepath/searcher.hpp"
#include "tilepath/smoothing.hpp"

namespace tilepath {
namespace {

// Scratch searches for queries: the start's cluster, the goal's (backwards) and refinement.
struct QueryScratch {
  LocalSearch start, goal;
  CorridorSearch corridor;
  std::vector<int32_t> corridorClusters;
  std::vector<double> toGoal;
  std::vector<int32_t> hops;
  std::vector<int32_t> window, piece, rest;  // piecewise refinement: a window's clusters, its cells
  std::vector<double> boxToGoal;  // per box of cheapened cells: the estimate from it to the goal
  struct Entry {
    double f;
    float g;
    uint32_t node;  // in the level's pool
    // A total order (ties on f and g to the lower node), so every standard library's heap
    // takes the nodes in the same order.
    bool operator<(const Entry& o) const {
      return f > o.f || (f == o.f && (g < o.g || (g == o.g && node > o.node)));
    }
  };
  std::vector<Entry> open;
};
QueryScratch& scratch() {
  static QueryScratch s;
  return s;
}
// Corridors of at most this many clusters take their neighbours too (see search). 48, not 8:
// on fresh random weighted maps, answers over 1% went from 6% to 0.1% (128 x 128, worst 9.4% to
// 2.3% under noCorners) and from 6% to 0.1-0.3% (256 x 256, worst 8% to 1.7%); long queries on
// the 1024 x 1024 world expanded 20.7k cells against 20.6k at the median. Widening every
// corridor made those expand 2.5x the cells.
constexpr std::size_t kWidenedCorridor = 48;
// A longer corridor is refined piece by piece: an A* from where the path has got to, to a later
// hop, confined to at most kWindow clusters (the one it starts in, then those of the next hops in
// order); of its answer, only the part up to its last cell in the first kKept of those clusters is
// kept, and the next piece starts there. The overlap lets the path cut across where the pieces
// join instead of passing through the abstract path's entrances. kKept >= 2 makes each piece pass
// at least one hop (the next hop lies in one of the first two clusters). On the seeded 2048 x 2048
// world: 35% fewer cells expanded than the one A* through the whole corridor (4 and 2: as many;
// 6 and 5: 30% fewer); on random 512 x 512 maps with clusters of 8, median 0.46-0.76% over the
// optimum under each rule against 0.36-0.52% for the whole corridor.
constexpr std::size_t kWindow = 4, kKept = 3;
static_assert(kKept >= 2 && kKept < kWindow, "each piece passes a hop and leaves some overlap");

}  // namespace

void Hierarchy::find(Searcher& searcher, int sx, int sy, int gx, int gy,
                     const SearchOptions& options, SearchResult& out) {
  searcher.find(grid_, sx, sy, gx, gy, options, out, this);
}

void Hierarchy::search(int sx, int sy, int gx, int gy, const SearchOptions& options,
                       SearchResult& out) {
  if (update(options.diagonal) < 0) {
    out.error =
        "not enough memory to go on with this search: hpa's graph of the map could not grow "
        "to take in the map as it is now";
    return;
  }
  Level& lv = level(options.diagonal);
  const Diagonal rule = options.diagonal;
  const int w = grid_.width();
  QueryScratch& q = scratch();
  const int ks = (sy / size_) * columns_ + sx / size_;
  const int kg = (gy / size_) * columns_ + gx / size_;
  Cluster& cg = lv.clusters[kg];
  const double hScale = grid_.minCost();
  const Heuristic hk = effectiveHeuristic(options);
  // A fresh stamp for this search's state in the pool.
  if (lv.stamp >= 0xfffffff0u) {
    for (Level::Node& node : lv.pool) node.mark = 0;
    lv.stamp = 0;
  }
  const uint32_t seen = ++lv.stamp;
  // The estimate: the heuristic's, or where the landmarks know better (by the triangle
  // inequality, a lower bound too), theirs. Slightly shrunk against float rounding.
  // Landmarks computed before some cells were made cheaper are capped by the estimate of the
  // way through the nearest box of such cells (hierarchy_landmarks.cpp).
  float goalLm[kLandmarks];
  bool landmarks = false;
  const uint32_t capped = lv.opened.empty() ? 0 : ~lv.refreshed & kAllLandmarks;
  auto& boxToGoal = q.boxToGoal;
  boxToGoal.clear();
  auto toBox = [&](const Level::Box& b, int x, int y) {
    return hScale *
           distance(hk, std::max({b.x0 - x, x - b.x1, 0}), std::max({b.y0 - y, y - b.y1, 0}));
  };
  if (capped)
    for (const Level::Box& b : lv.opened) boxToGoal.push_back(toBox(b, gx, gy));
  auto estimateAt = [&](uint32_t node, uint32_t xy) {
    const int x = static_cast<int>(xy & 0xffff), y = static_cast<int>(xy >> 16);
    double h = hScale * distance(hk, x - gx, y - gy);
    if (landmarks) {
      double via = kInf;
      if (capped)
        for (std::size_t b = 0; b < boxToGoal.size(); ++b)
          via = std::min(via, toBox(lv.opened[b], x, y) + boxToGoal[b]);
      const float* lm = &lv.landmarks[static_cast<std::size_t>(node) * kLandmarks];
      for (int l = 0; l < kLandmarks; ++l) {
        double bound = (goalLm[l] - lm[l]) * 0.99999f;
        if (capped >> l & 1) bound = std::min(bound, via);
        if (bound > h && std::isfinite(goalLm[l])) h = bound;
      }
    }
    return h;
  };
  auto& open = q.open;
  open.clear();
  // The open list grows with the abstract graph (the map's size): each growth asks the host
  // first (Searcher::roomFor), and a refusal ends the search with an error, as a search's does.
  bool outOfRoom = false;
  auto push = [&](uint32_t node, float g, uint32_t parent) {
    Level::Node& n = lv.pool[node];
    if (n.mark == seen && !(g < n.g)) return;
    if (open.size() == open.capacity() && !Searcher::growIfRoom(open)) {
      outOfRoom = true;
      return;
    }
    n.mark = seen;
    n.g = g;
    n.parent = parent;
    // Its edges, read if it is expanded: asked for now, they may be there by then.
    __builtin_prefetch(lv.edgeData[clusterOf(n.xy)] + (n.edges >> kEdgeCountBits));
    open.push_back({g + estimateAt(node, n.xy), g, node});
    std::push_heap(open.begin(), open.end());
  };

  // The goal's cluster, backwards: what each of its nodes pays to reach the goal inside it.
  const LocalSearch::Box boxG{cg.x0, cg.y0, cg.w, cg.h};
  q.goal.run(grid_, rule, boxG, gx, gy, true, 0, 0, 0.0, [](int, int, double) { return true; });
  q.toGoal.resize(cg.nodes.size());
  for (std::size_t j = 0; j < cg.nodes.size(); ++j)
    q.toGoal[j] = q.goal.cost(cg.nodes[j] % w, cg.nodes[j] / w);
  uint32_t expanded = q.goal.expanded();
  landmarks = goalLandmarks(lv, kg, q.toGoal, goalLm);

  // The start's cluster: the start's way to each of its nodes, and to the goal if it is there.
  double best = kInf;  // the goal's cost so far, and the node it was reached from
  uint32_t bestParent = kNoNode;
  auto seed = [&](int k, int x, int y, double paid) {
    const Cluster& c = lv.clusters[k];
    q.start.run(grid_, rule, {c.x0, c.y0, c.w, c.h}, x, y, false, 0, 0, 0.0,
                [](int, int, double) { return true; });
    expanded += q.start.expanded();
    if (k == kg) best = std::min(best, paid + q.start.cost(gx, gy));
    for (std::size_t j = 0; j < c.nodes.size(); ++j) {
      const double d = q.start.cost(c.nodes[j] % w, c.nodes[j] / w);
      if (std::isfinite(d))
        push(c.base + static_cast<uint32_t>(j), static_cast<float>(paid + d), kNoNode);
    }
  };
  seed(ks, sx, sy, 0.0);
  // A unit on a blocked cell (a wall just built under it) steps off it, maybe straight into
  // another cluster: nothing links the blocked cell there, so each such step seeds the search.
  if (!grid_.passable(sx, sy))
    for (unsigned steps = stepsAllowed(rule)[grid_.around(sx, sy)]; steps != 0;
         steps &= steps - 1) {
      const int step = __builtin_ctz(steps);
      const int nx = sx + kStepX[step], ny = sy + kStepY[step];
      const int k = (ny >> shift_) * columns_ + (nx >> shift_);
      if (k != ks) seed(k, nx, ny, grid_.stepCost(sx, sy, nx, ny));
    }

  const uint32_t beforeAbstract = expanded;
  while (!open.empty() && !outOfRoom) {
    std::pop_heap(open.begin(), open.end());
    const QueryScratch::Entry e = open.back();
    open.pop_back();
    if (e.f >= best) break;  // the heuristic is admissible: nothing left can beat the goal
    const uint32_t id = e.node;
    const Level::Node& node = lv.pool[id];
    if (e.g > node.g) continue;  // a stale entry (a node reached cheaper since)
    ++expanded;
    const int32_t k = clusterOf(node.xy);
    if (k == kg) {
      const uint32_t i = id - cg.base;
      if (std::isfinite(q.toGoal[i]) && e.g + q.toGoal[i] < best) {
        best = e.g + q.toGoal[i];
        bestParent = id;
      }
    }
    // Its edges inside the cluster, then across (one array; kNoNode: a step left unresolved),
    // found from its pool entry without reading the cluster.
    const Cluster::Edge* const first = lv.edgeData[k] + (node.edges >> kEdgeCountBits);
    const Cluster::Edge* const last = first + (node.edges & kEdgeCountMask);
    // The neighbours' pool entries and landmark costs are far apart in memory: all of them
    // asked for first, their loads overlap instead of waiting on each other's push.
    for (const Cluster::Edge* a = first; a != last; ++a)
      if (a->to != kNoNode) {
        __builtin_prefetch(lv.pool.data() + a->to);
        if (landmarks) __builtin_prefetch(lv.landmarks.data() + std::size_t{a->to} * kLandmarks);
      }
    for (const Cluster::Edge* a = first; a != last; ++a)
      if (a->to != kNoNode) push(a->to, e.g + a->cost, id);
  }
  // Landmarks retired by an edit come back a little at each search: as many steps of one's
  // Dijkstra as a quarter of the nodes this search expanded (a game that edits all the time
  // pays a quarter more for its abstract searches, not twice as much).
  restoreLandmark(lv, (expanded - beforeAbstract) / 4 + 256);
  out.expanded = expanded;
  if (outOfRoom) {
    out.error = "not enough memory to go on with this search: after " + std::to_string(expanded) +
                " cells and entrances expanded, hpa's list of entrances to expand could not grow";
    return;
  }
  if (!std::isfinite(best)) {
    out.status = Status::None;
    out.reason = Reason::Unreachable;
    return;
  }

  // The hops, goal first: goal, nodes..., start. Counted first: they and the corridor below take
  // one block each, asked for (Searcher::roomFor), as the path does.
  std::size_t hopCount = 2;
  for (uint32_t node = bestParent; node != kNoNode; node = lv.pool[node].parent) ++hopCount;
  auto& hops = q.hops;
  auto& corridor = q.corridorClusters;
  hops.clear();
  corridor.clear();
  if (!Searcher::reserveIfRoom(hops, hopCount) ||
      !Searcher::reserveIfRoom(corridor, hopCount + 9 * kWidenedCorridor)) {
    out.error = "not enough memory to go on with this search: hpa could not hold its path of " +
                std::to_string(hopCount) + " entrances";
    return;
  }
  hops.assign({grid_.index(gx, gy)});
  for (uint32_t node = bestParent; node != kNoNode; node = lv.pool[node].parent)
    hops.push_back(static_cast<int32_t>(lv.pool[node].xy >> 16) * w +
                   static_cast<int32_t>(lv.pool[node].xy & 0xffff));
  hops.push_back(grid_.index(sx, sy));
  std::reverse(hops.begin(), hops.end());

  // The corridor: every cluster the hops pass through. A short one (up to kWidenedCorridor
  // clusters) also takes their neighbours: the abstract path crosses borders only at entrances,
  // so its clusters can miss the optimum's, which often runs through a cluster beside them; on a
  // short path such a detour costs the most, relatively, and the extra clusters cost little.
  corridor.clear();
  for (int32_t cell : hops) corridor.push_back((cell / w / size_) * columns_ + (cell % w) / size_);
  std::sort(corridor.begin(), corridor.end());
  corridor.erase(std::unique(corridor.begin(), corridor.end()), corridor.end());
  const bool whole = corridor.size() <= kWidenedCorridor;
  if (whole) {
    const std::size_t core = corridor.size();
    for (std::size_t k = 0; k < core; ++k) {
      const int cx = corridor[k] % columns_, cy = corridor[k] / columns_;
      for (int ny = std::max(cy - 1, 0); ny <= std::min(cy + 1, rows_ - 1); ++ny)
        for (int nx = std::max(cx - 1, 0); nx <= std::min(cx + 1, columns_ - 1); ++nx)
          corridor.push_back(ny * columns_ + nx);
    }
    std::sort(corridor.begin(), corridor.end());
    corridor.erase(std::unique(corridor.begin(), corridor.end()), corridor.end());
  }
  std::vector<int32_t>& path = out.path;
  bool refined = true;
  if (whole) {
    refined = q.corridor.run(grid_, rule, hk, shift_, columns_, corridor, sx, sy, gx, gy, path);
    expanded += q.corridor.expanded();
  } else {
    path.clear();
    auto clusterAt = [&](int x, int y) { return (y >> shift_) * columns_ + (x >> shift_); };
    auto& window = q.window;
    auto& piece = q.piece;
    auto& rest = q.rest;
    rest.clear();
    // Cells [0, end) of `cells` (x, y pairs) onto the path; the first is where the path ends
    // (unless it is empty).
    auto append = [&](const std::vector<int32_t>& cells, std::size_t end) {
      const std::size_t from = path.empty() ? 0 : 2;
      if (end <= from) return true;
      while (path.capacity() < path.size() + (end - from))
        if (!Searcher::growIfRoom(path)) return false;
      path.insert(path.end(), cells.begin() + static_cast<std::ptrdiff_t>(from),
                  cells.begin() + static_cast<std::ptrdiff_t>(end));
      return true;
    };
    bool roomy = true;
    int cx = sx, cy = sy;  // where the next piece starts
    std::size_t i = 0;     // the first hop it has not passed
    std::size_t restHop = 0;
    while (roomy) {
      window.assign({clusterAt(cx, cy)});
      std::size_t j = i;
      for (; j < hops.size(); ++j) {
        const int32_t k = clusterAt(hops[j] % w, hops[j] / w);
        if (std::find(window.begin(), window.end(), k) != window.end()) continue;
        if (window.size() == kWindow) break;
        window.push_back(k);
      }
      const std::size_t target = j - 1;
      refined = q.corridor.run(grid_, rule, hk, shift_, columns_, window, cx, cy, hops[target] % w,
                               hops[target] / w, piece);
      expanded += q.corridor.expanded();
      if (!refined) {
        if (q.corridor.outOfRoom() || rest.empty()) break;
        // The clusters of the hops from where the last piece was cut need not hold a way on:
        // that piece's rest, which ends on a hop, is taken whole.
        roomy = append(rest, rest.size());
        cx = hops[restHop] % w;
        cy = hops[restHop] / w;
        i = restHop;
        rest.clear();
        refined = true;
        continue;
      }
      if (j == hops.size()) {  // the piece ends at the goal
        roomy = append(piece, piece.size());
        break;
      }
      // Only its part through the first half of the window's clusters is kept: the next piece
      // starts from the last cell there, free to leave the hops it passes through.
      const auto half = window.begin() + static_cast<std::ptrdiff_t>(kKept);
      auto inFirstHalf = [&](int32_t k) { return std::find(window.begin(), half, k) != half; };
      std::size_t cut = 0;
      for (std::size_t p = 0; p < piece.size(); p += 2)
        if (inFirstHalf(clusterAt(piece[p], piece[p + 1]))) cut = p;
      roomy = append(piece, cut + 2);
      cx = piece[cut];
      cy = piece[cut + 1];
      rest.assign(piece.begin() + static_cast<std::ptrdiff_t>(cut), piece.end());
      restHop = target;
      while (inFirstHalf(clusterAt(hops[i] % w, hops[i] / w))) ++i;
    }
    if (!roomy) {
      out.error =
          "not enough memory to go on with this search: hpa could not refine its path into "
          "cells: the path could not grow to " +
          std::to_string(path.size() / 2) + " cells and more";
      path.clear();
      return;
    }
  }
  if (q.corridor.outOfRoom()) {
    out.error =
        "not enough memory to go on with this search: hpa could not refine its path "
        "into cells through the " +
        std::to_string(corridor.size()) + " clusters it crosses";
    path.clear();
    return;
  }
  // The abstract path's own cells lie in the corridor: failing here would be a bug.
  if (!refined) {
    out.error = "hpa: internal error, the abstract path could not be refined";
    path.clear();
    return;
  }
  out.expanded = expanded;
  out.status = Status::Found;
  out.cost = grid_.pathCost(path);
  out.endX = gx;
  out.endY = gy;
  out.faceX = out.faceY = 0;
  if (options.smooth && path.size() > 4) {
    out.rawPath = path;
    out.cost = smoothPath(grid_, rule, out.rawPath, path, smoothing_);
  }
  if (!options.includeStart) path.erase(path.begin(), path.begin() + 2);
}

}  // namespace tilepath
