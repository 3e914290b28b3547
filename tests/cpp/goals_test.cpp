#include <catch2/catch.hpp>

#include "maps.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::drawn;
using tilepath::testing::pathText;

TEST_CASE("adjacent goal: stop beside a blocked chest and face it") {
  Grid grid = drawn({
      ".....",
      "...#.",
      ".....",
  });
  Searcher s;
  SearchOptions o;
  o.goal = GoalMode::Adjacent;
  auto r = s.find(grid, 0, 1, 3, 1, o);  // (3,1) is the chest
  REQUIRE(r.status == Status::Found);
  CHECK(pathText(r.path) == "0,1 1,1 2,1");
  CHECK(r.endX == 2);
  CHECK(r.faceX == 1);
  CHECK(r.faceY == 0);
  CHECK(r.cost == 2);
}

TEST_CASE("adjacent goal picks the cheapest reachable side of a door") {
  Grid grid = drawn({
      "..#..",
      "..#..",
      "..#..",
      ".....",
  });
  // The door at (2,1) can be reached from the left (1,1) or the right (3,1).
  Searcher s;
  SearchOptions o;
  o.goal = GoalMode::Adjacent;
  auto fromRight = s.find(grid, 4, 0, 2, 1, o);
  CHECK(fromRight.endX == 3);
  CHECK(fromRight.faceX == -1);
  auto fromLeft = s.find(grid, 0, 3, 2, 1, o);
  CHECK(fromLeft.endX == 1);
  CHECK(fromLeft.endY == 1);
  CHECK(fromLeft.faceX == 1);
}

TEST_CASE("adjacent goal with diagonals may stop on a corner unless the corner rule forbids it") {
  Grid grid = drawn({
      "...",
      ".#.",
      "...",
  });
  Searcher s;
  SearchOptions o;
  o.goal = GoalMode::Adjacent;
  o.diagonal = Diagonal::NoCorners;
  auto r = s.find(grid, 0, 0, 1, 1, o);  // already diagonal to the NPC at (1,1)
  CHECK(pathText(r.path) == "0,0");      // standing there is fine: both side cells are free
  CHECK(r.faceX == 1);
  CHECK(r.faceY == 1);
  grid.set(1, 0, 1);  // now the corner is cut off by a wall
  auto walled = s.find(grid, 0, 0, 1, 1, o);
  CHECK(pathText(walled.path) == "0,0 0,1");
  CHECK(walled.faceX == 1);
  CHECK(walled.faceY == 0);
}

TEST_CASE("nearest goal: an unreachable goal leads to the reachable cell nearest to it") {
  Grid grid = drawn({
      "......#...",
      "......#...",
      "......#...",
  });
  Searcher s;
  SearchOptions o;
  o.goal = GoalMode::Nearest;
  auto r = s.find(grid, 0, 0, 8, 2, o);
  CHECK(r.status == Status::Found);
  CHECK(r.endX == 5);
  CHECK(r.endY == 2);
  CHECK(r.faceX == 1);
  auto reachable = s.find(grid, 0, 0, 4, 1, o);
  CHECK(reachable.endX == 4);
  CHECK(reachable.faceX == 0);
}
