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

// A*, whose slices these tests count in cells (the default, auto, may run jump points).
SearchOptions astar() {
  SearchOptions o;
  o.algorithm = Algorithm::AStar;
  return o;
}

SearchOptions randomOptions(std::mt19937& rng) {
  std::uniform_int_distribution<int> pick(0, 99);
  SearchOptions o;
  const int a = pick(rng) % 5;  // astar, bfs, dijkstra, jps, auto
  o.algorithm = a == 4 ? Algorithm::Auto : static_cast<Algorithm>(a);
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

// The grid as it was at each version a task may have copied, kept by the test: a frozen task's
// outdated answer is checked against a fresh search on the one it answered for.
struct GridHistory {
  std::vector<Grid> grids;
  void note(const Grid& grid) {
    if (grids.empty() || grids.back().version() != grid.version()) grids.push_back(grid);
  }
  const Grid& at(uint64_t version) const {
    for (const Grid& g : grids)
      if (g.version() == version) return g;
    FAIL("no copy of version " << version);
    return grids.front();
  }
};

// What a task's answer must equal: a fresh search on the grid as it is, or, when the task says
// it is outdated, on the grid it answered for (editsSince() edits back).
SearchResult expectedAnswer(const SearchTask& task, Grid& grid, const GridHistory& history, int sx,
                            int sy, int gx, int gy, const SearchOptions& o) {
  SearchResult expected;
  Searcher whole;
  if (!task.outdated()) {
    Footprints footprints(grid);
    whole.find(footprints, sx, sy, gx, gy, o, expected);
    return expected;
  }
  Grid then = history.at(grid.version() - task.editsSince());
  Footprints footprints(then);
  whole.find(footprints, sx, sy, gx, gy, o, expected);
  return expected;
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

TEST_CASE(
    "an edit during a task restarts it once, then freezes it: the answer is a fresh search's "
    "on the grid as it is, or, outdated, as it was when it froze",
    "[task]") {
  std::mt19937 rng(1304);
  int restarted = 0, outdated = 0;
  for (int round = 0; round < 200; ++round) {
    Grid grid = randomGrid(rng, 30);
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchOptions o = randomOptions(rng);
    SearchTask task(grid, sx, sy, gx, gy, o);
    std::uniform_int_distribution<int> pick(0, 9);
    uint32_t edits = 0;
    bool done = false;
    GridHistory history;
    for (int steps = 0; !done; ++steps) {
      // Edits between steps for a while (walls, openings, costs), then none, so the task ends.
      if (steps < 6 && pick(rng) < 6) {
        if (pick(rng) < 8)
          grid.set(px(rng), py(rng), pick(rng) < 5 ? 1 : 0);
        else
          grid.setCost(0, 1 + pick(rng) * 0.1);
        ++edits;
      }
      history.note(grid);
      done = task.step(1 + pick(rng));
    }
    restarted += task.restarts() > 0;
    outdated += task.outdated();
    REQUIRE(task.restarts() <= std::min(edits, 1u));
    INFO("round " << round);
    requireSame(task.result(), expectedAnswer(task, grid, history, sx, sy, gx, gy, o));
    if (task.outdated()) continue;
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
  CHECK(outdated > 5);
}

TEST_CASE("a finished task keeps its answer after edits; cancel, errors and state reuse",
          "[task]") {
  Grid grid = testing::drawn({
      "..........",
      ".########.",
      "..........",
  });
  SearchTask task(grid, 0, 0, 9, 2, astar());
  REQUIRE(task.step(0));
  const SearchResult first = task.result();
  REQUIRE(first.status == Status::Found);
  grid.set(9, 1, 1);
  grid.set(0, 1, 1);
  REQUIRE(task.step(5));
  requireSame(task.result(), first);

  // Cancelled: done, no answer, nothing runs.
  SearchTask stopped(grid, 0, 0, 9, 0, astar());
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

TEST_CASE("a task done as it starts (a blocked goal) answers for the grid at its first step",
          "[task]") {
  Grid grid = testing::drawn({
      "......",
      ".####.",
      ".....#",
  });
  SearchTask task(grid, 0, 0, 5, 2);  // the goal is a wall: answered at once, goalBlocked
  REQUIRE(task.done());
  REQUIRE(task.result().reason == Reason::GoalBlocked);
  grid.set(5, 2, 0);  // opened before the first step
  runInSlices(task, 3);
  REQUIRE(task.result().status == Status::Found);
  REQUIRE(task.restarts() == 1);
  requireSame(task.result(), Searcher().find(grid, 0, 0, 5, 2));
  // Handed back: later edits change nothing.
  grid.set(5, 2, 1);
  REQUIRE(task.step(3));
  REQUIRE(task.result().status == Status::Found);

  // The same for a unit of two tiles, whose goal position is closed by one cell.
  Grid open = testing::drawn({
      "......",
      "......",
      "......",
      ".....#",
  });
  Footprints footprints(open);
  SearchOptions two;
  two.unitSize = 2;
  SearchTask big(footprints, 0, 0, 4, 2, two);
  REQUIRE(big.result().reason == Reason::GoalBlocked);
  open.set(5, 3, 0);
  runInSlices(big, 1);
  SearchResult expected;
  Searcher().find(footprints, 0, 0, 4, 2, two, expected);
  REQUIRE(expected.status == Status::Found);
  requireSame(big.result(), expected);
}

TEST_CASE("random edits between a task's start and its steps: the answer is a fresh search's",
          "[task]") {
  std::mt19937 rng(3301);
  int blockedAtStart = 0, openedThen = 0, kept = 0, restarted = 0, checked = 0, outdated = 0;
  for (int round = 0; round < 2000; ++round) {
    Grid grid = randomGrid(rng, 24);
    Footprints footprints(grid);
    SearchOptions o = randomOptions(rng);
    o.unitSize = std::min({1 + round % 3, grid.width(), grid.height()});
    std::uniform_int_distribution<int> px(0, grid.width() - o.unitSize),
        py(0, grid.height() - o.unitSize);
    std::uniform_int_distribution<int> cx(0, grid.width() - 1), cy(0, grid.height() - 1);
    std::uniform_int_distribution<int> pick(0, 9);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    // A third of the goals start blocked, as the issue's: a wall on the goal's top-left cell.
    if (round % 3 == 0) grid.set(gx, gy, 1);
    SearchTask task(footprints, sx, sy, gx, gy, o);
    const bool doneAtStart = task.done() && task.result().reason == Reason::GoalBlocked;
    blockedAtStart += doneAtStart;
    // Edits before the first step: often the goal opened again, and some cells anywhere.
    if (pick(rng) < 6) {
      grid.set(gx, gy, 0);
      openedThen += doneAtStart;
    }
    for (int k = pick(rng) % 4; k > 0; --k) grid.set(cx(rng), cy(rng), pick(rng) < 4 ? 1 : 0);
    bool done = false;
    GridHistory history;
    for (int steps = 0; !done; ++steps) {
      if (steps < 5 && pick(rng) < 4) grid.set(cx(rng), cy(rng), pick(rng) < 5 ? 1 : 0);
      history.note(grid);
      done = task.step(1 + pick(rng) * 2);
    }
    kept += task.editsKept() > 0;
    restarted += task.restarts() > 0;
    outdated += task.outdated();
    INFO("round " << round << " unitSize " << o.unitSize);
    requireSame(task.result(), expectedAnswer(task, grid, history, sx, sy, gx, gy, o));
    // A path's own cost, walked under the rules, for single tiles.
    if (o.unitSize == 1 && task.result().status == Status::Found && o.includeStart && !o.smooth &&
        !task.outdated()) {
      std::string why;
      REQUIRE(legalPathCost(grid, o.diagonal, task.result().path, why) ==
              Approx(task.result().cost));
      REQUIRE(why.empty());
      ++checked;
    }
  }
  CHECK(blockedAtStart > 200);
  CHECK(openedThen > 100);
  CHECK(kept > 50);
  CHECK(restarted > 200);
  CHECK(checked > 200);
  CHECK(outdated > 20);
}

TEST_CASE("an edit the search has not reached keeps it going; one beside a seen cell restarts it",
          "[task]") {
  Grid grid(64, 64);
  SearchTask task(grid, 2, 2, 60, 60, astar());
  REQUIRE_FALSE(task.step(20));  // a few cells around the start
  grid.set(40, 10, 1);           // far from everything seen, far from the goal
  grid.set(10, 50, 1);
  REQUIRE_FALSE(task.step(20));
  REQUIRE(task.restarts() == 0);
  REQUIRE(task.editsKept() == 2);
  grid.set(2, 3, 1);  // beside the start: the search read it
  runInSlices(task, 50);
  REQUIRE(task.restarts() == 1);
  requireSame(task.result(), Searcher().find(grid, 2, 2, 60, 60, astar()));

  // Near the goal, even unseen, an edit restarts (where the search stops may change).
  SearchTask toGoal(grid, 2, 2, 60, 60, astar());
  REQUIRE_FALSE(toGoal.step(20));
  grid.set(61, 61, 1);
  runInSlices(toGoal, 50);
  REQUIRE(toGoal.restarts() == 1);
  requireSame(toGoal.result(), Searcher().find(grid, 2, 2, 60, 60, astar()));

  // A cost change of a class on no cell changes nothing; one of a class present restarts.
  SearchTask costs(grid, 2, 2, 60, 60, astar());
  REQUIRE_FALSE(costs.step(20));
  REQUIRE(grid.setCost(7, 3).empty());
  REQUIRE_FALSE(costs.step(20));
  REQUIRE(costs.restarts() == 0);
  REQUIRE(grid.setCost(0, 2).empty());
  runInSlices(costs, 50);
  REQUIRE(costs.restarts() == 1);
  requireSame(costs.result(), Searcher().find(grid, 2, 2, 60, 60, astar()));
}

TEST_CASE("tasks kept through edits on big maps, every shape and unit size, equal find", "[task]") {
  std::mt19937 rng(3302);
  int kept = 0, rounds = 0, outdated = 0;
  for (int round = 0; round < 120; ++round) {
    GridShape shape;
    shape.orientation = round % 4 == 0   ? Orientation::Hexagonal
                        : round % 4 == 1 ? Orientation::Staggered
                                         : Orientation::Orthogonal;
    shape.staggerAxis = round % 2 ? StaggerAxis::X : StaggerAxis::Y;
    shape.staggerIndex = round % 8 < 4 ? StaggerIndex::Odd : StaggerIndex::Even;
    Grid grid(48 + round % 17, 40 + round % 13, shape);
    testing::scatterWalls(grid, rng, 0.2);
    Footprints footprints(grid);
    SearchOptions o = randomOptions(rng);
    o.smooth = o.smooth && shape.square();
    o.trace = false;
    o.unitSize = shape.square() ? 1 + round % 3 : 1;
    std::uniform_int_distribution<int> px(0, grid.width() - o.unitSize),
        py(0, grid.height() - o.unitSize);
    std::uniform_int_distribution<int> cx(0, grid.width() - 1), cy(0, grid.height() - 1);
    std::uniform_int_distribution<int> pick(0, 9);
    const int sx = px(rng), sy = py(rng), gx = px(rng), gy = py(rng);
    SearchTask task(footprints, sx, sy, gx, gy, o);
    bool done = false;
    GridHistory history;
    for (int steps = 0; !done; ++steps) {
      if (steps < 40) grid.set(cx(rng), cy(rng), pick(rng) < 3 ? 1 : 0);
      history.note(grid);
      done = task.step(5);
    }
    kept += task.editsKept();
    outdated += task.outdated();
    ++rounds;
    INFO("round " << round << " unitSize " << o.unitSize);
    requireSame(task.result(), expectedAnswer(task, grid, history, sx, sy, gx, gy, o));
  }
  CHECK(outdated > 10);
  CHECK(kept > 500);
  CHECK(rounds == 120);
}

// Issue 33 item 12: a door inside a search's explored area, toggled before every slice, made the
// task start again at each slice, forever. Now a task restarts at most once while cheap, then
// freezes on a copy of the grid: every task finishes within one search's work (plus the cheap
// attempt), and says whether its answer is current.
TEST_CASE(
    "tasks with a door in their explored area toggled every slice all finish, and say whether "
    "their answer is current",
    "[task][edits]") {
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  std::string error;
  auto loaded = movingai::loadMap(folder + "/16room_000.map", error);
  REQUIRE(loaded);
  Grid& grid = *loaded;
  auto problems = movingai::loadScenario(folder + "/16room_000.map.scen", error);
  REQUIRE(problems);
  Searcher fresh;
  struct Unit {
    int sx, sy, gx, gy, doorX, doorY;
    std::unique_ptr<SearchTask> task;
    int steps = 0;
  };
  std::vector<Unit> units;
  // The longer problems (their searches last many slices); each door on the unit's own way,
  // three cells from its start, which the first slice expands around.
  for (std::size_t k = problems->size(); k-- > 0 && units.size() < 60;) {
    const movingai::Problem& p = (*problems)[k];
    if (p.optimal < 60) continue;
    const SearchResult way = fresh.find(grid, p.startX, p.startY, p.goalX, p.goalY);
    if (way.status != Status::Found || way.path.size() < 10) continue;
    units.push_back({p.startX, p.startY, p.goalX, p.goalY, way.path[4], way.path[5], nullptr});
  }
  REQUIRE(units.size() >= 50);
  for (Unit& u : units)
    u.task = std::make_unique<SearchTask>(grid, u.sx, u.sy, u.gx, u.gy, astar());
  // The doors' edits by version: the grid of any version is the first one with them replayed.
  const Grid first = grid;
  struct DoorEdit {
    uint64_t version;
    int x, y;
    uint8_t cls;
  };
  std::vector<DoorEdit> doors;
  auto gridAt = [&](uint64_t version) {
    Grid then = first;
    for (const DoorEdit& d : doors)
      if (d.version <= version) then.set(d.x, d.y, d.cls);
    return then;
  };
  constexpr uint32_t kSlice = 64;
  // A bound no task may pass: its cheap attempt, then one search over every cell, in slices.
  const int maxSteps = (SearchTask::kRestartWithin + grid.size()) / kSlice + 4;
  int current = 0, outdated = 0, illegal = 0, finished = 0, rounds = 0;
  for (bool open = true; finished < static_cast<int>(units.size()); ++rounds) {
    REQUIRE(rounds <= maxSteps);  // the old tasks restarted at every slice and never got here
    for (Unit& u : units) {
      if (u.task->done()) continue;
      open = !open;  // each unit's door, toggled before each of its slices
      grid.set(u.doorX, u.doorY, open ? 0 : 1);
      doors.push_back({grid.version(), u.doorX, u.doorY, static_cast<uint8_t>(open ? 0 : 1)});
      ++u.steps;
      if (!u.task->step(kSlice)) continue;
      ++finished;
      const SearchTask& t = *u.task;
      INFO("unit from " << u.sx << "," << u.sy << " to " << u.gx << "," << u.gy);
      REQUIRE(u.steps <= maxSteps);
      REQUIRE(t.restarts() <= 1);
      const SearchResult expected =
          t.outdated() ? fresh.find(gridAt(grid.version() - t.editsSince()), u.sx, u.sy, u.gx, u.gy)
                       : fresh.find(grid, u.sx, u.sy, u.gx, u.gy);
      REQUIRE(t.result().status == expected.status);
      REQUIRE(t.result().cost == expected.cost);
      if (!t.outdated()) {
        ++current;
        REQUIRE(t.stillLegal());
        continue;
      }
      ++outdated;
      REQUIRE(t.editsSince() > 0);
      // Its legality on the grid as it is, by the test's own walk.
      std::string why;
      const auto& path = t.result().path;
      const bool legal = legalPathCost(grid, Diagonal::NoCorners, path, why) >= 0;
      REQUIRE(t.stillLegal() == legal);
      illegal += !legal;
    }
  }
  CHECK(outdated >= 20);
  CHECK(illegal >= 5);
  CHECK(current + outdated == static_cast<int>(units.size()));
}

TEST_CASE("a frozen task's outdated answer says so, and a current one equals a fresh search",
          "[task][edits]") {
  Grid grid(64, 64);
  // Cheap restart first: a task that restarted once freezes at the next edit that matters.
  SearchTask task(grid, 2, 2, 60, 60, astar());
  REQUIRE_FALSE(task.step(20));
  grid.set(2, 3, 1);  // beside the start: restarts (cheap)
  REQUIRE_FALSE(task.step(20));
  REQUIRE(task.restarts() == 1);
  REQUIRE_FALSE(task.frozen());
  const Grid before = grid;
  grid.set(3, 2, 1);  // beside the start again: freezes on the grid before this edit
  REQUIRE_FALSE(task.step(20));
  REQUIRE(task.frozen());
  REQUIRE(task.restarts() == 1);
  grid.set(3, 3, 1);  // the path's first diagonal step is now cut
  runInSlices(task, 500);
  REQUIRE(task.outdated());
  REQUIRE(task.editsSince() == 2);
  requireSame(task.result(), Searcher().find(before, 2, 2, 60, 60, astar()));
  REQUIRE_FALSE(task.stillLegal());

  // Frozen, then only edits far from everything it saw: its answer is current. (Dijkstra on a
  // bigger grid: a search well past the cheap restart.)
  Grid wide(128, 128);
  SearchOptions dijkstra;
  dijkstra.algorithm = Algorithm::Dijkstra;
  SearchTask far(wide, 10, 10, 60, 60, dijkstra);
  REQUIRE_FALSE(far.step(5000));
  wide.set(10, 11, 1);
  REQUIRE_FALSE(far.step(20));
  REQUIRE(far.frozen());
  REQUIRE(far.restarts() == 0);
  wide.set(10, 11, 0);    // the door open again: the copy and the grid agree there
  wide.set(127, 127, 1);  // the far corner: no cell seen is beside it
  runInSlices(far, 500);
  REQUIRE_FALSE(far.outdated());
  REQUIRE(far.stillLegal());
  REQUIRE(far.editsSince() == 0);
  requireSame(far.result(), Searcher().find(wide, 10, 10, 60, 60, dijkstra));

  // A bulk write cannot be undone: the task starts again once, on a copy of the grid as it is.
  SearchTask bulk(wide, 10, 10, 60, 60, dijkstra);
  REQUIRE_FALSE(bulk.step(5000));
  wide.data()[wide.index(30, 30)] = 1;
  wide.cellsChanged();
  REQUIRE_FALSE(bulk.step(20));
  REQUIRE(bulk.frozen());
  REQUIRE(bulk.restarts() == 1);
  const Grid atRestart = wide;
  wide.data()[wide.index(31, 31)] = 1;
  wide.cellsChanged();
  runInSlices(bulk, 500);
  REQUIRE(bulk.restarts() == 1);
  REQUIRE(bulk.outdated());
  requireSame(bulk.result(), Searcher().find(atRestart, 10, 10, 60, 60, dijkstra));

  // Frozen, then a link added far from every cell it saw: the rules are the grid's, so the
  // answer is outdated (a teleport may shorten any path) and not known to be legal.
  Grid linked(128, 128);
  SearchTask teleported(linked, 10, 10, 60, 60, dijkstra);
  REQUIRE_FALSE(teleported.step(5000));
  linked.set(10, 11, 1);
  REQUIRE_FALSE(teleported.step(20));
  REQUIRE(teleported.frozen());
  linked.set(10, 11, 0);
  int32_t id = 0;
  REQUIRE(linked.addLink(11, 10, 59, 60, 1.0, false, id).empty());
  runInSlices(teleported, 500);
  REQUIRE(teleported.outdated());
  REQUIRE_FALSE(teleported.stillLegal());
  REQUIRE(teleported.editsSince() > 0);
}
