// Weighted jump point search against A* (build/native/tilepath-bench-wjps; not in CI):
//   tilepath-bench-wjps world [SIZE] [QUERIES]   a seeded terrain world in the demo's classes
//     (ground 1, road 0.5, forest 2, swamp 4, water blocked), long queries
//   tilepath-bench-wjps movingai MAP...         each map's longest problems, its passable
//     cells painted with seeded patches of the same classes
//   tilepath-bench-wjps profile [SIZE] [REPEAT] weighted jps on the world only, for a profiler
// Each query runs A* and jps one after the other (noCorners; then 4 neighbours on the world):
// median and p90 / p99 time, expansions, and the median of the per-query time ratio A* / jps.
// The costs must agree (a mismatch is printed and the exit status is 1).
// Timings are wall clock on a shared machine: compare figures from one run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "stats.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"
#include "worlds.hpp"

using namespace tilepath;
using Clock = std::chrono::steady_clock;

namespace {

using bench::percentile;

// demo/terrain.js's classes and costs.
constexpr uint8_t kGround = 0, kWater = 1, kRoad = 2, kForest = 3, kSwamp = 4;
void demoCosts(Grid& grid) {
  grid.setCost(kGround, 1);
  grid.setCost(kWater, 0);
  grid.setCost(kRoad, 0.5);
  grid.setCost(kForest, 2);
  grid.setCost(kSwamp, 4);
}

// Smooth value noise in patches (no per-cell jitter: a region's cells share their class, as
// painted game maps do): water where lowest, then ground, forest, swamp; straight roads across.
Grid world(int size, uint32_t seed) {
  Grid grid(size, size);
  demoCosts(grid);
  std::mt19937 rng(seed);
  const bench::ValueNoise noise(size, 48, rng);
  uint8_t* cells = grid.data();
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const float v = noise.at(x, y);
      cells[y * size + x] = v < 0.15f ? kWater : v < 0.55f ? kGround : v < 0.75f ? kForest : kSwamp;
    }
  grid.cellsChanged();
  for (int k = 0; k < size / 64; ++k) {  // roads, 2 cells wide, over everything but water
    const int at = static_cast<int>(rng() % size), from = static_cast<int>(rng() % size);
    const int length = size / 4 + static_cast<int>(rng() % (size / 2));
    const bool across = rng() % 2;
    for (int t = from; t < std::min(size, from + length); ++t)
      for (int w = 0; w < 2 && at + w < size; ++w) {
        const int x = across ? t : at + w, y = across ? at + w : t;
        if (grid.get(x, y) != kWater) grid.set(x, y, kRoad);
      }
  }
  return grid;
}

// Seeded rectangles of the demo's terrain over a map's passable cells (walls stay).
void paintTerrain(Grid& grid, uint32_t seed) {
  demoCosts(grid);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1), side(4, 40),
      pick(0, 3);
  const uint8_t classes[] = {kGround, kRoad, kForest, kSwamp};
  for (int p = 0; p < grid.size() / 800; ++p) {
    const int x0 = px(rng), y0 = py(rng), w = side(rng), h = side(rng);
    const uint8_t cls = classes[pick(rng)];
    for (int y = y0; y < std::min(y0 + h, grid.height()); ++y)
      for (int x = x0; x < std::min(x0 + w, grid.width()); ++x)
        if (grid.get(x, y) != kWater) grid.set(x, y, cls);
  }
}

using bench::longQueries;
using bench::Query;

struct Side {
  std::vector<double> us, expanded;
};

void report(const char* name, const Side& s) {
  std::printf("  %-6s median %9.1f us  p90 %9.1f us  p99 %9.1f us  expanded median %8.0f\n", name,
              percentile(s.us, 0.5), percentile(s.us, 0.9), percentile(s.us, 0.99),
              percentile(s.expanded, 0.5));
}

// A* and jps on each query, side by side; false if a cost differs.
bool compare(const Grid& grid, Diagonal rule, const std::vector<Query>& queries) {
  Searcher searcher;
  SearchOptions astar, jps;
  astar.diagonal = jps.diagonal = rule;
  jps.algorithm = Algorithm::JPS;
  SearchResult r;
  Side a, j;
  std::vector<double> ratios;
  bool same = true;
  int found = 0;
  for (const Query& q : queries) {
    auto t0 = Clock::now();
    searcher.find(grid, q.sx, q.sy, q.gx, q.gy, astar, r);
    const double au = bench::microsSince(t0);
    const double aCost = r.cost;
    const Status aStatus = r.status;
    a.us.push_back(au);
    a.expanded.push_back(static_cast<double>(r.expanded));
    t0 = Clock::now();
    searcher.find(grid, q.sx, q.sy, q.gx, q.gy, jps, r);
    const double ju = bench::microsSince(t0);
    j.us.push_back(ju);
    j.expanded.push_back(static_cast<double>(r.expanded));
    ratios.push_back(au / ju);
    found += aStatus == Status::Found;
    if (r.algorithm != Algorithm::JPS || r.status != aStatus ||
        std::fabs(r.cost - aCost) > 1e-9 * std::max(1.0, aCost)) {
      same = false;
      std::printf("  MISMATCH (%d,%d)->(%d,%d): A* %.12g, jps %.12g (%s)\n", q.sx, q.sy, q.gx, q.gy,
                  aCost, r.cost, kAlgorithmNames[static_cast<int>(r.algorithm)].data());
    }
  }
  report("astar", a);
  report("jps", j);
  std::printf(
      "  A* / jps time per query: median %.2fx (p10 %.2fx, p90 %.2fx); medians %.2fx; "
      "%d of %zu found, costs %s\n",
      percentile(ratios, 0.5), percentile(ratios, 0.1), percentile(ratios, 0.9),
      percentile(a.us, 0.5) / percentile(j.us, 0.5), found, queries.size(),
      same ? "equal" : "DIFFER");
  return same;
}

// The share of passable cells that are mixed; the bits' build (done by the first weighted jps
// query) is timed here, apart from the queries.
double mixedShare(const Grid& grid) {
  const auto t0 = Clock::now();
  grid.prepareMixed();
  std::printf("mixed bits built in %.1f ms\n", bench::microsSince(t0) / 1000);
  long long mixed = 0, open = 0;
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) {
      open += grid.passable(x, y);
      mixed += grid.mixed(x, y);
    }
  return open ? static_cast<double>(mixed) / open : 0;
}

int worldBench(int argc, char** argv) {
  const int size = argc > 2 ? std::atoi(argv[2]) : 2048;
  const int count = argc > 3 ? std::atoi(argv[3]) : 60;
  if (!Grid::validateSize(size, size).empty()) return std::fprintf(stderr, "bad size\n"), 2;
  Grid grid = world(size, 17);
  std::printf("world %d x %d (seed 17): %.1f%% of passable cells mixed\n", size, size,
              100 * mixedShare(grid));
  const auto queries = longQueries(grid, count, size / 2, 99);
  bool same = true;
  for (Diagonal rule : {Diagonal::NoCorners, Diagonal::Never}) {
    std::printf(" rule %s, %zu queries at least %d cells apart:\n",
                std::string(kDiagonalNames[static_cast<int>(rule)]).c_str(), queries.size(),
                size / 2);
    same &= compare(grid, rule, queries);
  }
  return same ? 0 : 1;
}

int movingaiBench(int argc, char** argv) {
  bool same = true;
  for (int a = 2; a < argc; ++a) {
    std::string error;
    auto grid = movingai::loadMap(argv[a], error);
    auto problems = movingai::loadScenario(std::string(argv[a]) + ".scen", error);
    if (!grid || !problems) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    paintTerrain(*grid, 7);
    // The longest quarter of the problems (buckets are by length).
    std::vector<Query> queries;
    int maxBucket = 0;
    for (const auto& p : *problems) maxBucket = std::max(maxBucket, p.bucket);
    for (const auto& p : *problems)
      if (p.bucket >= maxBucket * 3 / 4) queries.push_back({p.startX, p.startY, p.goalX, p.goalY});
    if (queries.size() > 300) queries.resize(300);
    std::printf("%s (painted, seed 7, %.1f%% mixed): %zu long problems\n", argv[a],
                100 * mixedShare(*grid), queries.size());
    same &= compare(*grid, Diagonal::NoCorners, queries);
  }
  return same ? 0 : 1;
}

int profileBench(int argc, char** argv) {
  const int size = argc > 2 ? std::atoi(argv[2]) : 2048;
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 5;
  Grid grid = world(size, 17);
  const auto queries = longQueries(grid, 20, size / 2, 99);
  Searcher searcher;
  SearchOptions jps;
  jps.diagonal = Diagonal::NoCorners;
  jps.algorithm = Algorithm::JPS;
  SearchResult r;
  std::vector<double> us;
  for (int k = 0; k < repeat; ++k)
    for (const Query& q : queries) {
      const auto t0 = Clock::now();
      searcher.find(grid, q.sx, q.sy, q.gx, q.gy, jps, r);
      us.push_back(bench::microsSince(t0));
    }
  std::printf("jps, %zu queries: median %.1f us\n", us.size(), percentile(us, 0.5));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "world") == 0) return worldBench(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "movingai") == 0) return movingaiBench(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "profile") == 0) return profileBench(argc, argv);
  std::fprintf(stderr,
               "usage: tilepath-bench-wjps world [SIZE] [QUERIES]\n"
               "       tilepath-bench-wjps movingai MAP...\n"
               "       tilepath-bench-wjps profile [SIZE] [REPEAT]\n");
  return 2;
}
