// The open list (SearchRun's 4-ary heap, whose root is reused by the next push) against the
// tests' plain Dijkstra (maps.hpp: its own neighbour rule and std::priority_queue): on random
// grids, with random edits between queries, every algorithm on one Searcher costs what it costs.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "maps.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::legalPathCost;
using tilepath::testing::referenceFrom;
using tilepath::testing::scatterWalls;

namespace {

const Diagonal kRules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                           Diagonal::Always};

}  // namespace

TEST_CASE("the open list: every algorithm costs what a plain Dijkstra costs, edits between") {
  std::mt19937 rng(20261130);
  std::uniform_real_distribution<double> unit(0, 1);
  Searcher searcher;  // one searcher throughout: its state carries over between queries
  int found = 0, compared = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const bool weighted = trial % 3 == 0;
    Grid grid(8 + static_cast<int>(unit(rng) * 56), 8 + static_cast<int>(unit(rng) * 56));
    const double density = unit(rng) * 0.35;
    for (int y = 0; y < grid.height(); ++y)
      for (int x = 0; x < grid.width(); ++x) {
        const double r = unit(rng);
        grid.set(x, y, r < density ? 1 : weighted ? static_cast<uint8_t>(2 + r * 40) % 4 : 0);
      }
    if (weighted)
      for (int c : {0, 2, 3}) grid.setCost(c, 0.5 + unit(rng) * 4);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    for (int query = 0; query < 12; ++query) {
      // A few cells change between queries.
      for (int e = 0; e < 6; ++e) grid.set(px(rng), py(rng), unit(rng) < 0.5 ? 1 : 0);
      const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
      const Diagonal rule = kRules[(trial + query) % 4];
      const double expected = referenceFrom(grid, rule, sx, sy)[grid.index(gx, gy)];
      for (Algorithm algorithm :
           {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::JPS, Algorithm::BFS}) {
        SearchOptions o;
        o.algorithm = algorithm;
        o.diagonal = rule;
        const SearchResult r = searcher.find(grid, sx, sy, gx, gy, o);
        INFO("trial " << trial << " query " << query << " algorithm " << static_cast<int>(algorithm)
                      << " rule " << static_cast<int>(rule) << " ran "
                      << static_cast<int>(r.algorithm));
        REQUIRE(r.ok());
        const bool exactAlgorithm = r.algorithm != Algorithm::BFS || grid.uniformCost();
        if (!exactAlgorithm) continue;  // bfs on a weighted table counts steps, not costs
        ++compared;
        if (!std::isfinite(expected)) {
          CHECK(r.status != Status::Found);
          continue;
        }
        REQUIRE(r.status == Status::Found);
        ++found;
        CHECK(r.cost == Approx(expected).epsilon(1e-9));
        std::string why;
        CHECK(legalPathCost(grid, rule, r.path, why) == Approx(r.cost).epsilon(1e-12));
        CHECK(why.empty());
      }
    }
  }
  CHECK(compared > 1500);
  CHECK(found > 1000);  // the sample must exercise found paths
}

TEST_CASE("the open list: weighted A* (pushes below the popped cost) stays legal and bounded") {
  // With weight > 1 the heuristic is no longer consistent: a neighbour's f may fall below the
  // f of the cell just popped, which sits closed at the root. Paths must stay legal and within
  // the weight of the optimum.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(0, 1);
  Searcher searcher;
  int found = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Grid grid(10 + static_cast<int>(unit(rng) * 50), 10 + static_cast<int>(unit(rng) * 50));
    scatterWalls(grid, rng, 0.25);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchOptions o;
    o.diagonal = kRules[trial % 4];
    o.weight = 1 + unit(rng) * 3;
    const double optimum = referenceFrom(grid, o.diagonal, sx, sy)[grid.index(gx, gy)];
    const SearchResult r = searcher.find(grid, sx, sy, gx, gy, o);
    INFO("trial " << trial << " weight " << o.weight);
    REQUIRE(r.ok());
    REQUIRE((r.status == Status::Found) == std::isfinite(optimum));
    if (r.status != Status::Found) continue;
    ++found;
    std::string why;
    CHECK(legalPathCost(grid, o.diagonal, r.path, why) == Approx(r.cost).epsilon(1e-12));
    CHECK(why.empty());
    CHECK(r.cost <= o.weight * optimum + 1e-9);
  }
  CHECK(found > 100);
}
