// tilepath's jump point search against warthog's best online one (jps2: block-based jumps,
// intercardinal pruning, no preprocessing), on the same Moving AI problems in the same loop.
// Built and run by warthog.sh (WARTHOG_DIR: warthog-core and warthog-jps sources, kept out of
// this repository). Each problem is solved by each side in turn, alternating which goes first,
// and each side's own search call is timed:
//   tilepath   Searcher::find: the search, the walk writing every cell of the path and its cost
//   jps2       unidirectional_search::get_path: the search and its jump points
//   jps2+cells get_path, then its jump points expanded here into every cell (x, y pairs, as
//              tilepath's path holds them): the same output as tilepath's
// Costs are checked against each other (and the scenario's) on every problem.
//   warthog-bench [ROUNDS] MAP...   (STRIDE=n: every n-th problem)
#include <jps/jump/jump_point_online.h>
#include <jps/search/jps_prune_expansion_policy.h>
#include <warthog/domain/gridmap.h>
#include <warthog/heuristic/octile_heuristic.h>
#include <warthog/search/unidirectional_search.h>
#include <warthog/util/pqueue.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "stats.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"

using Clock = std::chrono::steady_clock;

namespace {

double nanosSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

// Every cell between consecutive jump points: diagonally, then straight (jps2 pushes the jump
// points of a diagonal run's straight scans with the node expanded as their parent).
template <class Expander, class Points>
void expandJumpPoints(Expander& expander, const Points& points, std::vector<int32_t>& cells) {
  cells.clear();
  int32_t px = 0, py = 0;
  for (std::size_t k = 0; k < points.size(); ++k) {
    int32_t x, y;
    expander.get_xy(points[k], x, y);
    if (k == 0) {
      cells.push_back(x);
      cells.push_back(y);
    } else {
      while (px != x || py != y) {  // diagonally, then straight (jps2's pruned successors)
        px += (x > px) - (x < px);
        py += (y > py) - (y < py);
        cells.push_back(px);
        cells.push_back(py);
      }
    }
    px = x;
    py = y;
  }
}

}  // namespace

int main(int argc, char** argv) {
  int first = 1, rounds = 3;
  if (argc > 1 && std::atoi(argv[1]) > 0) {
    rounds = std::atoi(argv[1]);
    first = 2;
  }
  if (first >= argc) {
    std::fprintf(stderr, "usage: warthog-bench [ROUNDS] MAP...\n");
    return 2;
  }
  const std::size_t stride =
      std::getenv("STRIDE") ? std::max(1, std::atoi(std::getenv("STRIDE"))) : 1;
  std::printf("%-18s %7s %12s %12s %12s %9s %9s %9s %9s\n", "map", "probs", "tilepath us",
              "jps2 us", "jps2+cells", "tp/jps2", "tp/+cells", "tp exp", "jps2 exp");
  int failures = 0;
  for (int a = first; a < argc; ++a) {
    std::string error;
    auto grid = tilepath::movingai::loadMap(argv[a], error);
    auto problems = tilepath::movingai::loadScenario(std::string(argv[a]) + ".scen", error);
    if (!grid || !problems) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    tilepath::Searcher searcher;
    tilepath::SearchResult r;
    tilepath::SearchOptions o;
    o.algorithm = tilepath::Algorithm::JPS;
    o.diagonal = tilepath::Diagonal::NoCorners;

    warthog::domain::gridmap map(argv[a]);
    jps::search::jps_prune_expansion_policy<jps::jump::jump_point_online> expander(&map);
    warthog::heuristic::octile_heuristic heuristic(map.width(), map.height());
    warthog::util::pqueue_min open;
    warthog::search::unidirectional_search jps2(&heuristic, &expander, &open);
    std::vector<int32_t> cells;

    std::vector<double> tp, wh, whCells;       // per problem: the least over the rounds
    double tpExpanded = 0, whExpandedAll = 0;  // summed over the problems (round 0)
    std::size_t n = 0;
    for (std::size_t k = 0; k < problems->size(); k += stride) ++n;
    tp.assign(n, 1e300);
    wh.assign(n, 1e300);
    whCells.assign(n, 1e300);
    for (int round = 0; round < rounds + 1; ++round) {  // round 0 warms up
      std::size_t j = 0;
      for (std::size_t k = 0; k < problems->size(); k += stride, ++j) {
        const auto& p = (*problems)[k];
        double tpNs = 0, whNs = 0, cellNs = 0, whCost = 0;
        uint64_t whExpanded = 0;
        auto runTilepath = [&] {
          const auto t0 = Clock::now();
          searcher.find(*grid, p.startX, p.startY, p.goalX, p.goalY, o, r);
          tpNs = nanosSince(t0);
        };
        auto runWarthog = [&] {
          warthog::search::problem_instance pi(expander.get_pack(p.startX, p.startY),
                                               expander.get_pack(p.goalX, p.goalY));
          warthog::search::search_parameters par;
          warthog::search::solution sol;
          const auto t0 = Clock::now();
          jps2.get_path(&pi, &par, &sol);
          whNs = nanosSince(t0);
          expandJumpPoints(expander, sol.path_, cells);
          cellNs = nanosSince(t0);
          whCost = sol.sum_of_edge_costs_;
          whExpanded = sol.met_.nodes_expanded_;
        };
        if ((j + round) % 2 == 0) {
          runTilepath();
          runWarthog();
        } else {
          runWarthog();
          runTilepath();
        }
        if (round == 0) {
          const std::size_t tpCells = r.path.size() / 2;
          if (std::fabs(r.cost - whCost) > 1e-6 * std::max(1.0, r.cost) ||
              !tilepath::movingai::matchesOptimal(r.cost, p) ||
              (p.optimal > 0 && tpCells != cells.size() / 2)) {
            if (++failures <= 5)
              std::fprintf(stderr,
                           "%s problem %zu: tilepath cost %.6f (%zu cells), jps2 %.6f (%zu cells), "
                           "optimal %.6f\n",
                           argv[a], k, r.cost, tpCells, whCost, cells.size() / 2, p.optimal);
          }
        }
        if (round == 0) {
          tpExpanded += r.expanded;
          whExpandedAll += whExpanded;
          continue;
        }
        tp[j] = std::min(tp[j], tpNs);
        wh[j] = std::min(wh[j], whNs);
        whCells[j] = std::min(whCells[j], cellNs);
      }
    }
    const double mt = bench::percentile(tp, 0.5) / 1000;
    const double mw = bench::percentile(wh, 0.5) / 1000;
    const double mc = bench::percentile(whCells, 0.5) / 1000;
    const char* name = std::strrchr(argv[a], '/') ? std::strrchr(argv[a], '/') + 1 : argv[a];
    std::printf("%-18s %7zu %12.2f %12.2f %12.2f %9.2f %9.2f %9.1f %9.1f\n", name, n, mt, mw, mc,
                mt / mw, mt / mc, tpExpanded / n, whExpandedAll / n);
    std::fflush(stdout);
  }
  if (failures) std::fprintf(stderr, "%d problems disagreed\n", failures);
  return failures ? 1 : 0;
}
