// Internal: the hierarchy's data (clusters, links across their borders, abstract nodes and
// edges) and the small search confined to one cluster that builds and refines it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "search/search_run.hpp"
#include "tilepath/hierarchy.hpp"

namespace tilepath {

// A way across a cluster border: cell a in one cluster steps to cell b in another (and back).
struct Link {
  int32_t a, b;
  bool operator==(const Link& o) const { return a == o.a && b == o.b; }
};

// The kinds of link list a cluster (cx, cy) owns: across its right border to (cx + 1, cy),
// across its bottom border to (cx, cy + 1), diagonally across its bottom-right corner to
// (cx + 1, cy + 1), and across the same corner from (cx + 1, cy) to (cx, cy + 1).
enum LinkKind { kRight = 0, kDown = 1, kCorner = 2, kAntiCorner = 3 };

struct Hierarchy::Cluster {
  struct Edge {
    uint32_t to;  // a pool node
    float cost;
  };
  // Its nodes' place in the level's pool: node i is pool node base + i (capacity reserved).
  uint32_t base = 0, capacity = 0;
  // What the abstract search follows from node i, in one array: edges[edgeStart[i] .. [i + 1]),
  // first the cheapest walks inside the cluster to its other nodes (those no walk through a
  // third node matches; innerEnd(i) ends them), then one step across per across[acrossStart[i]
  // .. [i + 1]), in that order (resolved by linkAcross: kNoNode until then).
  std::vector<uint32_t> edgeStart;
  std::vector<Edge> edges;
  int x0, y0, w, h;  // the cells it covers
  std::vector<Link> links[4];
  // Abstract nodes: the cells of this cluster at an end of some link, sorted.
  std::vector<int32_t> nodes;
  // Per node, the cells in other clusters it steps to: across[acrossStart[i] .. [i + 1]).
  std::vector<uint32_t> acrossStart;
  std::vector<int32_t> across;
  // A new level lists every cluster as dirty: the first update builds them all.
  bool dirty = true;        // cells changed: the links around it and its edges to rebuild
  bool linksDirty = false;  // its own link lists to recompute (listed in update)
  bool nodesDirty = false;  // its node set or costs to recompute (listed in update)

  uint32_t innerEnd(std::size_t i) const {  // node i's inner edges end, its steps across begin
    return edgeStart[i + 1] - (acrossStart[i + 1] - acrossStart[i]);
  }

  int local(int32_t cell) const {  // index of a node cell, -1 if not a node
    auto it = std::lower_bound(nodes.begin(), nodes.end(), cell);
    return it != nodes.end() && *it == cell ? static_cast<int>(it - nodes.begin()) : -1;
  }
};

constexpr uint32_t kNoNode = 0xffffffffu;
// A node's edges in its pool entry: at most 4 * 64 nodes in a cluster of 64 x 64, each with at
// most one inner edge per other node and 8 steps across.
constexpr int kEdgeCountBits = 10;
constexpr uint32_t kEdgeCountMask = (1u << kEdgeCountBits) - 1;
static_assert(4 * Hierarchy::kMaxClusterSize + 8 <= kEdgeCountMask &&
                  uint64_t{4 * Hierarchy::kMaxClusterSize} * (4 * Hierarchy::kMaxClusterSize + 8) <
                      (uint64_t{1} << (32 - kEdgeCountBits)),
              "a node's edges fit its pool entry");
constexpr int kLandmarks = 8;
constexpr uint32_t kAllLandmarks = (1u << kLandmarks) - 1;

struct Hierarchy::Level {
  Diagonal rule = Diagonal::Never;
  std::vector<Cluster> clusters;
  std::vector<int32_t> dirty;  // clusters marked dirty since the last update
  std::size_t nodeCount = 0, edgeCount = 0;
  // Every cluster's nodes in one pool, so that the abstract search indexes flat arrays: per
  // pool node its cell and the search's state. A cluster that
  // outgrows its reserved place moves to the pool's end (its old place stays unused, its xy
  // kept: the cluster of any pool node is the one holding its cell).
  struct Node {
    float g;
    uint32_t parent;
    uint32_t mark;  // == stamp: g and parent are this search's; less: not seen by it
    uint32_t xy;    // its cell, x | y << 16
    // Where its edges lie in its cluster's `edges` (first << kEdgeCountBits | count), so that
    // the search finds them without reading the cluster (see edgeData).
    uint32_t edges;
  };
  // Per cluster, its `edges.data()`: with a node's `edges`, the abstract search reads one
  // pool entry, one pointer (a small array) and the edges, not the cluster and its arrays.
  std::vector<const Cluster::Edge*> edgeData;
  // After cluster k's edges are rebuilt (linkInner, loading): its nodes' `edges`, its edgeData.
  void noteEdges(int32_t k) {
    const Cluster& c = clusters[k];
    for (std::size_t i = 0; i + 1 < c.edgeStart.size(); ++i)
      pool[c.base + i].edges =
          c.edgeStart[i] << kEdgeCountBits | (c.edgeStart[i + 1] - c.edgeStart[i]);
    edgeData[k] = c.edges.data();
  }
  std::vector<Node> pool;
  uint32_t stamp = 0;
  // Landmarks (hierarchy_landmarks.cpp): per pool node, its cost from each landmark (NaN where
  // unknown); landmarksValid has bit l set while landmark l is current (an edit making a cell
  // cheaper clears them). A retired one is computed again a little at each search: `pending`
  // holds that Dijkstra's state, started over when the graph changes (version).
  std::vector<float> landmarks;
  uint32_t landmarksValid = 0;
  // Cells made cheaper (or opened) by edits, as a few boxes: a landmark computed before them
  // may overestimate a way through them, so its bound is capped by the estimate through the
  // nearest box (at most 16 boxes: a cell opened far from all of them retires the landmarks).
  // refreshed has bit l set when landmark l was computed after the last box came; once all are,
  // the boxes are dropped.
  struct Box {
    int x0, y0, x1, y1;  // inclusive
  };
  std::vector<Box> opened;
  uint32_t refreshed = kAllLandmarks;
  uint64_t version = 0;  // counts the updates that rebuilt clusters
  struct Pending {
    int landmark = -1;  // -1: none under way
    uint64_t version = 0;
    std::vector<float> dist;
    std::vector<std::pair<float, uint32_t>> heap;
    // While an update computes the landmarks: the graph's edges in one array, per pool node
    // edges[start[node] .. [node + 1]) (inner then across), taken at `flatVersion` (a Dijkstra
    // over it reads two arrays a node, not its cluster's four); empty otherwise.
    std::vector<uint32_t> start;
    std::vector<Cluster::Edge> edges;
    uint64_t flatVersion = ~uint64_t{0};
  } pending;
  // An update under way in slices (Hierarchy::buildStep): a round takes the dirty clusters of
  // its start through four phases; edits during it are left to the next round.
  struct Building {
    enum Phase { kIdle, kLinks, kClusters, kResolve, kLandmarks } phase = kIdle;
    std::vector<int32_t> owners, rebuild, resolve;  // as update used to list them
    std::size_t next = 0;          // the phase's next entry (the next landmark in kLandmarks)
    bool landmarkStarted = false;  // landmark `next`'s Dijkstra is under way in `pending`
    int rebuilt = 0;               // clusters rebuilt since the update began (what update returns)
    double before = 0;             // the fraction reached when this round began
    double reported = 0;           // the largest fraction reported: progress never goes back
  } building;
};

// Dijkstra or A* over the cells of one box (a cluster), from one cell; `reverse` follows the
// steps backwards (costs of reaching `source`). The source may be blocked (a unit stands there).
class LocalSearch {
 public:
  struct Box {
    int x0, y0, w, h;
  };
  // Runs until `settled(cell, cost)` returns false or nothing is left. hScale > 0 aims at
  // (tx, ty) with an octile (or manhattan under `never`) estimate times hScale.
  template <typename Settled>
  void run(const Grid& grid, Diagonal rule, Box box, int sx, int sy, bool reverse, int tx, int ty,
           double hScale, Settled settled);
  // After run: the cost of reaching a cell of the box (inf if not reached).
  double cost(int x, int y) const {
    const int l = (y - box_.y0) * box_.w + (x - box_.x0);
    return seen_[l] == now_ ? dist_[l] : kInf;
  }
  uint32_t expanded() const { return expanded_; }
  std::size_t memoryBytes() const {
    return dist_.capacity() * sizeof(double) + seen_.capacity() * 8 +
           heap_.capacity() * sizeof(Entry);
  }

 private:
  struct Entry {
    double f;
    double g;
    int32_t l;
    bool operator<(const Entry& o) const {  // total: see hierarchy.cpp's Entry
      return f > o.f || (f == o.f && (g < o.g || (g == o.g && l > o.l)));
    }
  };
  Box box_{};
  std::vector<double> dist_;
  std::vector<uint32_t> seen_, closed_;
  std::vector<Entry> heap_;
  uint32_t now_ = 0;
  uint32_t expanded_ = 0;
};

// The costs between a cluster's nodes (cluster_costs.cpp, with linkInner: compiled for speed
// where the rest of the build is compiled for size). One scratch per process: building runs one
// cluster at a time. The cluster's cells are copied once into small local arrays (each cell's cost
// to enter, the steps it may take without leaving the cluster), then a Dijkstra from each node runs
// over those alone until every node is settled. A cluster whose cells are all open and of one cost
// needs no search: under every rule the cheapest walk between two of its cells is the straight
// one (octile, or manhattan under `never`), which the open square always holds.
class ClusterCosts {
 public:
  // Fills matrix (n x n, row i: from node i) for the n nodes (cells of the box, as grid
  // indices); returns the cells expanded (the work, for buildStep's slices).
  std::size_t run(const Grid& grid, Diagonal rule, int x0, int y0, int bw, int bh,
                  const std::vector<int32_t>& nodes, std::vector<float>& matrix);

 private:
  struct Entry {
    double g;
    int32_t l;
    bool operator<(const Entry& o) const { return g > o.g || (g == o.g && l > o.l); }
  };
  std::vector<double> cost_, dist_;
  std::vector<uint8_t> steps_, isNode_;
  std::vector<uint32_t> seen_;
  std::vector<int32_t> local_;
  std::vector<Entry> heap_;
  static constexpr double kMaxBuckets = 4096;
  std::vector<std::vector<int32_t>> buckets_;
  uint32_t now_ = 0;
};

// A* from (sx, sy) to (gx, gy) over the cells of some clusters only (hierarchy_refine.cpp).
class CorridorSearch {
 public:
  // False when the goal cannot be reached inside the clusters, or when its state could not grow
  // (outOfRoom(): the host's Searcher::roomFor refused). Otherwise `path` is the cheapest
  // cell-by-cell path among them, start included.
  // Clusters are 1 << shift cells square.
  bool run(const Grid& grid, Diagonal rule, Heuristic heuristic, int shift, int columns,
           const std::vector<int32_t>& clusters, int sx, int sy, int gx, int gy,
           std::vector<int32_t>& path);
  uint32_t expanded() const { return expanded_; }
  bool outOfRoom() const { return outOfRoom_; }
  std::size_t memoryBytes() const;

 private:
  struct Entry {
    double f;
    float g;    // ties go to the larger
    int32_t l;  // its place in the corridor: slot * cluster area + place in its cluster
    bool operator<(const Entry& o) const {  // total: see hierarchy.cpp's Entry
      return f > o.f || (f == o.f && (g < o.g || (g == o.g && l > o.l)));
    }
  };
  struct Cell {
    double dist;
    uint32_t seen;  // == now_: dist, step and closed are this search's
    uint8_t step;   // the step that reached it
    uint8_t closed;
  };
  std::vector<int32_t> slotOf_;  // per cluster: its place in the corridor
  std::vector<uint32_t> slotStamp_;
  std::vector<int32_t> slotX_, slotY_;  // per place: its cluster's first cell
  std::vector<Cell> cells_;
  std::vector<Entry> heap_;
  uint32_t now_ = 0, expanded_ = 0;
  bool outOfRoom_ = false;
};

template <typename Settled>
void LocalSearch::run(const Grid& grid, Diagonal rule, Box box, int sx, int sy, bool reverse,
                      int tx, int ty, double hScale, Settled settled) {
  box_ = box;
  const auto cells = static_cast<std::size_t>(box.w) * box.h;
  if (dist_.size() < cells) {
    dist_.resize(cells);
    seen_.resize(cells, 0);
    closed_.resize(cells, 0);
  }
  if (++now_ == 0) {  // wrapped: clear the stamps once
    std::fill(seen_.begin(), seen_.end(), 0);
    std::fill(closed_.begin(), closed_.end(), 0);
    now_ = 1;
  }
  expanded_ = 0;
  heap_.clear();
  const Heuristic hk = rule == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile;
  auto estimate = [&](int x, int y) {
    return hScale > 0 ? hScale * distance(hk, x - tx, y - ty) : 0.0;
  };
  const uint8_t* const stepsFrom = stepsAllowed(rule);
  const int startL = (sy - box.y0) * box.w + (sx - box.x0);
  seen_[startL] = now_;
  dist_[startL] = 0;
  heap_.push_back({estimate(sx, sy), 0.0, startL});
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end());
    const Entry e = heap_.back();
    heap_.pop_back();
    if (closed_[e.l] == now_) continue;
    closed_[e.l] = now_;
    ++expanded_;
    const int x = box.x0 + e.l % box.w, y = box.y0 + e.l / box.w;
    if (!settled(x, y, e.g)) return;
    const double here = reverse ? grid.cellCost(grid.index(x, y)) : 0.0;
    for (unsigned steps = stepsFrom[grid.around(x, y)]; steps != 0; steps &= steps - 1) {
      const int step = __builtin_ctz(steps);
      const int nx = x + kStepX[step], ny = y + kStepY[step];
      if (nx < box.x0 || ny < box.y0 || nx >= box.x0 + box.w || ny >= box.y0 + box.h) continue;
      const int nl = e.l + kStepY[step] * box.w + kStepX[step];
      if (closed_[nl] == now_) continue;
      const double g =
          e.g + kStepLength[step] * (reverse ? here : grid.cellCost(grid.index(nx, ny)));
      if (seen_[nl] == now_ && !(g < dist_[nl])) continue;
      seen_[nl] = now_;
      dist_[nl] = g;
      heap_.push_back({g + estimate(nx, ny), g, nl});
      std::push_heap(heap_.begin(), heap_.end());
    }
  }
}

}  // namespace tilepath
