// canReach against a flood fill, through thousands of random edits that open and close cells.
#include "tilepath/components.hpp"

#include <catch2/catch.hpp>
#include <functional>
#include <random>

#include "maps.hpp"
#include "shape_reference.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/footprints.hpp"

using namespace tilepath;
using tilepath::testing::drawn;
using tilepath::testing::Move;
using tilepath::testing::referenceMoves;
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
        // A unit stands where it is, blocked or not (findPath finds start == goal at cost 0).
        const bool expected = goal == start || (grid.passable(goal) && seen[goal]);
        INFO("trial " << trial << " step " << step << " rule " << static_cast<int>(rule));
        REQUIRE(components.canReach(start, goal, rule) == expected);
        ++(expected ? reachable : unreachable);
      }
    }
  }
  CHECK(reachable > 2000);
  CHECK(unreachable > 2000);
}

// --- Exactness after every edit (issue 33, item 2) ---

namespace {

// The reference's own idea of where a unit may step between open positions of a square grid:
// straight always, diagonally as the rule says, judged on the two side positions.
bool referenceStep(const std::function<bool(int, int)>& open, Diagonal rule, int x, int y, int dx,
                   int dy) {
  if (!open(x + dx, y + dy)) return false;
  if (dx == 0 || dy == 0) return true;
  const bool a = open(x + dx, y), b = open(x, y + dy);
  switch (rule) {
    case Diagonal::Always:
      return true;
    case Diagonal::OneObstacle:
      return a || b;
    case Diagonal::NoCorners:
      return a && b;
    default:
      return false;
  }
}

// Component numbers of the open positions of a pw x ph position grid (-1 where closed), by a
// flood with the reference's steps; `open` answers from the cells alone.
std::vector<int> referenceComponents(const GridShape& shape, Diagonal rule, int pw, int ph,
                                     const std::function<bool(int, int)>& open, int* count) {
  std::vector<int> id(static_cast<std::size_t>(pw) * ph, -1);
  *count = 0;
  for (int start = 0; start < pw * ph; ++start) {
    if (id[start] >= 0 || !open(start % pw, start / pw)) continue;
    std::vector<int> todo{start};
    id[start] = *count;
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      const int x = c % pw, y = c / pw;
      auto reach = [&](int nx, int ny) {
        if (nx < 0 || ny < 0 || nx >= pw || ny >= ph || id[ny * pw + nx] >= 0) return;
        id[ny * pw + nx] = *count;
        todo.push_back(ny * pw + nx);
      };
      if (shape.square()) {
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            if ((dx || dy) && referenceStep(open, rule, x, y, dx, dy)) reach(x + dx, y + dy);
      } else {
        for (const Move& m : referenceMoves(shape, rule, x, y, open)) reach(m.to.x, m.to.y);
      }
    }
    ++*count;
  }
  return id;
}

// Whether the labels (asked through a copy, so that the queries' repairs leave the original as
// the edits left it) partition the open positions exactly as the reference does. Counts the
// pairs checked.
bool sameComponents(const Components& labels, Diagonal rule, const std::vector<int>& expected,
                    int count, int* pairs) {
  Components probe = labels;
  std::vector<int> first(count, -1);
  for (int c = 0; c < static_cast<int>(expected.size()); ++c) {
    if (expected[c] < 0) continue;
    if (first[expected[c]] < 0) first[expected[c]] = c;
    if (!probe.canReach(first[expected[c]], c, rule)) return false;
    ++*pairs;
  }
  for (int a = 0; a < count; ++a)
    for (int b = a + 1; b < count; ++b, ++*pairs)
      if (probe.canReach(first[a], first[b], rule)) return false;
  return true;
}

}  // namespace

TEST_CASE("a corridor closed at its middle and then beside it stays cut") {
  // Closing (3,1) cuts; closing (2,1) and (4,1) next is harmless alone, but leaves no open cell
  // beside the cut to flood from.
  for (Diagonal rule : {Diagonal::Never, Diagonal::NoCorners, Diagonal::Always}) {
    Grid grid = drawn({
        "#######",
        ".......",
        "#######",
    });
    Components components(grid);
    REQUIRE(components.canReach(grid.index(0, 1), grid.index(6, 1), rule));
    for (int x : {3, 2, 4}) edit(grid, components, grid.index(x, 1), 1);
    CHECK_FALSE(components.canReach(grid.index(0, 1), grid.index(6, 1), rule));
    CHECK(components.canReach(grid.index(0, 1), grid.index(1, 1), rule));
  }
}

TEST_CASE("one tile closed under a big unit parts all four arms of a crossing") {
  // Two corridors n tiles wide cross; the tile at the crossing's bottom-right corner closes the
  // positions on it one after another: the first one cuts, the next ones (harmless alone) close
  // the only seeds of the right and lower arms.
  for (Diagonal rule : {Diagonal::Never, Diagonal::Always}) {
    for (int n = 2; n <= 4; ++n) {
      const int arm = 3, side = 2 * arm + n, c = arm;
      Grid grid(side, side);
      grid.fillRect(0, 0, side, side, 1);
      grid.fillRect(0, c, side, n, 0);
      grid.fillRect(c, 0, n, side, 0);
      Footprints footprints(grid);
      const Grid& positions = *footprints.positions(n);
      const int right = positions.index(side - n, c), down = positions.index(c, side - n);
      const int left = positions.index(0, c);
      INFO("size " << n << " rule " << static_cast<int>(rule));
      REQUIRE(footprints.components(n)->canReach(right, down, rule));
      grid.set(c + n - 1, c + n - 1, 1);
      CHECK_FALSE(footprints.components(n)->canReach(right, down, rule));
      CHECK_FALSE(footprints.components(n)->canReach(left, right, rule));
      grid.set(c + n - 1, c + n - 1, 0);
      CHECK(footprints.components(n)->canReach(right, down, rule));
    }
  }
}

TEST_CASE("labels partition the positions like a flood after every edit of every kind") {
  std::mt19937 rng(33);
  const GridShape shaped[] = {
      {},
      {Orientation::Staggered, StaggerAxis::Y, StaggerIndex::Odd},
      {Orientation::Hexagonal, StaggerAxis::X, StaggerIndex::Even},
  };
  int edits = 0, pairs = 0, cuts = 0, slices = 0;
  for (int trial = 0; trial < 48; ++trial) {
    const GridShape shape = shaped[trial % 3 == 0 ? 0 : trial % 6 < 3 ? 1 : 2];
    const int n = shape.square() ? 1 + trial % 4 : 1;
    const Diagonal rule = static_cast<Diagonal>(trial / 3 % 4);
    Grid grid(14 + trial % 5, 12 + trial % 3, shape);
    scatterWalls(grid, rng, n == 1 ? 0.3 : 0.12);
    grid.setCost(2, 1.0);  // class 2: open until the table says otherwise
    Footprints footprints(grid);
    WatchedComponents watched(grid);
    auto labels = [&]() -> Components& {
      return n == 1 ? watched.components() : *footprints.components(n);
    };
    std::uniform_int_distribution<int> x(0, grid.width() - 1), y(0, grid.height() - 1);
    std::uniform_int_distribution<int> kind(0, 99);
    for (int step = 0; step < 150; ++step) {
      const int k = kind(rng);
      if (k < 60) {  // one cell: a wall, a floor, or class 2
        grid.set(x(rng), y(rng), static_cast<uint8_t>(k % 3 == 0 ? 0 : k % 3 == 1 ? 1 : 2));
      } else if (k < 80) {  // a short wall or gap, as a drag paints it
        const int cx = x(rng), cy = y(rng);
        for (int j = 0; j < 4; ++j)
          if (grid.inside(cx + (k % 2 ? j : 0), cy + (k % 2 ? 0 : j)))
            grid.set(cx + (k % 2 ? j : 0), cy + (k % 2 ? 0 : j), k % 4 < 2 ? 1 : 0);
      } else if (k < 86) {  // a wall drawn from its middle outwards: the middle cuts first
        const int cx = x(rng), cy = y(rng), dx = k % 2, dy = 1 - dx;
        for (int j : {0, -1, 1, -2, 2})
          if (grid.inside(cx + j * dx, cy + j * dy)) grid.set(cx + j * dx, cy + j * dy, 1);
      } else if (k < 92) {
        grid.fillRect(x(rng) - 1, y(rng) - 1, 1 + k % 3, 1 + k % 4, k % 2 ? 1 : 0);
      } else {  // class 2 blocked or open again
        grid.setCost(2, k % 2 ? 0.0 : 1.0);
      }
      ++edits;
      const int pw = grid.width() - n + 1, ph = grid.height() - n + 1;
      auto open = [&](int px, int py) {
        if (px < 0 || py < 0 || px >= pw || py >= ph) return false;
        for (int dy = 0; dy < n; ++dy)
          for (int dx = 0; dx < n; ++dx)
            if (!grid.passable(px + dx, py + dy)) return false;
        return true;
      };
      int count = 0;
      const std::vector<int> expected = referenceComponents(shape, rule, pw, ph, open, &count);
      cuts += count > 1;
      INFO("trial " << trial << " step " << step << " size " << n << " rule "
                    << static_cast<int>(rule) << " orientation "
                    << static_cast<int>(shape.orientation));
      REQUIRE(sameComponents(labels(), rule, expected, count, &pairs));
      // Now and then the game asks: the labels' own repairs run between the edits too; and a
      // scheduler's slices build or repair them a few cells at a time, edits falling between.
      if (step % 7 == 0) labels().canReach(0, pw * ph - 1, rule);
      if (step % 3 == 1) slices += !labels().prepare(rule, 1 + step % 11);
    }
  }
  CHECK(edits == 48 * 150);
  CHECK(slices > 500);  // slices that left a build under way, an edit to come
  CHECK(cuts > 3000);
  CHECK(pairs > 500000);
}

TEST_CASE("a unit on a blocked cell can reach the cell it stands on as findPath finds it") {
  Grid grid = drawn({
      "...",
      ".#.",
      "...",
  });
  Components components(grid);
  for (int rule = 0; rule < 4; ++rule) {
    const int wall = grid.index(1, 1);
    CHECK(components.canReach(wall, wall, static_cast<Diagonal>(rule)));
    CHECK(components.canReach(wall, 0, static_cast<Diagonal>(rule)));
    CHECK_FALSE(components.canReach(0, wall, static_cast<Diagonal>(rule)));
  }
}

TEST_CASE("labels built and repaired in slices flood a bounded number of cells per slice") {
  Grid grid(64, 64);
  grid.fillRect(0, 20, 64, 1, 1);  // a wall with a door at x = 10
  grid.set(10, 20, 0);
  Components components(grid);
  const std::size_t budget = 100;
  int slices = 0;
  uint64_t before = components.cellsFlooded();
  while (!components.prepare(Diagonal::Never, budget)) {
    CHECK(components.cellsFlooded() - before <= budget);
    before = components.cellsFlooded();
    ++slices;
  }
  CHECK(slices >= 64 * 63 / static_cast<int>(budget) - 1);
  CHECK(components.ready(Diagonal::Never));
  CHECK_FALSE(components.ready(Diagonal::Always));  // the other labelling is its own
  const uint64_t built = components.cellsFlooded();
  CHECK(built == 64 * 64 - 63);  // every open cell once
  CHECK(components.canReach(0, grid.size() - 1, Diagonal::Never));
  CHECK(components.cellsFlooded() == built);  // ready: answered without a flood
  // Closing the door cuts the map: the repair goes in slices too.
  edit(grid, components, grid.index(10, 20), 1);
  CHECK_FALSE(components.ready(Diagonal::Never));
  slices = 0;
  before = components.cellsFlooded();
  while (!components.prepare(Diagonal::Never, budget)) {
    CHECK(components.cellsFlooded() - before <= budget);
    before = components.cellsFlooded();
    ++slices;
  }
  CHECK(slices > 10);
  const uint64_t repaired = components.cellsFlooded();
  CHECK_FALSE(components.canReach(0, grid.size() - 1, Diagonal::Never));
  CHECK(components.cellsFlooded() == repaired);
  // Edits ahead of a sliced build leave it going; one to a cell it labelled starts it again.
  edit(grid, components, grid.index(10, 20), 0);
  components.reset();
  uint64_t start = components.cellsFlooded();
  CHECK_FALSE(components.prepare(Diagonal::Never, budget));
  edit(grid, components, grid.index(30, 40), 1);  // far ahead of the first slice
  edit(grid, components, grid.index(40, 50), 1);
  edit(grid, components, grid.index(40, 50), 0);
  while (!components.prepare(Diagonal::Never, budget)) continue;
  const int open = 64 * 64 - 63 - 1;
  CHECK(components.cellsFlooded() - start == static_cast<uint64_t>(open));  // none twice
  components.reset();
  start = components.cellsFlooded();
  CHECK_FALSE(components.prepare(Diagonal::Never, budget));
  edit(grid, components, 1, 1);  // the first slice labelled it
  while (!components.prepare(Diagonal::Never, budget)) continue;
  CHECK(components.cellsFlooded() - start > static_cast<uint64_t>(open));
  CHECK_FALSE(components.canReach(0, grid.index(30, 40), Diagonal::Never));
  CHECK(components.canReach(0, grid.size() - 1, Diagonal::Never));
}
