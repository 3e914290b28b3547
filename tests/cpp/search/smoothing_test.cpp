#include "tilepath/smoothing.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "maps.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::drawn;
using tilepath::testing::pathText;

TEST_CASE("smoothing an open field leaves the two end points") {
  Grid grid(20, 10);
  Searcher s;
  SearchOptions o;
  o.smooth = true;
  auto r = s.find(grid, 0, 0, 19, 9, o);
  CHECK(pathText(r.path) == "0,0 19,9");
  CHECK(r.cost == Approx(std::hypot(19.0, 9.0)));
  CHECK(r.rawPath.size() == 2 * 29);
}

TEST_CASE("smoothing keeps the corner a wall forces") {
  Grid grid = drawn({
      "......",
      "####..",
      "......",
  });
  Searcher s;
  SearchOptions o;
  o.smooth = true;
  o.diagonal = Diagonal::NoCorners;
  auto r = s.find(grid, 0, 0, 0, 2, o);
  REQUIRE(r.status == Status::Found);
  // every segment is walkable under the corner rule
  for (std::size_t k = 2; k + 1 < r.path.size(); k += 2)
    CHECK(lineCost(grid, o.diagonal, r.path[k - 2], r.path[k - 1], r.path[k], r.path[k + 1]) > 0);
  CHECK(r.path.size() >= 6);  // it must bend around the wall's end
  SearchOptions raw = o;
  raw.smooth = false;
  CHECK(r.cost <= s.find(grid, 0, 0, 0, 2, raw).cost + 1e-9);
}

TEST_CASE("line of sight through a vertex obeys the corner rule") {
  Grid grid = drawn({
      ".#",
      "#.",
  });
  CHECK(lineCost(grid, Diagonal::NoCorners, 0, 0, 1, 1) == 0);
  CHECK(lineCost(grid, Diagonal::OneObstacle, 0, 0, 1, 1) == 0);
  CHECK(lineCost(grid, Diagonal::Always, 0, 0, 1, 1) == Approx(std::sqrt(2.0)));
  Grid one = drawn({
      ".#",
      "..",
  });
  CHECK(lineCost(one, Diagonal::NoCorners, 0, 0, 1, 1) == 0);
  CHECK(lineCost(one, Diagonal::OneObstacle, 0, 0, 1, 1) == Approx(std::sqrt(2.0)));
}

TEST_CASE("smoothing does not cut across a swamp when going around is cheaper") {
  Grid grid = drawn({
      ".......",
      "..222..",
      "..222..",
      ".......",
  });
  grid.setCost(2, 10);
  Searcher s;
  SearchOptions o;
  o.smooth = true;
  o.diagonal = Diagonal::NoCorners;
  auto r = s.find(grid, 0, 1, 6, 2, o);
  SearchOptions raw = o;
  raw.smooth = false;
  CHECK(r.cost <= s.find(grid, 0, 1, 6, 2, raw).cost + 1e-9);
  for (std::size_t k = 2; k + 1 < r.path.size(); k += 2) {
    const double c =
        lineCost(grid, o.diagonal, r.path[k - 2], r.path[k - 1], r.path[k], r.path[k + 1]);
    const double length = std::hypot(r.path[k] - r.path[k - 2], r.path[k + 1] - r.path[k - 1]);
    CHECK(c == Approx(length));  // every segment stays on cost-1 ground
  }
}
