// Hierarchical path-finding (HPA*) for big maps: the grid cut into square clusters, entrances
// where open cells face each other across a cluster border, and an abstract graph of those
// entrance cells whose edges inside a cluster cost what the cheapest walk between them inside
// that cluster costs (under the cost table and the diagonal rule). A query searches the small
// abstract graph with A* (its estimate tightened by landmarks: hierarchy_landmarks.cpp), then
// refines the path into cells with an A* confined to the clusters it passes through.
//
// Kept current under edits: the hierarchy watches its grid (GridObserver). A cell edit marks
// its cluster dirty (O(1)); the next hpa query rebuilds only dirty clusters: their borders'
// entrances, and the abstract edges of the clusters whose entrances changed. A cost change
// marks every cluster holding that class (found by one scan of the cells at the next query);
// a bulk change (a new cell array) marks every cluster. An edit that makes a cell cheaper
// retires the landmarks until they pay for being computed again. Built lazily, per diagonal
// rule, on the first query that asks for that rule.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"

namespace tilepath {

class Searcher;
struct Link;  // a way across a cluster border (hierarchy_internal.hpp)

class Hierarchy : public GridObserver {
 public:
  // Clusters of kDefaultClusterSize x kDefaultClusterSize cells. tests/bench/native/hpa.cpp on a
  // 4096 x 4096 weighted world, 16 against 32: long queries expanded 117k cells against 155k
  // (astar: 2.9M), the build takes a third of the time, an edit's update a tenth (a cluster's
  // Dijkstras grow with its area), at twice the memory (2 bytes a cell against 1) and a median
  // cost 0.6% over the optimum against 0.2%. 16 it is: within the 1% target, faster everywhere.
  static constexpr int kDefaultClusterSize = 16;
  static constexpr int kMinClusterSize = 8, kMaxClusterSize = 64;

  // Watches `grid` until destroyed (the grid must outlive it). clusterSize is clamped to
  // [kMinClusterSize, kMaxClusterSize] and rounded down to a power of two.
  explicit Hierarchy(const Grid& grid, int clusterSize = kDefaultClusterSize);
  ~Hierarchy() override;
  Hierarchy(const Hierarchy&) = delete;
  Hierarchy& operator=(const Hierarchy&) = delete;

  // An hpa search (options.algorithm Algorithm::Hpa) through Searcher::find, with its checks
  // and result. validateOptions refuses goal modes other than exact, partial paths, budgets,
  // traces and weights other than 1 for hpa, naming the option.
  void find(Searcher& searcher, int sx, int sy, int gx, int gy, const SearchOptions& options,
            SearchResult& out);
  // The search itself, called by Searcher::find once the arguments are checked, the start is
  // not the goal and the goal is passable. Virtual so that Searcher::find calls it through the
  // vtable: a wasm build that never makes a Hierarchy (tilepath.wasm, without the big-map
  // features) then links none of the hierarchy's code.
  virtual void search(int sx, int sy, int gx, int gy, const SearchOptions& options,
                      SearchResult& out);

  // Brings the rule's abstract graph up to date now (find does it itself); returns the number
  // of clusters whose abstract edges were rebuilt, or -1 when the graph could not grow (the
  // host's Searcher::roomFor refused): every cluster is then left to be rebuilt by the next
  // update, and searches refuse with an error until one succeeds.
  int update(Diagonal rule);
  // The same update in slices, for a host that cannot block for it (a 4096 x 4096 map's first
  // build takes seconds): each call does about `budget` units of work (a unit: a cell expanded
  // by a cluster's Dijkstras, a cell of a cluster priced without one, a border cell or cell
  // scanned, a landmark step) and returns how far the update has come, rising to 1 when the
  // graph is current; -1 as update's refusal. Edits between calls are taken in (a later round).
  // A search or update() between calls finishes the update first; dropping a half-built graph
  // is releaseLevel.
  double buildStep(Diagonal rule, std::size_t budget);
  // Frees the rule's graph (built or half built); the next query or buildStep starts afresh.
  void releaseLevel(Diagonal rule);

  // Whether the rule's graph is built and current (a query would build nothing first).
  bool current(Diagonal rule) const;

  int clusterSize() const { return size_; }
  // Abstract nodes and edges of the rule's graph as last built (0 if never built).
  std::size_t nodeCount(Diagonal rule) const;
  std::size_t edgeCount(Diagonal rule) const;
  // Bytes held by every built rule's graph and the scratch space of its searches.
  std::size_t memoryBytes() const;
  // Bytes building the rule's graph the first time would allocate, about (0 once built).
  std::size_t bytesToBuild(Diagonal rule) const;

  // For drawing: each abstract node as x, y; each intra-cluster edge as x0, y0, x1, y1 (both
  // directions appear once). Brings the graph up to date first; false (and `out` empty) when
  // that update could not grow the graph.
  bool nodes(Diagonal rule, std::vector<int32_t>& out);
  bool edges(Diagonal rule, std::vector<int32_t>& out);

  // GridObserver.
  void cellChanged(int index, uint8_t from, uint8_t to) override;
  void costChanged(int cls, double from, double to) override;
  void allChanged() override;

  // A cluster's state and a rule's graph (defined in hierarchy.cpp).
  struct Cluster;
  struct Level;

 private:
  friend struct SavedAccess;  // saved.cpp writes and reads the levels
  Level& level(Diagonal rule);
  bool place(Level& lv, int32_t cluster);      // its nodes' place in the level's pool
  void rebuildAll(Level& lv);                  // every cluster left to the next update
  void linkInner(Level& lv, int32_t cluster);  // its kept edges, from matrix_ (after place)
  void linkOwner(Level& lv, int32_t cluster);  // the links it owns (buildStep's first phase)
  // Its nodes and edges again; returns the cells its Dijkstras expanded, SIZE_MAX when the pool
  // could not grow (every cluster is then left to the next update).
  std::size_t rebuildCluster(Level& lv, int32_t cluster);
  void linkAcross(Level& lv, int32_t cluster);  // its steps across borders, to pool nodes
  // Landmarks (hierarchy_landmarks.cpp): all or one computed; a rebuilt cluster's forgotten; the
  // goal's cost from each landmark (false when unknown).
  void computeLandmarks(Level& lv);
  void flattenGraph(Level& lv);      // the graph's edges in one array, for an update's landmarks
  void releaseFlatGraph(Level& lv);  // and freed after
  bool startLandmark(Level& lv, int landmark);         // false when its tables could not grow
  bool advanceLandmark(Level& lv, std::size_t steps);  // true once it is done
  void restoreLandmark(Level& lv, std::size_t steps);  // steps towards a retired one's return
  void opened(Level& lv, int x, int y);                // a cell made cheaper: in a box
  bool inUse(const Level& lv, uint32_t node) const;    // a pool node its cluster uses now
  void forgetLandmarks(Level& lv, int32_t cluster);
  bool goalLandmarks(const Level& lv, int32_t goalCluster, const std::vector<double>& toGoal,
                     float* out) const;
  const Grid& grid_;
  int shift_, size_;                  // clusters are size_ = 1 << shift_ cells square
  int columns_, rows_;                // clusters across and down
  std::unique_ptr<Level> levels_[4];  // by Diagonal, null until first used
  // Classes whose cost changed since the last update (their clusters get rebuilt).
  bool costDirty_[Grid::kClasses] = {};
  bool anyCostDirty_ = false;
  std::vector<double> smoothing_;
  std::vector<float> matrix_;  // building: the cost between each two nodes of a cluster
  std::vector<std::pair<int32_t, int32_t>> pairs_;  // building: a cluster's links, own end first
  std::vector<Link> freshLinks_;                    // building: a border's links computed again
  // The cluster holding a cell given as x | y << 16.
  int32_t clusterOf(uint32_t xy) const {
    return static_cast<int32_t>((xy >> 16) >> shift_) * columns_ +
           static_cast<int32_t>((xy & 0xffff) >> shift_);
  }
};

}  // namespace tilepath
