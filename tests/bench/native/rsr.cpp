// Rectangular symmetry reduction (Harabor, Botea & Kilby, 2011), measured; not in the library or
// CI. [STRIDE=n] tilepath-bench-rsr MAP... (Moving AI maps, .scen beside; every n-th problem)
// The passable cells are cut into obstacle-free rectangles and a search expands perimeter cells
// only: inside a rectangle a perimeter-to-perimeter path costs the octile (4-neighbour:
// manhattan) distance, so macro edges replace the interior: straight across (4-neighbour), or the
// fan of diagonal-first edges to the opposite side and the pure diagonals to the adjacent sides.
// A start (goal) inside is joined to (from) its whole perimeter. Every cost is checked against
// tilepath's A* (and the scenario for noCorners): a difference aborts. Wall-clock times on a
// shared machine, the searches interleaved per problem: compare within one run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "stats.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/rectangles.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using Clock = std::chrono::steady_clock;
using bench::microsSince;
using bench::percentile;

namespace {

double mean(const std::vector<double>& v) {
  return v.empty() ? 0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size();
}

struct Rect {
  int x, y, w, h;
};

// The decomposition: a rectangle number per cell (-1 blocked), kept current by block/unblock.
struct Reduction {
  int width = 0;
  std::vector<int32_t> rectOf;
  std::vector<Rect> rects;

  // greedy: tilepath's rectangles(). largest: by interior cells ((w - 2) x (h - 2)), largest
  // first: a pass finds the widest free rectangle of each height above each row (the histogram
  // method) and takes them, most interior first down to half of that, unless they overlap one
  // taken; until none has an interior. The rest (nothing to prune) as runs along the rows.
  void build(const Grid& grid, bool largest) {
    width = grid.width();
    rects.clear();
    rectOf.assign(static_cast<std::size_t>(grid.size()), -1);
    std::vector<int32_t> flat;
    if (!largest) rectangles(grid, false, flat);
    for (std::size_t k = 0; k < flat.size(); k += 4)
      label({flat[k], flat[k + 1], flat[k + 2], flat[k + 3]});
    auto free = [&](int x, int y) { return grid.passable(x, y) && rectOf[y * width + x] < 0; };
    auto allFree = [&](const Rect& r) {
      for (int y = r.y; y < r.y + r.h; ++y)
        for (int x = r.x; x < r.x + r.w; ++x)
          if (!free(x, y)) return false;
      return true;
    };
    std::vector<int> height(width + 1), stack;  // height[width] stays 0: it empties the stack
    std::vector<std::pair<long, Rect>> found;
    for (bool more = largest; more;) {
      found.clear();
      std::fill(height.begin(), height.end(), 0);
      for (int y = 0; y < grid.height(); ++y) {
        for (int x = 0; x < width; ++x) height[x] = free(x, y) ? height[x] + 1 : 0;
        stack.clear();
        for (int x = 0; x <= width; stack.push_back(x++))
          while (!stack.empty() && height[stack.back()] >= height[x]) {
            const int h = height[stack.back()];
            stack.pop_back();
            const int left = stack.empty() ? 0 : stack.back() + 1;
            if (x - left > 2 && h > 2)
              found.push_back({long{x - left - 2} * (h - 2), {left, y - h + 1, x - left, h}});
          }
      }
      std::sort(found.begin(), found.end(), [](auto& a, auto& b) { return a.first > b.first; });
      for (const auto& [interior, r] : found)
        if (interior * 2 >= found[0].first && allFree(r)) label(r);
      more = !found.empty();
    }
    for (int y = 0; largest && y < grid.height(); ++y)
      for (int x = 0, w = 0; x < width; x += std::max(w, 1), w = 0) {
        while (free(x + w, y)) ++w;
        label({x, y, w, 1});
      }
  }
  // Makes `r` a new rectangle (nothing when it is empty).
  void label(const Rect& r) {
    for (int y = r.y; y < r.y + r.h && r.w > 0; ++y)
      std::fill_n(&rectOf[static_cast<std::size_t>(y) * width + r.x], r.w, rects.size());
    if (r.w > 0 && r.h > 0) rects.push_back(r);
  }
  bool interior(int x, int y) const {
    const int id = rectOf[static_cast<std::size_t>(y) * width + x];  // x, y inside the grid
    if (id < 0) return false;
    const Rect& r = rects[id];
    return x > r.x && x < r.x + r.w - 1 && y > r.y && y < r.y + r.h - 1;
  }
  // The local recompute after (x, y) became blocked: its rectangle is cut into the rows above,
  // the rows below, and the row's parts left and right; the biggest part keeps the number, so
  // the relabelling touches the smaller parts only.
  void block(int x, int y) {
    const int id = rectOf[static_cast<std::size_t>(y) * width + x];
    const Rect r = rects[id];
    Rect parts[4] = {{r.x, r.y, r.w, y - r.y},
                     {r.x, y + 1, r.w, r.y + r.h - y - 1},
                     {r.x, y, x - r.x, 1},
                     {x + 1, y, r.x + r.w - x - 1, 1}};
    std::sort(parts, parts + 4, [](const Rect& a, const Rect& b) { return a.w * a.h > b.w * b.h; });
    rectOf[static_cast<std::size_t>(y) * width + x] = -1;
    rects[id] = parts[0];  // its cells already carry the number
    for (int k = 1; k < 4; ++k) label(parts[k]);
  }
  void unblock(int x, int y) { label({x, y, 1, 1}); }
};

// A* with a binary heap (among equal f, the higher g first), on the grid or on the reduced graph.
class Astar {
 public:
  // The optimal cost from (sx, sy) to (gx, gy), -1 when unreachable; counts expansions.
  double run(const Grid& grid, const Reduction* rsr, bool diagonal, int sx, int sy, int gx, int gy,
             uint32_t& expanded) {
    if (g_.size() != static_cast<std::size_t>(grid.size()))
      g_.assign(grid.size(), 0), stamp_.assign(grid.size(), 0), search_ = 0;
    if (++search_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0), search_ = 1;
    grid_ = &grid, rsr_ = rsr, diagonal_ = diagonal, gx_ = gx, gy_ = gy;
    goal_ = grid.index(gx, gy);
    open_.clear();
    expanded = pushed = 0;
    if (!grid.passable(gx, gy)) return -1;
    push(grid.index(sx, sy), 0, sx, sy);
    while (!open_.empty()) {
      std::pop_heap(open_.begin(), open_.end(), worse);
      const Entry e = open_.back();
      open_.pop_back();
      if (e.g > g_[e.cell]) continue;  // a stale entry: the cell was reached cheaper since
      ++expanded;
      if (e.cell == goal_) return e.g;
      expand(e.cell % grid.width(), e.cell / grid.width(), e.g, sx, sy);
    }
    return -1;
  }
  uint32_t pushed = 0;  // open list entries made by the last run

 private:
  struct Entry {
    double f, g;
    int32_t cell;
  };
  static bool worse(const Entry& a, const Entry& b) {
    return a.f > b.f || (a.f == b.f && a.g < b.g);
  }

  double distance(int dx, int dy) const {
    dx = std::abs(dx), dy = std::abs(dy);
    return diagonal_ ? std::min(dx, dy) * M_SQRT2 + std::abs(dx - dy) : dx + dy;
  }
  void push(int cell, double g, int x, int y) {
    if (stamp_[cell] == search_ && g_[cell] <= g) return;
    stamp_[cell] = search_;
    g_[cell] = g;
    ++pushed;
    open_.push_back({g + distance(x - gx_, y - gy_), g, cell});
    std::push_heap(open_.begin(), open_.end(), worse);
  }
  void edge(int x, int y, int tx, int ty, double g) {
    push(grid_->index(tx, ty), g + distance(tx - x, ty - y), tx, ty);
  }

  void expand(int x, int y, double g, int sx, int sy) {
    const Grid& grid = *grid_;
    const Rect* r = rsr_ ? &rsr_->rects[rsr_->rectOf[grid.index(x, y)]] : nullptr;
    if (r && rsr_->interior(gx_, gy_) && rsr_->rectOf[goal_] == rsr_->rectOf[grid.index(x, y)])
      edge(x, y, gx_, gy_, g);  // the goal inside this rectangle
    if (r && x == sx && y == sy && rsr_->interior(x, y)) {
      // The start inside a rectangle: to every cell of its perimeter.
      for (int px = r->x; px < r->x + r->w; ++px)
        edge(x, y, px, r->y, g), edge(x, y, px, r->y + r->h - 1, g);
      for (int py = r->y + 1; py < r->y + r->h - 1; ++py)
        edge(x, y, r->x, py, g), edge(x, y, r->x + r->w - 1, py, g);
      return;
    }
    const uint32_t around = grid.around(x, y);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if ((dx == 0 && dy == 0) || !(around >> (3 * (dy + 1) + dx + 1) & 1)) continue;
        if (dx != 0 && dy != 0) {  // noCorners: both side cells free
          if (!diagonal_ || !(around >> (4 + dx) & 1) || !(around >> (3 * (dy + 1) + 1) & 1))
            continue;
        }
        if (rsr_ && rsr_->interior(x + dx, y + dy)) continue;
        edge(x, y, x + dx, y + dy, g);
      }
    if (r && r->w >= 3 && r->h >= 3) macroEdges(*r, x, y, g);
  }

  // From perimeter cell (x, y) across rectangle r, once for each side the cell lies on.
  void macroEdges(const Rect& r, int x, int y, double g) {
    const int x1 = r.x + r.w - 1, y1 = r.y + r.h - 1;
    for (int side = 0; side < 4; ++side) {
      const bool vertical = side < 2;  // top or bottom: the macro edges run down or up
      const int near = side == 0 ? r.y : side == 1 ? y1 : side == 2 ? r.x : x1;
      if ((vertical ? y : x) != near) continue;
      const int far = side == 0 ? y1 : side == 1 ? r.y : side == 2 ? x1 : r.x;
      const int p = vertical ? x : y, lo = vertical ? r.x : r.y, hi = vertical ? x1 : y1;
      const int depth = std::abs(far - near), dir = far > near ? 1 : -1;
      auto to = [&](int along, int at) {
        edge(x, y, vertical ? along : at, vertical ? at : along, g);
      };
      if (!diagonal_) {
        if (p > lo && p < hi) to(p, far);
        continue;
      }
      for (int a = std::max(lo, p - depth); a <= std::min(hi, p + depth); ++a) to(a, far);
      if (p - lo > 0 && p - lo < depth) to(lo, near + dir * (p - lo));
      if (hi - p > 0 && hi - p < depth) to(hi, near + dir * (hi - p));
    }
  }

  std::vector<double> g_;
  std::vector<uint32_t> stamp_;
  uint32_t search_ = 0;
  std::vector<Entry> open_;
  const Grid* grid_;
  const Reduction* rsr_;
  bool diagonal_;
  int gx_, gy_, goal_;
};

[[noreturn]] void mismatch(const char* what, const char* map, const movingai::Problem& p,
                           double cost, double expected) {
  std::fprintf(stderr, "%s: %s cost %.6f differs from %.6f on line %d (%d,%d -> %d,%d)\n", map,
               what, cost, expected, p.line, p.startX, p.startY, p.goalX, p.goalY);
  std::exit(1);
}

double costOf(const SearchResult& r) {
  return r.status == Status::Found ? r.cost : -1;
}
bool same(double a, double b) {
  return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
}

const char* const kSides[5] = {"tilepath A*", "tilepath JPS", "bench A*", "RSR+A* greedy",
                               "RSR+A* largest"};
// Per rule (never, noCorners), over every map: each side's summed time and expansions.
double totalMicros[2][5], totalExpanded[2][5];

// Interleaved: tilepath's A* and JPS, this file's A* on the grid and on the two reductions; and,
// untimed, the share of JPS's expansions inside rectangles (what RSR could take from them).
void queries(const char* map, const Grid& grid, const Reduction* rsr, Diagonal rule,
             const std::vector<movingai::Problem>& problems, std::size_t every) {
  Searcher searcher;
  SearchOptions astar{Algorithm::AStar, rule}, jps{Algorithm::JPS, rule};
  const bool diagonal = rule != Diagonal::Never;
  Astar mine;
  SearchResult r;
  std::vector<double> micros[5], expanded[5], pushed[5];
  double jpsExpanded = 0, jpsInterior = 0;
  for (std::size_t k = 0; k < problems.size(); k += every) {
    const auto& p = problems[k];
    double optimal = 0;
    for (int s = 0; s < 5; ++s) {
      const auto t0 = Clock::now();
      double cost;
      uint32_t count = 0;
      if (s < 2) {
        searcher.find(grid, p.startX, p.startY, p.goalX, p.goalY, s == 0 ? astar : jps, r);
        cost = costOf(r), count = r.expanded;
        if (r.algorithm != (s == 0 ? Algorithm::AStar : Algorithm::JPS))
          mismatch("a fallback ran:", map, p, 0, 0);
      } else {
        cost = mine.run(grid, s == 2 ? nullptr : &rsr[s - 3], diagonal, p.startX, p.startY, p.goalX,
                        p.goalY, count);
      }
      micros[s].push_back(microsSince(t0));
      expanded[s].push_back(count);
      pushed[s].push_back(s < 2 ? 0 : mine.pushed);
      if (s == 0 && diagonal && !movingai::matchesOptimal(cost, p))
        mismatch("tilepath A*", map, p, cost, p.optimal);
      if (s == 0) optimal = cost;
      if (!same(cost, optimal)) mismatch(kSides[s], map, p, cost, optimal);
    }
    jps.trace = true;
    searcher.find(grid, p.startX, p.startY, p.goalX, p.goalY, jps, r);
    jps.trace = false;
    for (const TraceEvent& e : r.trace)
      if (e.kind == TraceEvent::Expanded) jpsExpanded++, jpsInterior += rsr[1].interior(e.x, e.y);
  }
  std::printf("  rule %s, %zu problems, every cost optimal:\n",
              std::string(kDiagonalNames[static_cast<int>(rule)]).c_str(), micros[0].size());
  for (int s = 0; s < 5; ++s) {
    std::printf("    %-14s mean %7.1f us  median %7.1f us  expanded mean %7.0f  pushed %7.0f\n",
                kSides[s], mean(micros[s]), percentile(micros[s], 0.5), mean(expanded[s]),
                mean(pushed[s]));
    totalMicros[diagonal][s] += mean(micros[s]) * micros[s].size();
    totalExpanded[diagonal][s] += mean(expanded[s]) * micros[s].size();
  }
  std::printf("    JPS expansions inside a rectangle (largest): %.1f%%\n",
              100 * jpsInterior / std::max(1.0, jpsExpanded));
}

// The percentage of the passable cells inside rectangles: the cells a search never expands.
double pruned(const Grid& grid, const Reduction& rsr) {
  std::size_t passable = 0, interior = 0;
  for (int i = 0; i < grid.size(); ++i)
    passable += grid.passable(i),
        interior += grid.passable(i) && rsr.interior(i % grid.width(), i / grid.width());
  return 100.0 * interior / std::max<std::size_t>(1, passable);
}

// Edits: 200 random passable cells blocked one at a time (each a local split of its rectangle),
// then opened again (each a new 1 x 1 rectangle); sampled queries checked after each half.
void edits(const char* map, Grid grid, bool largest,
           const std::vector<movingai::Problem>& problems) {
  Reduction rsr;
  rsr.build(grid, largest);
  std::mt19937 rng(11);
  std::vector<int> cells;
  std::vector<double> blockUs;
  Searcher searcher;
  Astar mine;
  uint32_t n = 0;
  auto check = [&](const char* when) {
    for (std::size_t k = 0; k < problems.size(); k += problems.size() / 100 + 1) {
      const auto& p = problems[k];
      if (!grid.passable(p.startX, p.startY)) continue;
      const double cost = mine.run(grid, &rsr, true, p.startX, p.startY, p.goalX, p.goalY, n);
      const double optimal = costOf(searcher.find(grid, p.startX, p.startY, p.goalX, p.goalY,
                                                  {Algorithm::AStar, Diagonal::NoCorners}));
      if (!same(cost, optimal)) mismatch(when, map, p, cost, optimal);
    }
  };
  while (cells.size() < 200) {
    const int i = static_cast<int>(rng() % grid.size()), x = i % grid.width(), y = i / grid.width();
    if (!grid.passable(x, y)) continue;
    grid.set(x, y, 1);
    const auto t0 = Clock::now();
    rsr.block(x, y);
    blockUs.push_back(microsSince(t0));
    cells.push_back(i);
  }
  check("RSR+A* after blocking edits");
  for (int cell : cells)  // each a new 1 x 1 rectangle: O(1)
    grid.set(cell % grid.width(), cell / grid.width(), 0),
        rsr.unblock(cell % grid.width(), cell / grid.width());
  check("RSR+A* after opening edits");
  std::printf(
      "  edits (%s): block a cell median %.2f us, max %.2f us (a local split); "
      "after 400 edits %zu rectangles, %.1f%% pruned\n",
      largest ? "largest" : "greedy", percentile(blockUs, 0.5), percentile(blockUs, 1.0),
      rsr.rects.size(), pruned(grid, rsr));
}

void describe(const Grid& grid, bool largest, Reduction& rsr) {
  const auto t0 = Clock::now();
  const double micros = (rsr.build(grid, largest), microsSince(t0));
  std::printf(
      "  %-7s %6zu rectangles, %4.1f%% of the passable cells pruned; built in %.0f us, %.2f "
      "bytes/cell\n",
      largest ? "largest" : "greedy", rsr.rects.size(), pruned(grid, rsr), micros,
      static_cast<double>(rsr.rectOf.size() * 4 + rsr.rects.size() * sizeof(Rect)) / grid.size());
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t every =
      std::max(1, std::getenv("STRIDE") ? std::atoi(std::getenv("STRIDE")) : 1);
  const Diagonal rules[] = {Diagonal::NoCorners, Diagonal::Never};
  if (argc < 2) return std::fprintf(stderr, "usage: [STRIDE=n] tilepath-bench-rsr MAP...\n"), 2;
  for (const char* map : std::vector<const char*>(argv + 1, argv + argc)) {
    std::string error;
    auto grid = movingai::loadMap(map, error);
    auto problems = grid ? movingai::loadScenario(std::string(map) + ".scen", error) : std::nullopt;
    if (!grid || !problems) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    std::printf("%s (%d x %d):\n", map, grid->width(), grid->height());
    Reduction rsr[2];
    for (int largest = 0; largest < 2; ++largest) describe(*grid, largest, rsr[largest]);
    for (Diagonal rule : rules) queries(map, *grid, rsr, rule, *problems, every);
    for (int largest = 0; largest < 2; ++largest) edits(map, *grid, largest, *problems);
  }
  for (Diagonal rule : rules) {
    const bool d = rule != Diagonal::Never;
    std::printf("all maps, rule %s, summed over the problems:\n",
                std::string(kDiagonalNames[static_cast<int>(rule)]).c_str());
    for (int s = 0; s < 5; ++s)
      std::printf("  %-14s %9.1f ms %12.0f expanded  (%.2fx bench A*'s time, %.1fx JPS's)\n",
                  kSides[s], totalMicros[d][s] / 1000, totalExpanded[d][s],
                  totalMicros[d][s] / totalMicros[d][2], totalMicros[d][s] / totalMicros[d][1]);
  }
  return 0;
}
