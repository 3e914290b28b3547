// The hierarchy's abstract graph: building it, and keeping it current under edits by
// rebuilding only what an edit touches (see hierarchy.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "hierarchy/internal.hpp"

namespace tilepath {
namespace {

// A maximal run of open crossings along a border gets one link at its cheapest crossing when it
// is short, and one at each end when it is long, plus the cheapest crossing of each stretch of
// kCheapWindow between them where that is cheaper than the ends (a road): more links cost
// abstract edges but let paths cross a border close to where the best path would.
constexpr int kShortRun = 6;
constexpr int kCheapWindow = 8;
// A run of at least kMiddleRun crossings where no stretch is cheaper than its ends (even ground)
// also gets its middle crossing: with its ends only, a path over open ground had to bend to a
// corner of each border it crossed (lak303d, uniform: median 1.0% over the optimum, 0% with the
// middle; the 4096 x 4096 world: 0.6% to 0.3%, at 50% more nodes).
constexpr int kMiddleRun = 12;

// The power of two nearest below clusterSize, within [kMinClusterSize, kMaxClusterSize].
int clusterShift(int clusterSize) {
  int shift = 0;
  while ((2 << shift) <=
         std::clamp(clusterSize, Hierarchy::kMinClusterSize, Hierarchy::kMaxClusterSize))
    ++shift;
  return shift;
}

ClusterCosts& clusterCosts() {
  static ClusterCosts costs;
  return costs;
}

}  // namespace

Hierarchy::Hierarchy(const Grid& grid, int clusterSize)
    : grid_(grid),
      shift_(clusterShift(clusterSize)),
      size_(1 << shift_),
      columns_((grid.width() + size_ - 1) / size_),
      rows_((grid.height() + size_ - 1) / size_) {
  const_cast<Grid&>(grid_).addObserver(this);
}

Hierarchy::~Hierarchy() {
  const_cast<Grid&>(grid_).removeObserver(this);
}

void Hierarchy::cellChanged(int index, uint8_t from, uint8_t to) {
  if (grid_.cost(from) == grid_.cost(to)) return;  // same cost, same passability: no effect
  const int cluster = (index / grid_.width() / size_) * columns_ + (index % grid_.width()) / size_;
  const bool cheaper =
      grid_.cost(to) > 0 && (grid_.cost(from) == 0 || grid_.cost(to) < grid_.cost(from));
  for (auto& level : levels_) {
    if (!level) continue;
    if (cheaper) opened(*level, index % grid_.width(), index / grid_.width());
    Cluster& c = level->clusters[cluster];
    if (!c.dirty) {
      c.dirty = true;
      level->dirty.push_back(cluster);
    }
  }
}

void Hierarchy::costChanged(int cls, double from, double to) {
  if (from == to || grid_.count(cls) == 0) return;
  if (to > 0 && (from == 0 || to < from))
    for (auto& level : levels_)
      if (level) level->landmarksValid = 0;
  costDirty_[cls] = true;
  anyCostDirty_ = true;
}

void Hierarchy::allChanged() {
  for (auto& level : levels_) {
    if (!level) continue;
    level->landmarksValid = 0;
    level->dirty.clear();
    for (std::size_t k = 0; k < level->clusters.size(); ++k) {
      level->clusters[k].dirty = true;
      level->dirty.push_back(static_cast<int32_t>(k));
    }
  }
}

void Hierarchy::rebuildAll(Level& lv) {
  lv.dirty.clear();
  for (std::size_t k = 0; k < lv.clusters.size(); ++k) {
    Cluster& c = lv.clusters[k];
    c.dirty = true;
    c.linksDirty = c.nodesDirty = false;
    for (std::size_t i = 0; i + 1 < c.edgeStart.size(); ++i)  // may name nodes not placed
      std::fill(c.edges.begin() + c.innerEnd(i), c.edges.begin() + c.edgeStart[i + 1],
                Cluster::Edge{kNoNode, 0.0f});
    lv.dirty.push_back(static_cast<int32_t>(k));
  }
  lv.landmarksValid = 0;
  lv.pending.landmark = -1;
  ++lv.version;
}

Hierarchy::Level& Hierarchy::level(Diagonal rule) {
  auto& slot = levels_[static_cast<int>(rule)];
  if (!slot) {
    slot = std::make_unique<Level>();
    slot->rule = rule;
    slot->clusters.resize(static_cast<std::size_t>(columns_) * rows_);
    slot->edgeData.assign(slot->clusters.size(), nullptr);
    for (int cy = 0; cy < rows_; ++cy)
      for (int cx = 0; cx < columns_; ++cx) {
        Cluster& c = slot->clusters[cy * columns_ + cx];
        c.x0 = cx * size_;
        c.y0 = cy * size_;
        c.w = std::min(size_, grid_.width() - c.x0);
        c.h = std::min(size_, grid_.height() - c.y0);
        slot->dirty.push_back(cy * columns_ + cx);
      }
  }
  return *slot;
}

namespace {

// The links across one border: the open crossings (a, b) where a = (ax, ay) + k * (along) and
// b = a + across, for k in [0, length). Runs of straight crossings get links as described
// above; under `always`, a diagonal crossing whose two side cells are both blocked (no straight
// way round) is a link of its own.
void borderLinks(const Grid& grid, Diagonal rule, int ax, int ay, int alongX, int alongY,
                 int acrossX, int acrossY, int length, std::vector<Link>& out) {
  auto crossing = [&](int k) {
    const int x = ax + k * alongX, y = ay + k * alongY;
    return grid.passable(x, y) && grid.passable(x + acrossX, y + acrossY);
  };
  auto add = [&](int k, int shift) {
    const int x = ax + k * alongX, y = ay + k * alongY;
    out.push_back(
        {grid.index(x, y), grid.index(x + acrossX + shift * alongX, y + acrossY + shift * alongY)});
  };
  for (int k = 0; k < length;) {
    if (!crossing(k)) {
      ++k;
      continue;
    }
    int end = k;
    while (end < length && crossing(end)) ++end;
    // What crossing at j costs, both ways: a road (or a ford) crossing the border mid-field is
    // where the best paths cross, so the cheapest crossing of a stretch gets the link.
    auto price = [&](int j) {
      const int x = ax + j * alongX, y = ay + j * alongY;
      return grid.cellCost(grid.index(x, y)) + grid.cellCost(grid.index(x + acrossX, y + acrossY));
    };
    // The cheapest crossing in [from, to), ties to the middle.
    auto cheapest = [&](int from, int to) {
      int best = from + (to - from - 1) / 2;
      for (int j = from; j < to; ++j)
        if (price(j) < price(best)) best = j;
      return best;
    };
    const int run = end - k;
    if (run <= kShortRun) {
      add(cheapest(k, end), 0);
    } else {
      add(k, 0);
      add(end - 1, 0);
      // Between the ends, each stretch of kCheapWindow crossings adds its cheapest one if it is
      // cheaper than both ends (on even ground: nothing more).
      const double ends = std::min(price(k), price(end - 1));
      bool cheaper = false;
      for (int from = k + 1; from < end - 1; from += kCheapWindow) {
        const int j = cheapest(from, std::min(from + kCheapWindow, end - 1));
        if (price(j) < ends) {
          add(j, 0);
          cheaper = true;
        }
      }
      // A long run on even ground also gets its middle.
      if (!cheaper && run >= kMiddleRun) add(k + (run - 1) / 2, 0);
    }
    k = end;
  }
  if (rule != Diagonal::Always) return;
  for (int k = 0; k + 1 < length; ++k) {
    const int x = ax + k * alongX, y = ay + k * alongY;
    const int nx = x + alongX, ny = y + alongY;  // the next cell along, same side
    // a = (x, y) to b = (nx, ny) + across, sides (nx, ny) and (x, y) + across.
    if (grid.passable(x, y) && grid.passable(nx + acrossX, ny + acrossY) &&
        !grid.passable(nx, ny) && !grid.passable(x + acrossX, y + acrossY))
      add(k, 1);
    // a = (nx, ny) to b = (x, y) + across, sides (x, y) and (nx, ny) + across.
    if (grid.passable(nx, ny) && grid.passable(x + acrossX, y + acrossY) && !grid.passable(x, y) &&
        !grid.passable(nx + acrossX, ny + acrossY))
      out.push_back({grid.index(nx, ny), grid.index(x + acrossX, y + acrossY)});
  }
}

// A diagonal link from a = (ax, ay) to b = (ax + dx, ay + dy) across a cluster corner: only
// under `always` with both side cells blocked (otherwise straight links go round).
void cornerLink(const Grid& grid, Diagonal rule, int ax, int ay, int dx, int dy,
                std::vector<Link>& out) {
  if (rule != Diagonal::Always || !grid.inside(ax, ay) || !grid.inside(ax + dx, ay + dy)) return;
  if (grid.passable(ax, ay) && grid.passable(ax + dx, ay + dy) && !grid.passable(ax + dx, ay) &&
      !grid.passable(ax, ay + dy))
    out.push_back({grid.index(ax, ay), grid.index(ax + dx, ay + dy)});
}

}  // namespace

int Hierarchy::update(Diagonal rule) {
  double done = 0;
  while (done >= 0 && done < 1) done = buildStep(rule, SIZE_MAX);
  Level::Building& b = level(rule).building;
  const int rebuilt = b.rebuilt;
  b.rebuilt = 0;
  return done < 0 ? -1 : rebuilt;
}

bool Hierarchy::current(Diagonal rule) const {
  const Level* lv = levels_[static_cast<int>(rule)].get();
  return lv && lv->dirty.empty() && !anyCostDirty_ && lv->building.phase == Level::Building::kIdle;
}

void Hierarchy::releaseLevel(Diagonal rule) {
  levels_[static_cast<int>(rule)].reset();
}

double Hierarchy::buildStep(Diagonal rule, std::size_t budget) {
  Level& lv = level(rule);
  Level::Building& b = lv.building;
  using Phase = Level::Building::Phase;
  // Each phase's share of a round's progress (the clusters' Dijkstras are most of a build).
  constexpr double kStart[] = {0, 0, 0.05, 0.85, 0.9}, kShare[] = {0, 0.05, 0.8, 0.05, 0.1};
  auto progress = [&]() {
    const std::size_t total = b.phase == Phase::kLinks      ? b.owners.size()
                              : b.phase == Phase::kClusters ? b.rebuild.size()
                              : b.phase == Phase::kResolve  ? b.resolve.size()
                                                            : kLandmarks;
    const double round =
        kStart[b.phase] + kShare[b.phase] * (total ? static_cast<double>(b.next) / total : 1.0);
    b.reported = std::max(b.reported, std::min(b.before + (1 - b.before) * round, 0.999));
    return b.reported;
  };
  const int w = grid_.width();
  std::size_t spent = 0;
  while (spent < budget || budget == 0) {
    budget = std::max<std::size_t>(budget, 1);  // a step of 0 still moves on
    switch (b.phase) {
      case Phase::kIdle: {
        if (anyCostDirty_) {
          // Every cluster holding a class whose cost changed, in every built level.
          const uint8_t* cells = grid_.data();
          for (int y = 0; y < grid_.height(); ++y)
            for (int x = 0; x < w; ++x)
              if (costDirty_[cells[y * w + x]]) {
                const int cluster = (y / size_) * columns_ + x / size_;
                for (auto& other : levels_)
                  if (other && !other->clusters[cluster].dirty) {
                    other->clusters[cluster].dirty = true;
                    other->dirty.push_back(cluster);
                  }
              }
          std::fill(std::begin(costDirty_), std::end(costDirty_), false);
          anyCostDirty_ = false;
          spent += grid_.size();
        }
        if (lv.dirty.empty()) {
          b.before = b.reported = 0;
          return 1;
        }
        // Dirty cells change the links of the borders and corners around them: those owned by
        // the cluster and by its neighbours above and to the left.
        b.owners.clear();
        b.rebuild.clear();
        b.resolve.clear();
        for (int32_t k : lv.dirty) {
          Cluster& c = lv.clusters[k];
          c.dirty = false;
          if (!c.nodesDirty) {
            c.nodesDirty = true;
            b.rebuild.push_back(k);
          }
          const int cx = k % columns_, cy = k / columns_;
          for (int oy = std::max(cy - 1, 0); oy <= cy; ++oy)
            for (int ox = std::max(cx - 1, 0); ox <= cx; ++ox) {
              Cluster& o = lv.clusters[oy * columns_ + ox];
              if (!o.linksDirty) {
                o.linksDirty = true;
                b.owners.push_back(oy * columns_ + ox);
              }
            }
        }
        spent += lv.dirty.size();
        lv.dirty.clear();
        b.before = b.reported;
        b.phase = Phase::kLinks;
        b.next = 0;
        break;
      }
      case Phase::kLinks:
        for (; b.next < b.owners.size() && spent < budget; ++b.next) {
          linkOwner(lv, b.owners[b.next]);
          spent += 2 * static_cast<std::size_t>(size_);
        }
        if (b.next == b.owners.size()) {
          b.phase = Phase::kClusters;
          b.next = 0;
        }
        break;
      case Phase::kClusters:
        for (; b.next < b.rebuild.size() && spent < budget; ++b.next) {
          const std::size_t work = rebuildCluster(lv, b.rebuild[b.next]);
          if (work == SIZE_MAX) {
            b = Level::Building{};
            return -1;
          }
          spent += work;
        }
        if (b.next == b.rebuild.size()) {
          // The steps across borders into a rebuilt cluster name its nodes: resolve them in
          // it and in its neighbours.
          // (Half the clusters or more, as on a first build: all of them, unsorted, so that no
          // slice sorts millions of entries on a 4096 x 4096 map.)
          if (b.rebuild.size() * 2 >= lv.clusters.size()) {
            b.resolve.resize(lv.clusters.size());
            for (std::size_t k = 0; k < b.resolve.size(); ++k)
              b.resolve[k] = static_cast<int32_t>(k);
          } else {
            for (int32_t k : b.rebuild) {
              const int cx = k % columns_, cy = k / columns_;
              for (int ny = std::max(cy - 1, 0); ny <= std::min(cy + 1, rows_ - 1); ++ny)
                for (int nx = std::max(cx - 1, 0); nx <= std::min(cx + 1, columns_ - 1); ++nx)
                  b.resolve.push_back(ny * columns_ + nx);
            }
            std::sort(b.resolve.begin(), b.resolve.end());
            b.resolve.erase(std::unique(b.resolve.begin(), b.resolve.end()), b.resolve.end());
          }
          b.phase = Phase::kResolve;
          b.next = 0;
        }
        break;
      case Phase::kResolve:
        for (; b.next < b.resolve.size() && spent < budget; ++b.next) {
          linkAcross(lv, b.resolve[b.next]);
          spent += 1 + lv.clusters[b.resolve[b.next]].across.size();
        }
        if (b.next == b.resolve.size()) {
          ++lv.version;
          b.phase = Phase::kLandmarks;
          b.next = 0;
          b.landmarkStarted = false;
          // Few clusters rebuilt: they lose their nodes' landmarks. Many (the first build, a
          // setAll, a cost change): the landmarks are computed again, which costs little
          // beside that.
          if (b.rebuild.size() * 8 < lv.clusters.size()) {
            for (int32_t k : b.rebuild) forgetLandmarks(lv, k);
            b.next = kLandmarks;
          }
        }
        break;
      case Phase::kLandmarks:
        // An edit since the round began: its cluster is not rebuilt yet, and landmarks computed
        // over the graph without it could overestimate a way it opened. Retired instead: they
        // come back as searches pay for them (restoreLandmark).
        if (b.next < kLandmarks && !lv.dirty.empty()) {
          lv.landmarksValid = 0;
          lv.pending.landmark = -1;
          b.next = kLandmarks;
        }
        if (b.next < kLandmarks) flattenGraph(lv);  // (once a round: kept while it lasts)
        while (b.next < kLandmarks && spent < budget) {
          // (One a search had under way may be of an older graph: each is started here.)
          if (!b.landmarkStarted && !startLandmark(lv, static_cast<int>(b.next))) {
            lv.landmarksValid = 0;  // no room: none is trusted until computed again
            b.next = kLandmarks;
            break;
          }
          const std::size_t steps = budget - spent;
          b.landmarkStarted = true;
          const bool finished = advanceLandmark(lv, steps);
          spent += finished ? std::min(steps, lv.pool.size() + 1) : steps;  // about a node a step
          if (finished) {
            ++b.next;
            b.landmarkStarted = false;
          } else if (lv.pending.landmark < 0) {  // its heap could not grow
            lv.landmarksValid = 0;
            b.next = kLandmarks;
          }
        }
        if (b.next >= kLandmarks) {
          releaseFlatGraph(lv);
          b.rebuilt += static_cast<int>(b.rebuild.size());
          b.phase = Phase::kIdle;  // edits since the round began make another round
          if (lv.dirty.empty() && !anyCostDirty_) {
            b.before = b.reported = 0;
            return 1;
          }
        }
        break;
    }
    if (budget == SIZE_MAX) spent = 0;  // update: no slices
  }
  return progress();
}

void Hierarchy::linkOwner(Level& lv, int32_t k) {
  Cluster& o = lv.clusters[k];
  o.linksDirty = false;
  const int cx = k % columns_, cy = k / columns_;
  const int x1 = o.x0 + o.w, y1 = o.y0 + o.h;  // the first column / row past it
  const Diagonal rule = lv.rule;
  std::vector<Link>& fresh = freshLinks_;
  auto markNodes = [&](int nx, int ny) {
    if (nx < 0 || ny < 0 || nx >= columns_ || ny >= rows_) return;
    Cluster& c = lv.clusters[ny * columns_ + nx];
    if (!c.nodesDirty) {
      c.nodesDirty = true;
      lv.building.rebuild.push_back(ny * columns_ + nx);
    }
  };
  for (int kind = 0; kind < 4; ++kind) {
    fresh.clear();
    if (kind == kRight && cx + 1 < columns_)
      borderLinks(grid_, rule, x1 - 1, o.y0, 0, 1, 1, 0, o.h, fresh);
    else if (kind == kDown && cy + 1 < rows_)
      borderLinks(grid_, rule, o.x0, y1 - 1, 1, 0, 0, 1, o.w, fresh);
    else if (kind == kCorner)
      cornerLink(grid_, rule, x1 - 1, y1 - 1, 1, 1, fresh);
    else if (kind == kAntiCorner)
      cornerLink(grid_, rule, x1, y1 - 1, -1, 1, fresh);
    if (fresh == o.links[kind]) continue;
    o.links[kind].swap(fresh);
    // The two clusters the links join get new nodes.
    markNodes(cx + (kind == kRight || kind == kCorner), cy + (kind != kRight));
    markNodes(kind == kAntiCorner ? cx + 1 : cx, cy);
  }
}

std::size_t Hierarchy::rebuildCluster(Level& lv, int32_t k) {
  Cluster& c = lv.clusters[k];
  c.nodesDirty = false;
  const int cx = k % columns_, cy = k / columns_;
  lv.nodeCount -= c.nodes.size();
  lv.edgeCount -= c.edges.size();  // (inner edges and steps across)
  // Every link with an end in this cluster: (owner, kind, whether this cluster is side a).
  struct Part {
    int ox, oy, kind;
    bool a;
  };
  const Part parts[] = {{cx, cy, kRight, true},          {cx - 1, cy, kRight, false},
                        {cx, cy, kDown, true},           {cx, cy - 1, kDown, false},
                        {cx, cy, kCorner, true},         {cx - 1, cy - 1, kCorner, false},
                        {cx - 1, cy, kAntiCorner, true}, {cx, cy - 1, kAntiCorner, false}};
  c.nodes.clear();
  std::vector<std::pair<int32_t, int32_t>>& pairs = pairs_;  // (own cell, other cell)
  pairs.clear();
  for (const Part& p : parts) {
    if (p.ox < 0 || p.oy < 0 || p.ox >= columns_ || p.oy >= rows_) continue;
    for (const Link& l : lv.clusters[p.oy * columns_ + p.ox].links[p.kind])
      pairs.push_back(p.a ? std::make_pair(l.a, l.b) : std::make_pair(l.b, l.a));
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  for (const auto& pr : pairs)
    if (c.nodes.empty() || c.nodes.back() != pr.first) c.nodes.push_back(pr.first);
  const std::size_t n = c.nodes.size();
  c.acrossStart.assign(n + 1, 0);
  c.across.clear();
  for (std::size_t i = 0, p = 0; i < n; ++i) {
    while (p < pairs.size() && pairs[p].first == c.nodes[i]) c.across.push_back(pairs[p++].second);
    c.acrossStart[i + 1] = static_cast<uint32_t>(c.across.size());
  }
  // Abstract edges: the cost from each node to each other inside the cluster.
  const std::size_t work =
      1 + n + clusterCosts().run(grid_, lv.rule, c.x0, c.y0, c.w, c.h, c.nodes, matrix_);
  if (!place(lv, k)) {
    // No room for its nodes in the pool: nothing of it is kept (its counts were taken off
    // above), and the next update builds every cluster again from the grid.
    c.nodes.clear();
    c.across.clear();
    c.acrossStart.assign(1, 0);
    c.edges.clear();
    c.edgeStart.assign(1, 0);
    lv.noteEdges(k);
    rebuildAll(lv);
    return SIZE_MAX;
  }
  linkInner(lv, k);
  lv.nodeCount += n;
  lv.edgeCount += c.edges.size();
  return work;
}

}  // namespace tilepath
