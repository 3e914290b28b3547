// Native figures for hierarchical search (build/native/tilepath-bench-hpa; not in CI):
//   tilepath-bench-hpa world SIZE [QUERIES] [CLUSTER]   a generated seeded weighted world
//   tilepath-bench-hpa movingai MAP... [CLUSTER=n env]  the Moving AI problems (noCorners)
//   tilepath-bench-hpa profile SIZE [QUERIES] [REPEAT]   hpa queries only, for a profiler
//   tilepath-bench-hpa build SIZE|FILE [REPEAT]          the hierarchy's build only (noCorners)
//   tilepath-bench-hpa load SAVED [REPEAT]               loadSaved of a saved grid only (the
//     bytes of grid.save(), with its labels, unit positions and hierarchy), for a profiler
//     FILE: raw cells (one byte each, a square map) with the demo's terrain costs, as written
//     from demo/maps.js generateMap('terrain', ...) (for the wasm benches' map natively)
// For each: hpa and astar side by side on the same long queries (median / p99 time, expanded
// cells), the distribution of hpa's cost over the optimum (astar's cost), the hierarchy's build
// time and bytes per cell, what one cell edit and a 32 x 32 fillRect cost at the next query, and
// repairPath against a full re-plan after a wall appears on a path.
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
#include "tilepath/hierarchy.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/repair.hpp"
#include "tilepath/saved.hpp"
#include "tilepath/searcher.hpp"
#include "worlds.hpp"

using namespace tilepath;
using Clock = std::chrono::steady_clock;

namespace {

using bench::percentile;
double msSince(Clock::time_point t0) {
  return bench::microsSince(t0) / 1000;
}

// A seeded world: smooth terrain from value noise (plains 1, rough 1.5, forest 2.5, swamp 5),
// lakes (blocked) where the noise is lowest, and wall segments (towns, cliffs).
Grid world(int size, uint32_t seed) {
  Grid grid(size, size);
  grid.setCost(2, 1.5);
  grid.setCost(3, 2.5);
  grid.setCost(4, 5);
  std::mt19937 rng(seed);
  const bench::ValueNoise noise(size, 64, rng);
  uint8_t* cells = grid.data();
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const float v = noise.at(x, y) + static_cast<float>(rng() % 100) / 1000.0f;
      cells[y * size + x] = v < 0.12f ? 1 : v < 0.45f ? 0 : v < 0.65f ? 2 : v < 0.85f ? 3 : 4;
    }
  grid.cellsChanged();
  for (int k = 0; k < size * size / 2000; ++k) {
    const int x = static_cast<int>(rng() % size), y = static_cast<int>(rng() % size);
    const int length = 8 + static_cast<int>(rng() % 56);
    if (rng() % 2)
      grid.fillRect(x, y, length, 1, 1);
    else
      grid.fillRect(x, y, 1, length, 1);
  }
  return grid;
}

using bench::longQueries;
using bench::Query;

struct Side {
  std::vector<double> ms, expanded, cost;
};

void report(const char* name, const Side& s) {
  std::printf("  %-6s median %8.2f ms  p99 %8.2f ms  expanded median %9.0f  p99 %9.0f\n", name,
              percentile(s.ms, 0.5), percentile(s.ms, 0.99), percentile(s.expanded, 0.5),
              percentile(s.expanded, 0.99));
}

void compare(Grid& grid, Diagonal rule, const std::vector<Query>& queries, int cluster) {
  Searcher searcher;
  Hierarchy hierarchy(grid, cluster);
  SearchOptions astar, hpa;
  astar.diagonal = hpa.diagonal = rule;
  hpa.algorithm = Algorithm::Hpa;
  SearchResult r;
  auto t0 = Clock::now();
  hierarchy.update(rule);
  const double buildMs = msSince(t0);
  std::printf("  hierarchy (cluster %d): built in %.0f ms, %zu nodes, %zu edges, %.2f bytes/cell\n",
              cluster, buildMs, hierarchy.nodeCount(rule), hierarchy.edgeCount(rule),
              static_cast<double>(hierarchy.memoryBytes()) / grid.size());
  Side a, h;
  std::vector<double> ratios;
  for (const Query& q : queries) {
    t0 = Clock::now();
    searcher.find(grid, q.sx, q.sy, q.gx, q.gy, astar, r);
    a.ms.push_back(msSince(t0));
    a.expanded.push_back(r.expanded);
    const double optimal = r.cost;
    const bool found = r.status == Status::Found;
    t0 = Clock::now();
    hierarchy.find(searcher, q.sx, q.sy, q.gx, q.gy, hpa, r);
    h.ms.push_back(msSince(t0));
    h.expanded.push_back(r.expanded);
    if (found != (r.status == Status::Found)) std::printf("  MISMATCH: found differs\n");
    if (found && optimal > 0) ratios.push_back(r.cost / optimal);
  }
  report("astar", a);
  report("hpa", h);
  std::printf("  hpa speed-up: median %.1fx, p99 %.1fx\n",
              percentile(a.ms, 0.5) / percentile(h.ms, 0.5),
              percentile(a.ms, 0.99) / percentile(h.ms, 0.99));
  std::printf("  hpa cost / optimal over %zu paths: median %.4f  p90 %.4f  p99 %.4f  worst %.4f\n",
              ratios.size(), percentile(ratios, 0.5), percentile(ratios, 0.9),
              percentile(ratios, 0.99), percentile(ratios, 1.0));
}

// What edits cost: the next hpa query's update after one cell edit and after a 32 x 32 fillRect.
void edits(Grid& grid, Diagonal rule, int cluster, const std::vector<Query>& queries) {
  Hierarchy hierarchy(grid, cluster);
  hierarchy.update(rule);
  std::mt19937 rng(5);
  std::vector<double> one, rect;
  for (int k = 0; k < 50; ++k) {
    const int x = static_cast<int>(rng() % grid.width()),
              y = static_cast<int>(rng() % grid.height());
    grid.set(x, y, grid.passable(x, y) ? 1 : 0);
    auto t0 = Clock::now();
    hierarchy.update(rule);
    one.push_back(msSince(t0));
    const uint8_t cls = rng() % 2 ? 1 : 3;
    grid.fillRect(x, y, 32, 32, cls);
    t0 = Clock::now();
    hierarchy.update(rule);
    rect.push_back(msSince(t0));
  }
  std::printf(
      "  edits: one cell %.3f ms median (p99 %.3f), 32 x 32 fillRect %.3f ms median (p99 "
      "%.3f), at the next query\n",
      percentile(one, 0.5), percentile(one, 0.99), percentile(rect, 0.5), percentile(rect, 0.99));
  // Some of those edits opened cells, which retires the landmarks: the long queries right
  // after, while they come back one at a time (the slowest query holds one's recomputation).
  Searcher searcher;
  SearchOptions hpa;
  hpa.diagonal = rule;
  hpa.algorithm = Algorithm::Hpa;
  SearchResult r;
  Side after;
  for (int round = 0; round < 3; ++round)
    for (const Query& q : queries) {
      const auto t0 = Clock::now();
      hierarchy.find(searcher, q.sx, q.sy, q.gx, q.gy, hpa, r);
      after.ms.push_back(msSince(t0));
      after.expanded.push_back(r.expanded);
    }
  std::printf("  the long queries 3 times over right after those edits: slowest %.2f ms\n",
              percentile(after.ms, 1.0));
  report("after", after);
}

// A wall across a unit's path a quarter of the way along: repairPath against a full re-plan.
void repairs(Grid& grid, Diagonal rule, const std::vector<Query>& queries) {
  Searcher searcher;
  SearchOptions o;
  o.diagonal = rule;
  SearchResult r, full;
  RepairResult repaired;
  Side local, replan;
  int locals = 0, count = 0;
  for (const Query& q : queries) {
    searcher.find(grid, q.sx, q.sy, q.gx, q.gy, o, r);
    if (r.status != Status::Found || r.path.size() < 200) continue;
    const std::vector<int32_t> path = r.path;
    const std::size_t at = path.size() / 4 & ~std::size_t{1};
    const int wx = path[at + 20], wy = path[at + 21];
    // A wall of 9 cells across the path.
    std::vector<std::pair<int, uint8_t>> saved;
    for (int d = -4; d <= 4; ++d)
      for (int e = -1; e <= 1; ++e)
        if (grid.inside(wx + d, wy + e)) {
          saved.push_back({grid.index(wx + d, wy + e), grid.get(wx + d, wy + e)});
          grid.set(wx + d, wy + e, 1);
        }
    auto t0 = Clock::now();
    repairPath(searcher, grid, path, static_cast<int>(at / 2), o, RepairOptions{}, repaired);
    local.ms.push_back(msSince(t0));
    local.expanded.push_back(repaired.search.expanded);
    locals += repaired.kind == RepairKind::Local;
    t0 = Clock::now();
    searcher.find(grid, path[at], path[at + 1], q.gx, q.gy, o, full);
    replan.ms.push_back(msSince(t0));
    replan.expanded.push_back(full.expanded);
    ++count;
    for (auto [i, cls] : saved) grid.set(i % grid.width(), i / grid.width(), cls);
  }
  std::printf("  repair after a wall on the path: %d of %d local\n", locals, count);
  report("repair", local);
  report("replan", replan);
}

int worldBench(int argc, char** argv) {
  const int size = argc > 2 ? std::atoi(argv[2]) : 2048;
  const int count = argc > 3 ? std::atoi(argv[3]) : 50;
  const int cluster = argc > 4 ? std::atoi(argv[4]) : Hierarchy::kDefaultClusterSize;
  if (!Grid::validateSize(size, size).empty()) return std::fprintf(stderr, "bad size\n"), 2;
  auto t0 = Clock::now();
  Grid grid = world(size, 17);
  std::printf("world %d x %d (seed 17), generated in %.0f ms\n", size, size, msSince(t0));
  const auto queries = longQueries(grid, count, size / 2, 99);
  for (Diagonal rule : {Diagonal::NoCorners, Diagonal::Never}) {
    std::printf(" rule %s, %d queries at least %d cells apart:\n",
                std::string(kDiagonalNames[static_cast<int>(rule)]).c_str(), count, size / 2);
    compare(grid, rule, queries, cluster);
  }
  edits(grid, Diagonal::NoCorners, cluster, queries);
  repairs(grid, Diagonal::NoCorners, longQueries(grid, std::min(count, 30), size / 4, 7));
  return 0;
}

// Only hpa's queries, each `repeat` times after the build (for a profiler: perf record -D,
// or callgrind with --toggle-collect=*Hierarchy::search*).
int profileBench(int argc, char** argv) {
  const int size = argc > 2 ? std::atoi(argv[2]) : 2048;
  const int count = argc > 3 ? std::atoi(argv[3]) : 6;
  const int repeat = argc > 4 ? std::atoi(argv[4]) : 10;
  if (!Grid::validateSize(size, size).empty()) return std::fprintf(stderr, "bad size\n"), 2;
  Grid grid = world(size, 17);
  const auto queries = longQueries(grid, count, size / 2, 99);
  Searcher searcher;
  Hierarchy hierarchy(grid);
  SearchOptions hpa;
  hpa.diagonal = Diagonal::NoCorners;
  hpa.algorithm = Algorithm::Hpa;
  hierarchy.update(hpa.diagonal);
  SearchResult r;
  std::vector<double> ms;
  for (int k = 0; k < repeat; ++k)
    for (const Query& q : queries) {
      const auto t0 = Clock::now();
      hierarchy.find(searcher, q.sx, q.sy, q.gx, q.gy, hpa, r);
      ms.push_back(msSince(t0));
    }
  std::printf("hpa, %zu queries on %d x %d: median %.2f ms, p99 %.2f ms\n", ms.size(), size, size,
              percentile(ms, 0.5), percentile(ms, 0.99));
  return 0;
}

// The hierarchy's build only, `repeat` times on fresh hierarchies (for a profiler).
int buildBench(int argc, char** argv) {
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 3;
  Grid grid(1, 1);
  const char* what = argc > 2 ? argv[2] : "2048";
  if (std::FILE* f = std::fopen(what, "rb")) {
    std::vector<uint8_t> cells;
    uint8_t buffer[65536];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
      cells.insert(cells.end(), buffer, buffer + n);
    std::fclose(f);
    const int size = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells.size()))));
    if (static_cast<std::size_t>(size) * size != cells.size() || size < 1)
      return std::fprintf(stderr, "%s: not a square map of bytes\n", what), 2;
    grid = Grid(size, size);
    // demo/terrain.js: ground 1, water blocked, road 0.5, forest 2, swamp 4, rock blocked.
    const double costs[] = {1, 0, 0.5, 2, 4, 0};
    for (int c = 0; c < 6; ++c) grid.setCost(c, costs[c]);
    std::memcpy(grid.data(), cells.data(), cells.size());
    grid.cellsChanged();
  } else {
    const int size = std::atoi(what);
    if (!Grid::validateSize(size, size).empty()) return std::fprintf(stderr, "bad size\n"), 2;
    grid = world(size, 17);
  }
  std::vector<double> ms;
  for (int k = 0; k < repeat; ++k) {
    Hierarchy hierarchy(grid);
    const auto t0 = Clock::now();
    hierarchy.update(Diagonal::NoCorners);
    ms.push_back(msSince(t0));
    if (k == 0)
      std::printf("%d x %d: %zu nodes, %zu edges\n", grid.width(), grid.height(),
                  hierarchy.nodeCount(Diagonal::NoCorners),
                  hierarchy.edgeCount(Diagonal::NoCorners));
  }
  std::printf("build (noCorners): median %.1f ms over %d builds\n", percentile(ms, 0.5), repeat);
  return 0;
}

int loadBench(int argc, char** argv) {
  if (argc < 3) return std::fprintf(stderr, "load needs a saved grid's file\n"), 2;
  const int repeat = argc >= 4 ? std::atoi(argv[3]) : 5;
  std::vector<uint8_t> bytes;
  if (FILE* f = std::fopen(argv[2], "rb")) {
    uint8_t chunk[1 << 16];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;)
      bytes.insert(bytes.end(), chunk, chunk + n);
    std::fclose(f);
  }
  std::vector<double> ms;
  for (int k = 0; k < repeat; ++k) {
    const auto t0 = Clock::now();
    SavedHeader header;
    std::string error = readSavedHeader(bytes.data(), bytes.size(), header);
    if (!error.empty()) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    Grid grid(header.width, header.height, header.shape);
    Components labels(grid);
    Footprints units(grid);
    std::unique_ptr<Hierarchy> hierarchy;
    SavedHierarchy saved(hierarchy);
    error = loadSaved(bytes.data(), bytes.size(), grid, {&labels, &units, &saved}, true);
    if (!error.empty()) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    ms.push_back(msSince(t0));
  }
  std::printf("load %s (%.1f MiB): median %.1f ms over %d loads\n", argv[2],
              static_cast<double>(bytes.size()) / (1 << 20), percentile(ms, 0.5), repeat);
  return 0;
}

int movingaiBench(int argc, char** argv) {
  const int cluster =
      std::getenv("CLUSTER") ? std::atoi(std::getenv("CLUSTER")) : Hierarchy::kDefaultClusterSize;
  for (int a = 2; a < argc; ++a) {
    std::string error;
    auto grid = movingai::loadMap(argv[a], error);
    auto problems = movingai::loadScenario(std::string(argv[a]) + ".scen", error);
    if (!grid || !problems) return std::fprintf(stderr, "%s\n", error.c_str()), 1;
    // The longest quarter of the problems (buckets are by length): the queries hpa is for.
    std::vector<Query> queries;
    int maxBucket = 0;
    for (const auto& p : *problems) maxBucket = std::max(maxBucket, p.bucket);
    for (const auto& p : *problems)
      if (p.bucket >= maxBucket * 3 / 4) queries.push_back({p.startX, p.startY, p.goalX, p.goalY});
    if (queries.size() > 400) queries.resize(400);
    std::printf("%s: %zu long problems\n", argv[a], queries.size());
    compare(*grid, Diagonal::NoCorners, queries, cluster);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "world") == 0) return worldBench(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "movingai") == 0) return movingaiBench(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "profile") == 0) return profileBench(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "build") == 0) return buildBench(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "load") == 0) return loadBench(argc, argv);
  std::fprintf(stderr,
               "usage: tilepath-bench-hpa world SIZE [QUERIES] [CLUSTER]\n"
               "       CLUSTER=n tilepath-bench-hpa movingai MAP...\n"
               "       tilepath-bench-hpa profile SIZE [QUERIES] [REPEAT]\n"
               "       tilepath-bench-hpa build SIZE|FILE [REPEAT]\n"
               "       tilepath-bench-hpa load SAVED [REPEAT]\n");
  return 2;
}
