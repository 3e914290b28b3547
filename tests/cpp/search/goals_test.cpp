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

TEST_CASE("a start on its goal has arrived: one cell, cost 0, whatever the cell holds") {
  Grid grid = drawn({
      "#..",
      "...",
  });
  Searcher s;
  for (GoalMode goal : {GoalMode::Exact, GoalMode::Adjacent, GoalMode::Nearest}) {
    for (Algorithm algorithm : {Algorithm::AStar, Algorithm::JPS, Algorithm::BFS}) {
      SearchOptions o;
      o.goal = goal;
      o.algorithm = algorithm;
      INFO("goal " << static_cast<int>(goal) << " algorithm " << static_cast<int>(algorithm));
      auto blocked = s.find(grid, 0, 0, 0, 0, o);  // the unit stands on a cell just walled
      CHECK(blocked.status == Status::Found);
      CHECK(blocked.reason == Reason::None);
      CHECK(pathText(blocked.path) == "0,0");
      CHECK(blocked.cost == 0);
      CHECK(blocked.endX == 0);
      CHECK(blocked.endY == 0);
      auto open = s.find(grid, 2, 1, 2, 1, o);
      CHECK(open.status == Status::Found);
      CHECK(pathText(open.path) == "2,1");
    }
  }
}

TEST_CASE("walled in, partial and nearest give the start alone; exact gives none") {
  // The unit stands on a blocked cell with every neighbour blocked too.
  Grid walled = drawn({
      "#####",
      "#####",
      "#####",
  });
  Searcher s;
  SearchOptions o;
  o.diagonal = Diagonal::NoCorners;
  o.goal = GoalMode::Nearest;
  auto nearest = s.find(walled, 1, 1, 4, 2, o);
  CHECK(nearest.status == Status::Found);
  CHECK(pathText(nearest.path) == "1,1");
  o.goal = GoalMode::Exact;
  o.partial = true;
  auto partial = s.find(walled, 1, 1, 4, 2, o);
  CHECK(partial.status == Status::Partial);
  CHECK(partial.reason == Reason::GoalBlocked);
  CHECK(pathText(partial.path) == "1,1");
  CHECK(partial.cost == 0);
  o.partial = false;
  auto exact = s.find(walled, 1, 1, 4, 2, o);
  CHECK(exact.status == Status::None);
  CHECK(exact.reason == Reason::GoalBlocked);
}

TEST_CASE("freeing a cell nobody can reach changes no answer") {
  const Grid allBlocked = drawn({
      "#####",
      "#####",
      "#####",
  });
  Grid oneFree = allBlocked;
  oneFree.set(4, 0, 0);  // far from the walled-in start at (1,1): unreachable
  Searcher s;
  for (GoalMode goal : {GoalMode::Exact, GoalMode::Adjacent, GoalMode::Nearest}) {
    for (bool partial : {false, true}) {
      for (Algorithm algorithm : {Algorithm::AStar, Algorithm::JPS, Algorithm::Dijkstra}) {
        SearchOptions o;
        o.goal = goal;
        o.partial = partial;
        o.algorithm = algorithm;
        for (auto [gx, gy] : {std::pair{1, 1}, std::pair{3, 2}, std::pair{4, 0}}) {
          INFO("goal mode " << static_cast<int>(goal) << " partial " << partial << " algorithm "
                            << static_cast<int>(algorithm) << " goal " << gx << "," << gy);
          auto before = s.find(allBlocked, 1, 1, gx, gy, o);
          auto after = s.find(oneFree, 1, 1, gx, gy, o);
          CHECK(after.status == before.status);
          CHECK(pathText(after.path) == pathText(before.path));
          CHECK(after.cost == before.cost);
          if (gx == 4) {  // the freed cell itself is the goal: it is still out of reach
            CHECK(after.reason ==
                  (before.status == Status::Found ? Reason::None : Reason::Unreachable));
          } else {
            CHECK(after.reason == before.reason);
          }
        }
      }
    }
  }
}

TEST_CASE("a result says why it has no path to the goal") {
  Grid grid = drawn({
      "..#..",
      "..#.#",
      "..#..",
  });
  Searcher s;
  SearchOptions o;
  CHECK(s.find(grid, 0, 0, 1, 2, o).reason == Reason::None);
  auto walledOff = s.find(grid, 0, 0, 4, 0, o);
  CHECK(walledOff.status == Status::None);
  CHECK(walledOff.reason == Reason::Unreachable);
  auto onWall = s.find(grid, 0, 0, 4, 1, o);
  CHECK(onWall.status == Status::None);
  CHECK(onWall.reason == Reason::GoalBlocked);
  o.maxExpansions = 2;
  auto budget = s.find(grid, 0, 0, 1, 2, o);
  CHECK(budget.status == Status::None);
  CHECK(budget.reason == Reason::Budget);
  o.partial = true;
  auto partial = s.find(grid, 0, 0, 1, 2, o);
  CHECK(partial.status == Status::Partial);
  CHECK(partial.reason == Reason::Budget);
  CHECK(kReasonNames[static_cast<int>(Reason::GoalBlocked)] == "goalBlocked");
}

TEST_CASE("a result names the algorithm that ran: bfs and jps give way to A* where they must") {
  Grid grid = drawn({
      "......",
      ".2222.",
      "......",
  });
  Searcher s;
  SearchOptions o;
  o.diagonal = Diagonal::NoCorners;
  o.algorithm = Algorithm::JPS;
  CHECK(s.find(grid, 0, 0, 5, 2, o).algorithm == Algorithm::JPS);
  o.goal = GoalMode::Adjacent;
  CHECK(s.find(grid, 0, 0, 5, 2, o).algorithm == Algorithm::AStar);
  o.goal = GoalMode::Exact;
  o.diagonal = Diagonal::Always;
  CHECK(s.find(grid, 0, 0, 5, 2, o).algorithm == Algorithm::AStar);
  o.algorithm = Algorithm::BFS;
  CHECK(s.find(grid, 0, 0, 5, 2, o).algorithm == Algorithm::BFS);
  o.algorithm = Algorithm::Dijkstra;
  CHECK(s.find(grid, 0, 0, 5, 2, o).algorithm == Algorithm::Dijkstra);
  grid.setCost(2, 3);  // the swamp makes the table weighted
  o.diagonal = Diagonal::NoCorners;
  // bfs runs A* there; jps runs weighted jump points (weighted_jump_point.cpp, issue 31).
  for (Algorithm a : {Algorithm::JPS, Algorithm::BFS, Algorithm::AStar}) {
    o.algorithm = a;
    CHECK(s.find(grid, 0, 0, 5, 2, o).algorithm ==
          (a == Algorithm::JPS ? Algorithm::JPS : Algorithm::AStar));
  }
}

TEST_CASE("jps with partial ends on the reached cell closest to the goal, as A* does") {
  // A corridor ends at a wall: jump point search expands only the start, but scans to (9,0).
  Grid corridor = drawn({"..........#..."});
  Searcher s;
  SearchOptions o;
  o.partial = true;
  for (Diagonal d : {Diagonal::Never, Diagonal::NoCorners}) {
    o.diagonal = d;
    o.algorithm = Algorithm::AStar;
    auto astar = s.find(corridor, 0, 0, 13, 0, o);
    o.algorithm = Algorithm::JPS;
    auto jps = s.find(corridor, 0, 0, 13, 0, o);
    REQUIRE(jps.algorithm == Algorithm::JPS);
    CHECK(jps.status == Status::Partial);
    CHECK(jps.reason == Reason::Unreachable);
    CHECK(pathText(jps.path) == pathText(astar.path));
    CHECK(jps.endX == 9);
    CHECK(jps.cost == 9);
  }
  // In a room, the closest cell is passed over by a diagonal run and then a straight one.
  Grid room = drawn({
      "........#..",
      "........#..",
      "........#..",
      "........#..",
      "........#..",
  });
  o.diagonal = Diagonal::NoCorners;
  o.algorithm = Algorithm::AStar;
  auto astar = s.find(room, 0, 0, 10, 3, o);
  o.algorithm = Algorithm::JPS;
  auto jps = s.find(room, 0, 0, 10, 3, o);
  CHECK(jps.endX == 7);
  CHECK(jps.endY == 3);
  CHECK(jps.endX == astar.endX);
  CHECK(jps.endY == astar.endY);
  CHECK(jps.cost == Approx(astar.cost));
  std::string why;
  CHECK(tilepath::testing::legalPathCost(room, o.diagonal, jps.path, why) == Approx(jps.cost));
}
