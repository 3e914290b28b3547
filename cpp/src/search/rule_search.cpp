// The search on grids with entry rules or links (tilepath/movement_rules.hpp): A*, Dijkstra and
// BFS (a link counts as one step) on every shape, in one loop that asks, for each step, whether
// the cell entered allows that direction, and adds each cell's link steps. Searcher::advance
// picks it once per query when the grid has rules, so the other loops (best_first.cpp, ...)
// stay as they were for grids without.
//
// The estimate. The octile (or hex) distance to the goal is no lower bound across a teleport, so
// A* takes the least of it and, for each link start s that can shorten the way, the distance to
// s plus a lower bound of the cost from s to the goal through links: rest(s). rest comes from a
// small Dijkstra, once per query, over the link ends and the goal, whose edges are the links and,
// between any two ends, their distance times the cheapest cost. Each term is a distance to a
// fixed cell plus a constant, so the least of them is consistent (never falls by more than a
// step costs), and A* stays optimal. A link start is left out when rest(s) is no less than its
// own distance to the goal: by the triangle inequality its term could never be the least.
#include <algorithm>

#include "map/shapes.hpp"
#include "search/search_run.hpp"

namespace tilepath {
namespace {

using OpenEntry = Searcher::OpenEntry;

bool later(const OpenEntry& a, const OpenEntry& b) {  // true if b goes first
  return a.f > b.f || (a.f == b.f && a.g < b.g);
}

void heapPush(std::vector<OpenEntry>& heap, const OpenEntry& e) {
  heap.push_back(e);
  std::size_t k = heap.size() - 1;
  while (k > 0) {
    const std::size_t parent = (k - 1) / 2;
    if (!later(heap[parent], e)) break;
    heap[k] = heap[parent];
    k = parent;
  }
  heap[k] = e;
}

OpenEntry heapPop(std::vector<OpenEntry>& heap) {
  const OpenEntry top = heap.front();
  const OpenEntry last = heap.back();
  heap.pop_back();
  const std::size_t n = heap.size();
  std::size_t k = 0;
  if (n > 0) {
    for (;;) {
      std::size_t c = 2 * k + 1;
      if (c >= n) break;
      if (c + 1 < n && later(heap[c], heap[c + 1])) ++c;
      if (!later(last, heap[c])) break;
      heap[k] = heap[c];
      k = c;
    }
    heap[k] = last;
  }
  return top;
}

// The unscaled estimate between any two cells, as SearchRun::goalDistance measures it.
double between(const SearchRun& run, int x0, int y0, int x1, int y1) {
  if (!run.shape) return distance(run.heuristicKind, x1 - x0, y1 - y0);
  int a, b;
  run.shape->separation(x0, y0, x1, y1, a, b);
  return run.shape->shape.hexagonal() ? a : distance(run.heuristicKind, a, b);
}

// The link sources and their rest (see the top of the file), into `sources`; `ends`, `lower`
// and `done` are scratch.
void linkEstimate(const SearchRun& run, std::vector<Searcher::LinkSource>& sources,
                  std::vector<int32_t>& ends, std::vector<double>& lower,
                  std::vector<uint8_t>& done) {
  sources.clear();
  const MovementRules& rules = run.grid.rules();
  if (run.hScale == 0 || !rules.anyLink()) return;
  const double scale = run.hScale / run.options.weight;  // the cheapest cost
  const int w = run.width;
  ends.clear();
  for (const auto& s : rules.allSteps()) {
    ends.push_back(s.from);
    ends.push_back(s.to);
  }
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  const std::size_t k = ends.size();
  auto toGoal = [&](int32_t c) {
    const double d = between(run, c % w, c / w, run.goalX, run.goalY) - run.hSlack;
    return d > 0 ? d * scale : 0;
  };
  // Dijkstra backwards from the goal over the ends: lower[p] bounds the cost from p.
  lower.assign(k, 0.0);
  done.assign(k, 0);
  for (std::size_t p = 0; p < k; ++p) lower[p] = toGoal(ends[p]);
  auto at = [&](int32_t c) {
    return static_cast<std::size_t>(std::lower_bound(ends.begin(), ends.end(), c) - ends.begin());
  };
  for (std::size_t round = 0; round < k; ++round) {
    std::size_t q = k;
    for (std::size_t p = 0; p < k; ++p)
      if (!done[p] && (q == k || lower[p] < lower[q])) q = p;
    done[q] = true;
    const int qx = ends[q] % w, qy = ends[q] / w;
    for (std::size_t p = 0; p < k; ++p)
      if (!done[p])
        lower[p] =
            std::min(lower[p], between(run, ends[p] % w, ends[p] / w, qx, qy) * scale + lower[q]);
    const MovementRules::LinkStep* end;
    for (auto* s = rules.stepsInto(ends[q], end); s != end; ++s) {
      const std::size_t p = at(s->from);
      if (!done[p]) lower[p] = std::min(lower[p], s->cost + lower[q]);
    }
  }
  for (std::size_t p = 0; p < k; ++p) {
    const MovementRules::LinkStep* end;
    double rest = kInf;
    for (auto* s = rules.stepsFrom(ends[p], end); s != end; ++s)
      rest = std::min(rest, s->cost + lower[at(s->to)]);
    if (rest < toGoal(ends[p])) sources.push_back({ends[p] % w, ends[p] / w, rest});
  }
}

}  // namespace

void runWithRules(SearchRun& run) {
  Searcher& searcher = run.searcher;
  const Grid& grid = run.grid;
  const MovementRules& rules = grid.rules();
  const uint8_t* const classes = grid.data();
  Searcher::RuleCell* const cells = searcher.ruleCells_.data();
  std::vector<OpenEntry>& open = searcher.ruleOpen_;
  const uint32_t number = searcher.ruleNumber_ << 1;
  const bool unitCost = run.unitCost;
  const double weight = run.options.weight;
  const double scale = run.hScale / weight;
  std::vector<Searcher::LinkSource>& sources = searcher.ruleSources_;
  linkEstimate(run, sources, searcher.ruleEnds_, searcher.ruleLower_, searcher.ruleDone_);
  auto estimate = [&](int x, int y) {
    double h = run.heuristic(x, y);
    for (const auto& s : sources)
      h = std::min(h, weight * (between(run, x, y, s.x, s.y) * scale + s.rest));
    return h;
  };
  auto offer = [&](int32_t next, int nx, int ny, double g, int32_t from, bool byLink) {
    Searcher::RuleCell& c = cells[next];
    if ((c.stamp & ~1u) == number && (c.stamp & 1u || !(g < c.g))) return;
    if (open.size() == open.capacity() && !Searcher::growIfRoom(open)) {
      run.outOfMemory = true;
      return;
    }
    const double h = run.hScale == 0 ? 0 : estimate(nx, ny);
    c = {g, from, number, byLink};
    heapPush(open, {g + h, g, static_cast<uint32_t>(next),
                    static_cast<uint32_t>(nx) | static_cast<uint32_t>(ny) << 16});
    if (run.options.trace) run.traceOpened(nx, ny, g, h);
  };
  if (!run.resuming) offer(run.start, run.startX, run.startY, 0.0, -1, false);

  const uint8_t* const stepsFrom = stepsAllowed(run.options.diagonal);
  while (run.goOn() && !open.empty()) {
    const OpenEntry top = heapPop(open);
    const int32_t current = static_cast<int32_t>(top.cell);
    Searcher::RuleCell& cell = cells[current];
    if (cell.stamp != number || top.g != cell.g) continue;  // closed, or superseded
    cell.stamp |= 1u;
    const int x = static_cast<int>(top.xy & 0xffff), y = static_cast<int>(top.xy >> 16);
    const double g = top.g;
    if (!run.settle(current, x, y, g)) return;
    auto enter = [&](int32_t next, int nx, int ny, int step, double length) {
      if (!((rules.entry(classes[next]) >> step) & 1)) return;  // not from this direction
      offer(next, nx, ny, g + length * (unitCost ? 1.0 : grid.cellCost(next)), current, false);
    };
    if (run.shape) {
      const ShapeSteps& s = *run.shape;
      forEachShapedStep(grid, s, run.options.diagonal, x, y, false,
                        [&](int32_t next, int nx, int ny, int d) {
                          enter(next, nx, ny, d, d < s.straight ? 1.0 : kDiagonalStep);
                        });
    } else {
      for (unsigned steps = stepsFrom[grid.around(x, y)]; steps != 0; steps &= steps - 1) {
        const int step = __builtin_ctz(steps);
        enter(current + run.stepOffset[step], x + kStepX[step], y + kStepY[step], step,
              kStepLength[step]);
      }
    }
    const MovementRules::LinkStep* end;
    for (auto* s = rules.stepsFrom(current, end); s != end; ++s)
      if (grid.passable(s->to))
        offer(s->to, s->to % run.width, s->to / run.width, g + (unitCost ? 1.0 : s->cost), current,
              true);
  }
}

bool walkWithRules(const SearchRun& run, int32_t cell, std::vector<int32_t>& path,
                   std::vector<int32_t>& linkSteps) {
  const Searcher::RuleCell* cells = run.searcher.ruleCells_.data();
  const int w = run.width;
  linkSteps.clear();
  std::size_t points = 0;
  for (std::size_t guard = 0; guard <= static_cast<std::size_t>(run.grid.size()); ++guard) {
    path.push_back(cell / w);
    path.push_back(cell % w);
    ++points;
    if (cell == run.start) {
      // Counted from the end so far: point r from the end is point points - 1 - r.
      for (int32_t& r : linkSteps) r = static_cast<int32_t>(points - 1 - r) - 1;
      std::reverse(linkSteps.begin(), linkSteps.end());
      return true;
    }
    if (cells[cell].byLink) linkSteps.push_back(static_cast<int32_t>(points - 1));
    cell = cells[cell].parent;
    if (cell < 0) return false;
  }
  return false;
}

}  // namespace tilepath
