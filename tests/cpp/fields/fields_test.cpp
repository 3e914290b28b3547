// Flow fields and movement ranges against a reference Dijkstra written here (its own neighbour
// rule, run forward from each cell, so the field's reversed search is checked, not repeated).
#include "tilepath/fields.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "maps.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::drawn;
using tilepath::testing::legalPathCost;
using tilepath::testing::referenceFrom;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const Diagonal kRules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                           Diagonal::Always};

Grid randomGrid(std::mt19937& rng) {
  std::uniform_int_distribution<int> side(3, 18);
  Grid grid(side(rng), side(rng));
  std::uniform_real_distribution<double> unit(0, 1);
  const double walls = unit(rng) * 0.4;
  for (int i = 0; i < grid.size(); ++i) {
    const double r = unit(rng);
    grid.set(i % grid.width(), i / grid.width(),
             r < walls                               ? 1
             : static_cast<uint8_t>(r * 10) % 5 == 1 ? 2
             : r < 0.7                               ? 0
                                                     : 3);
  }
  grid.setCost(2, 0.5 + unit(rng) * 4);
  grid.setCost(3, 0.3 + unit(rng) * 6);
  return grid;
}

// Follows a field's steps from `cell` to a goal; the cells as x, y pairs.
std::vector<int32_t> followSteps(const Grid& grid, const std::vector<uint8_t>& steps, int cell) {
  std::vector<int32_t> path;
  for (int guard = 0; guard <= grid.size(); ++guard) {
    path.push_back(cell % grid.width());
    path.push_back(cell / grid.width());
    if (steps[cell] == kNoStep) return path;
    const FieldStep s = kFieldSteps[steps[cell] - 1];
    cell = grid.index(cell % grid.width() + s.dx, cell / grid.width() + s.dy);
  }
  return {};  // a loop
}

bool closeTo(double a, double b) {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= 1e-5 * std::max(1.0, std::abs(b));
}

}  // namespace

TEST_CASE("a flow field charges each step the cell entered, so it differs from the range") {
  // Walking out of the swamp '2' is cheap, walking into it dear: to the goal at the left,
  // the swamp cell costs 1 to leave; from the goal, 5 to enter.
  Grid grid = drawn({"..2"});
  grid.setCost(2, 5);
  FieldSearch search;
  FlowField field;
  const int32_t goal = 0;
  search.flowField(grid, &goal, 1, {}, field);
  REQUIRE(field.error.empty());
  CHECK(field.costs[2] == 2.0f);
  CHECK(field.costs[1] == 1.0f);
  CHECK(field.costs[0] == 0.0f);
  CHECK(field.steps[2] == 5);  // west
  CHECK(field.steps[0] == kNoStep);
  MovementRange range;
  search.reachable(grid, 0, 0, {}, range);
  CHECK(range.costs[2] == 6.0f);
  CHECK(range.cameFrom[2] == 5);  // back west
  CHECK(range.cells == std::vector<int32_t>{0, 0, 1, 0, 2, 0});
}

TEST_CASE("a flow field leads round walls to the nearest of several exits") {
  Grid grid = drawn({
      "....#....",
      ".##.#.##.",
      "....#....",
  });
  FieldSearch search;
  FlowField field;
  const int32_t exits[] = {grid.index(0, 0), grid.index(8, 2)};
  search.flowField(grid, exits, 2, {}, field);
  CHECK(field.costs[grid.index(3, 2)] == 5.0f);
  CHECK(field.costs[grid.index(5, 0)] == 5.0f);
  // A unit pushed into a wall steps out of it, as findPath would.
  CHECK(field.costs[grid.index(4, 1)] == 5.0f);
  std::vector<int32_t> path = followSteps(grid, field.steps, grid.index(3, 2));
  std::string why;
  CHECK(legalPathCost(grid, Diagonal::Never, path, why) == 5.0);
  CHECK(testing::pathText({path.end() - 2, path.end()}) == "0,0");
}

TEST_CASE("maxCost leaves the dearer cells unreached, both ways") {
  Grid grid = drawn({"......"});
  FieldSearch search;
  FieldOptions o;
  o.maxCost = 3;
  FlowField field;
  const int32_t goal = 0;
  search.flowField(grid, &goal, 1, o, field);
  CHECK(field.costs[3] == 3.0f);
  CHECK(std::isinf(field.costs[4]));
  CHECK(field.steps[4] == kNoStep);
  MovementRange range;
  search.reachable(grid, 5, 0, o, range);
  CHECK(range.cells.size() == 8);
  CHECK(std::isinf(range.costs[1]));
}

TEST_CASE("bad field options and starts are refused with a message") {
  Grid grid = drawn({"..."});
  FieldSearch search;
  FieldOptions o;
  o.maxCost = -1;
  FlowField field;
  search.flowField(grid, nullptr, 0, o, field);
  CHECK(field.error.find("maxCost") != std::string::npos);
  const int32_t outside = 7;
  search.flowField(grid, &outside, 1, {}, field);
  CHECK(field.error.find("7") != std::string::npos);
  MovementRange range;
  search.reachable(grid, 3, 0, {}, range);
  CHECK(range.error.find("startX") != std::string::npos);
}

TEST_CASE("on random weighted maps fields and ranges match a reference Dijkstra cell by cell") {
  std::mt19937 rng(1212);
  FieldSearch search;  // reused across maps, rules and edits
  int finite = 0, differing = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Grid grid = randomGrid(rng);
    std::uniform_int_distribution<int> cell(0, grid.size() - 1);
    for (int round = 0; round < 3; ++round) {
      for (int e = 0; e < 5; ++e)  // random edits between queries
        grid.set(cell(rng) % grid.width(), cell(rng) / grid.width(),
                 std::uniform_int_distribution<int>(0, 3)(rng));
      const Diagonal rule = kRules[(trial + round) % 4];
      FieldOptions o;
      o.diagonal = rule;
      if (round == 2) o.maxCost = 4 + trial % 7;
      std::vector<int32_t> goals(1 + trial % 3);
      for (int32_t& g : goals) g = cell(rng);
      FlowField field;
      search.flowField(grid, goals.data(), goals.size(), o, field);
      REQUIRE(field.error.empty());
      for (int c = 0; c < grid.size(); ++c) {
        std::vector<double> from =
            testing::referenceFrom(grid, rule, c % grid.width(), c / grid.width());
        double best = kInf;
        for (int32_t g : goals)
          if (grid.passable(g)) best = std::min(best, from[g]);
        if (best > o.maxCost) best = kInf;
        INFO("trial " << trial << " round " << round << " cell " << c);
        REQUIRE(closeTo(field.costs[c], best));
        if (std::isinf(best)) {
          CHECK(field.steps[c] == kNoStep);
          continue;
        }
        ++finite;
        std::vector<int32_t> path = followSteps(grid, field.steps, c);
        REQUIRE(!path.empty());
        std::string why;
        CHECK(closeTo(legalPathCost(grid, rule, path, why), best));
        CHECK(why.empty());
      }
      // The range from one unit: the reference run forward from it.
      const int start = cell(rng);
      const int sx = start % grid.width(), sy = start / grid.width();
      MovementRange range;
      search.reachable(grid, sx, sy, o, range);
      REQUIRE(range.error.empty());
      const std::vector<double> from = testing::referenceFrom(grid, rule, sx, sy);
      std::size_t reached = 0;
      for (int c = 0; c < grid.size(); ++c) {
        const double expected = from[c] > o.maxCost ? kInf : from[c];
        INFO("range trial " << trial << " cell " << c);
        REQUIRE(closeTo(range.costs[c], expected));
        if (std::isinf(expected)) continue;
        ++reached;
        // Back along cameFrom to the start, then reversed: a legal route costing what it says.
        std::vector<int32_t> back = followSteps(grid, range.cameFrom, c);
        REQUIRE(back.size() >= 2);
        CHECK(back[back.size() - 2] == sx);
        CHECK(back[back.size() - 1] == sy);
        std::vector<int32_t> route;
        for (std::size_t k = back.size(); k >= 2; k -= 2) {
          route.push_back(back[k - 2]);
          route.push_back(back[k - 1]);
        }
        std::string why;
        CHECK(closeTo(legalPathCost(grid, rule, route, why), expected));
      }
      CHECK(range.cells.size() == 2 * reached);
      for (std::size_t k = 2; k + 1 < range.cells.size(); k += 2)
        CHECK(range.costs[grid.index(range.cells[k - 2], range.cells[k - 1])] <=
              range.costs[grid.index(range.cells[k], range.cells[k + 1])]);
      // Towards this unit's cell versus from it: the weighted classes make them differ.
      FlowField toStart;
      const int32_t startCell = start;
      search.flowField(grid, &startCell, 1, o, toStart);
      for (int c = 0; c < grid.size(); ++c)
        if (!closeTo(toStart.costs[c], range.costs[c])) ++differing;
    }
  }
  CHECK(finite > 3000);
  CHECK(differing > 500);
}

TEST_CASE("a field on a Moving AI map costs what A* finds from every scenario start") {
  std::string error;
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  auto grid = movingai::loadMap(folder + "/arena.map", error);
  auto problems = movingai::loadScenario(folder + "/arena.map.scen", error);
  REQUIRE(grid);
  REQUIRE(problems);
  const movingai::Problem& last = problems->back();
  const int32_t goal = grid->index(last.goalX, last.goalY);
  FieldSearch search;
  FlowField field;
  FieldOptions o;
  o.diagonal = Diagonal::NoCorners;
  search.flowField(*grid, &goal, 1, o, field);
  Searcher astar;
  SearchOptions so;
  so.diagonal = Diagonal::NoCorners;
  int checked = 0;
  for (const movingai::Problem& p : *problems) {
    const int start = grid->index(p.startX, p.startY);
    SearchResult r = astar.find(*grid, p.startX, p.startY, last.goalX, last.goalY, so);
    REQUIRE(r.status == Status::Found);
    INFO("start " << p.startX << "," << p.startY);
    CHECK(closeTo(field.costs[start], r.cost));
    std::string why;
    CHECK(closeTo(legalPathCost(*grid, so.diagonal, followSteps(*grid, field.steps, start), why),
                  r.cost));
    ++checked;
  }
  CHECK(checked > 100);
}

namespace {
bool firstBlockOnly(std::size_t bytes) {
  return bytes <= 1024 * sizeof(FieldSearch::Entry);
}
}  // namespace

TEST_CASE(
    "a field or range whose open list cannot grow ends with an error, and the next one runs") {
  // From the middle of open ground the frontier passes 1,024 cells, the open list's first block;
  // a host check (Searcher::setRoomCheck) refusing the next one ends the query.
  Grid grid(1024, 1024);
  FieldSearch search;
  const int32_t goal = grid.index(512, 512);
  FlowField field;
  MovementRange range;
  Searcher::setRoomCheck(firstBlockOnly);
  search.flowField(grid, &goal, 1, {}, field);
  search.reachable(grid, 512, 512, {}, range);
  Searcher::setRoomCheck(nullptr);
  CHECK(field.error.find("not enough memory to go on with this query") != std::string::npos);
  CHECK(range.error.find("not enough memory to go on with this query") != std::string::npos);
  search.flowField(grid, &goal, 1, {}, field);
  search.reachable(grid, 512, 512, {}, range);
  REQUIRE(field.error.empty());
  REQUIRE(range.error.empty());
  CHECK(field.costs[0] == 1024.0f);  // 4 neighbours by default
  CHECK(range.costs[0] == 1024.0f);
}
