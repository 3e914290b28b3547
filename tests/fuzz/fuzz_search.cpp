// libFuzzer target: edits and searches on small grids, checked against a reference written here.
// The input drives a grid of at most 12 x 12 and a mirror of its cells and cost table: edits go
// to both (bad ones must change neither), then searches with random options. Every answer must
// be a legal path (step by step, under its own diagonal rule) whose cost is the sum of its steps;
// with an exact goal, no budget and an admissible heuristic, its cost is the reference
// Dijkstra's optimum (times at most the weight for weighted A*), whatever the algorithm.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;

namespace {

constexpr double kSqrt2 = 1.4142135623730951;
constexpr int kClassesUsed = 4;  // cells take classes 0..3, so edits often add or remove a class

using fuzz::Bytes;
using fuzz::kCosts;
using fuzz::require;

// What setCost must refuse (what it may be given: fuzz::kCosts).
constexpr double kBadCosts[] = {-1, NAN, -INFINITY};

// The reference: its own copy of the cells and costs, and its own neighbour rule.
struct Reference {
  int width, height;
  std::vector<uint8_t> cells;
  double costs[Grid::kClasses];

  Reference(int w, int h) : width(w), height(h), cells(static_cast<std::size_t>(w) * h, 0) {
    for (double& c : costs) c = 0;
    costs[0] = 1;
  }
  bool open(int x, int y) const {
    return x >= 0 && y >= 0 && x < width && y < height && costs[cells[y * width + x]] > 0;
  }
  // The step from (x, y) by (dx, dy) allowed under `rule`, and what it costs; -1 if not allowed.
  double step(int x, int y, int dx, int dy, Diagonal rule) const {
    const int nx = x + dx, ny = y + dy;
    if (!open(nx, ny)) return -1;
    if (dx != 0 && dy != 0) {
      const bool a = open(x + dx, y), b = open(x, y + dy);
      if (!fuzz::diagonalAllowedHere(rule, a, b)) return -1;
      return kSqrt2 * costs[cells[ny * width + nx]];
    }
    return costs[cells[ny * width + nx]];
  }
  // Cheapest cost from the start to every cell (infinity where unreachable); the start cell is
  // never checked, the cells entered are.
  std::vector<double> dijkstra(int sx, int sy, Diagonal rule) const {
    std::vector<double> dist(cells.size(), INFINITY);
    using Entry = std::pair<double, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
    dist[sy * width + sx] = 0;
    open.push({0, sy * width + sx});
    while (!open.empty()) {
      const auto [d, i] = open.top();
      open.pop();
      if (d > dist[i]) continue;
      const int x = i % width, y = i / width;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (dx == 0 && dy == 0) continue;
          const double c = step(x, y, dx, dy, rule);
          if (c < 0) continue;
          const int j = (y + dy) * width + (x + dx);
          if (d + c < dist[j]) {
            dist[j] = d + c;
            open.push({dist[j], j});
          }
        }
    }
    return dist;
  }
};

std::string describe(const SearchOptions& o, int sx, int sy, int gx, int gy) {
  char text[256];
  std::snprintf(text, sizeof text,
                "(%d,%d)->(%d,%d) algorithm %d diagonal %d heuristic %d weight %g goal %d "
                "partial %d smooth %d includeStart %d maxExpansions %u",
                sx, sy, gx, gy, static_cast<int>(o.algorithm), static_cast<int>(o.diagonal),
                static_cast<int>(o.heuristic), o.weight, static_cast<int>(o.goal), o.partial,
                o.smooth, o.includeStart, o.maxExpansions);
  return text;
}

// Walks a cell-by-cell path from the start; returns its cost under the reference.
double legalCost(const Reference& ref, const std::vector<int32_t>& path, int sx, int sy,
                 bool includesStart, Diagonal rule, const std::string& what) {
  require(path.size() % 2 == 0, "odd path length: " + what);
  std::size_t k = 0;
  int x = sx, y = sy;
  if (includesStart) {
    require(path.size() >= 2 && path[0] == sx && path[1] == sy,
            "path does not start at the start: " + what);
    k = 2;
  }
  double cost = 0;
  for (; k < path.size(); k += 2) {
    const int dx = path[k] - x, dy = path[k + 1] - y;
    require(std::abs(dx) <= 1 && std::abs(dy) <= 1 && (dx != 0 || dy != 0),
            "path step " + std::to_string(k / 2) + " is not to a neighbour: " + what);
    require(rule != Diagonal::Never || dx == 0 || dy == 0, "diagonal step under never: " + what);
    const double c = ref.step(x, y, dx, dy, rule);
    require(c >= 0, "path step " + std::to_string(k / 2) + " to (" + std::to_string(path[k]) + "," +
                        std::to_string(path[k + 1]) + ") is not allowed: " + what);
    cost += c;
    x = path[k];
    y = path[k + 1];
  }
  return cost;
}

std::string pathText(const std::vector<int32_t>& path) {
  std::string text;
  for (std::size_t k = 0; k + 1 < path.size(); k += 2)
    text += " " + std::to_string(path[k]) + "," + std::to_string(path[k + 1]);
  return text;
}

bool near(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

void edit(Bytes& in, Grid& grid, Reference& ref) {
  const int w = grid.width(), h = grid.height();
  switch (in.below(4)) {
    case 0: {  // one cell
      const int x = in.below(w), y = in.below(h);
      const uint8_t cls = static_cast<uint8_t>(in.below(kClassesUsed));
      grid.set(x, y, cls);
      ref.cells[y * w + x] = cls;
      break;
    }
    case 1: {  // a rectangle, maybe partly outside
      const int x = in.below(w + 4) - 2, y = in.below(h + 4) - 2;
      const int rw = in.below(w + 2), rh = in.below(h + 2);
      const uint8_t cls = static_cast<uint8_t>(in.below(kClassesUsed));
      grid.fillRect(x, y, rw, rh, cls);
      for (int yy = std::max(y, 0); yy < std::min(y + rh, h); ++yy)
        for (int xx = std::max(x, 0); xx < std::min(x + rw, w); ++xx) ref.cells[yy * w + xx] = cls;
      break;
    }
    case 2: {  // a batch of deltas; one index out of the grid must reject them all
      const int count = in.below(6);
      const bool bad = in.below(4) == 0;
      std::vector<uint32_t> indices;
      std::vector<uint8_t> classes;
      for (int k = 0; k < count; ++k) {
        indices.push_back(static_cast<uint32_t>(in.below(w * h)));
        classes.push_back(static_cast<uint8_t>(in.below(kClassesUsed)));
      }
      if (bad && count > 0) indices[in.below(count)] = static_cast<uint32_t>(w * h + in.below(3));
      const std::string error = grid.apply(indices.data(), classes.data(), indices.size());
      require(error.empty() == !(bad && count > 0), "apply accepted or refused wrongly: " + error);
      if (error.empty())
        for (int k = 0; k < count; ++k) ref.cells[indices[k]] = classes[k];
      break;
    }
    default: {  // a class's cost, sometimes a bad one that must change nothing
      const int cls = in.below(kClassesUsed);
      const bool bad = in.below(8) == 0;
      const double cost = bad ? kBadCosts[in.below(3)] : kCosts[in.below(8)];
      const std::string error = grid.setCost(cls, cost);
      require(error.empty() == !bad, "setCost accepted or refused wrongly: " + error);
      if (!bad) ref.costs[cls] = std::isinf(cost) ? 0 : cost;
      break;
    }
  }
}

void search(Bytes& in, const Grid& grid, const Reference& ref, Searcher& searcher,
            SearchResult& result) {
  const int w = grid.width(), h = grid.height();
  uint8_t flags;
  SearchOptions o = fuzz::readSearchOptions(in, flags);
  const bool hostile = (flags & 128) && in.below(4) == 0;  // out-of-grid cells or a bad weight
  int sx = in.below(w), sy = in.below(h), gx = in.below(w), gy = in.below(h);
  if (hostile) {
    switch (in.below(3)) {
      case 0:
        sx = in.below(2) == 0 ? -1 : w;
        break;
      case 1:
        gy = in.below(2) == 0 ? -1 : h;
        break;
      default:
        o.weight = in.below(2) == 0 ? 0.5 : NAN;
        break;
    }
  }
  const std::string what = describe(o, sx, sy, gx, gy);
  searcher.find(grid, sx, sy, gx, gy, o, result);
  require(result.ok() == !hostile,
          "arguments accepted or refused wrongly: " + what + ": " + result.error);
  if (hostile) return;

  const bool startOpen = ref.open(sx, sy);
  const std::vector<double> dist = ref.dijkstra(sx, sy, o.diagonal);
  const double optimum = dist[gy * w + gx];
  const bool exact = o.goal == GoalMode::Exact;

  if (result.status != Status::None) {
    // The cell-by-cell path: before smoothing when smoothing ran (paths of more than two cells;
    // that one always starts at the start).
    const bool smoothed = o.smooth && !result.rawPath.empty();
    const std::vector<int32_t>& cells = smoothed ? result.rawPath : result.path;
    const bool includesStart = smoothed || o.includeStart;
    const double cost = legalCost(ref, cells, sx, sy, includesStart, o.diagonal, what);
    if (smoothed)
      require(result.cost <= cost + 1e-9 * std::max(1.0, cost),
              "smoothing made the path dearer: " + std::to_string(result.cost) + " > " +
                  std::to_string(cost) + ": " + what + "; path" + pathText(result.path) +
                  "; raw path" + pathText(result.rawPath));
    else
      require(near(result.cost, cost), "cost " + std::to_string(result.cost) +
                                           " is not the sum of the steps " + std::to_string(cost) +
                                           ": " + what);
    const int endX = cells.size() >= 2 ? cells[cells.size() - 2] : sx;
    const int endY = cells.size() >= 2 ? cells[cells.size() - 1] : sy;
    require(result.endX == endX && result.endY == endY,
            "endX/endY are not the path's end: " + what);
    // Never cheaper than the optimum to where it ends.
    require(cost >= dist[endY * w + endX] - 1e-9 * std::max(1.0, cost),
            "a path below the optimum: " + what);
    if (exact && result.status == Status::Found)
      require(endX == gx && endY == gy, "found, but the path does not end at the goal: " + what);
  }

  // Start equal to goal on a blocked start, or nothing passable: their answers are being defined.
  const bool settled = !(sx == gx && sy == gy && !startOpen) && grid.minCost() > 0;
  const Heuristic hk = effectiveHeuristic(o);
  const bool admissible = o.diagonal == Diagonal::Never || hk != Heuristic::Manhattan;
  if (!exact || o.maxExpansions != 0 || !settled || !admissible) return;
  if (std::isinf(optimum)) {
    require(o.partial ? result.status != Status::Found : result.status == Status::None,
            "no path exists, but the search says " +
                std::string(kStatusNames[static_cast<int>(result.status)]) + ": " + what);
    return;
  }
  require(result.status == Status::Found,
          "a path exists (cost " + std::to_string(optimum) + ") but none was found: " + what);
  const bool smoothed = o.smooth && !result.rawPath.empty();
  const std::vector<int32_t>& cells = smoothed ? result.rawPath : result.path;
  const bool includesStart = smoothed || o.includeStart;
  const double cost = legalCost(ref, cells, sx, sy, includesStart, o.diagonal, what);
  if (o.weight == 1.0)
    require(near(cost, optimum), "cost " + std::to_string(cost) + " is not the optimum " +
                                     std::to_string(optimum) + ": " + what);
  else
    require(cost <= o.weight * optimum + 1e-9 * std::max(1.0, optimum),
            "weighted cost " + std::to_string(cost) + " above weight x optimum " +
                std::to_string(optimum) + ": " + what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  Bytes in{data, size};
  const int w = 1 + in.below(12), h = 1 + in.below(12);
  Grid grid(w, h);
  Reference ref(w, h);
  // Cells from the first `palette` classes, two bits a cell: edits then bring in classes the
  // grid does not have yet, and take away the last cell of others.
  const int palette = 1 + in.below(kClassesUsed);
  for (int i = 0; i < w * h; i += 4) {
    const uint8_t bits = in.next();
    for (int k = 0; k < 4 && i + k < w * h; ++k) {
      const uint8_t cls = static_cast<uint8_t>(((bits >> (2 * k)) & 3) % palette);
      grid.set((i + k) % w, (i + k) / w, cls);
      ref.cells[i + k] = cls;
    }
  }
  fuzz::readCosts(in, grid, ref.costs, kClassesUsed);
  Searcher searcher;
  SearchResult result;
  while (!in.empty()) {
    if (in.below(4) == 0)
      edit(in, grid, ref);
    else
      search(in, grid, ref, searcher, result);
    for (int i = 0; i < w * h; ++i)
      require(grid.get(i % w, i / w) == ref.cells[i],
              "a cell differs from the reference after an edit");
    for (int cls = 0; cls < kClassesUsed; ++cls)
      require(grid.cost(cls) == ref.costs[cls], "a class cost differs from the reference");
  }
  return 0;
}
