// Random grids and random cost tables: A* must agree with Dijkstra, and every path must be
// connected, legal under its corner rule, and cost what the result says.
#include <catch2/catch.hpp>
#include <random>

#include "maps.hpp"
#include "tilepath/searcher.hpp"
#include "tilepath/smoothing.hpp"

using namespace tilepath;
using tilepath::testing::legalPathCost;
using tilepath::testing::scatterWalls;

namespace {

Grid randomGrid(std::mt19937& rng, bool weighted) {
  std::uniform_int_distribution<int> side(2, 40);
  Grid grid(side(rng), side(rng));
  std::uniform_real_distribution<double> unit(0, 1);
  const double wallDensity = unit(rng) * 0.4;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const double r = unit(rng);
      grid.set(x, y, r < wallDensity ? 1 : weighted ? static_cast<uint8_t>(2 + (r * 10)) % 6 : 0);
    }
  if (weighted) {
    grid.setCost(0, 1);
    for (int c = 2; c < 6; ++c) grid.setCost(c, 0.2 + unit(rng) * 5);
  }
  return grid;
}

const Diagonal kRules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                           Diagonal::Always};

}  // namespace

TEST_CASE("on random weighted grids A* costs exactly what Dijkstra costs, with legal paths") {
  std::mt19937 rng(20261129);
  Searcher s;
  int found = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Grid grid = randomGrid(rng, trial % 2 == 0);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchOptions o;
    o.diagonal = kRules[trial % 4];
    o.algorithm = Algorithm::AStar;
    auto astar = s.find(grid, sx, sy, gx, gy, o);
    o.algorithm = Algorithm::Dijkstra;
    auto dijkstra = s.find(grid, sx, sy, gx, gy, o);
    INFO("trial " << trial << " rule " << static_cast<int>(o.diagonal));
    REQUIRE(astar.status == dijkstra.status);
    if (astar.status != Status::Found) continue;
    ++found;
    CHECK(astar.cost == Approx(dijkstra.cost).epsilon(1e-9));
    std::string why;
    CHECK(legalPathCost(grid, o.diagonal, astar.path, why) == Approx(astar.cost).epsilon(1e-12));
    CHECK(why.empty());
    CHECK(astar.path[0] == sx);
    CHECK(astar.path[1] == sy);
    CHECK(astar.path[astar.path.size() - 2] == gx);
    CHECK(astar.path.back() == gy);
  }
  CHECK(found > 150);  // the sample must actually exercise found paths
}

TEST_CASE("on random uniform grids bfs and jps cost what A* costs") {
  std::mt19937 rng(7);
  Searcher s;
  int found = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Grid grid = randomGrid(rng, false);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchOptions o;
    o.diagonal = trial % 2 ? Diagonal::NoCorners : Diagonal::Never;
    o.algorithm = Algorithm::AStar;
    auto astar = s.find(grid, sx, sy, gx, gy, o);
    for (Algorithm a : {Algorithm::BFS, Algorithm::JPS}) {
      o.algorithm = a;
      auto r = s.find(grid, sx, sy, gx, gy, o);
      INFO("trial " << trial << " algorithm " << static_cast<int>(a));
      REQUIRE(r.status == astar.status);
      if (r.status != Status::Found) continue;
      CHECK(r.cost == Approx(astar.cost).epsilon(1e-9));
      std::string why;
      CHECK(legalPathCost(grid, o.diagonal, r.path, why) == Approx(r.cost).epsilon(1e-12));
      CHECK(why.empty());
    }
    found += astar.status == Status::Found;
  }
  CHECK(found > 100);
}

TEST_CASE("with random edits between queries, jps and bfs keep costing what A* costs") {
  std::mt19937 rng(2014);
  Searcher s;  // one searcher across grids and edits, as the bindings share one
  std::uniform_real_distribution<double> unit(0, 1);
  int found = 0;
  for (int map = 0; map < 12; ++map) {
    std::uniform_int_distribution<int> side(2, 150);
    Grid grid(side(rng), side(rng));
    grid.setCost(2, 1);  // a second passable class at the same cost: still uniform
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    scatterWalls(grid, rng, 0.3);
    for (int query = 0; query < 60; ++query) {
      switch (query % 4) {  // an edit of each kind between queries
        case 0:
          for (int k = 0; k < 20; ++k) grid.set(px(rng), py(rng), unit(rng) < 0.4 ? 1 : 2);
          break;
        case 1:
          grid.fillRect(px(rng) - 2, py(rng) - 2, px(rng) % 9, py(rng) % 9, unit(rng) < 0.5);
          break;
        case 2:  // class 2 turns blocked or back to walkable
          grid.setCost(2, unit(rng) < 0.5 ? 0 : 1);
          break;
        case 3: {
          const uint32_t index = static_cast<uint32_t>(px(rng) + py(rng) * grid.width());
          const uint8_t cls = 2;
          REQUIRE(grid.apply(&index, &cls, 1).empty());
          break;
        }
      }
      const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
      SearchOptions o;
      o.diagonal = query % 2 ? Diagonal::NoCorners : Diagonal::Never;
      o.partial = query % 3 == 0;
      o.algorithm = Algorithm::AStar;
      auto astar = s.find(grid, sx, sy, gx, gy, o);
      for (Algorithm a : {Algorithm::JPS, Algorithm::BFS}) {
        o.algorithm = a;
        auto r = s.find(grid, sx, sy, gx, gy, o);
        INFO("map " << map << " query " << query << " algorithm " << static_cast<int>(a));
        REQUIRE(r.algorithm == a);
        REQUIRE(r.status == astar.status);
        if (r.status == Status::None) continue;
        CHECK(r.cost == Approx(astar.cost).epsilon(1e-12));
        std::string why;
        CHECK(legalPathCost(grid, o.diagonal, r.path, why) == Approx(r.cost).epsilon(1e-12));
        CHECK(why.empty());
      }
      found += astar.status == Status::Found;
    }
  }
  CHECK(found > 200);
}

TEST_CASE("on random grids jps with partial ends as close to the goal as A*, at A*'s cost") {
  std::mt19937 rng(31);
  Searcher s;
  int partials = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Grid grid = randomGrid(rng, false);
    // A walled box around the goal, sometimes, so that the goal is out of reach.
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    if (trial % 2) grid.fillRect(gx - 1, gy - 1, 3, 3, 1);
    grid.set(gx, gy, 0);
    SearchOptions o;
    o.partial = true;
    o.diagonal = trial % 4 < 2 ? Diagonal::NoCorners : Diagonal::Never;
    o.heuristic = trial % 8 == 7 ? Heuristic::Chebyshev : Heuristic::Default;
    o.algorithm = Algorithm::AStar;
    auto astar = s.find(grid, sx, sy, gx, gy, o);
    o.algorithm = Algorithm::JPS;
    auto jps = s.find(grid, sx, sy, gx, gy, o);
    INFO("trial " << trial);
    REQUIRE(jps.status == astar.status);
    CHECK(jps.reason == astar.reason);
    if (jps.status != Status::Partial) continue;
    ++partials;
    const Heuristic h = o.heuristic == Heuristic::Chebyshev ? Heuristic::Chebyshev
                        : o.diagonal == Diagonal::Never     ? Heuristic::Manhattan
                                                            : Heuristic::Octile;
    auto dist = [&](const SearchResult& r) {
      const double dx = std::abs(r.endX - gx), dy = std::abs(r.endY - gy);
      return h == Heuristic::Manhattan ? dx + dy
             : h == Heuristic::Chebyshev
                 ? std::max(dx, dy)
                 : std::max(dx, dy) + (std::sqrt(2.0) - 1) * std::min(dx, dy);
    };
    CHECK(dist(jps) == Approx(dist(astar)));
    CHECK(jps.cost == Approx(astar.cost).epsilon(1e-12));
    std::string why;
    CHECK(legalPathCost(grid, o.diagonal, jps.path, why) == Approx(jps.cost).epsilon(1e-12));
    CHECK(why.empty());
  }
  CHECK(partials > 100);
}

TEST_CASE("on random grids smoothed paths never cost more and never cross a wall") {
  std::mt19937 rng(99);
  Searcher s;
  for (int trial = 0; trial < 300; ++trial) {
    Grid grid = randomGrid(rng, trial % 3 == 0);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchOptions o;
    o.diagonal = kRules[trial % 4];
    o.smooth = true;
    auto r = s.find(grid, sx, sy, gx, gy, o);
    if (r.status != Status::Found || r.rawPath.empty()) continue;
    std::string why;
    const double raw = legalPathCost(grid, o.diagonal, r.rawPath, why);
    CHECK(r.cost <= raw + 1e-9);
    double sum = 0;
    for (std::size_t k = 2; k + 1 < r.path.size(); k += 2) {
      const double c =
          lineCost(grid, o.diagonal, r.path[k - 2], r.path[k - 1], r.path[k], r.path[k + 1]);
      CHECK(c > 0);
      sum += c;
    }
    CHECK(sum == Approx(r.cost));
  }
}

// Online pruning: a diagonal (4 neighbours: vertical) run pushes the jump points its corners
// find and marks the corner for the path walk. Under a weighted (inadmissible) heuristic a
// closed node can be reached again more cheaply, and the corners and nodes the walk expects
// hold other costs: the walk searches for the corner, and the path stays legal.
TEST_CASE("weighted jps on large random grids finds legal paths wherever A* finds one") {
  std::mt19937 rng(1402);
  std::uniform_real_distribution<double> unit(0, 1);
  Searcher s;
  int found = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::uniform_int_distribution<int> side(60, 160);
    Grid grid(side(rng), side(rng));
    const double walls = 0.02 + unit(rng) * 0.3;
    scatterWalls(grid, rng, walls);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    for (int query = 0; query < 10; ++query) {
      const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
      SearchOptions o;
      o.diagonal = query % 2 ? Diagonal::NoCorners : Diagonal::Never;
      o.algorithm = Algorithm::AStar;
      auto astar = s.find(grid, sx, sy, gx, gy, o);
      o.algorithm = Algorithm::JPS;
      o.weight = 1.5 + unit(rng) * 3;
      auto jps = s.find(grid, sx, sy, gx, gy, o);
      INFO("trial " << trial << " query " << query << " " << jps.error);
      REQUIRE(jps.ok());
      REQUIRE(jps.status == astar.status);
      if (jps.status != Status::Found) continue;
      ++found;
      CHECK(jps.cost >= astar.cost - 1e-9);
      std::string why;
      CHECK(legalPathCost(grid, o.diagonal, jps.path, why) == Approx(jps.cost).epsilon(1e-12));
      CHECK(why.empty());
    }
  }
  CHECK(found > 400);
}

// Against the plain Dijkstra of maps.hpp (referenceFrom), not A*: sparse walls and empty rooms
// up to 200 cells across, so runs cross several of the jumps' 56-cell blocks and the path walk
// goes back along long legs; random edits between queries, and now and then the unit stands on
// a cell just blocked (it walks off it).
TEST_CASE("with random edits between queries, jps costs what a plain Dijkstra does") {
  std::mt19937 rng(31);
  Searcher s;
  std::uniform_real_distribution<double> unit(0, 1);
  int found = 0;
  for (int map = 0; map < 16; ++map) {
    std::uniform_int_distribution<int> side(map < 4 ? 2 : 60, map < 4 ? 30 : 200);
    Grid grid(side(rng), side(rng));
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    scatterWalls(grid, rng, unit(rng) * 0.25);
    for (int room = 0; room < 3; ++room)  // open ground: long runs and long diagonals
      grid.fillRect(px(rng) / 2, py(rng) / 2, px(rng), py(rng), 0);
    for (int query = 0; query < 24; ++query) {
      if (query % 2 == 1) {
        for (int k = 0; k < 10; ++k) grid.set(px(rng), py(rng), unit(rng) < 0.5 ? 1 : 0);
      } else {
        grid.fillRect(px(rng) - 3, py(rng) - 3, px(rng) % 12, py(rng) % 12, unit(rng) < 0.5);
      }
      const int sx = px(rng), sy = py(rng);
      int gx = px(rng), gy = py(rng);
      if (query % 5 == 0) grid.set(sx, sy, 1);  // a unit on a cell just blocked
      if (!grid.passable(gx, gy)) grid.set(gx, gy, 0);
      if (gx == sx && gy == sy) continue;  // arrived: no search
      for (Diagonal rule : {Diagonal::NoCorners, Diagonal::Never}) {
        const std::vector<double> dist = testing::referenceFrom(grid, rule, sx, sy);
        SearchOptions o;
        o.algorithm = Algorithm::JPS;
        o.diagonal = rule;
        const SearchResult r = s.find(grid, sx, sy, gx, gy, o);
        INFO("map " << map << " query " << query << " rule " << static_cast<int>(rule) << " from "
                    << sx << "," << sy << " to " << gx << "," << gy);
        REQUIRE(r.algorithm == Algorithm::JPS);
        const double want = dist[grid.index(gx, gy)];
        if (std::isinf(want)) {
          CHECK(r.status == Status::None);
          continue;
        }
        REQUIRE(r.status == Status::Found);
        CHECK(r.cost == Approx(want).epsilon(1e-9));
        REQUIRE(r.path.size() >= 4);
        CHECK(r.path[0] == sx);
        CHECK(r.path[1] == sy);
        CHECK(r.path[r.path.size() - 2] == gx);
        CHECK(r.path.back() == gy);
        std::string why;
        CHECK(legalPathCost(grid, rule, r.path, why) == Approx(want).epsilon(1e-9));
        CHECK(why.empty());
        ++found;
      }
    }
  }
  CHECK(found > 300);
}
