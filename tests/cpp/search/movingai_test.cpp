// The external truth: Moving AI scenarios give the optimal length of every problem
// (8 neighbours, no corner cutting). Found through TILEPATH_MOVINGAI.
#include "tilepath/movingai.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>

#include "maps.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;

namespace {

struct Scenario {
  std::string name;
  Grid grid;
  std::vector<movingai::Problem> problems;
};

// Every map in the folder; a missing folder fails loudly rather than skipping.
const std::vector<Scenario>& scenarios() {
  static const std::vector<Scenario> all = [] {
    std::vector<Scenario> list;
    const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
    const std::vector<std::string> names = testing::movingaiMapNames(folder);
    if (names.empty()) FAIL("no Moving AI maps found at " << folder << " (set TILEPATH_MOVINGAI)");
    for (const std::string& n : names) {
      std::string error;
      auto grid = movingai::loadMap(folder + "/" + n, error);
      if (!grid) FAIL(error);
      auto problems = movingai::loadScenario(folder + "/" + n + ".scen", error);
      if (!problems) FAIL(error);
      list.push_back({n, std::move(*grid), std::move(*problems)});
    }
    return list;
  }();
  return all;
}

// Runs `algorithm` on every `stride`-th problem of every map; returns problems checked.
std::size_t checkAll(Algorithm algorithm, std::size_t sampleSize) {
  Searcher s;
  SearchResult r;
  SearchOptions o;
  o.algorithm = algorithm;
  o.diagonal = Diagonal::NoCorners;
  std::size_t checked = 0;
  for (const Scenario& sc : scenarios()) {
    const std::size_t n = sc.problems.size();
    const std::size_t stride = sampleSize == 0 || sampleSize >= n ? 1 : n / sampleSize;
    std::size_t mismatches = 0;
    for (std::size_t k = 0; k < n; k += stride) {
      const auto& p = sc.problems[k];
      s.find(sc.grid, p.startX, p.startY, p.goalX, p.goalY, o, r);
      ++checked;
      // The default resolves to jump points on these maps (uniform, noCorners, exact goals).
      const Algorithm expected = algorithm == Algorithm::Auto ? Algorithm::JPS : algorithm;
      const bool ok = r.status == Status::Found && movingai::matchesOptimal(r.cost, p) &&
                      r.algorithm == expected;
      if (!ok && ++mismatches <= 3) {
        std::string why;
        FAIL_CHECK(sc.name << " problem " << k << " (" << p.startX << "," << p.startY << ")->("
                           << p.goalX << "," << p.goalY << "): optimal " << p.optimal << ", got "
                           << r.cost << " by " << kAlgorithmNames[static_cast<int>(r.algorithm)]);
      }
      if (ok && k % 97 == 0) {  // spot-check path legality independently of the cost
        std::string why;
        CHECK(testing::legalPathCost(sc.grid, o.diagonal, r.path, why) ==
              Approx(r.cost).epsilon(1e-9));
        CHECK(why.empty());
      }
    }
    INFO(sc.name);
    CHECK(mismatches == 0);
  }
  return checked;
}

}  // namespace

TEST_CASE("the Moving AI folder holds the eight benchmark maps") {
  CHECK(scenarios().size() >= 8);
  std::size_t problems = 0;
  for (const auto& sc : scenarios()) problems += sc.problems.size();
  CHECK(problems == 21289);
}

TEST_CASE("A* matches the optimal length of every Moving AI scenario") {
  CHECK(checkAll(Algorithm::AStar, 0) == 21289);
}

TEST_CASE("jump point search matches the optimal length of every Moving AI scenario") {
  CHECK(checkAll(Algorithm::JPS, 0) == 21289);
}

TEST_CASE("the default (auto) matches the optimal length of every Moving AI scenario") {
  CHECK(checkAll(SearchOptions{}.algorithm, 0) == 21289);
}

TEST_CASE("Dijkstra matches the optimal length on 300 problems of each Moving AI map") {
  CHECK(checkAll(Algorithm::Dijkstra, 300) >= 8 * 150);
}

TEST_CASE("bfs matches the optimal length on 300 problems of each Moving AI map") {
  CHECK(checkAll(Algorithm::BFS, 300) >= 8 * 150);
}

TEST_CASE(
    "4-neighbour jump point search and the default cost what 4-neighbour A* costs on every "
    "Moving AI map") {
  // The scenarios' lengths are for 8 neighbours; with 4, A* (optimal) is the reference.
  Searcher s;
  SearchResult astar, jps, byDefault;
  SearchOptions o;
  o.diagonal = Diagonal::Never;
  std::size_t checked = 0, jpsExpanded = 0, astarExpanded = 0;
  for (const Scenario& sc : scenarios()) {
    const std::size_t stride = std::max<std::size_t>(1, sc.problems.size() / 300);
    for (std::size_t k = 0; k < sc.problems.size(); k += stride) {
      const auto& p = sc.problems[k];
      o.algorithm = Algorithm::AStar;
      s.find(sc.grid, p.startX, p.startY, p.goalX, p.goalY, o, astar);
      o.algorithm = Algorithm::Auto;  // the default: jump points here too
      s.find(sc.grid, p.startX, p.startY, p.goalX, p.goalY, o, byDefault);
      o.algorithm = Algorithm::JPS;
      s.find(sc.grid, p.startX, p.startY, p.goalX, p.goalY, o, jps);
      INFO(sc.name << " problem " << k);
      CHECK(byDefault.algorithm == Algorithm::JPS);
      CHECK(byDefault.cost == Approx(astar.cost).epsilon(1e-12));
      REQUIRE(jps.status == astar.status);
      CHECK(jps.cost == Approx(astar.cost).epsilon(1e-12));
      std::string why;
      CHECK(testing::legalPathCost(sc.grid, o.diagonal, jps.path, why) == Approx(jps.cost));
      ++checked;
      jpsExpanded += jps.expanded;
      astarExpanded += astar.expanded;
    }
  }
  CHECK(checked >= 8 * 150);
  CHECK(jpsExpanded * 4 < astarExpanded);
}
