// Units bigger than one tile (footprints.hpp): against a reference written here that derives
// open positions and footprint costs by brute force from the cells, then runs a plain Dijkstra
// over positions with its own neighbour rule.
#include <catch2/catch.hpp>
#include <cmath>
#include <queue>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "maps.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;

namespace {

const Diagonal kRules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                           Diagonal::Always};

// The reference: everything from the cells and the cost table, nothing from Footprints.
struct Reference {
  const Grid& g;
  int n;
  Diagonal rule;

  bool cellOpen(int x, int y) const {
    return x >= 0 && y >= 0 && x < g.width() && y < g.height() && g.cost(g.get(x, y)) > 0;
  }
  bool open(int x, int y) const {
    if (x < 0 || y < 0 || x + n > g.width() || y + n > g.height()) return false;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        if (!cellOpen(x + i, y + j)) return false;
    return true;
  }
  double enter(int x, int y) const {  // the dearest covered cell
    double c = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) c = std::max(c, g.cost(g.get(x + i, y + j)));
    return c;
  }
  bool stepAllowed(int x, int y, int dx, int dy) const {
    if (!open(x + dx, y + dy)) return false;
    if (dx == 0 || dy == 0) return true;
    const bool a = open(x + dx, y), b = open(x, y + dy);
    switch (rule) {
      case Diagonal::Never:
        return false;
      case Diagonal::NoCorners:
        return a && b;
      case Diagonal::OneObstacle:
        return a || b;
      default:
        return true;
    }
  }
  // Whether the footprint at (x, y) touches cell (gx, gy): a cell of it shares an edge with the
  // goal, or a corner the diagonal rule would let a unit of one cell cross.
  bool touches(int x, int y, int gx, int gy) const {
    bool corner = false;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const int fx = x + i, fy = y + j;
        if (fx == gx && fy == gy) return false;  // covering is not touching
        const int dx = gx - fx, dy = gy - fy;
        if (std::abs(dx) + std::abs(dy) == 1) return true;
        if (std::abs(dx) == 1 && std::abs(dy) == 1) {
          const bool a = cellOpen(fx + dx, fy), b = cellOpen(fx, fy + dy);
          corner |= rule == Diagonal::Always || (rule == Diagonal::NoCorners && a && b) ||
                    (rule == Diagonal::OneObstacle && (a || b));
        }
      }
    return corner;
  }
  // Cost from (sx, sy) to every position (plain Dijkstra); infinity where unreachable.
  std::vector<double> costsFrom(int sx, int sy) const {
    const int w = g.width();
    std::vector<double> dist(static_cast<std::size_t>(g.size()), INFINITY);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> heap;
    dist[sy * w + sx] = 0;
    heap.push({0, sy * w + sx});
    while (!heap.empty()) {
      auto [d, i] = heap.top();
      heap.pop();
      if (d > dist[i]) continue;
      const int x = i % w, y = i / w;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if ((dx == 0 && dy == 0) || !stepAllowed(x, y, dx, dy)) continue;
          const double nd = d + (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0) * enter(x + dx, y + dy);
          const int j = (y + dy) * w + x + dx;
          if (nd < dist[j]) {
            dist[j] = nd;
            heap.push({nd, j});
          }
        }
    }
    return dist;
  }
  // The path's cost if it is legal position by position (-1 otherwise, with the reason).
  double legalCost(const std::vector<int32_t>& path, std::string& why) const {
    double cost = 0;
    for (std::size_t k = 2; k + 1 < path.size(); k += 2) {
      const int px = path[k - 2], py = path[k - 1], dx = path[k] - px, dy = path[k + 1] - py;
      if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0))
        return why = "jumps at " + std::to_string(k / 2), -1;
      if (!stepAllowed(px, py, dx, dy))
        return why = "step " + std::to_string(k / 2) + " not allowed for size " + std::to_string(n),
               -1;
      cost += (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0) * enter(path[k], path[k + 1]);
    }
    return cost;
  }
};

void randomEdit(std::mt19937& rng, Grid& grid, int classes) {
  std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
  std::uniform_int_distribution<int> cls(0, classes - 1);
  std::uniform_real_distribution<double> unit(0, 1);
  switch (rng() % 6) {
    case 0:
    case 1:
    case 2:
      for (int k = 0; k < 5; ++k) grid.set(px(rng), py(rng), static_cast<uint8_t>(cls(rng)));
      break;
    case 3:
      grid.fillRect(px(rng) - 2, py(rng) - 2, 1 + rng() % 5, 1 + rng() % 5,
                    static_cast<uint8_t>(cls(rng)));
      break;
    case 4: {  // a class turns dearer, cheaper, blocked or open
      const int c = cls(rng);
      grid.setCost(c, unit(rng) < 0.25 ? 0.0 : 0.5 + unit(rng) * 4);
      break;
    }
    default:  // a bulk write
      for (int k = 0; k < 20; ++k) grid.data()[grid.index(px(rng), py(rng))] = cls(rng);
      grid.cellsChanged();
  }
}

Grid randomGrid(std::mt19937& rng, int classes) {
  std::uniform_int_distribution<int> side(6, 32);
  Grid grid(side(rng), side(rng));
  std::uniform_real_distribution<double> unit(0, 1);
  const double walls = unit(rng) * 0.15;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      grid.set(x, y, unit(rng) < walls ? 1 : static_cast<uint8_t>(rng() % classes == 1 ? 0 : 0));
  for (int c = 2; c < classes; ++c) {
    grid.setCost(c, 0.5 + unit(rng) * 4);
    for (int k = 0; k < grid.size() / 8; ++k)
      grid.set(rng() % grid.width(), rng() % grid.height(), static_cast<uint8_t>(c));
  }
  return grid;
}

// A random top-left for a unit of size n whose footprint lies inside the grid.
std::pair<int, int> randomPosition(std::mt19937& rng, const Grid& grid, int n) {
  return {static_cast<int>(rng() % (grid.width() - n + 1)),
          static_cast<int>(rng() % (grid.height() - n + 1))};
}

void checkPositions(Footprints& fp, int n) {
  const Grid& cells = fp.cells();
  const Grid* p = fp.positions(n);
  REQUIRE(p != nullptr);
  REQUIRE(p->width() == cells.width() - n + 1);
  REQUIRE(p->height() == cells.height() - n + 1);
  Reference ref{cells, n, Diagonal::Never};
  for (int y = 0; y < p->height(); ++y)
    for (int x = 0; x < p->width(); ++x) {
      INFO("size " << n << " position " << x << "," << y);
      REQUIRE(p->passable(x, y) == ref.open(x, y));
      REQUIRE(p->open(x, y) == ref.open(x, y));
      if (ref.open(x, y)) REQUIRE(p->cellCost(p->index(x, y)) == ref.enter(x, y));
    }
}

}  // namespace

TEST_CASE("footprints stay equal to their brute-force derivation under every kind of edit",
          "[units]") {
  std::mt19937 rng(14);
  for (int trial = 0; trial < 30; ++trial) {
    Grid grid = randomGrid(rng, 6);
    Footprints fp(grid);
    for (int round = 0; round < 12; ++round) {
      for (int n = 2; n <= 4; ++n)
        if (fp.fits(n)) checkPositions(fp, n);
      randomEdit(rng, grid, 6);
    }
  }
}

TEST_CASE("a big unit's paths cost what a plain Dijkstra over positions costs, every rule",
          "[units]") {
  std::mt19937 rng(1414);
  Searcher searcher;
  int found = 0, none = 0;
  for (int trial = 0; trial < 160; ++trial) {
    Grid grid = randomGrid(rng, 6);
    Footprints fp(grid);
    for (int round = 0; round < 6; ++round) {
      randomEdit(rng, grid, 6);
      const int n = 1 + static_cast<int>(rng() % 4);
      if (!fp.fits(n)) continue;
      SearchOptions o;
      o.unitSize = n;
      o.diagonal = kRules[(trial + round) % 4];
      Reference ref{grid, n, o.diagonal};
      const auto [sx, sy] = randomPosition(rng, grid, n);
      const auto [gx, gy] = randomPosition(rng, grid, n);
      const auto dist = ref.costsFrom(sx, sy);
      const double want = dist[gy * grid.width() + gx];
      INFO("trial " << trial << " round " << round << " size " << n << " rule "
                    << static_cast<int>(o.diagonal) << " " << sx << "," << sy << " -> " << gx << ","
                    << gy);
      for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::BFS, Algorithm::JPS}) {
        o.algorithm = a;
        const SearchResult r = searcher.find(fp, sx, sy, gx, gy, o);
        REQUIRE(r.ok());
        // bfs gives way to A* on costs that are not uniform, jps runs weighted jump points
        // (noCorners, never): exact all the same.
        if (sx == gx && sy == gy) {
          CHECK(r.status == Status::Found);
          continue;
        }
        if (!std::isfinite(want) || !ref.open(gx, gy)) {
          CHECK(r.status == Status::None);
          ++none;
          continue;
        }
        REQUIRE(r.status == Status::Found);
        ++found;
        CHECK(r.cost == Approx(want).epsilon(1e-9));
        std::string why;
        CHECK(ref.legalCost(r.path, why) == Approx(r.cost).epsilon(1e-9));
        CHECK(why.empty());
        CHECK(r.path[0] == sx);
        CHECK(r.path[1] == sy);
        CHECK(r.endX == gx);
        CHECK(r.endY == gy);
        if (a == Algorithm::BFS) {
          // It runs as itself exactly when the position grid's costs are uniform.
          const Grid* p = fp.positions(n);
          if (!p->uniformCost()) CHECK(r.algorithm == Algorithm::AStar);
        }
        if (a == Algorithm::JPS) {
          const bool jumps = o.diagonal == Diagonal::NoCorners || o.diagonal == Diagonal::Never;
          CHECK(r.algorithm == (jumps ? Algorithm::JPS : Algorithm::AStar));
        }
      }
    }
  }
  CHECK(found > 300);
  CHECK(none > 20);
}

TEST_CASE("uniform costs: bfs and jps run as themselves for big units and match the reference",
          "[units]") {
  std::mt19937 rng(77);
  Searcher searcher;
  int jps = 0;
  for (int trial = 0; trial < 120; ++trial) {
    Grid grid = randomGrid(rng, 2);  // classes 0 (cost 1) and 1 (wall)
    Footprints fp(grid);
    const int n = 2 + trial % 3;
    if (!fp.fits(n)) continue;
    for (int round = 0; round < 4; ++round) {
      grid.set(rng() % grid.width(), rng() % grid.height(), static_cast<uint8_t>(rng() % 2));
      SearchOptions o;
      o.unitSize = n;
      o.diagonal = round % 2 ? Diagonal::NoCorners : Diagonal::Never;
      Reference ref{grid, n, o.diagonal};
      const auto [sx, sy] = randomPosition(rng, grid, n);
      const auto [gx, gy] = randomPosition(rng, grid, n);
      if (!ref.open(sx, sy) || !ref.open(gx, gy) || (sx == gx && sy == gy)) continue;
      const double want = ref.costsFrom(sx, sy)[gy * grid.width() + gx];
      for (Algorithm a : {Algorithm::BFS, Algorithm::JPS}) {
        o.algorithm = a;
        const SearchResult r = searcher.find(fp, sx, sy, gx, gy, o);
        INFO("trial " << trial << " size " << n);
        CHECK(r.algorithm == a);
        if (!std::isfinite(want)) {
          CHECK(r.status == Status::None);
          continue;
        }
        REQUIRE(r.status == Status::Found);
        CHECK(r.cost == Approx(want).epsilon(1e-9));
        std::string why;
        CHECK(ref.legalCost(r.path, why) == Approx(r.cost).epsilon(1e-9));
        jps += a == Algorithm::JPS;
      }
    }
  }
  CHECK(jps > 50);
}

TEST_CASE("adjacent goals: a big unit stops with its footprint touching the goal cell", "[units]") {
  std::mt19937 rng(2020);
  Searcher searcher;
  int found = 0;
  for (int trial = 0; trial < 160; ++trial) {
    Grid grid = randomGrid(rng, 4);
    Footprints fp(grid);
    randomEdit(rng, grid, 4);
    const int n = 1 + trial % 4;
    if (!fp.fits(n)) continue;
    SearchOptions o;
    o.unitSize = n;
    o.goal = GoalMode::Adjacent;
    o.diagonal = kRules[(trial / 4) % 4];
    o.algorithm = trial % 3 == 0 ? Algorithm::Dijkstra : Algorithm::AStar;
    Reference ref{grid, n, o.diagonal};
    const auto [sx, sy] = randomPosition(rng, grid, n);
    const int gx = rng() % grid.width(), gy = rng() % grid.height();
    // A unit already on its goal has arrived (as for size 1); one touching it has nothing to do.
    if (ref.touches(sx, sy, gx, gy) || (sx == gx && sy == gy)) continue;
    grid.set(gx, gy, 1);  // the goal is a blocked cell: a chest, a door
    const auto dist = ref.costsFrom(sx, sy);
    double want = INFINITY;
    for (int y = 0; y + n <= grid.height(); ++y)
      for (int x = 0; x + n <= grid.width(); ++x)
        if (ref.touches(x, y, gx, gy) && ref.open(x, y))
          want = std::min(want, dist[y * grid.width() + x]);
    const SearchResult r = searcher.find(fp, sx, sy, gx, gy, o);
    INFO("trial " << trial << " size " << n << " goal " << gx << "," << gy);
    if (!std::isfinite(want)) {
      CHECK(r.status == Status::None);
      continue;
    }
    REQUIRE(r.status == Status::Found);
    ++found;
    CHECK(r.cost == Approx(want).epsilon(1e-9));
    CHECK(ref.touches(r.endX, r.endY, gx, gy));
    std::string why;
    CHECK(ref.legalCost(r.path, why) == Approx(r.cost).epsilon(1e-9));
  }
  CHECK(found > 60);
}

TEST_CASE("nearest goals and partial paths end on the reachable position closest to the goal",
          "[units]") {
  Grid grid = testing::drawn({
      "..........",
      "..........",
      "....#.....",
      "....#.....",
      "..........",
      "..........",
      "..........",
  });
  Footprints fp(grid);
  Searcher searcher;
  SearchOptions o;
  o.unitSize = 3;
  o.goal = GoalMode::Nearest;
  // The goal (8, 6) cannot be a 3 x 3 unit's top-left: the nearest position that can is (7, 4).
  SearchResult r = searcher.find(fp, 0, 0, 8, 6, o);
  REQUIRE(r.status == Status::Found);
  CHECK(r.endX == 7);
  CHECK(r.endY == 4);
  // An exact goal that sticks out is blocked for the unit; partial gives the same position.
  o.goal = GoalMode::Exact;
  r = searcher.find(fp, 0, 0, 8, 6, o);
  CHECK(r.status == Status::None);
  CHECK(r.reason == Reason::GoalBlocked);
  o.partial = true;
  r = searcher.find(fp, 0, 0, 8, 6, o);
  CHECK(r.status == Status::Partial);
  CHECK(r.endX == 7);
  CHECK(r.endY == 4);
  // The wall leaves a 3-wide unit only the rows below it: the way right goes down to row 4.
  o.partial = false;
  r = searcher.find(fp, 0, 0, 7, 0, o);
  REQUIRE(r.status == Status::Found);
  CHECK(testing::pathText(r.path).find("1,4 2,4 3,4 4,4 5,4") != std::string::npos);
  CHECK(r.cost == 15);
}

TEST_CASE("smoothing a big unit's path keeps the whole footprint clear", "[units]") {
  std::mt19937 rng(99);
  Searcher searcher;
  int smoothed = 0;
  for (int trial = 0; trial < 80; ++trial) {
    Grid grid = randomGrid(rng, 2);
    Footprints fp(grid);
    const int n = 2 + trial % 3;
    if (!fp.fits(n)) continue;
    SearchOptions o;
    o.unitSize = n;
    o.smooth = true;
    // Rules where a line through a grid vertex needs both side positions open, so that every
    // position the line touches must be open.
    o.diagonal = trial % 2 ? Diagonal::NoCorners : Diagonal::Never;
    Reference ref{grid, n, o.diagonal};
    const auto [sx, sy] = randomPosition(rng, grid, n);
    const auto [gx, gy] = randomPosition(rng, grid, n);
    const SearchResult r = searcher.find(fp, sx, sy, gx, gy, o);
    if (r.status != Status::Found || r.path.size() < 4) continue;
    ++smoothed;
    // The unit's top-left corner moves along the line between position centres: every position
    // it passes (sampled finely, off the cell borders) has its whole footprint passable.
    for (std::size_t k = 2; k + 1 < r.path.size(); k += 2) {
      const double x0 = r.path[k - 2], y0 = r.path[k - 1], x1 = r.path[k], y1 = r.path[k + 1];
      for (int s = 0; s <= 64; ++s) {
        const double t = (s + 1e-6) / 64.0;
        const double cx = x0 + (x1 - x0) * t + 0.5, cy = y0 + (y1 - y0) * t + 0.5;
        // The footprint's cells around the unit's top-left centre (cx, cy).
        const int tx = static_cast<int>(std::floor(cx)), ty = static_cast<int>(std::floor(cy));
        INFO("trial " << trial << " size " << n << " segment " << k / 2 << " path "
                      << testing::pathText(r.path) << " raw " << testing::pathText(r.rawPath)
                      << " at " << tx << "," << ty << " t " << t);
        if (tx == sx && ty == sy) continue;  // the start is never checked: it may be blocked
        CHECK(ref.open(tx, ty));
      }
    }
  }
  CHECK(smoothed > 20);
}

TEST_CASE("bad unit sizes and starts whose footprint sticks out are refused", "[units]") {
  Grid grid(10, 8);
  Footprints fp(grid);
  Searcher searcher;
  SearchOptions o;
  o.unitSize = 0;
  CHECK(searcher.find(fp, 0, 0, 1, 1, o).error ==
        "unitSize must be an integer from 1 to 16, got 0");
  o.unitSize = 17;
  CHECK(!searcher.find(fp, 0, 0, 1, 1, o).ok());
  o.unitSize = 3;
  CHECK(searcher.find(fp, 8, 0, 1, 1, o).error ==
        "startX must be an integer from 0 to 7, got 8 (a unit of size 3 must fit in the grid)");
  CHECK(!searcher.find(fp, 0, 6, 1, 1, o).ok());
  CHECK(searcher.find(fp, 7, 5, 0, 0, o).status == Status::Found);
  CHECK(!searcher.find(grid, 0, 0, 1, 1, o).ok());  // the plain grid overload needs footprints
  o.unitSize = 9;
  CHECK(searcher.find(fp, 0, 0, 1, 1, o).error == "unitSize 9 does not fit in a 10 x 8 grid");
}

TEST_CASE("Moving AI maps: units of 2 and 3 cost the same under A*, JPS and the reference",
          "[units][movingai]") {
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  Searcher searcher;
  for (const char* name : {"arena.map", "den011d.map"}) {
    std::string error;
    auto grid = movingai::loadMap(folder + "/" + name, error);
    REQUIRE(grid);
    Footprints fp(*grid);
    std::mt19937 rng(3);
    int compared = 0;
    for (int n : {2, 3}) {
      Reference ref{*grid, n, Diagonal::NoCorners};
      for (int q = 0; q < 12; ++q) {
        int sx, sy, gx, gy;
        do std::tie(sx, sy) = randomPosition(rng, *grid, n);
        while (!ref.open(sx, sy));
        const auto dist = ref.costsFrom(sx, sy);
        do std::tie(gx, gy) = randomPosition(rng, *grid, n);
        while (!std::isfinite(dist[gy * grid->width() + gx]));
        SearchOptions o;
        o.unitSize = n;
        o.diagonal = Diagonal::NoCorners;
        o.algorithm = Algorithm::AStar;
        const SearchResult astar = searcher.find(fp, sx, sy, gx, gy, o);
        o.algorithm = Algorithm::JPS;
        const SearchResult jps = searcher.find(fp, sx, sy, gx, gy, o);
        INFO(name << " size " << n << " " << sx << "," << sy << " -> " << gx << "," << gy);
        REQUIRE(astar.status == Status::Found);
        REQUIRE(jps.status == Status::Found);
        CHECK(jps.algorithm == Algorithm::JPS);
        CHECK(astar.cost == Approx(dist[gy * grid->width() + gx]).epsilon(1e-9));
        CHECK(jps.cost == Approx(astar.cost).epsilon(1e-9));
        std::string why;
        CHECK(ref.legalCost(jps.path, why) == Approx(jps.cost).epsilon(1e-9));
        ++compared;
      }
      // A wall dropped across the way is heard by the footprints at once.
      grid->fillRect(grid->width() / 2, 0, 1, grid->height(), 1);
      checkPositions(fp, n);
      grid->fillRect(grid->width() / 2, 0, 1, grid->height(), 0);
    }
    CHECK(compared == 24);
  }
}

TEST_CASE("footprints report their memory and free a size when asked", "[units]") {
  Grid grid(100, 50);
  Footprints fp(grid);
  CHECK(fp.memoryBytes() == 0);
  const std::size_t expected = fp.bytesToBuild(4);
  CHECK(expected >= 97u * 47u);
  fp.positions(4);
  CHECK(fp.memoryBytes() >= 97u * 47u);
  CHECK(fp.memoryBytes() <= expected + 64);
  CHECK(fp.bytesToBuild(4) == 0);
  fp.release(4);
  CHECK(fp.memoryBytes() <= 3 * 100);  // only the scratch lines are left
  CHECK(fp.positions(1) == &grid);
  CHECK(fp.positions(101) == nullptr);
}

TEST_CASE("fields and ranges of a big unit run on its positions and match the reference",
          "[units]") {
  std::mt19937 rng(515);
  FieldSearch fields;
  for (int trial = 0; trial < 30; ++trial) {
    Grid grid = randomGrid(rng, 5);
    Footprints fp(grid);
    randomEdit(rng, grid, 5);
    const int n = 2 + trial % 3;
    if (!fp.fits(n)) continue;
    const Grid& p = *fp.positions(n);
    FieldOptions o;
    o.diagonal = kRules[trial % 4];
    Reference ref{grid, n, o.diagonal};
    const auto [sx, sy] = randomPosition(rng, grid, n);
    MovementRange range;
    fields.reachable(p, sx, sy, o, range);
    REQUIRE(range.error.empty());
    const auto from = ref.costsFrom(sx, sy);
    FlowField field;
    const int32_t goal = p.index(sx, sy);
    fields.flowField(p, &goal, 1, o, field);
    REQUIRE(field.error.empty());
    for (int y = 0; y < p.height(); ++y)
      for (int x = 0; x < p.width(); ++x) {
        INFO("trial " << trial << " size " << n << " position " << x << "," << y);
        const double want = from[y * grid.width() + x];
        const float got = range.costs[p.index(x, y)];
        if (std::isfinite(want))
          CHECK(got == Approx(want).epsilon(1e-5));
        else
          CHECK(std::isinf(got));
        // The field to (sx, sy) from an open position costs what a path from it costs (a
        // sample of the positions: each needs a Dijkstra of its own).
        if (ref.open(x, y) && (x + 3 * y) % 7 == 0) {
          const double back = ref.costsFrom(x, y)[sy * grid.width() + sx];
          const float toGoal = field.costs[p.index(x, y)];
          if (std::isfinite(back))
            CHECK(toGoal == Approx(back).epsilon(1e-5));
          else
            CHECK(std::isinf(toGoal));
        }
      }
    // Laid out per cell, as the bindings hand them to JS.
    std::vector<float> costs = range.costs;
    spreadToCells(costs, p.width(), p.height(), grid.width(), grid.height(), -1.0f);
    REQUIRE(costs.size() == static_cast<std::size_t>(grid.size()));
    for (int y = 0; y < grid.height(); ++y)
      for (int x = 0; x < grid.width(); ++x)
        CHECK(costs[grid.index(x, y)] == (p.inside(x, y) ? range.costs[p.index(x, y)] : -1.0f));
  }
}
