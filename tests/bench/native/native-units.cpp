// tilepath-bench units: what units bigger than one cell cost (footprints.hpp) on a 1024 x 1024
// map with scattered walls and three cost classes: an edit with 0, 1, 2 and 4 sizes in use, a
// size's first build, a cost change that reorders the classes, and query times for sizes 1..4.
// Wall clock on a shared machine: compare the lines of one run with each other.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "stats.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using Clock = std::chrono::steady_clock;

namespace {

using bench::percentile;
double micros(Clock::time_point since) {
  return bench::microsSince(since);
}

// Walls on `walls` percent of the cells, classes 2 and 3 (cost 2 and 5) on 10 and 4 percent.
Grid scatteredMap(std::mt19937& rng, unsigned walls) {
  Grid grid(1024, 1024);
  grid.setCost(2, 2);
  grid.setCost(3, 5);
  for (int i = 0; i < grid.size(); ++i) {
    const unsigned r = rng() % 100;
    grid.set(i % 1024, i / 1024, r < walls ? 1 : r < walls + 10 ? 2 : r < walls + 14 ? 3 : 0);
  }
  return grid;
}

}  // namespace

int unitsBench() {
  std::mt19937 rng(14);
  Grid grid = scatteredMap(rng, 6);
  // Edits: a cell walled and given back its class (two edits, so the map stays as it was), in
  // batches of 1000 edits.
  const std::vector<std::vector<int>> inUse = {{}, {2}, {2, 4}, {2, 3, 4, 8}};
  for (const auto& sizes : inUse) {
    Footprints fp(grid);
    for (int n : sizes) fp.positions(n);
    std::vector<double> batches;
    for (int b = 0; b < 200; ++b) {
      const auto t0 = Clock::now();
      for (int k = 0; k < 500; ++k) {
        const int x = rng() % 1024, y = rng() % 1024;
        const uint8_t was = grid.get(x, y);
        grid.set(x, y, 1);
        grid.set(x, y, was);
      }
      batches.push_back(micros(t0));  // us per 1000 edits = ns per edit
    }
    std::printf("edit (setCell) with %zu sizes in use {", sizes.size());
    for (int n : sizes) std::printf(" %d", n);
    std::printf(" }: median %.0f ns, p95 %.0f ns per edit (batches of 1000)\n",
                percentile(batches, 0.5), percentile(batches, 0.95));
  }
  // First use of a size, and a cost change that reorders the classes (rebuilt at next use).
  {
    Footprints fp(grid);
    for (int n : {2, 3, 4, 8, 16}) {
      auto t0 = Clock::now();
      fp.positions(n);
      const double build = micros(t0);
      grid.setCost(2, 6);  // now dearer than class 3: every size is stale
      t0 = Clock::now();
      fp.positions(n);
      const double rebuild = micros(t0);
      grid.setCost(2, 2);
      fp.positions(n);
      std::printf(
          "size %2d: first build %.1f ms, rebuild after a reordering setCost %.1f ms, "
          "%.2f bytes a cell\n",
          n, build / 1000, rebuild / 1000, static_cast<double>(fp.memoryBytes()) / grid.size());
      fp.release(n);
    }
  }
  // Queries on a map a 4 x 4 unit can cross (1% walls): the same 100 start/goal pairs, open
  // for every size, under the weighted table (A*) and with every class costing 1 (JPS and A*).
  Grid open = scatteredMap(rng, 1);
  Footprints fp(open);
  std::vector<int> pairs;
  while (pairs.size() < 400) {
    const int x = rng() % 1020, y = rng() % 1020;
    bool free = true;
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 4; ++i) free = free && open.passable(x + i, y + j);
    if (free) pairs.insert(pairs.end(), {x, y});
  }
  Searcher searcher;
  SearchResult r;
  for (const char* table : {"weighted", "uniform"}) {
    if (table[0] == 'u') open.setCost(2, 1), open.setCost(3, 1);
    for (Algorithm a : {Algorithm::AStar, Algorithm::JPS}) {
      if (table[0] == 'w' && a == Algorithm::JPS) continue;  // it would run A*
      double baseline = 0;
      for (int n = 1; n <= 4; ++n) {
        SearchOptions o;
        o.algorithm = a;
        o.diagonal = Diagonal::NoCorners;
        o.unitSize = n;
        fp.positions(n);
        std::vector<double> times;
        int found = 0;
        for (std::size_t k = 0; k < pairs.size(); k += 4) {
          const auto t0 = Clock::now();
          searcher.find(fp, pairs[k], pairs[k + 1], pairs[k + 2], pairs[k + 3], o, r);
          times.push_back(micros(t0));
          found += r.status == Status::Found;
        }
        const double median = percentile(times, 0.5);
        if (n == 1) baseline = median;
        std::printf(
            "%s %s size %d: median %.2f ms, p95 %.2f ms, %.2fx size 1's median, %d of 100 "
            "found\n",
            table, std::string(kAlgorithmNames[static_cast<int>(r.algorithm)]).c_str(), n,
            median / 1000, percentile(times, 0.95) / 1000, median / baseline, found);
      }
    }
  }
  return 0;
}
