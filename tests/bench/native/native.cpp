// Native figures for the search core, built with the native preset (build/native/tilepath-bench):
//   tilepath-bench speed ALGORITHM DIAGONAL MAP...   per map: ns per expansion, p50/p95/p99 us
//   tilepath-bench memory                            search state after 1024 x 1024 searches
//   tilepath-bench setcost                           cost of a setCost rebuilding the bits
//   tilepath-bench units                             big units: edits, builds, queries
//   tilepath-bench fixed                             a one-step query on 512 x 512: the fixed
//                                                    cost, default (auto) beside astar and jps
//   (native-units.cpp)
// Timings are wall clock on a shared machine: compare runs made side by side.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "stats.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using Clock = std::chrono::steady_clock;

namespace {

using bench::percentile;

int speed(int argc, char** argv) {
  SearchOptions o;
  if (argc < 5 || !parseAlgorithm(argv[2], o.algorithm) || !parseDiagonal(argv[3], o.diagonal)) {
    std::fprintf(stderr, "usage: tilepath-bench speed ALGORITHM DIAGONAL MAP...\n");
    return 2;
  }
  double allNanos = 0, allExpanded = 0;
  for (int a = 4; a < argc; ++a) {
    std::string error;
    auto grid = movingai::loadMap(argv[a], error);
    auto problems = movingai::loadScenario(std::string(argv[a]) + ".scen", error);
    if (!grid || !problems) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    Searcher searcher;
    SearchResult r;
    std::vector<double> micros;
    double nanos = 0, expanded = 0;
    // STRIDE=n: every n-th problem only (the maze has 11960).
    const std::size_t stride = std::getenv("STRIDE") ? std::atoi(std::getenv("STRIDE")) : 1;
    for (int round = 0; round < 2; ++round) {  // the first round warms up
      micros.clear();
      nanos = expanded = 0;
      for (std::size_t k = 0; k < problems->size(); k += std::max<std::size_t>(1, stride)) {
        const auto& p = (*problems)[k];
        const auto t0 = Clock::now();
        searcher.find(*grid, p.startX, p.startY, p.goalX, p.goalY, o, r);
        const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
        micros.push_back(ns / 1000);
        nanos += ns;
        expanded += r.expanded;
      }
    }
    allNanos += nanos;
    allExpanded += expanded;
    const char* name = std::strrchr(argv[a], '/') ? std::strrchr(argv[a], '/') + 1 : argv[a];
    std::printf(
        "%-20s %6zu problems  %7.1f ns/expansion  p50 %9.2f us  p95 %9.2f us  p99 %9.2f us"
        "  mean %9.2f us  mean expanded %9.1f\n",
        name, micros.size(), nanos / std::max(1.0, expanded), percentile(micros, 0.5),
        percentile(micros, 0.95), percentile(micros, 0.99), nanos / 1000 / micros.size(),
        expanded / micros.size());
  }
  std::printf("all maps: %.1f ns/expansion, %.1f ms in all\n",
              allNanos / std::max(1.0, allExpanded), allNanos / 1e6);
  return 0;
}

int memory() {
  Grid grid(1024, 1024);
  // A map with walls to go around, so that the open list grows as on real maps.
  for (int x = 64; x < 1024; x += 128) grid.fillRect(x, 0, 1, 1000, 1);
  for (int x = 128; x < 1024; x += 128) grid.fillRect(x, 24, 1, 1000, 1);
  for (Algorithm a : {Algorithm::AStar, Algorithm::JPS, Algorithm::BFS, Algorithm::Dijkstra}) {
    Searcher searcher;
    SearchOptions o;
    o.algorithm = a;
    o.diagonal = Diagonal::NoCorners;
    SearchResult r = searcher.find(grid, 0, 0, 1023, 1023, o);
    std::printf(
        "%-8s corner to corner on 1024 x 1024: %s, expanded %u, search state %zu bytes = "
        "%.2f bytes per cell\n",
        std::string(kAlgorithmNames[static_cast<int>(a)]).c_str(),
        kStatusNames[static_cast<int>(r.status)], r.expanded, searcher.memoryBytes(),
        searcher.memoryBytes() / (1024.0 * 1024.0));
  }
  std::printf("grid: %d cells of 1 byte, passability bits %zu bytes (%.2f bytes per cell)\n",
              grid.size(), grid.bitsetBytes(), grid.bitsetBytes() / (1024.0 * 1024.0));
  return 0;
}

int setCost() {
  Grid grid(1024, 1024);
  for (int y = 0; y < 1024; y += 3) grid.fillRect(0, y, 1024, 1, 2);
  const int rounds = 200;
  const auto t0 = Clock::now();
  for (int k = 0; k < rounds; ++k) grid.setCost(2, k % 2 ? 0.0 : 3.0);  // passable <-> blocked
  const double rebuild = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  const auto t1 = Clock::now();
  for (int k = 0; k < rounds; ++k) grid.setCost(2, k % 2 ? 2.0 : 3.0);  // stays passable
  const double plain = std::chrono::duration<double, std::micro>(Clock::now() - t1).count();
  std::printf(
      "setCost on 1024 x 1024: %.1f us when the class turns passable or blocked "
      "(bits rebuilt), %.2f us otherwise\n",
      rebuild / rounds, plain / rounds);
  return 0;
}

// The fixed cost of a query: one step on an open 512 x 512 grid, where the search itself is a
// single expansion, so that what is timed is the set-up and the result. The options are
// interleaved round by round (default, astar, jps), each round timing a batch of queries;
// the figure is the median round's ns per query.
int fixedCost() {
  Grid grid(512, 512);
  struct Side {
    const char* name;
    SearchOptions options;
    std::vector<double> nanos;
    Algorithm ran = Algorithm::Auto;
  };
  std::vector<Side> sides(3);
  sides[0].name = "default (auto)";
  sides[1].name = "astar";
  sides[1].options.algorithm = Algorithm::AStar;
  sides[2].name = "jps";
  sides[2].options.algorithm = Algorithm::JPS;
  for (Side& side : sides) side.options.diagonal = Diagonal::NoCorners;
  Searcher searcher;
  SearchResult r;
  constexpr int kBatch = 4000;
  constexpr int kRounds = 101;
  for (int round = 0; round <= kRounds; ++round) {  // round 0 warms up
    for (Side& side : sides) {
      const auto t0 = Clock::now();
      for (int k = 0; k < kBatch; ++k) {
        const int x = 1 + (k * 37) % 509, y = 1 + (k * 91) % 509;
        searcher.find(grid, x, y, x + 1, y, side.options, r);
      }
      const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
      if (round > 0) side.nanos.push_back(ns / kBatch);
      side.ran = r.algorithm;
    }
  }
  for (const Side& side : sides)
    std::printf("%-16s one step on 512 x 512: median %.1f ns per query (%s ran)\n", side.name,
                percentile(side.nanos, 0.5),
                std::string(kAlgorithmNames[static_cast<int>(side.ran)]).c_str());
  return 0;
}

}  // namespace

int unitsBench();

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "speed") == 0) return speed(argc, argv);
  if (argc >= 2 && std::strcmp(argv[1], "memory") == 0) return memory();
  if (argc >= 2 && std::strcmp(argv[1], "setcost") == 0) return setCost();
  if (argc >= 2 && std::strcmp(argv[1], "units") == 0) return unitsBench();
  if (argc >= 2 && std::strcmp(argv[1], "fixed") == 0) return fixedCost();
  std::fprintf(stderr, "usage: tilepath-bench speed|memory|setcost|units|fixed ...\n");
  return 2;
}
