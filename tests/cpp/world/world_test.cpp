// World: the facade games (and the wasm bindings) talk to. What it adds to the searcher is
// checked here natively: the same optimal answers on a real map, an exact goal in another region
// answered at once, hpa building its hierarchy on first use and saying so, the host's memory
// policy refusing what does not fit with nothing changed, profiles and rules through one object,
// and the build without big maps refusing their features by name.
#include "tilepath/world.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <random>

#include "maps.hpp"
#include "tilepath/contract.hpp"
#include "tilepath/host.hpp"
#include "tilepath/movingai.hpp"

using namespace tilepath;

namespace {

// Copies a map's cells into a world (class 0 walkable, 1 blocked as the reader gives them).
void copyCells(const Grid& from, World& to) {
  std::memcpy(to.profiles().data(), from.data(), static_cast<std::size_t>(from.size()));
  to.profiles().cellsChanged();
}

// A memory policy for one test: at most `limit` bytes a query, then back to none.
struct LimitedMemory {
  static inline double limit = 0;
  explicit LimitedMemory(double bytes) {
    limit = bytes;
    host::setMemory({[](double needed) { return needed <= limit; }, nullptr, nullptr});
  }
  ~LimitedMemory() { host::setMemory({}); }
};

}  // namespace

TEST_CASE("World answers every Moving AI problem of a real map optimally", "[world]") {
  std::string error;
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  auto map = movingai::loadMap(folder + "/arena.map", error);
  REQUIRE(map);
  auto problems = movingai::loadScenario(folder + "/arena.map.scen", error);
  REQUIRE(problems);
  World world(map->width(), map->height());
  copyCells(*map, world);
  SearchOptions o;
  o.diagonal = Diagonal::NoCorners;
  std::size_t checked = 0;
  for (Algorithm a : {Algorithm::AStar, Algorithm::JPS, Algorithm::Dijkstra}) {
    o.algorithm = a;
    for (const movingai::Problem& p : *problems) {
      const int status = world.findPath(p.startX, p.startY, p.goalX, p.goalY, o, 0);
      REQUIRE(status == static_cast<int>(Status::Found));
      INFO("line " << p.line);
      REQUIRE(movingai::matchesOptimal(world.result().cost, p));
      ++checked;
    }
  }
  REQUIRE(checked == 3 * problems->size());
}

TEST_CASE("World answers an exact goal in another region at once, as the searcher would slowly",
          "[world]") {
  std::mt19937 rng(7);
  World world(64, 64);
  Searcher plain;
  for (int round = 0; round < 40; ++round) {
    // A wall across the map splits it; random holes sometimes join the halves.
    world.profiles().fillRect(0, 0, 64, 64, 0);
    world.profiles().fillRect(31, 0, 2, 64, 1);
    std::uniform_int_distribution<int> any(0, 63);
    const int holes = round % 3;
    for (int k = 0; k < holes; ++k) world.profiles().setCell(any(rng) * 64 + 31, 0);
    const int sx = any(rng) % 30, sy = any(rng), gx = 34 + any(rng) % 30, gy = any(rng);
    SearchOptions o;
    o.diagonal = Diagonal::NoCorners;
    const int status = world.findPath(sx, sy, gx, gy, o, 0);
    const SearchResult expected = plain.find(world.profiles().grid(0), sx, sy, gx, gy, o);
    REQUIRE(status == static_cast<int>(expected.status));
    REQUIRE(world.result().cost == expected.cost);
    if (expected.status == Status::None) {
      // Told from the labels: nothing expanded, the reason named.
      REQUIRE(world.result().expanded == 0);
      REQUIRE(world.result().reason == Reason::Unreachable);
    }
  }
}

TEST_CASE("World builds the hierarchy on the first hpa query and says how long it took",
          "[world]") {
  World world(256, 256);
  std::mt19937 rng(3);
  testing::scatterWalls(world.profiles().grid(0), rng, 0.2);
  world.profiles().cellsChanged();
  SearchOptions o;
  o.algorithm = Algorithm::Hpa;
  o.diagonal = Diagonal::NoCorners;
  world.profiles().setCell(0, 0);
  world.profiles().setCell(256 * 256 - 1, 0);
  world.findPath(0, 0, 255, 255, o, 0);
  REQUIRE(world.lastError().empty());
  REQUIRE(world.builtMs(World::kBuiltHpa) >= 0);
  REQUIRE(world.hierarchyBytes() > 0);
  world.forgetBuilt();
  world.findPath(0, 0, 255, 255, o, 0);
  REQUIRE(world.builtMs(World::kBuiltHpa) == -1);  // built already: nothing to tell
}

TEST_CASE("World refuses what the host's memory cannot hold, naming it, and changes nothing",
          "[world]") {
  World world(128, 128);
  SearchOptions o;
  o.diagonal = Diagonal::Always;
  {
    LimitedMemory none(0);
    REQUIRE(world.findPath(0, 0, 127, 127, o, 0) == contract::kRefused);
    REQUIRE_THAT(world.lastError(), Catch::Contains("not enough memory for this search"));
    REQUIRE(world.canReach(0, 0, 127, 127, 3, 1, 0) == contract::kRefused);
    REQUIRE_THAT(world.lastQueryError(), Catch::Contains("reachability labels"));
    REQUIRE(World::checkSize(128, 128).find("a grid of this size") != std::string::npos);
  }
  // With room again, the same queries answer (nothing was left half made).
  REQUIRE(world.findPath(0, 0, 127, 127, o, 0) == static_cast<int>(Status::Found));
  REQUIRE(world.canReach(0, 0, 127, 127, 3, 1, 0) == 1);
}

TEST_CASE("World runs each profile and rule through the same queries", "[world]") {
  World world(20, 5);
  world.profiles().fillRect(0, 2, 20, 1, 2);  // a river
  Profiles::CostTable boat{};
  boat[2] = 1;
  const int slot = world.setProfile("boat", boat);
  REQUIRE(slot > 0);
  SearchOptions o;
  REQUIRE(world.findPath(0, 0, 19, 0, o, 0) == static_cast<int>(Status::Found));
  REQUIRE(world.findPath(0, 2, 19, 2, o, slot) == static_cast<int>(Status::Found));
  REQUIRE(world.result().cost == 19);
  REQUIRE(world.findPath(0, 0, 0, 4, o, 0) == static_cast<int>(Status::None));
  // A link over the river joins the banks.
  REQUIRE(world.addLink(5, 1, 5, 3, 1.0, false, 1).empty());
  REQUIRE(world.findPath(0, 0, 0, 4, o, 0) == static_cast<int>(Status::Found));
  REQUIRE(world.result().links.size() == 1);
  REQUIRE(world.canReach(0, 0, 0, 4, 0, 1, 0) == 1);
  // A deleted profile is refused by slot; an unknown one is named.
  REQUIRE(world.deleteProfile("boat").empty());
  REQUIRE(world.findPath(0, 2, 19, 2, o, slot) == contract::kRefused);
  REQUIRE_THAT(world.lastError(), Catch::Contains("deleted"));
  REQUIRE_THAT(world.deleteProfile("bota"), Catch::Contains("unknown profile 'bota'"));
}

TEST_CASE("World saves and loads through one object, answers equal", "[world]") {
  World world(64, 64);
  std::mt19937 rng(11);
  testing::scatterWalls(world.profiles().grid(0), rng, 0.25);
  world.profiles().cellsChanged();
  world.profiles().setCell(0, 0);
  Profiles::CostTable heavy = Profiles::defaultTable();
  heavy[0] = 3;
  REQUIRE(world.setProfile("heavy", heavy) > 0);
  std::vector<uint8_t> bytes;
  REQUIRE(world.save(bytes).empty());
  SavedHeader header;
  REQUIRE(World::checkSaved(bytes.data(), bytes.size(), header).empty());
  World loaded(header.width, header.height, header.shape);
  REQUIRE(loaded.load(bytes.data(), bytes.size()).empty());
  SearchOptions o;
  o.diagonal = Diagonal::NoCorners;
  std::uniform_int_distribution<int> any(0, 63);
  for (int k = 0; k < 50; ++k) {
    const int sx = any(rng), sy = any(rng), gx = any(rng), gy = any(rng);
    const int slot = k % 2 ? world.profiles().slot("heavy") : 0;
    const int a = world.findPath(sx, sy, gx, gy, o, slot);
    const double cost = world.result().cost;
    const int b =
        loaded.findPath(sx, sy, gx, gy, o, loaded.profiles().slot(slot ? "heavy" : "default"));
    REQUIRE(a == b);
    REQUIRE(cost == loaded.result().cost);
  }
  // A damaged byte is found by the checksum, whether checkSaved reads the bytes first or not;
  // bytes of another size are refused by name.
  bytes[bytes.size() / 2] ^= 0x5a;
  World damaged(header.width, header.height, header.shape);
  REQUIRE_THAT(damaged.load(bytes.data(), bytes.size()), Catch::Contains("checksum"));
  REQUIRE_FALSE(World::checkSaved(bytes.data(), bytes.size(), header).empty());
  bytes[bytes.size() / 2] ^= 0x5a;
  World other(32, 64);
  REQUIRE_THAT(other.load(bytes.data(), bytes.size()), Catch::Contains("64 x 64"));
}

TEST_CASE("The world without big maps refuses their features by name", "[world]") {
  BasicWorld<false> small(32, 32);
  SearchOptions o;
  o.algorithm = Algorithm::Hpa;
  REQUIRE(small.findPath(0, 0, 31, 31, o, 0) == contract::kRefused);
  REQUIRE_THAT(small.lastError(),
               Catch::Contains("algorithm 'hpa' is one of the big-map features"));
  std::vector<int32_t> out;
  REQUIRE(small.rectangles(false, out) == contract::kRefused);
  REQUIRE_THAT(small.lastError(), Catch::Contains("rectangles"));
  REQUIRE(small.buildHierarchy(Diagonal::Never, 100) == contract::kRefused);
  // Everything else answers as the full world does.
  o.algorithm = Algorithm::AStar;
  REQUIRE(small.findPath(0, 0, 31, 31, o, 0) == static_cast<int>(Status::Found));
}

// docs/native.md's example, line for line (tests/js/docs/cpp-blocks.test.mjs finds it here), then
// what its comments promise.
TEST_CASE("docs/native.md: one map in a World", "[world][docs]") {
  // clang-format off
World world(512, 512);                     // every cell class 0 (cost 1)
world.profiles().fillRect(100, 0, 4, 400, 1);  // a wall (class 1: blocked)
SearchOptions o;
o.diagonal = Diagonal::NoCorners;
int status = world.findPath(0, 0, 511, 0, o, 0);  // profile slot 0: 'default'
// status: an index of kStatusNames (Found), or contract::kRefused with world.lastError()
const SearchResult& r = world.result();      // path, cost, expanded, algorithm, links...
o.algorithm = Algorithm::Hpa;
world.findPath(0, 0, 511, 511, o, 0);        // builds the hierarchy first:
double ms = world.builtMs(World::kBuiltHpa); // how long that took (-1: nothing built)
  // clang-format on
  REQUIRE(status == static_cast<int>(Status::Found));
  REQUIRE(std::string(kStatusNames[status]) == "found");
  REQUIRE(r.status == Status::Found);
  REQUIRE(ms >= 0);
}

TEST_CASE("World answers from a record of options as from the options themselves",
          "[world][options]") {
  std::string error;
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  auto map = movingai::loadMap(folder + "/arena.map", error);
  REQUIRE(map);
  auto problems = movingai::loadScenario(folder + "/arena.map.scen", error);
  REQUIRE(problems);
  World world(map->width(), map->height());
  copyCells(*map, world);
  QueryOptions q;
  q.search.diagonal = Diagonal::NoCorners;
  q.search.smooth = true;
  world.options().write(q);
  for (const movingai::Problem& p : *problems) {
    REQUIRE(world.findPath(p.startX, p.startY, p.goalX, p.goalY, world.options()) >= 0);
    const double fromRecord = world.result().cost;
    const std::vector<int32_t> path = world.result().path;
    REQUIRE(world.findPath(p.startX, p.startY, p.goalX, p.goalY, q.search, 0) >= 0);
    CHECK(world.result().cost == fromRecord);
    CHECK(world.result().path == path);
  }
  double* codes = world.options().codes();
  codes[optionSlot("profile")] = 7;  // no such profile
  codes[OptionRecord::kChanged] = 1;
  CHECK(world.findPath(0, 0, 1, 1, world.options()) == contract::kRefused);
  CHECK(world.lastError().find("profile") != std::string::npos);
  codes[optionSlot("profile")] = 0;
  codes[optionSlot("maxCost")] = -2;
  codes[OptionRecord::kChanged] = 1;
  CHECK(world.reachable(1, 1, world.options()) == contract::kRefused);
  CHECK(world.lastQueryError() == "maxCost must be a number >= 0 (Infinity: no limit), got -2");
  codes[optionSlot("maxCost")] = 5;
  codes[OptionRecord::kChanged] = 1;
  REQUIRE(world.reachable(1, 1, world.options()) == 0);
  for (float cost : world.range().costs) CHECK((std::isinf(cost) || cost <= 5));
}

TEST_CASE("A published answer holds each field under its name, and the trace as records",
          "[world][contract]") {
  std::string error;
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  auto map = movingai::loadMap(folder + "/arena.map", error);
  REQUIRE(map);
  World world(map->width(), map->height());
  copyCells(*map, world);
  SearchOptions o;
  o.diagonal = Diagonal::NoCorners;
  o.algorithm = Algorithm::AStar;
  o.smooth = true;
  o.trace = true;
  int sx = 0, sy = 0, gx = 0, gy = 0;
  for (int i = 0; i < map->size(); ++i)
    if (map->passable(i % map->width(), i / map->width())) {
      if (sx == 0 && sy == 0) sx = i % map->width(), sy = i / map->width();
      gx = i % map->width(), gy = i / map->width();
    }
  REQUIRE(world.findPath(sx, sy, gx, gy, o, 0) == static_cast<int>(Status::Found));
  const SearchResult& r = world.result();
  REQUIRE(r.rawPath.size() > r.path.size());
  contract::PublishedResult published;
  published.publish(r, 12.5, -1);
  // By name, as JS reads it (RESULT_FIELDS): a name put at another field's place would fail here.
  auto field = [&](std::string_view name) {
    for (int k = 0; k < contract::kResultFieldCount; ++k)
      if (contract::kResultFieldNames[k] == name) return published.fields[k];
    FAIL("no field " << name);
    return 0.0;
  };
  auto at = [](const auto& v) {
    return static_cast<double>(reinterpret_cast<uintptr_t>(v.data()));
  };
  CHECK(field("pathAddress") == at(r.path));
  CHECK(field("pathLength") == static_cast<double>(r.path.size()));
  CHECK(field("rawPathAddress") == at(r.rawPath));
  CHECK(field("rawPathLength") == static_cast<double>(r.rawPath.size()));
  CHECK(field("traceAddress") == at(published.trace));
  CHECK(field("traceLength") == static_cast<double>(published.trace.size()));
  CHECK(field("cost") == r.cost);
  CHECK(field("expanded") == static_cast<double>(r.expanded));
  CHECK(field("endX") == gx);
  CHECK(field("endY") == gy);
  CHECK(field("faceX") == r.faceX);
  CHECK(field("faceY") == r.faceY);
  CHECK(field("faceStep") == r.faceStep);
  CHECK(field("reason") == 0);
  CHECK(field("algorithm") == static_cast<int>(Algorithm::AStar));
  CHECK(field("traceTruncated") == 0);
  CHECK(field("builtHpaMs") == 12.5);
  CHECK(field("builtPositionsMs") == -1);
  CHECK(field("linksLength") == 0);
  // The trace: one record of kTraceFields per event, in order.
  REQUIRE(published.trace.size() == r.trace.size() * contract::kTraceRecordSize);
  for (std::size_t e = 0; e < r.trace.size(); e += 97) {
    const double* rec = published.trace.data() + e * contract::kTraceRecordSize;
    CHECK(rec[0] == static_cast<double>(r.trace[e].kind));
    CHECK(rec[1] == r.trace[e].x);
    CHECK(rec[2] == r.trace[e].y);
    CHECK(rec[3] == r.trace[e].g);
    CHECK(rec[4] == r.trace[e].h);
  }
  // Published again after a query without a trace: nothing of the old one is left.
  o.trace = false;
  REQUIRE(world.findPath(sx, sy, gx, gy, o, 0) == static_cast<int>(Status::Found));
  published.publish(world.result(), -1, -1);
  CHECK(field("traceLength") == 0);
  CHECK(field("builtHpaMs") == -1);
}
