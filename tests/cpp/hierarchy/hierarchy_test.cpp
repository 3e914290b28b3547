// Hierarchical search (algorithm hpa) against a plain Dijkstra written here, on random weighted
// maps with random edits between queries: every path legal cell by cell on the grid as it is
// now, found whenever one exists, and within the suboptimality bound.
#include "tilepath/hierarchy.hpp"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <queue>
#include <random>

#include "maps.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/rectangles.hpp"
#include "tilepath/repair.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::legalPathCost;

namespace {

constexpr Diagonal kRules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                               Diagonal::Always};

// The cheapest cost from (sx, sy) to every cell, by Dijkstra with its own neighbour rule: a
// step enters a passable neighbour; a diagonal one also needs its side cells as the rule says.
std::vector<double> referenceCosts(const Grid& grid, Diagonal rule, int sx, int sy) {
  const int w = grid.width(), h = grid.height();
  std::vector<double> dist(grid.size(), INFINITY);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  dist[sy * w + sx] = 0;
  open.push({0, sy * w + sx});
  while (!open.empty()) {
    auto [d, c] = open.top();
    open.pop();
    if (d > dist[c]) continue;
    const int x = c % w, y = c / w;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const int nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || !grid.passable(nx, ny)) continue;
        if (dx != 0 && dy != 0) {
          const bool a = grid.passable(x + dx, y), b = grid.passable(x, y + dy);
          if (rule == Diagonal::Never || (rule == Diagonal::NoCorners && !(a && b)) ||
              (rule == Diagonal::OneObstacle && !(a || b)))
            continue;
        }
        const double nd = d + (dx && dy ? std::sqrt(2.0) : 1.0) * grid.cellCost(ny * w + nx);
        if (nd < dist[ny * w + nx]) {
          dist[ny * w + nx] = nd;
          open.push({nd, ny * w + nx});
        }
      }
  }
  return dist;
}

// A grid whose classes cost: 0 plain (1), 2 rough (1.4), 3 forest (2.5), 4 swamp (6), 1 wall.
Grid weightedGrid(int w, int h) {
  Grid grid(w, h);
  grid.setCost(2, 1.4);
  grid.setCost(3, 2.5);
  grid.setCost(4, 6);
  return grid;
}

uint8_t randomClass(std::mt19937& rng, int wallPercent) {
  const int r = static_cast<int>(rng() % 100);
  if (r < wallPercent) return 1;
  const int t = static_cast<int>(rng() % 10);
  return t < 5 ? 0 : t < 7 ? 2 : t < 9 ? 3 : 4;
}

// Blobs of terrain and wall segments, so that clusters hold rooms, corridors and open ground.
Grid randomMap(std::mt19937& rng, int w, int h, int walls) {
  Grid grid = weightedGrid(w, h);
  for (int k = 0; k < w * h / 40; ++k) {
    const int x = static_cast<int>(rng() % w), y = static_cast<int>(rng() % h);
    const int bw = 1 + static_cast<int>(rng() % 9), bh = 1 + static_cast<int>(rng() % 9);
    const uint8_t cls = randomClass(rng, walls);
    grid.fillRect(x, y, cls == 1 && rng() % 2 ? 1 : bw, cls == 1 && rng() % 2 ? bh : 1 + bh / 3,
                  cls);
  }
  return grid;
}

struct Stats {
  std::vector<double> ratios;
  int found = 0, none = 0;
  double worst() const {
    return ratios.empty() ? 1 : *std::max_element(ratios.begin(), ratios.end());
  }
  double median() {
    if (ratios.empty()) return 1;
    std::nth_element(ratios.begin(), ratios.begin() + ratios.size() / 2, ratios.end());
    return ratios[ratios.size() / 2];
  }
};

// One hpa query checked against the reference: legal on the grid as it is, found exactly when
// the reference reaches the goal, and its cost's ratio to the optimum recorded.
void check(const Grid& grid, Hierarchy& hierarchy, Searcher& searcher, Diagonal rule, int sx,
           int sy, int gx, int gy, Stats& stats, bool smooth = false) {
  SearchOptions o;
  o.algorithm = Algorithm::Hpa;
  o.diagonal = rule;
  o.smooth = smooth;
  SearchResult r;
  hierarchy.find(searcher, sx, sy, gx, gy, o, r);
  REQUIRE(r.ok());
  const double optimal = referenceCosts(grid, rule, sx, sy)[grid.index(gx, gy)];
  INFO("rule " << kDiagonalNames[static_cast<int>(rule)] << " from " << sx << "," << sy << " to "
               << gx << "," << gy << " optimal " << optimal << " got " << r.cost);
  if (!grid.passable(gx, gy) && !(sx == gx && sy == gy)) {
    REQUIRE(r.status == Status::None);
    return;
  }
  if (!std::isfinite(optimal)) {
    REQUIRE(r.status == Status::None);
    REQUIRE(r.reason == Reason::Unreachable);
    ++stats.none;
    return;
  }
  REQUIRE(r.status == Status::Found);
  REQUIRE(r.algorithm == Algorithm::Hpa);
  // With smoothing, the cell-by-cell path is rawPath, and the waypoints cost no more.
  const std::vector<int32_t>& cells = smooth && !r.rawPath.empty() ? r.rawPath : r.path;
  REQUIRE(cells.size() >= 2);
  REQUIRE(cells[0] == sx);
  REQUIRE(cells[1] == sy);
  REQUIRE(cells[cells.size() - 2] == gx);
  REQUIRE(cells.back() == gy);
  std::string why;
  const double walked = legalPathCost(grid, rule, cells, why);
  INFO(why);
  REQUIRE(walked >= 0);
  REQUIRE(r.cost <= walked + 1e-6 * std::max(1.0, walked));
  if (!smooth) REQUIRE(std::abs(walked - r.cost) <= 1e-6 * std::max(1.0, walked));
  REQUIRE(walked >= optimal - 1e-6 * std::max(1.0, optimal));
  if (optimal > 0) stats.ratios.push_back(walked / optimal);
  ++stats.found;
}

void randomEdits(std::mt19937& rng, Grid& grid, int count) {
  for (int e = 0; e < count; ++e) {
    const int x = static_cast<int>(rng() % grid.width()),
              y = static_cast<int>(rng() % grid.height());
    switch (rng() % 8) {
      case 0:  // a wall segment
        grid.fillRect(x, y, 1 + static_cast<int>(rng() % 12), 1, 1);
        break;
      case 1:  // a room cleared
        grid.fillRect(x, y, 1 + static_cast<int>(rng() % 10), 1 + static_cast<int>(rng() % 10), 0);
        break;
      default:
        grid.set(x, y, randomClass(rng, 40));
    }
  }
}

}  // namespace

TEST_CASE("hpa paths are legal and near-optimal on random weighted maps through random edits") {
  std::mt19937 rng(2026);
  Searcher searcher;
  for (Diagonal rule : kRules) {
    Stats stats;
    for (int map = 0; map < 3; ++map) {
      Grid grid =
          randomMap(rng, 97 + static_cast<int>(rng() % 60), 80 + static_cast<int>(rng() % 70), 30);
      Hierarchy hierarchy(grid, 16);
      for (int q = 0; q < 40; ++q) {
        auto pick = [&](int limit) { return static_cast<int>(rng() % limit); };
        check(grid, hierarchy, searcher, rule, pick(grid.width()), pick(grid.height()),
              pick(grid.width()), pick(grid.height()), stats, q % 5 == 4);
        randomEdits(rng, grid, 1 + pick(6));
        if (q % 13 == 12) grid.setCost(3, grid.cost(3) == 2.5 ? 0 : 2.5);  // forest blocked/open
        if (q % 17 == 16) grid.setCost(4, grid.cost(4) == 6 ? 1.2 : 6);
      }
    }
    INFO("rule " << kDiagonalNames[static_cast<int>(rule)] << ": found " << stats.found << ", none "
                 << stats.none << ", median " << stats.median() << ", worst " << stats.worst());
    WARN("hpa on random weighted maps, rule " << kDiagonalNames[static_cast<int>(rule)]
                                              << ": median ratio " << stats.median() << ", worst "
                                              << stats.worst() << " over " << stats.found);
    REQUIRE(stats.found > 60);
    REQUIRE(stats.median() <= 1.02);
    REQUIRE(stats.worst() <= 1.15);
  }
}

TEST_CASE("hpa hears of every edit: doors opened and closed, classes made dear or cheap") {
  std::mt19937 rng(8);
  Searcher searcher;
  for (Diagonal rule : kRules) {
    Grid grid = weightedGrid(150, 110);
    grid.fillRect(75, 0, 1, 110, 1);  // a wall splitting the map
    Hierarchy hierarchy(grid, 16);
    Stats stats;
    for (int round = 0; round < 12; ++round) {
      const int door = static_cast<int>(rng() % 110);
      const int sx = static_cast<int>(rng() % 70), sy = static_cast<int>(rng() % 110);
      const int gx = 80 + static_cast<int>(rng() % 70), gy = static_cast<int>(rng() % 110);
      check(grid, hierarchy, searcher, rule, sx, sy, gx, gy, stats);  // closed: none
      grid.set(75, door, 0);
      check(grid, hierarchy, searcher, rule, sx, sy, gx, gy, stats);  // open: through the door
      grid.set(75, door, 1);
      // A swamp across the way, then the swamp drained (its class made cheap), then flooded.
      grid.fillRect(20, 0, 30, 110, 4);
      grid.set(75, door, 0);
      check(grid, hierarchy, searcher, rule, sx, sy, gx, gy, stats);
      grid.setCost(4, 1);
      check(grid, hierarchy, searcher, rule, sx, sy, gx, gy, stats);
      grid.setCost(4, 0);
      check(grid, hierarchy, searcher, rule, 60, sy, gx, gy, stats);
      grid.setCost(4, 6);
      grid.fillRect(20, 0, 30, 110, 0);
      grid.set(75, door, 1);
    }
    REQUIRE(stats.none >= 12);
    REQUIRE(stats.found >= 40);
    REQUIRE(stats.worst() <= 1.15);
  }
}

// The door tests' map: weighted ground, 256 clusters (so one edit rebuilds few of them and the
// landmarks are kept), and a wall at x = 128 with a gap at the bottom.
Grid walledGrid() {
  Grid grid = weightedGrid(256, 256);
  grid.fillRect(128, 0, 1, 250, 1);
  return grid;
}

// Opens a door at a random row of the wall, asks the four queries across it, closes it again;
// returns the door's row. The queries go from the wall's left to its right.
int acrossADoor(Grid& grid, Hierarchy& hierarchy, Searcher& searcher, Diagonal rule,
                std::mt19937& rng, Stats& stats) {
  const int door = static_cast<int>(rng() % 120);
  grid.set(128, door, 0);
  for (int q = 0; q < 4; ++q)
    check(grid, hierarchy, searcher, rule, 60 + static_cast<int>(rng() % 60),
          static_cast<int>(rng() % 140), 136 + static_cast<int>(rng() % 60),
          static_cast<int>(rng() % 140), stats);
  grid.set(128, door, 1);
  return door;
}

TEST_CASE("hpa's landmarks never mislead it once an edit opens a shorter way") {
  // A door opened in the long wall makes the old landmark costs overestimate on the far side
  // of it. The search must cap them (trusting them, it would go round by the old way).
  std::mt19937 rng(31);
  Searcher searcher;
  for (Diagonal rule : {Diagonal::Never, Diagonal::NoCorners}) {
    Grid grid = walledGrid();
    Hierarchy hierarchy(grid, 16);
    Stats stats;
    check(grid, hierarchy, searcher, rule, 10, 10, 250, 10, stats);  // the landmarks are built
    for (int round = 0; round < 8; ++round) {
      const int door = acrossADoor(grid, hierarchy, searcher, rule, rng, stats);
      check(grid, hierarchy, searcher, rule, 100, door, 150, door, stats);  // round by the gap
    }
    INFO("median " << stats.median() << ", worst " << stats.worst());
    REQUIRE(stats.found == 41);
    REQUIRE(stats.worst() <= 1.05);
    // Retired, the landmarks come back as searches pay for them: soon the hierarchy searches
    // as a freshly built one does (same expanded count).
    grid.set(128, 5, 0);
    SearchOptions o;
    o.algorithm = Algorithm::Hpa;
    o.diagonal = rule;
    SearchResult kept, fresh;
    Hierarchy built(grid, 16);
    built.find(searcher, 5, 5, 250, 100, o, fresh);
    int searches = 0;
    for (; searches < 400; ++searches) {
      hierarchy.find(searcher, 5, 5, 250, 100, o, kept);
      REQUIRE(kept.cost == Approx(fresh.cost).epsilon(1e-4));
      if (kept.expanded == fresh.expanded) break;
    }
    INFO("searches " << searches << ", expanded " << kept.expanded << " against "
                     << fresh.expanded);
    REQUIRE(searches > 0);
    REQUIRE(searches < 400);
  }
}

TEST_CASE("hpa's landmarks are retired, not trusted, once more places open than its boxes hold") {
  // As above, but sixteen cells opened far apart fill the boxes that cap the landmarks before
  // each door opens: the door has no box of its own, so the landmarks must go (trusting them,
  // the search would go round by the old gap).
  std::mt19937 rng(31);
  Searcher searcher;
  for (Diagonal rule : {Diagonal::Never, Diagonal::NoCorners}) {
    Grid grid = walledGrid();
    Hierarchy hierarchy(grid, 16);
    Stats stats;
    for (int round = 0; round < 8; ++round) {
      for (int k = 0; k < 16; ++k) grid.set(4 + 14 * k, 240, 1);
      check(grid, hierarchy, searcher, rule, 10, 10, 250, 10, stats);
      for (int k = 0; k < 16; ++k) grid.set(4 + 14 * k, 240, 0);
      acrossADoor(grid, hierarchy, searcher, rule, rng, stats);
    }
    INFO("median " << stats.median() << ", worst " << stats.worst());
    REQUIRE(stats.found == 40);
    REQUIRE(stats.worst() <= 1.05);
  }
}

TEST_CASE("hpa under every rule on a Moving AI map: within 5% of the scenario's optimum") {
  std::string error;
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  auto grid = movingai::loadMap(folder + "/arena.map", error);
  auto problems = movingai::loadScenario(folder + "/arena.map.scen", error);
  REQUIRE(grid);
  REQUIRE(problems);
  Hierarchy hierarchy(*grid);
  Searcher searcher;
  Stats stats;
  for (const auto& p : *problems)
    check(*grid, hierarchy, searcher, Diagonal::NoCorners, p.startX, p.startY, p.goalX, p.goalY,
          stats);
  WARN("hpa on arena.map: median ratio " << stats.median() << ", worst " << stats.worst());
  REQUIRE(stats.median() <= 1.01);
  REQUIRE(stats.worst() <= 1.05);
}

TEST_CASE("repairPath: legal detours as cheap as the best way between the points they join") {
  std::mt19937 rng(31);
  Searcher searcher;
  for (Diagonal rule : kRules) {
    int locals = 0, fulls = 0;
    for (int q = 0; q < 60; ++q) {
      Grid grid = randomMap(rng, 120, 90, 25);
      SearchOptions o;
      o.diagonal = rule;
      const int sx = static_cast<int>(rng() % 120), sy = static_cast<int>(rng() % 90);
      const int gx = static_cast<int>(rng() % 120), gy = static_cast<int>(rng() % 90);
      const SearchResult old = searcher.find(grid, sx, sy, gx, gy, o);
      if (old.status != Status::Found || old.path.size() < 80) continue;
      const int from = 3, points = static_cast<int>(old.path.size() / 2);
      // A wall of a few cells across the path at some point ahead.
      const int at = from + 5 + static_cast<int>(rng() % (points - from - 6));
      const int wx = old.path[2 * at], wy = old.path[2 * at + 1];
      grid.fillRect(wx - 1, wy - 1, 3, 3, 1);
      RepairResult r;
      repairPath(searcher, grid, old.path, from, o, RepairOptions{}, r);
      REQUIRE(r.search.ok());
      const double optimal = referenceCosts(grid, rule, old.path[2 * from],
                                            old.path[2 * from + 1])[grid.index(gx, gy)];
      if (r.search.status != Status::Found) {
        REQUIRE(r.kind == RepairKind::Full);
        REQUIRE(!(std::isfinite(optimal) && grid.passable(gx, gy)));
        continue;
      }
      std::string why;
      const double walked = legalPathCost(grid, rule, r.search.path, why);
      INFO(why);
      REQUIRE(walked >= 0);
      REQUIRE(r.search.path[0] == old.path[2 * from]);
      REQUIRE(r.search.path[1] == old.path[2 * from + 1]);
      REQUIRE(std::abs(walked - r.search.cost) <= 1e-6 * walked);
      REQUIRE(walked >= optimal - 1e-6 * optimal);
      if (r.kind == RepairKind::Full) {
        REQUIRE(std::abs(walked - optimal) <= 1e-6 * optimal);  // a full A*: optimal
        ++fulls;
        continue;
      }
      REQUIRE(r.kind == RepairKind::Local);
      ++locals;
      REQUIRE(r.departIndex >= from);
      REQUIRE(r.rejoinIndex > r.departIndex);
      const double best = referenceCosts(grid, rule, old.path[2 * r.departIndex],
                                         old.path[2 * r.departIndex + 1])[grid.index(
          old.path[2 * r.rejoinIndex], old.path[2 * r.rejoinIndex + 1])];
      REQUIRE(std::abs(r.detourCost - best) <= 1e-6 * std::max(1.0, best));
    }
    WARN("repair, rule " << kDiagonalNames[static_cast<int>(rule)] << ": " << locals << " local, "
                         << fulls << " full");
    REQUIRE(locals >= 10);
  }
}

TEST_CASE("rectangles cover exactly the passable cells, each once, on random and Moving AI maps") {
  std::mt19937 rng(5);
  std::string error;
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  std::vector<Grid> grids;
  grids.push_back(*movingai::loadMap(folder + "/den011d.map", error));
  grids.push_back(*movingai::loadMap(folder + "/maze512-1-0.map", error));
  for (int k = 0; k < 6; ++k)
    grids.push_back(
        randomMap(rng, 40 + static_cast<int>(rng() % 90), 30 + static_cast<int>(rng() % 90), 35));
  for (const Grid& grid : grids) {
    for (bool sameClass : {false, true}) {
      std::vector<int32_t> rects;
      rectangles(grid, sameClass, rects);
      REQUIRE(rects.size() % 4 == 0);
      std::vector<int> covered(grid.size(), 0);
      for (std::size_t r = 0; r < rects.size(); r += 4) {
        const int x = rects[r], y = rects[r + 1], w = rects[r + 2], h = rects[r + 3];
        REQUIRE(w > 0);
        REQUIRE(h > 0);
        for (int yy = y; yy < y + h; ++yy)
          for (int xx = x; xx < x + w; ++xx) {
            REQUIRE(grid.inside(xx, yy));
            REQUIRE(grid.passable(xx, yy));
            if (sameClass) REQUIRE(grid.get(xx, yy) == grid.get(x, y));
            ++covered[grid.index(xx, yy)];
          }
      }
      for (int i = 0; i < grid.size(); ++i) REQUIRE(covered[i] == (grid.passable(i) ? 1 : 0));
    }
  }
  // An open map is one rectangle; a wall down the middle makes two.
  Grid open(50, 40);
  std::vector<int32_t> rects;
  rectangles(open, false, rects);
  REQUIRE(rects == std::vector<int32_t>{0, 0, 50, 40});
  open.fillRect(20, 0, 1, 40, 1);
  rectangles(open, false, rects);
  REQUIRE(rects == std::vector<int32_t>{0, 0, 20, 40, 21, 0, 29, 40});
}

TEST_CASE("hpa on tiny and thin grids, smaller than a cluster or one cell wide") {
  std::mt19937 rng(99);
  Searcher searcher;
  for (int k = 0; k < 60; ++k) {
    const int w = 1 + static_cast<int>(rng() % 40), h = 1 + static_cast<int>(rng() % 40);
    Grid grid = randomMap(rng, w, h, 20);
    Hierarchy hierarchy(grid, 8);
    Stats stats;
    for (Diagonal rule : kRules)
      for (int q = 0; q < 5; ++q)
        check(grid, hierarchy, searcher, rule, static_cast<int>(rng() % w),
              static_cast<int>(rng() % h), static_cast<int>(rng() % w), static_cast<int>(rng() % h),
              stats);
    REQUIRE(stats.worst() <= 1.2);
  }
}

TEST_CASE("hpa keeps to cheap roads crossing cluster borders anywhere") {
  std::mt19937 rng(42);
  Searcher searcher;
  for (Diagonal rule : {Diagonal::NoCorners, Diagonal::Never}) {
    Grid grid = weightedGrid(200, 160);
    grid.setCost(5, 0.3);              // road, cheaper than the plains the heuristic is scaled by
    grid.fillRect(0, 0, 200, 160, 3);  // forest everywhere
    for (int r = 0; r < 8; ++r) {      // straight roads and staircase roads
      const int x = static_cast<int>(rng() % 200), y = static_cast<int>(rng() % 160);
      if (r % 3 == 0) grid.fillRect(0, y, 200, 1, 5);
      if (r % 3 == 1) grid.fillRect(x, 0, 1, 160, 5);
      if (r % 3 == 2)
        for (int k = 0; k < 150; ++k) grid.fillRect(x + k / 2 - 40, y + k - 75, 2, 1, 5);
    }
    Hierarchy hierarchy(grid);
    Stats stats;
    for (int q = 0; q < 40; ++q)
      check(grid, hierarchy, searcher, rule, static_cast<int>(rng() % 200),
            static_cast<int>(rng() % 160), static_cast<int>(rng() % 200),
            static_cast<int>(rng() % 160), stats);
    WARN("roads, rule " << kDiagonalNames[static_cast<int>(rule)] << ": median " << stats.median()
                        << ", worst " << stats.worst());
    // Measured: worst 2.3% under noCorners, 9.3% under never (a road through a cluster beside
    // the corridor); before entrances split at cost changes, the median was 19%, the worst 280%.
    REQUIRE(stats.median() <= 1.01);
    REQUIRE(stats.worst() <= 1.10);
  }
}

namespace {
std::size_t gHpaRoom = 0;  // bytes the host check below allows in one block
bool hpaRoom(std::size_t bytes) {
  return bytes <= gHpaRoom;
}
}  // namespace

TEST_CASE("an hpa search whose memory cannot grow ends with an error, and the next one runs") {
  // In wasm a failed allocation aborts the instance: the parts of an hpa query that grow with the
  // map (its open list of entrances, its corridor of clusters, the path) ask the host's check
  // (Searcher::setRoomCheck) first, as searches do. The graph is built before the check is set:
  // its build is checked as a whole by the host (Hierarchy::bytesToBuild).
  Searcher searcher;
  SearchOptions o;
  o.algorithm = Algorithm::Hpa;
  o.diagonal = Diagonal::NoCorners;

  // A goal walled in on open ground: the abstract search visits every entrance of the map.
  Grid open(2048, 2048);
  open.fillRect(995, 995, 11, 11, 1);
  open.fillRect(996, 996, 9, 9, 0);
  Hierarchy walledIn(open);
  walledIn.update(o.diagonal);
  gHpaRoom = 16 * 1024;  // the open list's first block, 1,024 entries
  Searcher::setRoomCheck(hpaRoom);
  SearchResult refused;
  walledIn.find(searcher, 0, 0, 1000, 1000, o, refused);
  Searcher::setRoomCheck(nullptr);
  CAPTURE(refused.expanded, static_cast<int>(refused.status), refused.error);
  CHECK(refused.error.find("not enough memory to go on with this search") != std::string::npos);
  CHECK(refused.error.find("list of entrances to expand could not grow") != std::string::npos);
  SearchResult r;
  walledIn.find(searcher, 0, 0, 1000, 1000, o, r);
  CHECK(r.ok());
  CHECK(r.status == Status::None);

  // A winding path through every cluster of the map: its corridor holds all of them, refined
  // piece by piece (a few clusters at a time), but the path itself (128k cells) needs 1 MB.
  Grid winding(1024, 1024);
  for (int y = 4; y < 1024; y += 8) winding.fillRect((y / 8) % 2 ? 0 : 2, y, 1022, 1, 1);
  Hierarchy serpentine(winding);
  serpentine.update(o.diagonal);
  gHpaRoom = 512 << 10;
  Searcher::setRoomCheck(hpaRoom);
  serpentine.find(searcher, 0, 0, 0, 1023, o, refused);
  Searcher::setRoomCheck(nullptr);
  CAPTURE(refused.error);
  CHECK(refused.error.find("not enough memory to go on with this search") != std::string::npos);
  CHECK(refused.error.find("could not refine its path") != std::string::npos);
  CHECK(refused.path.empty());
  serpentine.find(searcher, 0, 0, 0, 1023, o, r);
  REQUIRE(r.ok());
  CHECK(r.status == Status::Found);
  std::string why;
  const double walked = legalPathCost(winding, o.diagonal, r.path, why);
  INFO(why);
  CHECK(walked > 128 * 1000);  // 128 rows of the map, end to end
}

TEST_CASE("an hpa graph that cannot grow to take in edits refuses its searches, then catches up") {
  // Edits that split every cluster's borders into short runs give each cluster more entrances
  // than its place in the graph's pool holds: every cluster moves, and the pool grows. Refused
  // by the host's check (Searcher::setRoomCheck), the search is an error, not an abort; allowed
  // again, the graph is the one a fresh hierarchy builds from the same cells.
  SearchOptions o;
  o.algorithm = Algorithm::Hpa;
  o.diagonal = Diagonal::NoCorners;
  Grid grid(512, 512);
  Hierarchy hierarchy(grid);
  Searcher searcher;
  SearchResult r;
  hierarchy.find(searcher, 0, 0, 510, 510, o, r);
  REQUIRE(r.status == Status::Found);
  const std::size_t before = hierarchy.memoryBytes();
  const std::size_t nodesBefore = hierarchy.nodeCount(o.diagonal);
  for (int x = 15; x < 512; x += 16)
    for (int y = 1; y < 512; y += 2) grid.set(x, y, 1);
  gHpaRoom = before / 4;  // less than the pool alone holds: its growth is refused
  Searcher::setRoomCheck(hpaRoom);
  SearchResult refused;
  hierarchy.find(searcher, 0, 0, 510, 510, o, refused);
  std::vector<int32_t> drawn;
  const bool nodesDrawn = hierarchy.nodes(o.diagonal, drawn);
  Searcher::setRoomCheck(nullptr);
  CHECK(refused.error.find("not enough memory to go on with this search") != std::string::npos);
  CHECK(refused.error.find("hpa's graph of the map could not grow") != std::string::npos);
  CHECK_FALSE(nodesDrawn);
  CHECK(drawn.empty());

  hierarchy.find(searcher, 0, 0, 510, 510, o, r);
  REQUIRE(r.ok());
  REQUIRE(r.status == Status::Found);
  std::string why;
  CHECK(legalPathCost(grid, o.diagonal, r.path, why) > 0);
  INFO(why);
  Hierarchy fresh(grid);
  fresh.update(o.diagonal);
  CHECK(hierarchy.nodeCount(o.diagonal) == fresh.nodeCount(o.diagonal));
  CHECK(hierarchy.edgeCount(o.diagonal) == fresh.edgeCount(o.diagonal));
  CHECK(hierarchy.nodeCount(o.diagonal) > nodesBefore * 3 / 2);  // the clusters did outgrow
  SearchResult again;
  fresh.find(searcher, 0, 0, 510, 510, o, again);
  CHECK(again.cost == Approx(r.cost));
}

namespace {

// hpa's answers against the optimum: how many, how many over 1%, the worst ratio.
struct Bound {
  int answers = 0, overOnePercent = 0;
  double worst = 1;
};

// From `starts` random starts on the grid (square), each to 12 random goals: every answer found,
// never under the optimum nor more than 10% over it, counted in `bound`.
void boundAnswers(Searcher& searcher, const Grid& grid, Diagonal rule, std::mt19937& rng,
                  int starts, uint32_t seed, Bound& bound) {
  const int size = grid.width();
  Hierarchy hierarchy(grid, 16);
  SearchOptions o;
  o.algorithm = Algorithm::Hpa;
  o.diagonal = rule;
  for (int start = 0; start < starts; ++start) {
    const int sx = static_cast<int>(rng() % size), sy = static_cast<int>(rng() % size);
    if (!grid.passable(sx, sy)) continue;
    const std::vector<double> optimal = referenceCosts(grid, rule, sx, sy);
    for (int goal = 0; goal < 12; ++goal) {
      const int gx = static_cast<int>(rng() % size), gy = static_cast<int>(rng() % size);
      const double best = optimal[grid.index(gx, gy)];
      if (!grid.passable(gx, gy) || !std::isfinite(best) || best == 0) continue;
      SearchResult r;
      hierarchy.find(searcher, sx, sy, gx, gy, o, r);
      INFO("rule " << kDiagonalNames[static_cast<int>(rule)] << " seed " << seed << " from " << sx
                   << "," << sy << " to " << gx << "," << gy << ": " << r.cost << " against "
                   << best);
      REQUIRE(r.status == Status::Found);
      REQUIRE(r.cost >= best - 1e-6 * best);
      REQUIRE(r.cost <= 1.10 * best);
      ++bound.answers;
      if (r.cost > 1.01 * best) ++bound.overOnePercent;
      bound.worst = std::max(bound.worst, r.cost / best);
    }
  }
}

// boundAnswers on maps made by make(rng, seed), for every rule and seeds 0 .. seeds - 1 (each
// map's generator seeded with first + seed * 4 + the rule).
template <typename Make>
Bound boundOverMaps(uint32_t first, uint32_t seeds, int starts, Make make) {
  Searcher searcher;
  Bound bound;
  for (Diagonal rule : kRules)
    for (uint32_t seed = 0; seed < seeds; ++seed) {
      std::mt19937 rng(first + seed * 4 + static_cast<uint32_t>(rule));
      Grid grid = make(rng, seed);
      boundAnswers(searcher, grid, rule, rng, starts, seed, bound);
    }
  return bound;
}

}  // namespace

TEST_CASE("hpa's documented bound holds on every answer on fresh random weighted maps",
          "[hpa][bound]") {
  // README (Big maps): on fresh random weighted maps at most 1 answer in 200 is more than 1%
  // over the optimum and none more than 10%. Paths of 60-600 cells are where a detour through
  // one entrance weighs the most; before the corridor took in its neighbouring clusters on
  // paths of up to 48 clusters (not 8), 3% of these answers were over 1% and the worst 4% over.
  const Bound bound = boundOverMaps(7100, 8, 12, [](std::mt19937& rng, uint32_t seed) {
    const int size = seed < 6 ? 128 : 256;
    return randomMap(rng, size, size, 30);
  });
  WARN("hpa's bound: " << bound.answers << " answers, " << bound.overOnePercent
                       << " over 1%, worst " << bound.worst);
  REQUIRE(bound.answers > 3500);
  REQUIRE(bound.overOnePercent * 200 <= bound.answers);
}

TEST_CASE("a hierarchy built in slices answers as one built in one call, through edits",
          "[hpa][slices]") {
  // Budgets from a few cells (a slice ends mid-cluster, mid-landmark) to whole phases; edits
  // between slices (walls, cleared rooms, a class made cheap) are taken in before it is done.
  std::mt19937 rng(515);
  Searcher searcher;
  int compared = 0, slices = 0;
  for (Diagonal rule : kRules)
    for (int map = 0; map < 3; ++map) {
      Grid grid =
          randomMap(rng, 90 + static_cast<int>(rng() % 80), 70 + static_cast<int>(rng() % 80), 30);
      Hierarchy sliced(grid, 16);
      const std::size_t budget = std::size_t{1} << (2 + rng() % 14);
      double last = 0, fraction = 0;
      for (int step = 0; fraction < 1; ++step) {
        fraction = sliced.buildStep(rule, budget);
        REQUIRE(fraction >= last);  // progress never goes back
        REQUIRE(fraction <= 1);
        last = fraction;
        ++slices;
        if (step % 7 == 3 && step < 40) {  // an edit mid-build, on both grids
          randomEdits(rng, grid, 2);
        }
        if (step == 20 && map == 1) grid.setCost(4, 1.2);
        REQUIRE(step < 1000000);
      }
      REQUIRE(last == 1);
      // The one-call build of the same cells; then both answer alike.
      Grid same = grid;
      Hierarchy whole(same, 16);
      REQUIRE(whole.update(rule) > 0);
      REQUIRE(sliced.nodeCount(rule) == whole.nodeCount(rule));
      REQUIRE(sliced.edgeCount(rule) == whole.edgeCount(rule));
      SearchOptions o;
      o.algorithm = Algorithm::Hpa;
      o.diagonal = rule;
      for (int q = 0; q < 30; ++q) {
        const int sx = static_cast<int>(rng() % grid.width()),
                  sy = static_cast<int>(rng() % grid.height()),
                  gx = static_cast<int>(rng() % grid.width()),
                  gy = static_cast<int>(rng() % grid.height());
        SearchResult a, b;
        sliced.find(searcher, sx, sy, gx, gy, o, a);
        whole.find(searcher, sx, sy, gx, gy, o, b);
        INFO("rule " << kDiagonalNames[static_cast<int>(rule)] << " map " << map << " budget "
                     << budget << " from " << sx << "," << sy << " to " << gx << "," << gy);
        REQUIRE(a.status == b.status);
        REQUIRE(a.path == b.path);
        REQUIRE(a.cost == b.cost);
        if (a.status == Status::Found) ++compared;
      }
      // Dropped half-built: its memory goes, and the next query builds it afresh.
      grid.cellsChanged();  // every cluster to rebuild
      REQUIRE(sliced.buildStep(rule, 64) < 1);
      const std::size_t held = sliced.memoryBytes();
      sliced.releaseLevel(rule);
      REQUIRE(sliced.memoryBytes() < held);
      REQUIRE(sliced.nodeCount(rule) == 0);
    }
  INFO("compared " << compared << " over " << slices << " slices");
  REQUIRE(compared > 150);
  REQUIRE(slices > 400);
}

TEST_CASE("hpa on clusters of one cost each, open or walled, and on costs far apart",
          "[hpa][bound]") {
  // The build takes a cluster of one cost with every cell open without a search (the straight
  // walk's cost), a walled or mixed one with a Dijkstra over buckets, and one whose costs lie
  // too far apart for those with a heap: each must give the costs a plain search would, so
  // answers stay within 10%, at most 1 in 100 over 1% under every rule (costs changing at
  // cluster borders are harder for hpa than random maps: 10 of 1859 answers are over 1% here
  // with a plain Dijkstra in every cluster, as with these).
  const Bound bound = boundOverMaps(9300, 4, 10, [](std::mt19937& rng, uint32_t seed) {
    const int size = 128 + static_cast<int>(rng() % 40);
    Grid grid = weightedGrid(size, size);
    if (seed == 3) grid.setCost(4, 20000);  // 1 to 20000: no short ring of buckets
    for (int by = 0; by < size; by += 16)
      for (int bx = 0; bx < size; bx += 16) {
        const uint8_t cls = randomClass(rng, 0);
        grid.fillRect(bx, by, 16, 16, cls);
        const int kind = static_cast<int>(rng() % 4);
        if (kind == 1) {  // a wall across it
          grid.fillRect(bx + 2 + static_cast<int>(rng() % 12), by, 1, 4 + rng() % 12, 1);
        } else if (kind == 2) {  // a patch of another class
          grid.fillRect(bx + static_cast<int>(rng() % 12), by + static_cast<int>(rng() % 12), 4, 4,
                        randomClass(rng, 0));
        }
      }
    return grid;
  });
  WARN("hpa on clusters of one cost: " << bound.answers << " answers, " << bound.overOnePercent
                                       << " over 1%, worst " << bound.worst);
  REQUIRE(bound.answers > 1200);
  REQUIRE(bound.overOnePercent * 100 <= bound.answers);
}

namespace {

// The cheapest cost from (sx, sy) to every cell of the box [x0, x0 + bw) x [y0, y0 + bh),
// without leaving it: referenceCosts on a copy of the box alone (the cells around it walls).
std::vector<double> boxCosts(const Grid& grid, Diagonal rule, int x0, int y0, int bw, int bh,
                             int sx, int sy) {
  Grid box = weightedGrid(bw, bh);
  for (int c = 0; c < Grid::kClasses; ++c) box.setCost(c, grid.cost(c));
  for (int y = 0; y < bh; ++y)
    for (int x = 0; x < bw; ++x) box.set(x, y, grid.get(x0 + x, y0 + y));
  return referenceCosts(box, rule, sx - x0, sy - y0);
}

// The edges the hierarchy draws (each pair of nodes joined either way, once), as the rule of
// hierarchy.hpp keeps them from costs of walks inside each cluster: i to j unless a third node
// m does as well (each part cheaper, the sum within 1e-5).
std::vector<std::array<int32_t, 4>> referenceEdges(const Grid& grid, Diagonal rule, int size,
                                                   const std::vector<int32_t>& nodes) {
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> byCluster;
  for (std::size_t k = 0; k < nodes.size(); k += 2)
    byCluster[{nodes[k] / size, nodes[k + 1] / size}].push_back({nodes[k], nodes[k + 1]});
  std::vector<std::array<int32_t, 4>> out;
  for (auto& [cluster, cells] : byCluster) {
    const int x0 = cluster.first * size, y0 = cluster.second * size;
    const int bw = std::min(size, grid.width() - x0), bh = std::min(size, grid.height() - y0);
    const std::size_t n = cells.size();
    std::vector<float> cost(n * n, INFINITY);
    for (std::size_t i = 0; i < n; ++i) {
      const auto from = boxCosts(grid, rule, x0, y0, bw, bh, cells[i].first, cells[i].second);
      for (std::size_t j = 0; j < n; ++j)
        if (j != i)
          cost[i * n + j] =
              static_cast<float>(from[(cells[j].second - y0) * bw + cells[j].first - x0]);
    }
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        const float direct = cost[i * n + j];
        if (j == i || !std::isfinite(direct)) continue;
        bool matched = false;
        for (std::size_t m = 0; m < n && !matched; ++m) {
          const float a = cost[i * n + m], b = cost[m * n + j];
          matched = m != i && m != j && a > 0 && b > 0 && a < direct && b < direct &&
                    a + b <= direct * (1 + 1e-5f);
        }
        if (matched) continue;
        const auto p = std::min(cells[i], cells[j]), q = std::max(cells[i], cells[j]);
        out.push_back({p.first, p.second, q.first, q.second});
      }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::array<int32_t, 4>> drawnEdges(const std::vector<int32_t>& flat) {
  std::vector<std::array<int32_t, 4>> out;
  for (std::size_t k = 0; k < flat.size(); k += 4) {
    std::pair<int, int> p{flat[k], flat[k + 1]}, q{flat[k + 2], flat[k + 3]};
    if (q < p) std::swap(p, q);
    out.push_back({p.first, p.second, q.first, q.second});
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

TEST_CASE("hpa's edges inside clusters are those a plain Dijkstra's costs give, through edits",
          "[hpa][edges]") {
  // The costs between a cluster's nodes decide which edges the search follows: any cost off
  // (a cluster of one cost taken without a search, the bucketed Dijkstra, the heap for costs
  // far apart) shows as an edge kept or left out that a plain Dijkstra in the cluster would not.
  for (Diagonal rule : kRules)
    for (uint32_t seed = 0; seed < 3; ++seed) {
      std::mt19937 rng(4400 + seed * 4 + static_cast<uint32_t>(rule));
      const int w = 70 + static_cast<int>(rng() % 30), h = 60 + static_cast<int>(rng() % 30);
      Grid grid = randomMap(rng, w, h, 20);
      if (seed == 1) grid.setCost(4, 20000);  // no short ring of buckets
      for (int k = 0; k < 6; ++k)             // clusters of one cost, some open, some walled
        grid.fillRect(static_cast<int>(rng() % w / 16) * 16, static_cast<int>(rng() % h / 16) * 16,
                      16, 16, randomClass(rng, 0));
      Hierarchy hierarchy(grid, 16);
      for (int round = 0; round < 3; ++round) {
        std::vector<int32_t> nodes, edges;
        REQUIRE(hierarchy.nodes(rule, nodes));
        REQUIRE(hierarchy.edges(rule, edges));
        INFO("rule " << kDiagonalNames[static_cast<int>(rule)] << " seed " << seed << " round "
                     << round);
        REQUIRE(nodes.size() > 40);
        REQUIRE(drawnEdges(edges) == referenceEdges(grid, rule, 16, nodes));
        randomEdits(rng, grid, 8);
      }
    }
}

TEST_CASE("hpa refines long paths piece by piece: legal, contiguous, near-optimal, through edits",
          "[hpa][pieces]") {
  // Clusters of 8 and starts and goals at least 400 cells apart: every corridor crosses more than
  // 48 clusters, so each answer is refined piece by piece (hierarchy.cpp's kWindow), not in one
  // A* through the whole corridor.
  std::mt19937 rng(4242);
  Searcher searcher;
  for (Diagonal rule : kRules) {
    Stats stats;
    for (int map = 0; map < 2; ++map) {
      Grid grid = randomMap(rng, 512, 448 + static_cast<int>(rng() % 64), 25);
      Hierarchy hierarchy(grid, 8);
      auto pick = [&](int limit) { return static_cast<int>(rng() % limit); };
      for (int q = 0; q < 10;) {
        const int sx = pick(grid.width()), sy = pick(grid.height());
        const int gx = pick(grid.width()), gy = pick(grid.height());
        if (std::max(std::abs(sx - gx), std::abs(sy - gy)) < 400) continue;
        check(grid, hierarchy, searcher, rule, sx, sy, gx, gy, stats, q % 4 == 3);
        randomEdits(rng, grid, 20 + pick(40));
        ++q;
      }
    }
    WARN("hpa piece by piece, rule " << kDiagonalNames[static_cast<int>(rule)] << ": median "
                                     << stats.median() << ", worst " << stats.worst() << " over "
                                     << stats.found);
    REQUIRE(stats.found >= 12);
    REQUIRE(stats.median() <= 1.01);
    REQUIRE(stats.worst() <= 1.05);
  }
}
