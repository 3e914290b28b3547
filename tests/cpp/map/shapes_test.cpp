// Staggered and hexagonal grids against a reference written here: its own neighbour rule (the
// cells Tiled draws next to each other, listed per shifted and unshifted row or column, not the
// core's half-tile lattice) and a plain Dijkstra. Random maps of every orientation x stagger
// axis x stagger index, cost classes, every diagonal rule, random edits between queries.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <queue>
#include <random>
#include <vector>

#include "shape_reference.hpp"
#include "tilepath/components.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/searcher.hpp"
#include "tilepath/shape.hpp"

using namespace tilepath;

namespace {

using tilepath::testing::Cell;
using tilepath::testing::Move;
using tilepath::testing::sameCell;

std::vector<Move> referenceMoves(const Grid& grid, Diagonal rule, int x, int y) {
  return tilepath::testing::referenceMoves(grid.shape(), rule, x, y,
                                           [&](int cx, int cy) { return grid.passable(cx, cy); });
}

std::vector<double> referenceDijkstra(const Grid& grid, Diagonal rule, int sx, int sy) {
  return tilepath::testing::referenceDijkstra(
      grid.shape(), rule, grid.width(), grid.height(), sx, sy,
      [&](int x, int y) { return grid.passable(x, y); },
      [&](int x, int y) { return grid.cellCost(grid.index(x, y)); });
}

// The path's cost when each step is a legal move, else -1 (with the reason in `why`).
double legalCost(const Grid& grid, Diagonal rule, const std::vector<int32_t>& path,
                 std::string& why) {
  double cost = 0;
  for (std::size_t k = 2; k + 1 < path.size(); k += 2) {
    const Cell to{path[k], path[k + 1]};
    bool legal = false;
    for (const Move& m : referenceMoves(grid, rule, path[k - 2], path[k - 1])) {
      if (!sameCell(m.to, to)) continue;
      legal = true;
      cost += m.length * grid.cellCost(grid.index(to.x, to.y));
    }
    if (!legal) {
      why = "step " + std::to_string(k / 2) + " to " + std::to_string(to.x) + "," +
            std::to_string(to.y) + " is not a move";
      return -1;
    }
  }
  return cost;
}

bool near(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

std::vector<GridShape> allShapes() {
  std::vector<GridShape> shapes;
  for (Orientation o : {Orientation::Staggered, Orientation::Hexagonal})
    for (StaggerAxis a : {StaggerAxis::X, StaggerAxis::Y})
      for (StaggerIndex i : {StaggerIndex::Odd, StaggerIndex::Even}) shapes.push_back({o, a, i});
  return shapes;
}

const Diagonal kRules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                           Diagonal::Always};

Grid randomGrid(std::mt19937& rng, GridShape shape, bool weighted) {
  std::uniform_int_distribution<int> side(1, 30);
  Grid grid(side(rng), side(rng), shape);
  std::uniform_real_distribution<double> unit(0, 1);
  const double walls = unit(rng) * 0.4;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const double r = unit(rng);
      grid.set(x, y, r < walls ? 1 : weighted ? static_cast<uint8_t>(2 + r * 10) % 6 : 0);
    }
  if (weighted) {
    grid.setCost(0, 1);
    for (int c = 2; c < 6; ++c) grid.setCost(c, 0.2 + unit(rng) * 5);
  }
  return grid;
}

std::string shapeText(const GridShape& s) {
  return std::string(kOrientationNames[static_cast<int>(s.orientation)]) + " " +
         std::string(kStaggerAxisNames[static_cast<int>(s.staggerAxis)]) + " " +
         std::string(kStaggerIndexNames[static_cast<int>(s.staggerIndex)]);
}

}  // namespace

TEST_CASE("shapes: the neighbours of a cell are the tiles Tiled draws around it", "[shapes]") {
  // A hexagonal map, axis y, odd rows shifted right: row 1 is shifted, rows 0 and 2 are not.
  Grid hex(5, 5, {Orientation::Hexagonal, StaggerAxis::Y, StaggerIndex::Odd});
  Searcher s;
  // (1, 1) on a shifted row: (1, 0) and (2, 0) above, (1, 2) and (2, 2) below.
  for (Cell c : {Cell{0, 1}, Cell{2, 1}, Cell{1, 0}, Cell{2, 0}, Cell{1, 2}, Cell{2, 2}}) {
    const SearchResult r = s.find(hex, 1, 1, c.x, c.y);
    INFO(c.x << "," << c.y);
    CHECK(r.cost == 1);
    CHECK(r.path.size() == 4);
  }
  // (0, 0) and (1, 1) are neighbours; (2, 2)'s upper left is (1, 1), so (0, 2) is two away.
  CHECK(s.find(hex, 1, 1, 0, 2).cost == 2);
  CHECK(s.find(hex, 2, 2, 1, 1).cost == 1);
  CHECK(s.find(hex, 2, 2, 3, 1).cost == 2);

  // A staggered map, axis y, odd rows shifted: the diamond north of (1, 2) is (1, 0).
  Grid iso(4, 5, {Orientation::Staggered, StaggerAxis::Y, StaggerIndex::Odd});
  SearchOptions o;
  o.diagonal = Diagonal::Always;
  const SearchResult north = s.find(iso, 1, 2, 1, 0, o);
  CHECK(north.cost == Approx(std::sqrt(2.0)));
  CHECK(north.path.size() == 4);
  o.diagonal = Diagonal::Never;
  const SearchResult around = s.find(iso, 1, 2, 1, 0, o);
  CHECK(around.cost == 2);  // by (0, 1) or (1, 1), the two edge-sharing tiles between them
}

TEST_CASE("shapes: A*, Dijkstra and BFS cost what the reference Dijkstra costs, with legal paths",
          "[shapes]") {
  std::mt19937 rng(1130);
  Searcher s;
  int found = 0;
  for (const GridShape& shape : allShapes()) {
    for (int trial = 0; trial < 120; ++trial) {
      const bool weighted = trial % 2 == 0;
      Grid grid = randomGrid(rng, shape, weighted);
      std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
      std::uniform_int_distribution<int> anyClass(0, 5);
      const Diagonal rule = kRules[trial % 4];
      // Several queries on one grid with random edits between them: one Searcher throughout.
      for (int query = 0; query < 4; ++query) {
        for (int e = 0; e < 5; ++e)
          grid.set(px(rng), py(rng), static_cast<uint8_t>(weighted ? anyClass(rng) : e % 2));
        const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
        const std::vector<double> dist = referenceDijkstra(grid, rule, sx, sy);
        const double want = dist[grid.index(gx, gy)];
        INFO(shapeText(shape) << " trial " << trial << " rule " << static_cast<int>(rule) << " "
                              << sx << "," << sy << " -> " << gx << "," << gy);
        for (Algorithm a :
             {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::BFS, Algorithm::JPS}) {
          SearchOptions o;
          o.algorithm = a;
          o.diagonal = rule;
          const SearchResult r = s.find(grid, sx, sy, gx, gy, o);
          INFO("algorithm " << static_cast<int>(a));
          REQUIRE(r.ok());
          if (a == Algorithm::JPS) CHECK(r.algorithm == Algorithm::AStar);  // the fallback
          if (std::isinf(want)) {
            CHECK(r.status == Status::None);
            continue;
          }
          REQUIRE(r.status == Status::Found);
          CHECK(near(r.cost, want));
          std::string why;
          CHECK(near(legalCost(grid, rule, r.path, why), r.cost));
          INFO(why);
          CHECK(why.empty());
          CHECK(r.path[0] == sx);
          CHECK(r.path[1] == sy);
          CHECK(r.path[r.path.size() - 2] == gx);
          CHECK(r.path.back() == gy);
          if (a == Algorithm::AStar) ++found;
        }
      }
    }
  }
  CHECK(found > 1000);
}

TEST_CASE("shapes: adjacent and nearest goals, budgets and partial paths", "[shapes]") {
  std::mt19937 rng(4242);
  Searcher s;
  for (const GridShape& shape : allShapes()) {
    for (int trial = 0; trial < 120; ++trial) {
      Grid grid = randomGrid(rng, shape, trial % 2 == 0);
      std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
      const Diagonal rule = kRules[trial % 4];
      const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
      const std::vector<double> dist = referenceDijkstra(grid, rule, sx, sy);
      INFO(shapeText(shape) << " trial " << trial << " rule " << static_cast<int>(rule) << " " << sx
                            << "," << sy << " -> " << gx << "," << gy);
      SearchOptions o;
      o.diagonal = rule;

      // Adjacent: the cheapest cell from which a move onto the goal would be legal, were the
      // goal passable.
      if (sx != gx || sy != gy) {
        Grid open = grid;  // class 0 is passable on every random grid
        open.set(gx, gy, 0);
        double want = INFINITY;
        for (int y = 0; y < grid.height(); ++y)
          for (int x = 0; x < grid.width(); ++x) {
            if (x == gx && y == gy) continue;
            for (const Move& m : referenceMoves(open, rule, x, y))
              if (sameCell(m.to, {gx, gy})) want = std::min(want, dist[grid.index(x, y)]);
          }
        o.goal = GoalMode::Adjacent;
        const SearchResult r = s.find(grid, sx, sy, gx, gy, o);
        if (std::isinf(want)) {
          CHECK(r.status == Status::None);
        } else {
          REQUIRE(r.status == Status::Found);
          CHECK(near(r.cost, want));
          std::string why;
          CHECK(near(legalCost(grid, rule, r.path, why), r.cost));
          // The facing is the step from the end onto the goal.
          CHECK(r.endX + r.faceX == gx);
          CHECK(r.endY + r.faceY == gy);
          CHECK(r.faceStep >= 0);
        }
      }

      // Nearest: the goal when reachable, else a reachable cell, at its reference cost.
      o.goal = GoalMode::Nearest;
      const SearchResult nearest = s.find(grid, sx, sy, gx, gy, o);
      REQUIRE(nearest.status == Status::Found);
      const double toEnd = dist[grid.index(nearest.endX, nearest.endY)];
      CHECK(near(nearest.cost, toEnd));
      if (!std::isinf(dist[grid.index(gx, gy)])) {
        CHECK(nearest.endX == gx);
        CHECK(nearest.endY == gy);
      }

      // A budget: at most that many expansions, and a legal partial path to a reached cell.
      o.goal = GoalMode::Exact;
      o.partial = true;
      o.maxExpansions = 1 + trial % 7;
      const SearchResult partial = s.find(grid, sx, sy, gx, gy, o);
      CHECK(partial.expanded <= o.maxExpansions);
      if (sx != gx || sy != gy) {
        REQUIRE(partial.status != Status::None);
        std::string why;
        CHECK(near(legalCost(grid, rule, partial.path, why), partial.cost));
        CHECK(near(partial.cost, dist[grid.index(partial.endX, partial.endY)]));
        if (partial.status == Status::Partial) CHECK(partial.reason != Reason::None);
      }

      // A trace records every expansion.
      o = {};
      o.diagonal = rule;
      o.trace = true;
      const SearchResult traced = s.find(grid, sx, sy, gx, gy, o);
      const auto expansions = std::count_if(traced.trace.begin(), traced.trace.end(),
                                            [](const TraceEvent& e) { return e.kind == 1; });
      CHECK(static_cast<uint32_t>(expansions) == traced.expanded);
    }
  }
}

TEST_CASE("shapes: smoothing is refused, JPS falls back to A*", "[shapes]") {
  Searcher s;
  for (const GridShape& shape : allShapes()) {
    Grid grid(8, 8, shape);
    SearchOptions o;
    o.smooth = true;
    const SearchResult r = s.find(grid, 0, 0, 7, 7, o);
    CHECK_FALSE(r.ok());
    CHECK(r.error.find(std::string(kOrientationNames[static_cast<int>(shape.orientation)])) !=
          std::string::npos);
    o = {};
    o.algorithm = Algorithm::JPS;
    o.diagonal = Diagonal::NoCorners;
    const SearchResult jps = s.find(grid, 0, 0, 7, 7, o);
    CHECK(jps.status == Status::Found);
    CHECK(jps.algorithm == Algorithm::AStar);
  }
}

// The radix heap takes the keys popped to never fall (a key under the last one goes to a heap
// that is emptied first: the order stays right, only slower). That needs an estimate that
// never drops by more than a step costs. Every cell's estimate is read from a trace of an A*
// that opens the whole grid (its goal walled in), then checked along every step the
// reference allows, for every shape, rule and heuristic the searches treat as monotone
// (SearchRun::fFalls: not Manhattan distance with diagonal steps).
TEST_CASE("shapes: the estimate falls by no more than a step costs (the open list's keys rise)",
          "[shapes]") {
  Searcher s;
  const Heuristic kHeuristics[] = {Heuristic::Default, Heuristic::Manhattan, Heuristic::Octile,
                                   Heuristic::Chebyshev, Heuristic::Euclidean};
  int checked = 0;
  for (const GridShape& shape : allShapes())
    for (Diagonal rule : kRules)
      for (Heuristic heuristic : kHeuristics) {
        SearchOptions o;
        o.diagonal = rule;
        o.heuristic = heuristic;
        o.trace = true;
        if (effectiveHeuristic(o) == Heuristic::Manhattan && rule != Diagonal::Never) continue;
        INFO(shapeText(shape) << ", rule " << kDiagonalNames[static_cast<int>(rule)]
                              << ", heuristic " << kHeuristicNames[static_cast<int>(heuristic)]);
        const int w = 21, h = 19, gx = 13, gy = 9;
        Grid grid(w, h, shape);
        for (Cell c : tilepath::testing::edgeNeighbours(shape, gx, gy)) grid.set(c.x, c.y, 1);
        for (Cell c : tilepath::testing::cornerNeighbours(shape, gx, gy)) grid.set(c.x, c.y, 1);
        const SearchResult r = s.find(grid, 0, 0, gx, gy, o);
        REQUIRE(r.status == Status::None);
        const std::vector<double> reach = referenceDijkstra(grid, rule, 0, 0);
        std::vector<double> estimate(static_cast<std::size_t>(w) * h, -1);
        for (const TraceEvent& e : r.trace)
          if (e.kind == TraceEvent::Opened) estimate[e.y * w + e.x] = e.h;
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x) {
            if (reach[y * w + x] == INFINITY) continue;
            REQUIRE(estimate[y * w + x] >= 0);  // every cell the start reaches was opened
            for (const Move& m : referenceMoves(grid, rule, x, y)) {
              const double there = estimate[m.to.y * w + m.to.x];
              CHECK(estimate[y * w + x] <= m.length + there + 1e-9);
              ++checked;
            }
          }
      }
  CHECK(checked > 100000);
}
TEST_CASE("shapes: movement ranges, flow fields and canReach follow the shape", "[shapes]") {
  std::mt19937 rng(77);
  FieldSearch fields;
  Searcher s;
  for (const GridShape& shape : allShapes()) {
    for (int trial = 0; trial < 40; ++trial) {
      Grid grid = randomGrid(rng, shape, trial % 2 == 0);
      Components components(grid);
      std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
      const Diagonal rule = kRules[trial % 4];
      const int sx = px(rng), sy = py(rng);
      INFO(shapeText(shape) << " trial " << trial << " rule " << static_cast<int>(rule));
      FieldOptions fo;
      fo.diagonal = rule;
      MovementRange range;
      fields.reachable(grid, sx, sy, fo, range);
      REQUIRE(range.error.empty());
      const std::vector<double> dist = referenceDijkstra(grid, rule, sx, sy);
      for (int i = 0; i < grid.size(); ++i) {
        if (std::isinf(dist[i])) {
          CHECK(std::isinf(range.costs[i]));
          if (grid.passable(i)) CHECK_FALSE(components.canReach(grid.index(sx, sy), i, rule));
          continue;
        }
        CHECK(range.costs[i] == Approx(dist[i]).epsilon(1e-6));
        // The way back is one legal move at a time, its steps named by the field codes.
        if (i != grid.index(sx, sy)) {
          const FieldStep back = kFieldSteps[range.cameFrom[i] - 1];
          const int x = i % grid.width(), y = i / grid.width();
          bool legal = false;
          for (const Move& m : referenceMoves(grid, rule, x + back.dx, y + back.dy))
            legal = legal || sameCell(m.to, {x, y});
          CHECK(legal);
        }
        if (grid.passable(i)) CHECK(components.canReach(grid.index(sx, sy), i, rule));
      }
      // A flow field to the start: each cell's cost is the search's cost from it.
      if (!grid.passable(sx, sy)) continue;
      const int32_t goal = grid.index(sx, sy);
      FlowField field;
      fields.flowField(grid, &goal, 1, fo, field);
      REQUIRE(field.error.empty());
      SearchOptions o;
      o.diagonal = rule;
      for (int k = 0; k < 10; ++k) {
        const int x = px(rng), y = py(rng);
        const SearchResult r = s.find(grid, x, y, sx, sy, o);
        const float cost = field.costs[grid.index(x, y)];
        if (r.status != Status::Found) {
          CHECK(std::isinf(cost));
        } else {
          CHECK(cost == Approx(r.cost).epsilon(1e-6));
          if (r.cost > 0) {
            const FieldStep step = kFieldSteps[field.steps[grid.index(x, y)] - 1];
            bool legal = false;
            for (const Move& m : referenceMoves(grid, rule, x, y))
              legal = legal || sameCell(m.to, {x + step.dx, y + step.dy});
            CHECK(legal);
          }
        }
      }
    }
  }
}

TEST_CASE("shapes: canReach stays right through edits that open and close cells", "[shapes]") {
  std::mt19937 rng(991);
  for (const GridShape& shape : allShapes()) {
    for (int trial = 0; trial < 30; ++trial) {
      Grid grid = randomGrid(rng, shape, false);
      Components components(grid);
      std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
      const Diagonal rule = kRules[trial % 4];
      for (int round = 0; round < 6; ++round) {
        for (int e = 0; e < 4; ++e) {
          const int i = grid.index(px(rng), py(rng));
          const bool was = grid.passable(i);
          grid.set(i % grid.width(), i / grid.width(), static_cast<uint8_t>(e % 2));
          components.cellChanged(i, was, grid.passable(i));
        }
        const int sx = px(rng), sy = py(rng);
        const std::vector<double> dist = referenceDijkstra(grid, rule, sx, sy);
        INFO(shapeText(shape) << " trial " << trial << " round " << round);
        for (int i = 0; i < grid.size(); ++i) {
          if (!grid.passable(i) || i == grid.index(sx, sy)) continue;
          CHECK(components.canReach(grid.index(sx, sy), i, rule) == !std::isinf(dist[i]));
        }
      }
    }
  }
}
