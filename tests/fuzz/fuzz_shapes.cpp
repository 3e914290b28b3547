// libFuzzer target: edits and searches on small staggered and hexagonal grids, checked against
// the reference of tests/cpp/shape_reference.hpp (its own neighbour rule and Dijkstra). The first
// byte picks the shape (orientation x stagger axis x stagger index), then a grid of at most
// 12 x 12 and its mirror take the same edits, and searches with random options must give legal
// paths (each step a move of the shape, under its corner rule) costing the sum of their steps;
// with an exact goal, no budget, weight 1 and an admissible heuristic, the reference's optimum.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../cpp/shape_reference.hpp"
#include "fuzz_input.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"
#include "tilepath/searcher.hpp"
#include "tilepath/shape.hpp"

using namespace tilepath;
using tilepath::testing::Move;

namespace {

constexpr int kClassesUsed = 4;

using fuzz::Bytes;
using fuzz::require;

// The mirror: its own cells and costs.
struct Mirror {
  GridShape shape;
  int width, height;
  std::vector<uint8_t> cells;
  double costs[kClassesUsed] = {1, 0, 0, 0};

  bool open(int x, int y) const {
    return x >= 0 && y >= 0 && x < width && y < height && costs[cells[y * width + x]] > 0;
  }
  double cost(int x, int y) const { return costs[cells[y * width + x]]; }
  std::vector<Move> moves(Diagonal rule, int x, int y) const {
    return testing::referenceMoves(shape, rule, x, y,
                                   [this](int cx, int cy) { return open(cx, cy); });
  }
  std::vector<double> dijkstra(Diagonal rule, int sx, int sy) const {
    return testing::referenceDijkstra(
        shape, rule, width, height, sx, sy, [this](int x, int y) { return open(x, y); },
        [this](int x, int y) { return cost(x, y); });
  }
};

bool near(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

void search(Bytes& in, const Grid& grid, const Mirror& ref, Searcher& searcher,
            SearchResult& result) {
  const int w = grid.width(), h = grid.height();
  uint8_t flags;
  SearchOptions o = fuzz::readSearchOptions(in, flags);  // smooth is refused on these shapes
  const int sx = in.below(w), sy = in.below(h), gx = in.below(w), gy = in.below(h);
  char what[160];
  std::snprintf(what, sizeof what,
                "(%d,%d)->(%d,%d) algorithm %d diagonal %d heuristic %d weight %g goal %d "
                "partial %d budget %u",
                sx, sy, gx, gy, static_cast<int>(o.algorithm), static_cast<int>(o.diagonal),
                static_cast<int>(o.heuristic), o.weight, static_cast<int>(o.goal), o.partial,
                o.maxExpansions);
  searcher.find(grid, sx, sy, gx, gy, o, result);
  require(result.ok() == !o.smooth, std::string("smoothing accepted or refused wrongly: ") + what);
  if (o.smooth) return;

  const std::vector<double> dist = ref.dijkstra(o.diagonal, sx, sy);
  if (result.status != Status::None) {
    const std::vector<int32_t>& path = result.path;
    require(path.size() % 2 == 0, std::string("odd path length: ") + what);
    int x = sx, y = sy;
    std::size_t k = 0;
    if (o.includeStart) {
      require(path.size() >= 2 && path[0] == sx && path[1] == sy,
              std::string("the path does not start at the start: ") + what);
      k = 2;
    }
    double cost = 0;
    for (; k < path.size(); k += 2) {
      bool legal = false;
      for (const Move& m : ref.moves(o.diagonal, x, y)) {
        if (m.to.x != path[k] || m.to.y != path[k + 1]) continue;
        legal = true;
        cost += m.length * ref.cost(m.to.x, m.to.y);
      }
      require(legal, "step " + std::to_string(k / 2) + " is not a move: " + what);
      x = path[k];
      y = path[k + 1];
    }
    require(near(result.cost, cost), "the cost is not the sum of the steps: " + std::string(what));
    require(result.endX == x && result.endY == y,
            std::string("endX/endY are not the end: ") + what);
    require(cost >= dist[y * w + x] - 1e-9 * std::max(1.0, cost),
            std::string("a path below the optimum: ") + what);
    if (o.goal == GoalMode::Adjacent && result.status == Status::Found && (x != gx || y != gy))
      require(x + result.faceX == gx && y + result.faceY == gy && result.faceStep >= 0,
              std::string("the facing does not step onto the goal: ") + what);
  }
  // Start equal to goal on a blocked start, or nothing passable: answers being defined elsewhere.
  const bool settled = !(sx == gx && sy == gy && !ref.open(sx, sy)) && grid.minCost() > 0;
  const bool admissible = grid.shape().hexagonal() || o.diagonal == Diagonal::Never ||
                          effectiveHeuristic(o) != Heuristic::Manhattan;
  if (o.goal != GoalMode::Exact || o.maxExpansions != 0 || !settled || !admissible) return;
  const double optimum = dist[gy * w + gx];
  if (std::isinf(optimum)) {
    require(o.partial ? result.status != Status::Found : result.status == Status::None,
            std::string("no path exists, but one was found: ") + what);
    return;
  }
  require(result.status == Status::Found, std::string("a path exists but none was found: ") + what);
  if (o.weight == 1.0)
    require(near(result.cost, optimum), "cost " + std::to_string(result.cost) +
                                            " is not the optimum " + std::to_string(optimum) +
                                            ": " + what);
  else
    require(result.cost <= o.weight * optimum + 1e-9 * std::max(1.0, optimum),
            std::string("weighted cost above weight x optimum: ") + what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  Bytes in{data, size};
  const int pick = in.below(8);
  const GridShape shape{pick < 4 ? Orientation::Staggered : Orientation::Hexagonal,
                        (pick & 2) ? StaggerAxis::X : StaggerAxis::Y,
                        (pick & 1) ? StaggerIndex::Even : StaggerIndex::Odd};
  const int w = 1 + in.below(12), h = 1 + in.below(12);
  Grid grid(w, h, shape);
  Mirror ref{shape, w, h, std::vector<uint8_t>(static_cast<std::size_t>(w) * h, 0)};
  for (int i = 0; i < w * h; ++i) {
    const uint8_t cls = static_cast<uint8_t>(in.below(kClassesUsed));
    grid.set(i % w, i / w, cls);
    ref.cells[i] = cls;
  }
  fuzz::readCosts(in, grid, ref.costs, kClassesUsed);
  Searcher searcher;
  SearchResult result;
  while (!in.empty()) {
    if (in.below(4) == 0) {  // one cell changes class
      const int x = in.below(w), y = in.below(h);
      const uint8_t cls = static_cast<uint8_t>(in.below(kClassesUsed));
      grid.set(x, y, cls);
      ref.cells[y * w + x] = cls;
    } else {
      search(in, grid, ref, searcher, result);
    }
  }
  return 0;
}
