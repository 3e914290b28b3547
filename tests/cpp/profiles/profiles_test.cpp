// Movement profiles (profiles.hpp): every profile's searches, labels and unit positions against
// a reference made here from scratch for each query: a new Grid with the cells as they are and
// the profile's table as the test last set it, searched by shape_reference.hpp's Dijkstra.
#include "tilepath/profiles.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "maps.hpp"
#include "same_rules.hpp"
#include "shape_reference.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::referenceDijkstra;
using tilepath::testing::referenceFrom;

namespace {

// Classes 0..3: ground, water, forest, wall. Tables drawn at random, each class blocked or a
// cost from 1 to 4.
Profiles::CostTable randomTable(std::mt19937& rng) {
  Profiles::CostTable t = Profiles::defaultTable();
  std::uniform_int_distribution<int> pick(0, 4);
  for (int cls = 0; cls < 4; ++cls) t[cls] = pick(rng);  // 0: blocked
  return t;
}

// Cost from (sx, sy) to every cell under `table`, read from the cells as they are now: on square
// grids maps.hpp's Dijkstra over a new Grid made here from them, shape_reference.hpp's on the
// others.
std::vector<double> reference(const Profiles& profiles, const Profiles::CostTable& table,
                              Diagonal rule, int sx, int sy) {
  const Grid& cells = profiles.cells();
  auto cost = [&](int x, int y) { return table[cells.get(x, y)]; };
  auto open = [&](int x, int y) { return cells.inside(x, y) && cost(x, y) > 0; };
  if (!cells.shape().square())
    return referenceDijkstra(cells.shape(), rule, cells.width(), cells.height(), sx, sy, open,
                             cost);
  Grid fresh(cells.width(), cells.height());
  for (int cls = 0; cls < Grid::kClasses; ++cls) fresh.setCost(cls, table[cls]);
  std::copy(cells.data(), cells.data() + cells.size(), fresh.data());
  fresh.cellsChanged();
  return referenceFrom(fresh, rule, sx, sy);
}

}  // namespace

TEST_CASE("each profile searches the same cells with its own table, edits and all", "[profiles]") {
  std::mt19937 rng(29);
  const Diagonal rules[] = {Diagonal::Never, Diagonal::NoCorners, Diagonal::OneObstacle,
                            Diagonal::Always};
  const GridShape shapes[] = {
      {},
      {Orientation::Hexagonal, StaggerAxis::Y, StaggerIndex::Odd},
      {Orientation::Staggered, StaggerAxis::X, StaggerIndex::Even},
  };
  Searcher searcher;
  int compared = 0, found = 0;
  for (const GridShape& shape : shapes) {
    Profiles profiles(24, 18, shape);
    std::vector<std::string> names = {"default"};
    std::vector<Profiles::CostTable> tables = {Profiles::defaultTable()};
    std::uniform_int_distribution<int> cls(0, 3);
    for (int i = 0; i < profiles.cells().size(); ++i) profiles.data()[i] = cls(rng);
    profiles.cellsChanged();
    for (int k = 1; k < 5; ++k) {
      names.push_back("unit" + std::to_string(k));
      tables.push_back(randomTable(rng));
      REQUIRE(profiles.set(names.back(), tables.back()).empty());
    }
    std::uniform_int_distribution<int> cell(0, profiles.cells().size() - 1);
    for (int round = 0; round < 60; ++round) {
      // An edit between queries: cells, a cost of any profile, a table replaced.
      const int what = round % 4;
      const int k = profiles.slot(names[rng() % names.size()]);
      if (what == 0) {
        for (int e = 0; e < 5; ++e) profiles.setCell(cell(rng), static_cast<uint8_t>(cls(rng)));
      } else if (what == 1) {
        const int c = cls(rng);
        const double cost = static_cast<double>(rng() % 4);
        REQUIRE(profiles.setCost(k, c, cost).empty());
        tables[k][c] = cost;
      } else if (what == 2) {
        tables[k] = randomTable(rng);
        REQUIRE(profiles.set(profiles.name(k), tables[k]).empty());
      } else {
        profiles.fillRect(static_cast<int>(rng() % 20), static_cast<int>(rng() % 14), 3, 2,
                          static_cast<uint8_t>(cls(rng)));
      }
      const Diagonal rule = shape.hexagonal() ? Diagonal::Never : rules[round % 4];
      const int sx = cell(rng) % 24, sy = cell(rng) % 18, gx = cell(rng) % 24, gy = cell(rng) % 18;
      const std::vector<double> want = reference(profiles, tables[k], rule, sx, sy);
      const Grid& cells = profiles.cells();
      for (Algorithm algorithm : {Algorithm::AStar, Algorithm::Dijkstra}) {
        SearchOptions o;
        o.algorithm = algorithm;
        o.diagonal = rule;
        const SearchResult r = searcher.find(profiles.grid(k), sx, sy, gx, gy, o);
        const double expected = want[cells.index(gx, gy)];
        const bool reachable = std::isfinite(expected);
        ++compared;
        INFO("shape " << static_cast<int>(shape.orientation) << " round " << round << " profile "
                      << profiles.name(k));
        REQUIRE((r.status == Status::Found) == reachable);
        if (reachable) {
          ++found;
          CHECK(r.cost == Approx(expected).margin(1e-9));
        }
        CHECK(profiles.components(k).canReach(cells.index(sx, sy), cells.index(gx, gy), rule) ==
              (reachable || (sx == gx && sy == gy)));
      }
    }
  }
  CHECK(found > 100);  // not vacuous
  CHECK(compared == 3 * 60 * 2);
}

TEST_CASE("a profile's big units see its own costs", "[profiles]") {
  Profiles profiles(8, 6);
  // A river (class 1) across the middle: boats only.
  profiles.fillRect(0, 2, 8, 2, 1);
  Profiles::CostTable boat{};
  boat[1] = 1;
  REQUIRE(profiles.set("boat", boat).empty());
  Searcher searcher;
  SearchOptions o;
  o.unitSize = 2;
  const int b = profiles.slot("boat");
  CHECK(searcher.find(profiles.footprints(0), 0, 0, 0, 4, o).status == Status::None);
  // A boat of size 2 sails along the river (rows 2-3), never onto land.
  const SearchResult r = searcher.find(profiles.footprints(b), 0, 2, 6, 2, o);
  CHECK(r.status == Status::Found);
  CHECK(r.cost == 6);
  CHECK(searcher.find(profiles.footprints(b), 0, 2, 0, 0, o).status == Status::None);
}

TEST_CASE("profiles are made on first use and freed when deleted", "[profiles]") {
  Profiles profiles(64, 64);
  Profiles::CostTable t = Profiles::defaultTable();
  REQUIRE(profiles.set("boat", t).empty());
  const int b = profiles.slot("boat");
  CHECK(!profiles.inUse(b));
  CHECK(profiles.memoryBytes(b) == 0);
  CHECK(profiles.bytesToUse(b) > 64 * 64);
  profiles.setCell(5, 1);  // reaches the profile once it is in use
  profiles.grid(b);
  CHECK(profiles.inUse(b));
  CHECK(profiles.bytesToUse(b) == 0);
  CHECK(profiles.grid(b).get(5, 0) == 1);
  CHECK(profiles.memoryBytes(b) >= 64 * 64);
  REQUIRE(profiles.remove("boat").empty());
  CHECK(!profiles.live(b));
  CHECK(profiles.slot("boat") == -1);
}

TEST_CASE("bad profile names, tables and counts are refused, naming the value", "[profiles]") {
  Profiles profiles(4, 4);
  Profiles::CostTable t = Profiles::defaultTable();
  REQUIRE(profiles.set("boat", t).empty());
  CHECK(profiles.unknownProfile("bota") ==
        "unknown profile 'bota' (did you mean 'boat'? profiles: default, boat; add one with "
        "setProfile(name, costs))");
  CHECK(profiles.remove("default").find("cannot be deleted") != std::string::npos);
  CHECK(profiles.remove("cavalry").find("unknown profile 'cavalry'") != std::string::npos);
  CHECK(profiles.set("", t).find("profile name must be") != std::string::npos);
  Profiles::CostTable bad = t;
  bad[7] = -2;
  CHECK(profiles.set("boat", bad) ==
        "profile 'boat', class 7: cost must be 0 or Infinity (blocked) or a positive number, got "
        "-2.000000");
  CHECK(profiles.cost(profiles.slot("boat"), 7) == 0);  // nothing changed
  for (int k = 2; k < Profiles::kMaxProfiles; ++k)
    REQUIRE(profiles.set("p" + std::to_string(k), t).empty());
  CHECK(profiles.set("ninth", t).find("at most 8 profiles") != std::string::npos);
  CHECK(profiles.names().size() == 8);
  CHECK(profiles.slot("ninth") == -1);
}

TEST_CASE("rule edits reach every profile in use, and only those edits", "[profiles]") {
  // A profile made before the edits, one made after: both must end with the map's rules exactly,
  // however many links were added and removed in between.
  Profiles profiles(40, 30);
  Profiles::CostTable boat = Profiles::defaultTable();
  boat[1] = 2;
  REQUIRE(profiles.set("boat", boat).empty());
  const int early = profiles.slot("boat");
  (void)profiles.grid(early);  // in use before any rule
  std::mt19937 rng(30);
  std::uniform_int_distribution<int> x(0, 39), y(0, 29), cls(0, 3), dirs(1, 255);
  std::vector<int32_t> ids;
  for (int k = 0; k < 300; ++k) {
    if (k % 7 == 0) {
      REQUIRE(profiles.setEntry(cls(rng), static_cast<uint8_t>(dirs(rng))).empty());
    } else if (k % 5 == 0 && !ids.empty()) {
      REQUIRE(profiles.removeLink(ids.front()).empty());
      ids.erase(ids.begin());
    } else {
      int32_t id = 0;
      REQUIRE(profiles.addLink(x(rng), y(rng), x(rng), y(rng), k % 4, k % 3 == 0, id).empty());
      ids.push_back(id);
    }
  }
  // A bad edit changes nothing anywhere.
  int32_t bad = 0;
  CHECK_FALSE(profiles.addLink(0, 0, 1, 1, -1, false, bad).empty());
  CHECK_FALSE(profiles.removeLink(999999).empty());
  REQUIRE(profiles.set("cart", Profiles::defaultTable()).empty());
  const int late = profiles.slot("cart");
  const MovementRules& map = profiles.cells().rules();
  REQUIRE(map.links().size() == ids.size());
  for (int slot : {early, late})
    tilepath::testing::requireSameRules(profiles.grid(slot).rules(), map);
}
