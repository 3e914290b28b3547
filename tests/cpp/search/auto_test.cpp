// Algorithm::Auto, the default: which search it resolves to under each condition, and that the
// default's answers are optimal (an independent Dijkstra on random maps with edits; the Moving
// AI scenarios are in movingai_test.cpp).
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "maps.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/search_task.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using namespace tilepath::testing;

namespace {

// An open 16 x 12 room with a wall in it: jump points apply unless the options say otherwise.
Grid room(GridShape shape = {}) {
  Grid grid(16, 12, shape);
  grid.fillRect(6, 2, 1, 8, 1);
  return grid;
}

// What ran for `o` on `grid`, checked three ways alike: algorithmThatRuns, the result of a
// search, and a sliced task's (the same choice everywhere, so the same path).
Algorithm ran(const Grid& grid, const SearchOptions& o) {
  const Algorithm chosen = algorithmThatRuns(grid, o);
  Searcher s;
  SearchResult r;
  s.find(grid, 1, 1, 14, 10, o, r);
  INFO(r.error);
  REQUIRE(r.ok());
  CHECK(r.algorithm == chosen);
  SearchTask task(grid, 1, 1, 14, 10, o);
  while (!task.step(3)) {
  }
  REQUIRE(task.result().ok());
  CHECK(task.result().algorithm == chosen);
  CHECK(pathText(task.result().path) == pathText(r.path));
  CHECK(chosen != Algorithm::Auto);
  return chosen;
}

}  // namespace

TEST_CASE("auto is the default, and a name like the others", "[auto]") {
  CHECK(SearchOptions{}.algorithm == Algorithm::Auto);
  Algorithm a = Algorithm::AStar;
  REQUIRE(parseAlgorithm("auto", a));
  CHECK(a == Algorithm::Auto);
  CHECK(optionValuesJson().find(R"("algorithm":{"values":["astar","bfs","dijkstra","jps","hpa",)"
                                R"("auto"],"default":"auto"})") != std::string::npos);
  CHECK(validateOptions(SearchOptions{}).empty());
}

TEST_CASE("auto runs jps where jump points are exact and apply, A* everywhere else", "[auto]") {
  const Grid open = room();
  SearchOptions o;  // auto, 4 neighbours, exact goal
  CHECK(ran(open, o) == Algorithm::JPS);
  o.diagonal = Diagonal::NoCorners;
  CHECK(ran(open, o) == Algorithm::JPS);

  SECTION("diagonal rules jump points do not cover") {
    for (Diagonal d : {Diagonal::OneObstacle, Diagonal::Always}) {
      o.diagonal = d;
      CHECK(ran(open, o) == Algorithm::AStar);
    }
  }
  SECTION("goal modes other than exact") {
    for (GoalMode g : {GoalMode::Adjacent, GoalMode::Nearest}) {
      o.goal = g;
      CHECK(ran(open, o) == Algorithm::AStar);
    }
  }
  SECTION("weighted (not exact)") {
    o.weight = 1.5;
    CHECK(ran(open, o) == Algorithm::AStar);
  }
  SECTION("heuristics: any that never overestimates") {
    for (Heuristic h : {Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean}) {
      o.heuristic = h;
      CHECK(ran(open, o) == Algorithm::JPS);
    }
    o.heuristic = Heuristic::Manhattan;  // overestimates a diagonal step
    CHECK(ran(open, o) == Algorithm::AStar);
    o.diagonal = Diagonal::Never;  // exact with 4 neighbours
    CHECK(ran(open, o) == Algorithm::JPS);
  }
  SECTION("a budget") {
    o.maxExpansions = 100000;
    CHECK(ran(open, o) == Algorithm::AStar);
  }
  SECTION("trace, partial, smooth and includeStart do not change the choice") {
    o.trace = true;
    CHECK(ran(open, o) == Algorithm::JPS);
    o.trace = false;
    o.partial = true;
    CHECK(ran(open, o) == Algorithm::JPS);
    o.smooth = true;
    o.includeStart = false;
    CHECK(ran(open, o) == Algorithm::JPS);
  }
  SECTION("costs: uniform over the classes present") {
    Grid grid = room();
    grid.setCost(2, 1);
    grid.fillRect(0, 0, 16, 1, 2);  // a second class at the same cost: still uniform
    grid.setCost(3, 5);             // a dearer class nowhere on the map
    CHECK(ran(grid, o) == Algorithm::JPS);
    grid.set(3, 5, 3);  // now present: weighted
    CHECK(ran(grid, o) == Algorithm::AStar);
    grid.set(3, 5, 0);
    CHECK(ran(grid, o) == Algorithm::JPS);
    grid.setCost(0, 2);  // every passable class at 2 but class 2 at 1: weighted
    CHECK(ran(grid, o) == Algorithm::AStar);
    grid.setCost(2, 2);  // all at 2: uniform again
    CHECK(ran(grid, o) == Algorithm::JPS);
  }
  SECTION("entry rules and links") {
    Grid grid = room();
    grid.fillRect(10, 3, 2, 2, 4);
    grid.setCost(4, 1);
    REQUIRE(grid.setEntry(4, uint8_t{1}).empty());  // from the left only
    CHECK(ran(grid, o) == Algorithm::AStar);
    REQUIRE(grid.setEntry(4, MovementRules::kAnyDirection).empty());
    CHECK(ran(grid, o) == Algorithm::JPS);
    int32_t id = 0;  // the grid picks it
    REQUIRE(grid.addLink(2, 2, 12, 9, 1, false, id).empty());
    CHECK(ran(grid, o) == Algorithm::AStar);
  }
  SECTION("shapes: staggered and hexagonal run A*; isometric is square") {
    const GridShape shapes[] = {
        {Orientation::Staggered, StaggerAxis::Y, StaggerIndex::Odd},
        {Orientation::Hexagonal, StaggerAxis::X, StaggerIndex::Even},
    };
    for (const GridShape& shape : shapes) CHECK(ran(room(shape), o) == Algorithm::AStar);
    CHECK(ran(room({Orientation::Isometric}), o) == Algorithm::JPS);
  }
  SECTION("explicit algorithms are kept") {
    for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::BFS, Algorithm::JPS}) {
      o.algorithm = a;
      CHECK(ran(open, o) == a);
    }
  }
}

TEST_CASE("auto runs jps for big units too, on their position grid", "[auto]") {
  Grid grid = room();
  Footprints fp(grid);
  Searcher s;
  for (Diagonal d : {Diagonal::Never, Diagonal::NoCorners, Diagonal::Always}) {
    SearchOptions o;
    o.diagonal = d;
    o.unitSize = 2;
    const SearchResult r = s.find(fp, 1, 1, 13, 9, o);
    REQUIRE(r.ok());
    CHECK(r.status == Status::Found);
    CHECK(r.algorithm == algorithmThatRuns(*fp.positions(2), o));
    CHECK(r.algorithm == (d == Diagonal::Always ? Algorithm::AStar : Algorithm::JPS));
    o.algorithm = Algorithm::AStar;
    CHECK(s.find(fp, 1, 1, 13, 9, o).cost == Approx(r.cost).epsilon(1e-12));
  }
}

TEST_CASE("the default's cost is the optimal one on random maps with random edits", "[auto]") {
  std::mt19937 rng(3101);
  std::uniform_real_distribution<double> unit(0, 1);
  Searcher s;  // one searcher across grids, edits and algorithms, as the bindings share one
  const Diagonal rules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                            Diagonal::Always};
  int found = 0, jps = 0, astar = 0;
  for (int map = 0; map < 16; ++map) {
    std::uniform_int_distribution<int> side(2, 90);
    Grid grid(side(rng), side(rng));
    grid.setCost(2, 1);
    scatterWalls(grid, rng, 0.1 + 0.3 * unit(rng));
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    for (int query = 0; query < 50; ++query) {
      switch (query % 5) {  // an edit between queries; class 2's cost makes the map weighted
        case 0:
          for (int k = 0; k < 15; ++k) grid.set(px(rng), py(rng), unit(rng) < 0.4 ? 1 : 2);
          break;
        case 1:
          grid.fillRect(px(rng) - 2, py(rng) - 2, px(rng) % 7, py(rng) % 7, unit(rng) < 0.5);
          break;
        case 2:
          grid.setCost(2, unit(rng) < 0.5 ? 1 : 1 + 4 * unit(rng));
          break;
        default:
          break;
      }
      const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
      SearchOptions o;
      o.diagonal = rules[query % 4];
      const SearchResult r = s.find(grid, sx, sy, gx, gy, o);
      INFO("map " << map << " query " << query << " diagonal " << static_cast<int>(o.diagonal));
      REQUIRE(r.ok());
      const bool jumpPoints = grid.uniformCost() &&
                              (o.diagonal == Diagonal::Never || o.diagonal == Diagonal::NoCorners);
      CHECK(r.algorithm == (jumpPoints ? Algorithm::JPS : Algorithm::AStar));
      (r.algorithm == Algorithm::JPS ? jps : astar)++;
      const std::vector<double> dist = referenceFrom(grid, o.diagonal, sx, sy);
      const double best = dist[grid.index(gx, gy)];
      const bool reachable = grid.passable(gx, gy) && std::isfinite(best);
      REQUIRE((r.status == Status::Found) == (reachable || (sx == gx && sy == gy)));
      if (r.status != Status::Found || (sx == gx && sy == gy)) continue;
      ++found;
      CHECK(r.cost == Approx(best).epsilon(1e-9));
      std::string why;
      CHECK(legalPathCost(grid, o.diagonal, r.path, why) == Approx(r.cost).epsilon(1e-9));
      CHECK(why.empty());
    }
  }
  CHECK(found > 300);
  CHECK(jps > 100);
  CHECK(astar > 100);
}
