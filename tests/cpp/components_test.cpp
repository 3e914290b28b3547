// canReach against a flood fill, through thousands of random edits that open and close cells.
#include "tilepath/components.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "maps.hpp"
#include "tilepath/fields.hpp"

using namespace tilepath;
using tilepath::testing::drawn;
using tilepath::testing::scatterWalls;

namespace {

// Cells a unit at `start` can reach, flooding with the rule's own steps (the start may be
// blocked: it steps out as findPath does).
std::vector<bool> floodFrom(const Grid& grid, Diagonal rule, int start) {
  std::vector<bool> seen(grid.size(), false);
  std::vector<int> todo{start};
  seen[start] = true;
  while (!todo.empty()) {
    const int c = todo.back();
    todo.pop_back();
    forEachStep(grid, rule, c % grid.width(), c / grid.width(), [&](int n, double, uint8_t) {
      if (!seen[n]) seen[n] = true, todo.push_back(n);
    });
  }
  return seen;
}

// Sets a cell and tells the components, as the bindings' grid wrapper does.
void edit(Grid& grid, Components& components, int cell, uint8_t cls) {
  const bool was = grid.passable(cell);
  grid.set(cell % grid.width(), cell / grid.width(), cls);
  components.cellChanged(cell, was, grid.passable(cell));
}

}  // namespace

TEST_CASE("canReach tells islands apart, squeezing between corners only under always") {
  Grid grid = drawn({
      "..#..",
      "..#..",
      "###..",
      "...#.",
  });
  Components components(grid);
  CHECK(components.canReach(0, grid.index(1, 1), Diagonal::Never));
  CHECK_FALSE(components.canReach(0, grid.index(3, 0), Diagonal::Never));
  CHECK_FALSE(components.canReach(0, grid.index(3, 0), Diagonal::OneObstacle));
  // (2,3) squeezes past the corner of (3,2)/(2,2) only when diagonals ignore their sides.
  CHECK_FALSE(components.canReach(grid.index(2, 3), grid.index(3, 2), Diagonal::NoCorners));
  CHECK(components.canReach(grid.index(2, 3), grid.index(3, 2), Diagonal::Always));
  CHECK_FALSE(components.canReach(0, grid.index(2, 0), Diagonal::Never));  // a wall is no goal
}

TEST_CASE("opening a door joins two rooms and closing it parts them again") {
  Grid grid = drawn({
      "..#..",
      "..#..",
  });
  Components components(grid);
  const int door = grid.index(2, 1);
  CHECK_FALSE(components.canReach(0, 4, Diagonal::Never));
  edit(grid, components, door, 0);
  CHECK(components.canReach(0, 4, Diagonal::Never));
  edit(grid, components, door, 1);
  CHECK_FALSE(components.canReach(0, 4, Diagonal::Never));
}

TEST_CASE("closing a cell inside a room costs no flood") {
  Grid grid(64, 64);
  Components components(grid);
  CHECK(components.canReach(0, grid.size() - 1, Diagonal::Never));
  const uint64_t built = components.cellsFlooded();
  CHECK(built == 64 * 64);
  edit(grid, components, grid.index(30, 30), 1);
  edit(grid, components, grid.index(31, 30), 1);
  CHECK(components.canReach(0, grid.size() - 1, Diagonal::Never));
  CHECK(components.cellsFlooded() == built);
  // A wall across the map cuts it: one flood of the two halves at the next query.
  for (int y = 0; y < 64; ++y) edit(grid, components, grid.index(10, y), 1);
  CHECK_FALSE(components.canReach(0, grid.size() - 1, Diagonal::Never));
  CHECK(components.cellsFlooded() == built + 64 * 64 - 64 - 2);
}

TEST_CASE("canReach agrees with a flood fill through thousands of random edits") {
  std::mt19937 rng(77);
  int reachable = 0, unreachable = 0;
  for (int trial = 0; trial < 12; ++trial) {
    Grid grid(24 + trial, 20);
    std::uniform_real_distribution<double> unit(0, 1);
    const double walls = 0.25 + 0.03 * trial;
    scatterWalls(grid, rng, walls);
    Components components(grid);
    std::uniform_int_distribution<int> cell(0, grid.size() - 1);
    for (int step = 0; step < 400; ++step) {
      for (int e = 0, edits = 1 + step % 3; e < edits; ++e)
        edit(grid, components, cell(rng), unit(rng) < walls ? 1 : 0);
      if (step % 97 == 0) {  // a whole class changes: everything is labelled again
        grid.setCost(1, step % 2 ? 2.0 : 0.0);
        components.reset();
      }
      const Diagonal rule = static_cast<Diagonal>(step % 4);
      const int start = cell(rng);
      const std::vector<bool> seen = floodFrom(grid, rule, start);
      for (int probe = 0; probe < 4; ++probe) {
        const int goal = cell(rng);
        const bool expected = grid.passable(goal) && seen[goal];
        INFO("trial " << trial << " step " << step << " rule " << static_cast<int>(rule));
        REQUIRE(components.canReach(start, goal, rule) == expected);
        ++(expected ? reachable : unreachable);
      }
    }
  }
  CHECK(reachable > 2000);
  CHECK(unreachable > 2000);
}
