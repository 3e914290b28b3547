// Weighted jump point search (weighted_jump_point.cpp): algorithm 'jps' on a grid whose costs
// differ. The truth is a plain Dijkstra written here with its own rules (a step costs its length
// times the cost of the cell entered; noCorners: both side cells passable; or 4 neighbours), on
// random maps edited between queries, and A* on the Moving AI maps painted with terrain.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <queue>
#include <random>

#include "maps.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;

namespace {

// Classes: 0 costs 1 (the default), 1 is a wall, 2.. the terrain below.
constexpr uint8_t kWall = 1;
const double kTerrainCosts[] = {0.5, 2, 3, 4, 1.5};
constexpr int kTerrains = 5;

void setTerrainCosts(Grid& grid) {
  for (int t = 0; t < kTerrains; ++t) grid.setCost(2 + t, kTerrainCosts[t]);
}

// Own Dijkstra: cost of the cheapest way from (sx, sy) to every cell.
std::vector<double> dijkstra(const Grid& grid, bool fourWay, int sx, int sy) {
  const int w = grid.width(), h = grid.height();
  auto costAt = [&](int x, int y) {
    return x < 0 || y < 0 || x >= w || y >= h ? 0.0 : grid.cost(grid.get(x, y));
  };
  std::vector<double> dist(static_cast<std::size_t>(w) * h, INFINITY);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  dist[sy * w + sx] = 0;
  open.push({0.0, sy * w + sx});
  while (!open.empty()) {
    const auto [d, c] = open.top();
    open.pop();
    if (d > dist[c]) continue;
    const int x = c % w, y = c / w;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const bool diagonal = dx != 0 && dy != 0;
        if (diagonal && (fourWay || costAt(x + dx, y) <= 0 || costAt(x, y + dy) <= 0)) continue;
        const double enter = costAt(x + dx, y + dy);
        if (enter <= 0) continue;
        const double nd = d + enter * (diagonal ? std::sqrt(2.0) : 1.0);
        const int n = (y + dy) * w + x + dx;
        if (nd < dist[n]) open.push({dist[n] = nd, n});
      }
  }
  return dist;
}

// Rectangles of terrain (or walls, with probability wallShare) over a class-0 map.
void paintPatches(Grid& grid, std::mt19937& rng, int patches, int maxSide, double wallShare) {
  std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1),
      side(1, maxSide), terrain(0, kTerrains);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int p = 0; p < patches; ++p) {
    const int t = terrain(rng);
    const uint8_t cls = unit(rng) < wallShare ? kWall : t == kTerrains ? 0 : 2 + t;
    grid.fillRect(px(rng), py(rng), side(rng), side(rng), cls);
  }
}

// Every cell its own random class: walls with probability wallShare, else any terrain.
void paintCells(Grid& grid, std::mt19937& rng, double wallShare) {
  std::uniform_int_distribution<int> terrain(0, kTerrains);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int i = 0; i < grid.size(); ++i) {
    const int t = terrain(rng);
    grid.data()[i] = unit(rng) < wallShare ? kWall : t == kTerrains ? 0 : 2 + t;
  }
  grid.cellsChanged();
}

bool near(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

// jps from (sx, sy) to a few goals against the reference; returns the problems checked.
int checkFrom(Searcher& s, const Grid& grid, Diagonal rule, int sx, int sy, std::mt19937& rng,
              int goals) {
  const bool fourWay = rule == Diagonal::Never;
  const std::vector<double> truth = dijkstra(grid, fourWay, sx, sy);
  SearchOptions o;
  o.algorithm = Algorithm::JPS;
  o.diagonal = rule;
  std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
  int checked = 0;
  for (int k = 0; k < goals; ++k) {
    const int gx = px(rng), gy = py(rng);
    const SearchResult r = s.find(grid, sx, sy, gx, gy, o);
    const double want = truth[gy * grid.width() + gx];
    INFO("(" << sx << "," << sy << ")->(" << gx << "," << gy << ") "
             << (fourWay ? "4-way" : "noCorners") << " " << grid.width() << "x" << grid.height());
    CHECK(r.algorithm == Algorithm::JPS);
    CHECK(r.error.empty());
    if (!std::isfinite(want)) {
      CHECK(r.status != Status::Found);
      continue;
    }
    ++checked;
    REQUIRE(r.status == Status::Found);
    CHECK(near(r.cost, want));
    if (!near(r.cost, want)) FAIL_CHECK("cost " << r.cost << ", Dijkstra " << want);
    // The path: from the start to the goal, each step legal, summing to the cost reported.
    REQUIRE(r.path.size() >= 2);
    CHECK(r.path[0] == sx);
    CHECK(r.path[1] == sy);
    CHECK(r.path[r.path.size() - 2] == gx);
    CHECK(r.path.back() == gy);
    std::string why;
    const double walked = testing::legalPathCost(grid, rule, r.path, why);
    CHECK(why.empty());
    CHECK(near(walked, r.cost));
  }
  return checked;
}

// The mixed bits as the grid keeps them, against the rule computed from the cells.
bool mixedBitsCurrent(const Grid& grid) {
  grid.prepareMixed();
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x)
      if (grid.mixed(x, y) != grid.computeMixed(x, y)) return false;
  return true;
}

}  // namespace

TEST_CASE("weighted jps runs on weighted grids, not A*", "[wjps]") {
  Grid grid(20, 10);
  setTerrainCosts(grid);
  grid.fillRect(5, 0, 4, 10, 4);  // a band of cost 3
  Searcher s;
  SearchOptions o;
  o.algorithm = Algorithm::JPS;
  for (Diagonal rule : {Diagonal::NoCorners, Diagonal::Never}) {
    o.diagonal = rule;
    const SearchResult r = s.find(grid, 0, 5, 19, 5, o);
    CHECK(r.algorithm == Algorithm::JPS);
    CHECK(r.status == Status::Found);
    CHECK(r.cost == Approx(15 + 4 * 3));
  }
  // Corner cutting, partial paths and adjacent goals are not jump point searches: A*.
  o.diagonal = Diagonal::Always;
  CHECK(s.find(grid, 0, 5, 19, 5, o).algorithm == Algorithm::AStar);
  o.diagonal = Diagonal::NoCorners;
  o.partial = true;
  CHECK(s.find(grid, 0, 5, 19, 5, o).algorithm == Algorithm::AStar);
}

TEST_CASE("weighted jps costs what Dijkstra finds, on random maps with edits", "[wjps]") {
  std::mt19937 rng(31);
  Searcher s;
  int checked = 0;
  for (int size : {8, 17, 40, 64, 128}) {
    for (int kind = 0; kind < 3; ++kind) {
      Grid grid(size, kind == 2 ? size / 2 + 3 : size);
      setTerrainCosts(grid);
      if (kind == 1)
        paintCells(grid, rng, 0.15);
      else
        paintPatches(grid, rng, size * size / 40 + 3, std::max(2, size / 5), 0.2);
      std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1),
          cls(0, kTerrains + 1), terrain(0, kTerrains - 1);
      for (int round = 0; round < 12; ++round) {
        for (Diagonal rule : {Diagonal::NoCorners, Diagonal::Never})
          checked += checkFrom(s, grid, rule, px(rng), py(rng), rng, 6);
        // Edits: cells set (walls, terrain, plain), a class's cost changed, a class blocked or
        // opened again.
        for (int e = 0; e < 1 + size / 8; ++e) {
          const int c = cls(rng);
          grid.set(px(rng), py(rng), c == kTerrains + 1 ? 0 : c == kTerrains ? kWall : 2 + c);
        }
        if (round % 3 == 0) {
          const int t = terrain(rng);
          const double costs[] = {0.25, 1, 2.5, 7, 1.25};
          grid.setCost(2 + t, costs[rng() % 5]);
        }
        if (round % 4 == 1) grid.setCost(2 + terrain(rng), 0);  // blocked
        if (round % 4 == 3) setTerrainCosts(grid);              // all open again
        if (round % 2 == 0) grid.fillRect(px(rng), py(rng), 3, 3, 2 + terrain(rng));
        CHECK(mixedBitsCurrent(grid));
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("weighted jps costs what A* finds on Moving AI maps painted with terrain", "[wjps]") {
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  const std::vector<std::string> names = testing::movingaiMapNames(folder);
  REQUIRE(names.size() >= 8);
  Searcher s;
  SearchResult jps, astar;
  SearchOptions oj, oa;
  oj.algorithm = Algorithm::JPS;
  oa.algorithm = Algorithm::AStar;
  oj.diagonal = oa.diagonal = Diagonal::NoCorners;
  for (const std::string& n : names) {
    std::string error;
    auto grid = movingai::loadMap(folder + "/" + n, error);
    REQUIRE(grid);
    auto problems = movingai::loadScenario(folder + "/" + n + ".scen", error);
    REQUIRE(problems);
    // Seeded terrain patches on the passable cells (walls stay walls).
    std::mt19937 rng(7);
    setTerrainCosts(*grid);
    std::uniform_int_distribution<int> px(0, grid->width() - 1), py(0, grid->height() - 1),
        side(2, 24), terrain(0, kTerrains);
    for (int p = 0; p < grid->size() / 150; ++p) {
      const int x0 = px(rng), y0 = py(rng), w = side(rng), h = side(rng), t = terrain(rng);
      for (int y = y0; y < std::min(y0 + h, grid->height()); ++y)
        for (int x = x0; x < std::min(x0 + w, grid->width()); ++x)
          if (grid->get(x, y) != kWall) grid->set(x, y, t == kTerrains ? 0 : 2 + t);
    }
    REQUIRE_FALSE(grid->uniformCost());
    const std::size_t stride = std::max<std::size_t>(1, problems->size() / 300);
    int mismatches = 0, checked = 0;
    for (std::size_t k = 0; k < problems->size(); k += stride) {
      const auto& p = (*problems)[k];
      s.find(*grid, p.startX, p.startY, p.goalX, p.goalY, oa, astar);
      s.find(*grid, p.startX, p.startY, p.goalX, p.goalY, oj, jps);
      ++checked;
      const bool ok = jps.algorithm == Algorithm::JPS && jps.status == astar.status &&
                      near(jps.cost, astar.cost);
      if (!ok && ++mismatches <= 3)
        FAIL_CHECK(n << " problem " << k << ": A* " << astar.cost << ", jps " << jps.cost);
      if (ok && k % 29 == 0) {
        std::string why;
        CHECK(near(testing::legalPathCost(*grid, oj.diagonal, jps.path, why), jps.cost));
        CHECK(why.empty());
      }
    }
    INFO(n << ": " << checked << " problems");
    CHECK(mismatches == 0);
  }
}
