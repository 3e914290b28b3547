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

#include "tilepath/components.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/searcher.hpp"
#include "tilepath/shape.hpp"

using namespace tilepath;

namespace {

struct Cell {
  int x, y;
};

bool shiftedLine(const GridShape& shape, int s) {
  const bool odd = (s % 2 + 2) % 2 == 1;
  return shape.staggerIndex == StaggerIndex::Odd ? odd : !odd;
}

// Tiles sharing an edge with (x, y): the six hex neighbours, or a staggered map's four
// edge-sharing diamonds. Shifted rows sit half a tile right (axis y), shifted columns half a
// tile lower (axis x).
std::vector<Cell> edgeNeighbours(const GridShape& shape, int x, int y) {
  const bool byRows = shape.staggerAxis == StaggerAxis::Y;
  const bool shifted = shiftedLine(shape, byRows ? y : x);
  std::vector<Cell> out;
  if (byRows) {
    const int left = shifted ? x : x - 1;  // the column of the upper-left and lower-left tile
    out = {{left, y - 1}, {left + 1, y - 1}, {left, y + 1}, {left + 1, y + 1}};
    if (shape.hexagonal()) {
      out.push_back({x - 1, y});
      out.push_back({x + 1, y});
    }
  } else {
    const int top = shifted ? y : y - 1;  // the row of the upper-left and upper-right tile
    out = {{x - 1, top}, {x - 1, top + 1}, {x + 1, top}, {x + 1, top + 1}};
    if (shape.hexagonal()) {
      out.push_back({x, y - 1});
      out.push_back({x, y + 1});
    }
  }
  return out;
}

// A staggered map's corner-sharing diamonds: left and right, above and below (two rows or
// columns away on the staggered axis, one cell away on the other).
std::vector<Cell> cornerNeighbours(const GridShape& shape, int x, int y) {
  if (!shape.staggered()) return {};
  if (shape.staggerAxis == StaggerAxis::Y) return {{x - 1, y}, {x + 1, y}, {x, y - 2}, {x, y + 2}};
  return {{x, y - 1}, {x, y + 1}, {x - 2, y}, {x + 2, y}};
}

bool sameCell(Cell a, Cell b) {
  return a.x == b.x && a.y == b.y;
}

struct Move {
  Cell to;
  double length;
};

// Where a unit on (x, y) may step: straight onto a passable edge neighbour; diagonally onto a
// passable corner neighbour when the rule allows it, judged on the two tiles next to both.
std::vector<Move> referenceMoves(const Grid& grid, Diagonal rule, int x, int y) {
  const GridShape& shape = grid.shape();
  std::vector<Move> out;
  const std::vector<Cell> edges = edgeNeighbours(shape, x, y);
  for (Cell c : edges)
    if (grid.passable(c.x, c.y)) out.push_back({c, 1.0});
  for (Cell c : cornerNeighbours(shape, x, y)) {
    if (!grid.passable(c.x, c.y)) continue;
    std::vector<bool> sides;
    for (Cell a : edges)
      for (Cell b : edgeNeighbours(shape, c.x, c.y))
        if (sameCell(a, b)) sides.push_back(grid.passable(a.x, a.y));
    REQUIRE(sides.size() == 2);
    const bool ok = rule == Diagonal::Always        ? true
                    : rule == Diagonal::OneObstacle ? sides[0] || sides[1]
                    : rule == Diagonal::NoCorners   ? sides[0] && sides[1]
                                                    : false;
    if (ok) out.push_back({c, std::sqrt(2.0)});
  }
  return out;
}

// Cost from (sx, sy) to every cell (infinity when unreachable).
std::vector<double> referenceDijkstra(const Grid& grid, Diagonal rule, int sx, int sy) {
  std::vector<double> dist(grid.size(), INFINITY);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  dist[grid.index(sx, sy)] = 0;
  open.push({0, grid.index(sx, sy)});
  while (!open.empty()) {
    const auto [d, i] = open.top();
    open.pop();
    if (d > dist[i]) continue;
    for (const Move& m : referenceMoves(grid, rule, i % grid.width(), i / grid.width())) {
      const int j = grid.index(m.to.x, m.to.y);
      const double nd = d + m.length * grid.cellCost(j);
      if (nd < dist[j]) {
        dist[j] = nd;
        open.push({nd, j});
      }
    }
  }
  return dist;
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
