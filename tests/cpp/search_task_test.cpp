// SearchTask: a search run in slices gives exactly what one uninterrupted search gives (path,
// cost, expansions, status, trace), for every slice size, every algorithm and option; several
// tasks share a grid; an edit during a task makes it start again and answer for the new grid.
#include "tilepath/search_task.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "maps.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::legalPathCost;

namespace {

Grid randomGrid(std::mt19937& rng, int maxSide) {
  std::uniform_int_distribution<int> side(2, maxSide);
  Grid grid(side(rng), side(rng));
  std::uniform_real_distribution<double> unit(0, 1);
  const double walls = unit(rng) * 0.35;
  const bool weighted = unit(rng) < 0.4;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      const double r = unit(rng);
      grid.set(x, y, r < walls ? 1 : weighted ? static_cast<uint8_t>(2 + r * 10) % 6 : 0);
    }
  if (weighted)
    for (int c = 2; c < 6; ++c) grid.setCost(c, 0.5 + unit(rng) * 4);
  return grid;
}

SearchOptions randomOptions(std::mt19937& rng) {
  std::uniform_int_distribution<int> pick(0, 99);
  SearchOptions o;
  o.algorithm = static_cast<Algorithm>(pick(rng) % 4);
  o.diagonal = static_cast<Diagonal>(pick(rng) % 4);
  o.heuristic = static_cast<Heuristic>(pick(rng) % 5);
  o.goal = static_cast<GoalMode>(pick(rng) % 3);
  o.weight = pick(rng) < 20 ? 1.5 : 1.0;
  o.partial = pick(rng) < 40;
  o.maxExpansions = pick(rng) < 30 ? 1 + pick(rng) * 3 : 0;
  o.smooth = pick(rng) < 30;
  o.includeStart = pick(rng) < 80;
  o.trace = pick(rng) < 25;
  return o;
}

void requireSame(const SearchResult& a, const SearchResult& b) {
  REQUIRE(a.error == b.error);
  REQUIRE(a.status == b.status);
  REQUIRE(a.reason == b.reason);
  REQUIRE(a.algorithm == b.algorithm);
  REQUIRE(a.path == b.path);
  REQUIRE(a.rawPath == b.rawPath);
  REQUIRE(a.cost == b.cost);
  REQUIRE(a.expanded == b.expanded);
  REQUIRE(a.endX == b.endX);
  REQUIRE(a.endY == b.endY);
  REQUIRE(a.faceX == b.faceX);
  REQUIRE(a.faceY == b.faceY);
  REQUIRE(a.traceTruncated == b.traceTruncated);
  REQUIRE(a.trace.size() == b.trace.size());
  for (std::size_t k = 0; k < a.trace.size(); ++k) {
    REQUIRE(a.trace[k].kind == b.trace[k].kind);
    REQUIRE(a.trace[k].x == b.trace[k].x);
    REQUIRE(a.trace[k].y == b.trace[k].y);
    REQUIRE(a.trace[k].g == b.trace[k].g);
  }
}

// Runs a task in slices of `slice` expansions; returns the number of steps it took.
int runInSlices(SearchTask& task, uint32_t slice) {
  int steps = 1;
  while (!task.step(slice)) ++steps;
  return steps;
}

}  // namespace

TEST_CASE("a task run in slices of every size from 1 up equals one uninterrupted search",
          "[task]") {
  std::mt19937 rng(1301);
  Searcher whole;
  int paused = 0;
  for (int round = 0; round < 120; ++round) {
    const Grid grid = randomGrid(rng, 18);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    const SearchOptions o = randomOptions(rng);
    const SearchResult expected = whole.find(grid, sx, sy, gx, gy, o);
    INFO("round " << round);
    for (uint32_t slice = 1; slice <= expected.expanded + 1; ++slice) {
      SearchTask task(grid, sx, sy, gx, gy, o);
      const int steps = runInSlices(task, slice);
      if (steps > 1) ++paused;
      REQUIRE(task.done());
      REQUIRE(task.restarts() == 0);
      REQUIRE(task.expansionsDone() == expected.expanded);
      requireSame(task.result(), expected);
      // Every step but the last used its whole slice: no expansion was repeated or skipped.
      REQUIRE(static_cast<uint64_t>(steps) >= (expected.expanded + slice - 1) / slice);
    }
  }
  CHECK(paused > 1000);
}

TEST_CASE("tasks on Moving AI maps equal find for a sample of slice sizes", "[task]") {
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  std::mt19937 rng(1302);
  Searcher whole;
  for (const char* name : {"arena.map", "lak303d.map", "den011d.map", "maze512-1-0.map"}) {
    std::string error;
    auto grid = movingai::loadMap(folder + "/" + name, error);
    auto problems = movingai::loadScenario(folder + "/" + name + ".scen", error);
    REQUIRE(grid);
    REQUIRE(problems);
    for (int k = 0; k < 8; ++k) {
      const auto& p = (*problems)[problems->size() - 1 - k * (problems->size() / 10)];
      SearchOptions o = randomOptions(rng);
      o.trace = false;
      const SearchResult expected = whole.find(*grid, p.startX, p.startY, p.goalX, p.goalY, o);
      INFO(name << " problem " << k);
      for (uint32_t slice : {1u, 2u, 7u, 64u, 1000u, 4096u}) {
        SearchTask task(*grid, p.startX, p.startY, p.goalX, p.goalY, o);
        runInSlices(task, slice);
        requireSame(task.result(), expected);
      }
    }
  }
}

TEST_CASE("several tasks on one grid, stepped in turn, each equal find", "[task]") {
  std::mt19937 rng(1303);
  Searcher whole;
  for (int round = 0; round < 30; ++round) {
    const Grid grid = randomGrid(rng, 40);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    std::vector<std::unique_ptr<SearchTask>> tasks;
    std::vector<SearchResult> expected;
    for (int k = 0; k < 6; ++k) {
      const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
      const SearchOptions o = randomOptions(rng);
      expected.push_back(whole.find(grid, sx, sy, gx, gy, o));
      tasks.push_back(std::make_unique<SearchTask>(grid, sx, sy, gx, gy, o));
    }
    std::uniform_int_distribution<int> slice(1, 9);
    for (bool all = false; !all;) {
      all = true;
      for (auto& t : tasks) all &= t->step(slice(rng));
    }
    for (std::size_t k = 0; k < tasks.size(); ++k) requireSame(tasks[k]->result(), expected[k]);
  }
}

TEST_CASE("an edit during a task restarts it: the answer is a fresh search's after the edit",
          "[task]") {
  std::mt19937 rng(1304);
  Searcher whole;
  int restarted = 0;
  for (int round = 0; round < 200; ++round) {
    Grid grid = randomGrid(rng, 30);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchOptions o = randomOptions(rng);
    SearchTask task(grid, sx, sy, gx, gy, o);
    std::uniform_int_distribution<int> pick(0, 9);
    uint32_t edits = 0;
    bool done = false;
    for (int steps = 0; !done; ++steps) {
      // Edits between steps for a while (walls, openings, costs), then none, so the task ends.
      if (steps < 6 && pick(rng) < 6) {
        if (pick(rng) < 8)
          grid.set(px(rng), py(rng), pick(rng) < 5 ? 1 : 0);
        else
          grid.setCost(0, 1 + pick(rng) * 0.1);
        ++edits;
      }
      done = task.step(1 + pick(rng));
    }
    restarted += task.restarts() > 0;
    REQUIRE(task.restarts() <= edits);
    INFO("round " << round);
    requireSame(task.result(), whole.find(grid, sx, sy, gx, gy, o));
    // And against the reference, for plain exact searches on the grid as it ended (the manhattan
    // heuristic overestimates diagonal steps: with them it is not bound to the optimum).
    const bool admissible = o.heuristic != Heuristic::Manhattan || o.diagonal == Diagonal::Never;
    if (o.goal == GoalMode::Exact && o.maxExpansions == 0 && o.weight == 1 && !o.smooth &&
        admissible && task.result().status == Status::Found) {
      std::string why;
      const double walked = legalPathCost(grid, o.diagonal, task.result().path, why);
      REQUIRE(why.empty());
      if (o.includeStart) REQUIRE(walked == Approx(task.result().cost));
      const auto reference = testing::referenceFrom(grid, o.diagonal, sx, sy);
      REQUIRE(task.result().cost == Approx(reference[grid.index(gx, gy)]).epsilon(1e-9));
    }
  }
  CHECK(restarted > 50);
}

TEST_CASE("a finished task keeps its answer after edits; cancel, errors and state reuse",
          "[task]") {
  Grid grid = testing::drawn({
      "..........",
      ".########.",
      "..........",
  });
  SearchTask task(grid, 0, 0, 9, 2);
  REQUIRE(task.step(0));
  const SearchResult first = task.result();
  REQUIRE(first.status == Status::Found);
  grid.set(9, 1, 1);
  grid.set(0, 1, 1);
  REQUIRE(task.step(5));
  requireSame(task.result(), first);

  // Cancelled: done, no answer, nothing runs.
  SearchTask stopped(grid, 0, 0, 9, 0);
  REQUIRE_FALSE(stopped.step(2));
  stopped.cancel();
  REQUIRE(stopped.done());
  REQUIRE(stopped.cancelled());
  REQUIRE(stopped.step(10));
  REQUIRE(stopped.result().error == "the search was cancelled");
  REQUIRE(stopped.result().path.empty());

  // Bad arguments: done at once with the error find gives.
  SearchTask bad(grid, 0, 0, 10, 0);
  REQUIRE(bad.done());
  REQUIRE(bad.result().error == Searcher().find(grid, 0, 0, 10, 0).error);

  // A finished task's state serves another task, which then answers as find does.
  auto state = task.releaseState();
  REQUIRE(state != nullptr);
  REQUIRE_FALSE(SearchTask(grid, 0, 0, 9, 0).releaseState());  // unfinished: kept
  SearchTask reused(grid, 0, 0, 9, 0, {}, std::move(state));
  runInSlices(reused, 3);
  requireSame(reused.result(), Searcher().find(grid, 0, 0, 9, 0));
}

TEST_CASE("tasks on staggered and hexagonal grids, and of units bigger than one tile, equal find",
          "[task]") {
  std::mt19937 rng(1307);
  Searcher whole;
  int paused = 0;
  for (int round = 0; round < 80; ++round) {
    const Grid square = randomGrid(rng, 16);
    // The same cells under another shape (rounds alternate) or searched by a bigger unit.
    GridShape shape;
    shape.orientation = round % 3 == 0   ? Orientation::Hexagonal
                        : round % 3 == 1 ? Orientation::Staggered
                                         : Orientation::Orthogonal;
    shape.staggerAxis = round % 2 ? StaggerAxis::X : StaggerAxis::Y;
    shape.staggerIndex = round % 4 < 2 ? StaggerIndex::Odd : StaggerIndex::Even;
    Grid grid(square.width(), square.height(), shape);
    for (int c = 0; c < Grid::kClasses; ++c) REQUIRE(grid.setCost(c, square.cost(c)).empty());
    std::copy(square.data(), square.data() + square.size(), grid.data());
    grid.cellsChanged();
    Footprints footprints(grid);
    SearchOptions o = randomOptions(rng);
    o.smooth = o.smooth && shape.square();  // refused on the other shapes
    o.unitSize = shape.square() ? std::min({1 + round % 3, grid.width(), grid.height()}) : 1;
    std::uniform_int_distribution<int> px(0, grid.width() - o.unitSize),
        py(0, grid.height() - o.unitSize);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchResult expected;
    whole.find(footprints, sx, sy, gx, gy, o, expected);
    INFO("round " << round << " unitSize " << o.unitSize);
    for (uint32_t slice : {1u, 2u, 5u}) {
      SearchTask task(footprints, sx, sy, gx, gy, o);
      if (runInSlices(task, slice) > 1) ++paused;
      REQUIRE(task.restarts() == 0);
      requireSame(task.result(), expected);
    }
  }
  CHECK(paused > 100);
}
