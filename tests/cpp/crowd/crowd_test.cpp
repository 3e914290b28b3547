// Crowds: agents never enter walls, keep apart, arrive, re-plan around edits and come out the
// same on every build. Wall and overlap checks are written here from the cells (not through the
// crowd's own wall code), arrival bounds come from an independent path length.
#include "tilepath/crowd.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <random>

#include "maps.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/profiles.hpp"

using namespace tilepath;
using tilepath::testing::drawn;

namespace {

constexpr double kDt = 1.0 / 60;
constexpr double kArrive = 0.1;  // crowd.cpp: an own target is reached within this

// Distance from (x, y) to the nearest blocked cell (or the outside) within 2 cells.
double wallClearance(const Grid& grid, double x, double y) {
  double best = 1e9;
  const int cx = static_cast<int>(std::floor(x)), cy = static_cast<int>(std::floor(y));
  for (int yy = cy - 2; yy <= cy + 2; ++yy) {
    for (int xx = cx - 2; xx <= cx + 2; ++xx) {
      if (grid.passable(xx, yy)) continue;
      const double qx = std::clamp(x, double(xx), xx + 1.0),
                   qy = std::clamp(y, double(yy), yy + 1.0);
      best = std::min(best, std::sqrt((qx - x) * (qx - x) + (qy - y) * (qy - y)));
    }
  }
  return best;
}

// Every live agent's centre in an open cell (for size n: its footprint's cells all open), and
// its disc off every blocked cell by kWallTolerance. Returns the number of violations.
int wallViolations(const Grid& grid, const Crowd& crowd, std::string& why) {
  int bad = 0;
  for (int id = 0; id < crowd.slots(); ++id) {
    if (!crowd.alive(id)) continue;
    const double x = crowd.x(id), y = crowd.y(id);
    const int n = crowd.unitSize(id);
    const int left = static_cast<int>(std::floor(x - (n - 1) * 0.5));
    const int top = static_cast<int>(std::floor(y - (n - 1) * 0.5));
    bool open = grid.passable(static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y)));
    for (int dy = 0; dy < n; ++dy)
      for (int dx = 0; dx < n; ++dx) open = open && grid.passable(left + dx, top + dy);
    const double clearance = wallClearance(grid, x, y);
    if (!open || clearance < crowd.radius(id) - kWallTolerance) {
      ++bad;
      why = "agent " + std::to_string(id) + " at " + std::to_string(x) + "," + std::to_string(y) +
            (open ? " overlaps a wall by " + std::to_string(crowd.radius(id) - clearance)
                  : " is in a blocked cell");
    }
  }
  return bad;
}

// The worst overlap of two discs as a share of the smaller radius.
double worstOverlap(const Crowd& crowd) {
  double worst = 0;
  for (int i = 0; i < crowd.slots(); ++i) {
    if (!crowd.alive(i)) continue;
    for (int j = i + 1; j < crowd.slots(); ++j) {
      if (!crowd.alive(j)) continue;
      const double d = std::hypot(crowd.x(i) - crowd.x(j), crowd.y(i) - crowd.y(j));
      const double overlap = crowd.radius(i) + crowd.radius(j) - d;
      worst = std::max(worst, overlap / std::min(crowd.radius(i), crowd.radius(j)));
    }
  }
  return worst;
}

int add(Crowd& crowd, double x, double y, double radius = 0, int unitSize = 1) {
  AgentParams p;
  p.x = x;
  p.y = y;
  p.radius = radius;
  p.unitSize = unitSize;
  std::string error;
  const int id = crowd.addAgent(p, error);
  INFO(error);
  REQUIRE(id >= 0);
  return id;
}

void run(Crowd& crowd, double seconds) {
  for (double t = 0; t < seconds; t += kDt) REQUIRE(crowd.step(kDt).empty());
}

// Independent length of the shortest 8-neighbour (no corner cutting) path between cells: a
// Dijkstra that stops at the goal (maps.hpp's referenceFrom floods the whole map, 500 times
// over 512 x 512 here).
double referenceLength(const Grid& grid, int sx, int sy, int gx, int gy) {
  std::vector<double> dist(grid.size(), 1e18);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[grid.index(sx, sy)] = 0;
  open.push({0, grid.index(sx, sy)});
  while (!open.empty()) {
    auto [d, i] = open.top();
    open.pop();
    if (d > dist[i]) continue;
    const int x = i % grid.width(), y = i / grid.width();
    if (x == gx && y == gy) return d;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if ((!dx && !dy) || !grid.passable(x + dx, y + dy)) continue;
        if (dx && dy && (!grid.passable(x + dx, y) || !grid.passable(x, y + dy))) continue;
        const double nd = d + (dx && dy ? std::sqrt(2.0) : 1.0);
        const int j = grid.index(x + dx, y + dy);
        if (nd < dist[j]) {
          dist[j] = nd;
          open.push({nd, j});
        }
      }
    }
  }
  return -1;
}

// A map of tests/data/movingai.
auto movingAiMap(const std::string& name) {
  std::string error;
  auto loaded =
      movingai::loadMap(movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI) + "/" + name, error);
  INFO(error);
  REQUIRE(loaded);
  return loaded;
}

uint32_t positionsHash(const Crowd& crowd) {
  uint32_t h = 2166136261u;
  const auto* bytes = reinterpret_cast<const unsigned char*>(crowd.positions());
  for (std::size_t k = 0; k < crowd.slots() * 2 * sizeof(float); ++k)
    h = (h ^ bytes[k]) * 16777619u;
  return h;
}

}  // namespace

TEST_CASE("crowd: two agents walking at each other pass without touching", "[crowd]") {
  Grid grid = drawn({"..........", "..........", "..........", "..........", ".........."});
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  const int a = add(crowd, 0.5, 2.5), b = add(crowd, 9.5, 2.5);
  REQUIRE(crowd.setTarget(a, 9.5, 2.5).empty());
  REQUIRE(crowd.setTarget(b, 0.5, 2.5).empty());
  double closest = 1e9;
  for (int k = 0; k < 600; ++k) {
    REQUIRE(crowd.step(kDt).empty());
    closest = std::min(closest, std::hypot(crowd.x(a) - crowd.x(b), crowd.y(a) - crowd.y(b)));
  }
  CHECK(closest >= 0.8 * 0.95);
  CHECK(crowd.state(a) == AgentState::Arrived);
  CHECK(crowd.state(b) == AgentState::Arrived);
  CHECK(std::hypot(crowd.x(a) - 9.5, crowd.y(a) - 2.5) < 0.11);
}

TEST_CASE("crowd: an agent follows its path round a wall and stops on its target", "[crowd]") {
  Grid grid = drawn({
      "..........",
      "..######..",
      "..#....#..",
      "..#.##.#..",
      "..#..#....",
      "..####.##.",
      "..........",
  });
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  const int a = add(crowd, 3.5, 2.5);
  REQUIRE(crowd.setTarget(a, 3.5, 4.5).empty());
  std::string why;
  for (int k = 0; k < 900; ++k) {
    REQUIRE(crowd.step(kDt).empty());
    REQUIRE(wallViolations(grid, crowd, why) == 0);
  }
  CHECK(crowd.state(a) == AgentState::Arrived);
  CHECK(std::hypot(crowd.x(a) - 3.5, crowd.y(a) - 4.5) < 0.11);
  CHECK(std::hypot(crowd.vx(a), crowd.vy(a)) < 0.05);  // slowed down, no jitter
}

TEST_CASE("crowd: an agent slows down to arrive and does not overshoot its target", "[crowd]") {
  Grid grid(24, 5);
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  const int a = add(crowd, 1.5, 2.5);
  REQUIRE(crowd.setTarget(a, 10.5, 2.5).empty());
  double furthest = 0;
  for (int k = 0; k < 300; ++k) {
    REQUIRE(crowd.step(kDt).empty());
    furthest = std::max(furthest, crowd.x(a));
  }
  CHECK(crowd.state(a) == AgentState::Arrived);
  CHECK(furthest < 10.5 + kArrive + 0.02);
  CHECK(std::abs(crowd.x(a) - 10.5) < 0.11);
}

TEST_CASE("crowd: a sealed-off target ends unreachable, and a wall on the path re-plans",
          "[crowd]") {
  Grid grid = drawn({
      "..........",
      "..........",
      "....#.....",
      "....#.....",
      "....#.....",
  });
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  const int a = add(crowd, 1.5, 3.5);
  const int b = add(crowd, 1.5, 4.5);
  REQUIRE(crowd.setTarget(a, 8.5, 3.5).empty());
  REQUIRE(crowd.step(kDt).empty());
  const uint64_t before = crowd.plans();
  // Close the way round the top: a has to re-plan, and then finds none.
  grid.fillRect(4, 0, 1, 2, 1);
  REQUIRE(crowd.step(kDt).empty());
  CHECK(crowd.plans() > before);
  CHECK(crowd.state(a) == AgentState::Unreachable);
  // Opened again: walks there.
  grid.set(4, 0, 0);
  run(crowd, 8);
  CHECK(crowd.state(a) == AgentState::Arrived);
  // A target inside a wall from the start.
  REQUIRE(crowd.setTarget(b, 4.5, 3.5).empty());
  CHECK(crowd.state(b) == AgentState::Unreachable);
}

TEST_CASE("crowd: a wall built on an agent pushes it to the nearest open cell", "[crowd]") {
  Grid grid(12, 12);
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  const int a = add(crowd, 5.5, 5.5);
  const int big = add(crowd, 2.0, 9.0, 0, 2);
  grid.fillRect(4, 4, 3, 3, 1);
  grid.set(2, 9, 1);
  REQUIRE(crowd.step(kDt).empty());
  std::string why;
  CHECK(wallViolations(grid, crowd, why) == 0);
  INFO(why);
  CHECK(std::hypot(crowd.x(a) - 5.5, crowd.y(a) - 5.5) < 2.1);
  CHECK(std::hypot(crowd.x(big) - 2.0, crowd.y(big) - 9.0) < 2.1);
}

TEST_CASE("crowd: never inside a wall over long random runs with edits and targets",
          "[crowd][property]") {
  std::mt19937 rng(2811);
  int checkedSteps = 0;
  double worst = 0;
  for (int trial = 0; trial < 12; ++trial) {
    Grid grid(24 + trial, 20);
    tilepath::testing::scatterWalls(grid, rng, 0.18);
    Footprints footprints(grid);
    CrowdOptions options;
    options.diagonal = trial % 3 == 0 ? Diagonal::Never : Diagonal::NoCorners;
    Crowd crowd(grid, footprints, options);
    std::uniform_real_distribution<double> ux(0, grid.width()), uy(0, grid.height()), unit(0, 1);
    std::vector<int> ids;
    for (int tries = 0; tries < 400 && ids.size() < 40; ++tries) {
      AgentParams p;
      p.x = ux(rng);
      p.y = uy(rng);
      p.unitSize = unit(rng) < 0.2 ? 2 : 1;
      p.radius = p.unitSize * (0.2 + 0.3 * unit(rng));
      p.maxSpeed = 1 + 5 * unit(rng);
      std::string error;
      const int id = crowd.addAgent(p, error);
      if (id >= 0) ids.push_back(id);
    }
    REQUIRE(ids.size() > 20);
    std::string why;
    for (int k = 0; k < 600; ++k) {
      if (k % 60 == 0) {
        for (int id : ids) {
          if (unit(rng) < 0.5) crowd.setTarget(id, ux(rng), uy(rng));
        }
        std::vector<int32_t> group;
        for (int id : ids)
          if (unit(rng) < 0.3) group.push_back(id);
        crowd.setGroupTarget(group.data(), group.size(), ux(rng), uy(rng));
      }
      if (k % 25 == 0) {
        // Walls appear and vanish, some right on agents.
        const int id = ids[rng() % ids.size()];
        grid.fillRect(static_cast<int>(crowd.x(id)), static_cast<int>(crowd.y(id)), 1 + rng() % 3,
                      1 + rng() % 3, 1);
        grid.fillRect(rng() % grid.width(), rng() % grid.height(), 2, 2, 0);
      }
      const double dt = k % 97 == 0 ? 0.5 : kDt * (1 + rng() % 3);
      REQUIRE(crowd.step(dt).empty());
      INFO("trial " << trial << " step " << k);
      REQUIRE(wallViolations(grid, crowd, why) == 0);
      worst = std::max(worst, worstOverlap(crowd));
      ++checkedSteps;
    }
  }
  CHECK(checkedSteps == 12 * 600);
  WARN("worst overlap of two discs during the random runs: " << worst * 100
                                                             << "% of the smaller radius");
}

TEST_CASE("crowd: a group spreads out round its target and settles apart", "[crowd]") {
  Grid grid(40, 40);
  grid.fillRect(18, 0, 2, 17, 1);  // a wall with a gate
  grid.fillRect(18, 20, 2, 20, 1);
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  std::vector<int32_t> ids;
  for (int y = 0; y < 12; ++y)
    for (int x = 0; x < 10; ++x)
      ids.push_back(add(crowd, 2.5 + x, 10.5 + y, 0.35 + (x % 3) * 0.05));
  ids.push_back(add(crowd, 14, 6, 0, 2));  // a big one among them
  REQUIRE(crowd.setGroupTarget(ids.data(), ids.size(), 30.5, 18.5).empty());
  std::string why;
  double worstDuring = 0;
  int arrived = 0;
  for (int k = 0; k < 60 * 40; ++k) {
    REQUIRE(crowd.step(kDt).empty());
    REQUIRE(wallViolations(grid, crowd, why) == 0);
    worstDuring = std::max(worstDuring, worstOverlap(crowd));
    arrived = 0;
    for (int id : ids) arrived += crowd.state(id) == AgentState::Arrived;
    if (arrived == static_cast<int>(ids.size())) break;
  }
  CHECK(arrived == static_cast<int>(ids.size()));
  run(crowd, 2);  // settle
  const double settled = worstOverlap(crowd);
  WARN("group of " << ids.size() << ": worst overlap during the walk " << worstDuring * 100
                   << "%, settled " << settled * 100 << "% of the smaller radius");
  CHECK(settled <= 0.10);
  // Spread round the target, not piled on one cell.
  int near = 0;
  for (int id : ids) near += std::hypot(crowd.x(id) - 30.5, crowd.y(id) - 18.5) < 1.0;
  CHECK(near <= 4);
}

// AR0011SR: rooms and wide passages. On maps of one-cell corridors (den011d, lak303d) an agent
// that has arrived inside a corridor blocks it for everyone behind (discs cannot pass there),
// and the slowest of 500 took up to 6 times its path's time.
TEST_CASE("crowd: 500 agents with random reachable targets arrive on a Moving AI map",
          "[crowd][movingai]") {
  auto loaded = movingAiMap("AR0011SR.map");
  Grid& grid = *loaded;
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  std::mt19937 rng(500);
  std::vector<int> ids;
  std::vector<double> bound;
  std::vector<int> unreachable;
  while (ids.size() < 500) {
    const int sx = rng() % grid.width(), sy = rng() % grid.height();
    const int gx = rng() % grid.width(), gy = rng() % grid.height();
    if (!grid.passable(sx, sy) || !grid.passable(gx, gy)) continue;
    const double length = referenceLength(grid, sx, sy, gx, gy);
    const int id = add(crowd, sx + 0.5, sy + 0.5);
    REQUIRE(crowd.setTarget(id, gx + 0.5, gy + 0.5).empty());
    if (length < 0) {
      unreachable.push_back(id);
      CHECK(crowd.state(id) == AgentState::Unreachable);
      continue;
    }
    ids.push_back(id);
    // Twice the time of the shortest path at full speed, plus 15 s for crowding and stops.
    bound.push_back(2 * length / 4.0 + 15);
  }
  std::vector<double> arrivedAt(ids.size(), -1);
  double t = 0;
  std::string why;
  const double last = *std::max_element(bound.begin(), bound.end());
  while (t < last) {
    REQUIRE(crowd.step(kDt * 2).empty());
    t += kDt * 2;
    REQUIRE(wallViolations(grid, crowd, why) == 0);
    for (std::size_t k = 0; k < ids.size(); ++k)
      if (arrivedAt[k] < 0 && crowd.state(ids[k]) == AgentState::Arrived) arrivedAt[k] = t;
  }
  int late = 0;
  int states[4] = {};
  for (std::size_t k = 0; k < ids.size(); ++k) {
    const bool inTime = arrivedAt[k] >= 0 && arrivedAt[k] <= bound[k];
    late += !inTime;
    if (!inTime) ++states[static_cast<int>(crowd.state(ids[k]))];
  }
  INFO("late: moving " << states[0] << ", arrived late " << states[1] << ", stuck " << states[2]
                       << ", unreachable " << states[3]);
  CHECK(late == 0);
  for (int id : unreachable) CHECK(crowd.state(id) == AgentState::Unreachable);
}

TEST_CASE("crowd: bad input is refused with the value named and the crowd keeps working",
          "[crowd]") {
  Grid grid = drawn({"....", ".#..", "...."});
  Footprints footprints(grid);
  CrowdOptions big;
  big.maxAgents = 1000000;
  CHECK(validateCrowdOptions(big).find("maxAgents 1000000") != std::string::npos);
  CrowdOptions small;
  small.maxAgents = 2;
  Crowd crowd(grid, footprints, small);
  const int a = add(crowd, 0.5, 0.5);
  std::string error;
  AgentParams p;
  p.x = std::nan("");
  p.y = 1;
  CHECK(crowd.addAgent(p, error) == -1);
  CHECK(error.find("NaN") != std::string::npos);
  p.x = 1.5;
  p.y = 1.5;
  CHECK(crowd.addAgent(p, error) == -1);
  CHECK(error.find("inside a blocked cell") != std::string::npos);
  p.x = 3.5;
  p.radius = -0.5;
  CHECK(crowd.addAgent(p, error) == -1);
  CHECK(error.find("radius -0.5") != std::string::npos);
  p.radius = 0.3;
  p.maxSpeed = -2;
  CHECK(crowd.addAgent(p, error) == -1);
  CHECK(error.find("maxSpeed -2") != std::string::npos);
  p.maxSpeed = 3;
  CHECK(crowd.addAgent(p, error) == 1);
  CHECK(crowd.addAgent(p, error) == -1);
  CHECK(error.find("maxAgents is 2") != std::string::npos);
  CHECK(crowd.step(0).find("dt 0") != std::string::npos);
  CHECK(crowd.step(-1).find("dt -1") != std::string::npos);
  CHECK(crowd.step(1e9).find("dt 1000000000") != std::string::npos);
  CHECK(crowd.step(std::nan("")).find("dt NaN") != std::string::npos);
  CHECK(crowd.setTarget(7, 1, 1).find("agent id 7") != std::string::npos);
  CHECK(crowd.setTarget(a, 9, 1).find("outside") != std::string::npos);
  const int32_t twice[] = {a, a};
  CHECK(crowd.setGroupTarget(twice, 2, 3, 2).find("appears twice") != std::string::npos);
  CHECK(crowd.setMaxSpeed(a, 0).find("maxSpeed 0") != std::string::npos);
  // Still working.
  REQUIRE(crowd.setTarget(a, 3.5, 2.5).empty());
  run(crowd, 6);
  CHECK(crowd.state(a) == AgentState::Arrived);
  CHECK(crowd.removeAgent(a).empty());
  CHECK(std::isnan(crowd.positions()[0]));
  CHECK(crowd.removeAgent(a).find("agent id 0") != std::string::npos);
  CHECK(crowd.addAgent(p, error) == 0);  // the free slot again
}

TEST_CASE("crowd: a full crowd of 100,000 takes ids lowest free first and groups them at once",
          "[crowd]") {
  Grid grid(400, 400);
  Footprints footprints(grid);
  CrowdOptions options;
  options.maxAgents = kMaxCrowdAgents;
  Crowd crowd(grid, footprints, options);
  std::vector<int32_t> ids;
  for (int k = 0; k < kMaxCrowdAgents; ++k)
    ids.push_back(add(crowd, k % 400 + 0.5, k / 400 * 1.5 + 0.5));
  CHECK(ids.back() == kMaxCrowdAgents - 1);
  std::string error;
  AgentParams p;
  CHECK(crowd.addAgent(p, error) == -1);
  for (int id : {70000, 5, 99999}) REQUIRE(crowd.removeAgent(id).empty());
  CHECK(add(crowd, 0.5, 399.5) == 5);
  CHECK(add(crowd, 1.5, 399.5) == 70000);
  CHECK(add(crowd, 2.5, 399.5) == 99999);
  REQUIRE(crowd.setGroupTarget(ids.data(), ids.size(), 200.5, 200.5).empty());
  CHECK(crowd.fields() == 1);
}

// The scenario tests/js/core/crowd.test.mjs runs through wasm and the worker: its hash after
// 1,000 steps must be this one there too (bit-identical positions).
uint32_t determinismScenarioHash() {
  Grid grid(64, 48);
  for (int y = 0; y < 48; ++y)
    for (int x = 0; x < 64; ++x)
      if ((x * 7 + y * 13) % 23 == 0 && x % 5 != 0) grid.set(x, y, 1);
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  uint32_t seed = 12345;
  auto next = [&seed] {
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return seed;
  };
  std::vector<int32_t> group;
  while (crowd.agentCount() < 150) {
    AgentParams p;
    p.x = (next() % 6400) / 100.0;
    p.y = (next() % 4800) / 100.0;
    p.unitSize = next() % 10 == 0 ? 2 : 1;
    p.radius = p.unitSize * 0.3 + (next() % 10) / 100.0;
    p.maxSpeed = 2 + (next() % 30) / 10.0;
    std::string error;
    const int id = crowd.addAgent(p, error);
    if (id < 0) continue;
    if (id % 2 == 0) {
      group.push_back(id);
    } else {
      const double tx = (next() % 6400) / 100.0;  // in order: JS evaluates left to right
      const double ty = (next() % 4800) / 100.0;
      crowd.setTarget(id, tx, ty);
    }
  }
  crowd.setGroupTarget(group.data(), group.size(), 40.5, 20.5);
  for (int k = 0; k < 1000; ++k) {
    if (k == 300) grid.fillRect(30, 10, 2, 20, 1);
    if (k == 600) grid.fillRect(30, 10, 2, 20, 0);
    crowd.step(k == 500 ? 0.2 : k % 2 ? 1.0 / 60 : 1.0 / 30);
  }
  return positionsHash(crowd);
}

TEST_CASE("crowd: the determinism scenario gives the positions wasm and the worker must match",
          "[crowd]") {
  // tests/js/support/crowd-scenario.mjs holds the same number: a change of the crowd's
  // behaviour changes both (and the JS tests then show whether wasm still agrees).
  // 3250973697 since issue 31: the crowd plans with the default search, now jump points on this
  // uniform map (the same costs as A*, other paths among the cheapest).
  CHECK(determinismScenarioHash() == 3250973697u);
}

// --- Entry rules and links ------------------------------------------------------------------
// The rules as the test keeps them itself, beside the grid's: a mask per class (bit per
// direction, in the names' order right, left, down, up, downRight, downLeft, upRight, upLeft)
// and the links as added. Every frame's change of the cell under each agent is checked here.
namespace {

struct TestRules {
  uint8_t mask[256];
  struct Link {
    int32_t id, a, b;
    bool oneWay;
  };
  std::vector<Link> links;
  TestRules() { std::fill(std::begin(mask), std::end(mask), uint8_t{0xff}); }

  static int direction(int dx, int dy) {
    const int names[3][3] = {{7, 3, 6}, {1, -1, 0}, {5, 2, 4}};  // upLeft, up, upRight, ...
    return names[dy + 1][dx + 1];
  }
  bool linked(int32_t from, int32_t to) const {
    for (const Link& l : links)
      if ((l.a == from && l.b == to) || (!l.oneWay && l.b == from && l.a == to)) return true;
    return false;
  }
  // Whether the centre going from cell `from` to cell `to` between two frames is allowed.
  bool allowed(const Grid& grid, int32_t from, int32_t to) const {
    if (from == to) return true;
    if (linked(from, to)) return grid.passable(to);
    const int w = grid.width();
    const int dx = to % w - from % w, dy = to / w - from / w;
    if (std::abs(dx) > 1 || std::abs(dy) > 1) return false;
    return grid.passable(to) && ((mask[grid.data()[to]] >> direction(dx, dy)) & 1);
  }
  // The shortest way under straight steps (the crowd's plans on a grid with entry rules) and
  // links, counted in steps: BFS; -1 when there is none.
  int steps(const Grid& grid, int32_t start, int32_t goal) const {
    std::vector<int> dist(grid.size(), -1);
    std::vector<int32_t> queue{start};
    dist[start] = 0;
    const int w = grid.width();
    for (std::size_t k = 0; k < queue.size(); ++k) {
      const int32_t c = queue[k];
      if (c == goal) return dist[c];
      auto reach = [&](int32_t n) {
        if (dist[n] < 0 && allowed(grid, c, n)) {
          dist[n] = dist[c] + 1;
          queue.push_back(n);
        }
      };
      const int x = c % w, y = c / w;
      const int sx[4] = {1, -1, 0, 0}, sy[4] = {0, 0, 1, -1};
      for (int d = 0; d < 4; ++d)
        if (grid.inside(x + sx[d], y + sy[d])) reach(grid.index(x + sx[d], y + sy[d]));
      for (const Link& l : links) {
        if (l.a == c) reach(l.b);
        if (!l.oneWay && l.b == c) reach(l.a);
      }
    }
    return -1;
  }
};

int32_t cellOf(const Grid& grid, const Crowd& crowd, int id) {
  return grid.index(static_cast<int>(std::floor(crowd.x(id))),
                    static_cast<int>(std::floor(crowd.y(id))));
}

// Checks every agent's cell change since `before` (updated), counting the bad ones into `why`.
int ruleViolations(const Grid& grid, const Crowd& crowd, const TestRules& rules,
                   std::vector<int32_t>& before, std::string& why) {
  int bad = 0;
  for (int id = 0; id < crowd.slots(); ++id) {
    if (!crowd.alive(id)) continue;
    const int32_t now = cellOf(grid, crowd, id);
    if (!rules.allowed(grid, before[id], now)) {
      ++bad;
      why = "agent " + std::to_string(id) + " went from cell (" +
            std::to_string(before[id] % grid.width()) + ", " +
            std::to_string(before[id] / grid.width()) + ") to (" +
            std::to_string(now % grid.width()) + ", " + std::to_string(now / grid.width()) +
            "), class " + std::to_string(grid.data()[now]);
    }
    before[id] = now;
  }
  return bad;
}

void setEntry(Grid& grid, TestRules& rules, int cls, uint8_t mask) {
  REQUIRE(grid.setEntry(cls, mask).empty());
  rules.mask[cls] = mask;
}

void addLink(Grid& grid, TestRules& rules, int32_t a, int32_t b, bool oneWay) {
  int32_t id = 0;
  const int w = grid.width();
  REQUIRE(grid.addLink(a % w, a / w, b % w, b / w, 1, oneWay, id).empty());
  rules.links.push_back({id, a, b, oneWay});
}

int32_t openCell(const Grid& grid, std::mt19937& rng) {
  for (;;) {
    const int32_t c = static_cast<int32_t>(rng() % grid.size());
    if (grid.passable(c)) return c;
  }
}

}  // namespace

TEST_CASE("crowd: on one-way tiles and links agents never step against a rule, and arrive",
          "[crowd][rules]") {
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> unit(0, 1);
  // Class 2 is entered going right (a belt), 3 going down (a ledge), 4 going up or left.
  const uint8_t kRight = 1, kDownAll = 4 | 16 | 32, kUpLeft = 8 | 2;
  int frames = 0, jumps = 0, arrived = 0;
  for (int trial = 0; trial < 10; ++trial) {
    Grid grid(22 + trial, 16);
    tilepath::testing::scatterWalls(grid, rng, 0.12);
    TestRules rules;
    for (int cls = 2; cls <= 4; ++cls) REQUIRE(grid.setCost(cls, 1).empty());
    for (int i = 0; i < grid.size(); ++i)
      if (grid.data()[i] == 0 && unit(rng) < 0.25) grid.data()[i] = 2 + rng() % 3;
    grid.cellsChanged();
    setEntry(grid, rules, 2, kRight);
    setEntry(grid, rules, 3, kDownAll);
    setEntry(grid, rules, 4, kUpLeft);
    for (int k = 0; k < 4; ++k)
      addLink(grid, rules, openCell(grid, rng), openCell(grid, rng), k % 2);
    Footprints footprints(grid);
    CrowdOptions options;
    options.diagonal = trial % 2 ? Diagonal::NoCorners : Diagonal::Always;
    Crowd crowd(grid, footprints, options);
    std::vector<int> ids;
    while (ids.size() < 12) {
      const int32_t c = openCell(grid, rng);
      ids.push_back(add(crowd, c % grid.width() + 0.2 + 0.6 * unit(rng),
                        c / grid.width() + 0.2 + 0.6 * unit(rng), 0.2 + 0.25 * unit(rng)));
      REQUIRE(crowd.setMaxSpeed(ids.back(), 1 + 4 * unit(rng)).empty());
    }
    std::vector<int32_t> before(crowd.slots());
    for (int id : ids) before[id] = cellOf(grid, crowd, id);
    std::string why;
    // Phase 1: targets, a group, and rule edits between steps.
    for (int k = 0; k < 1200; ++k) {
      if (k % 200 == 0) {
        for (int id : ids) {
          const int32_t g = openCell(grid, rng);
          crowd.setTarget(id, g % grid.width() + 0.5, g / grid.width() + 0.5);
        }
        std::vector<int32_t> group(ids.begin(), ids.begin() + 5);
        const int32_t g = openCell(grid, rng);
        REQUIRE(crowd
                    .setGroupTarget(group.data(), group.size(), g % grid.width() + 0.5,
                                    g / grid.width() + 0.5)
                    .empty());
      }
      if (k % 50 == 25) {
        switch (rng() % 5) {
          case 0:  // a class's rule changes (or goes)
            setEntry(grid, rules, 2 + rng() % 3, rng() % 4 == 0 ? 0xff : uint8_t(1 + rng() % 255));
            break;
          case 1:
            addLink(grid, rules, openCell(grid, rng), openCell(grid, rng), rng() % 2);
            break;
          case 2:
            if (!rules.links.empty()) {
              const std::size_t at = rng() % rules.links.size();
              REQUIRE(grid.removeLink(rules.links[at].id).empty());
              rules.links.erase(rules.links.begin() + static_cast<std::ptrdiff_t>(at));
            }
            break;
          default: {  // a cell turned to another one-way class (or back to ground)
            const int32_t c = openCell(grid, rng);
            grid.set(c % grid.width(), c / grid.width(),
                     static_cast<uint8_t>(rng() % 4 == 0 ? 0 : 2 + rng() % 3));
          }
        }
      }
      REQUIRE(crowd.step(kDt).empty());
      INFO("trial " << trial << " frame " << k);
      for (int id : ids)
        if (before[id] != cellOf(grid, crowd, id) &&
            rules.linked(before[id], cellOf(grid, crowd, id)))
          ++jumps;
      REQUIRE(ruleViolations(grid, crowd, rules, before, why) == 0);
      REQUIRE(wallViolations(grid, crowd, why) == 0);
      ++frames;
    }
    // Phase 2: no more edits; every agent whose target the test can reach gets there.
    std::vector<int> reachable;
    for (int id : ids) {
      const int32_t g = openCell(grid, rng);
      crowd.setTarget(id, g % grid.width() + 0.5, g / grid.width() + 0.5);
      const int n = rules.steps(grid, cellOf(grid, crowd, id), g);
      if (n >= 0)
        reachable.push_back(id);
      else
        CHECK(crowd.state(id) == AgentState::Unreachable);
    }
    for (int k = 0; k < 60 * 60; ++k) {
      REQUIRE(crowd.step(kDt).empty());
      INFO("trial " << trial << " arrival frame " << k);
      REQUIRE(ruleViolations(grid, crowd, rules, before, why) == 0);
    }
    for (int id : reachable) {
      INFO("trial " << trial << " agent " << id << " at " << crowd.x(id) << ", " << crowd.y(id)
                    << " state " << kAgentStateNames[static_cast<int>(crowd.state(id))]);
      CHECK(crowd.state(id) == AgentState::Arrived);
      arrived += crowd.state(id) == AgentState::Arrived;
    }
  }
  CHECK(jumps > 20);
  WARN(frames << " frames checked, " << jumps << " link jumps seen, " << arrived << " arrived");
}

TEST_CASE("crowd: 150 agents on a Moving AI map with stairs and one-way strips arrive lawfully",
          "[crowd][rules][movingai]") {
  auto loaded = movingAiMap("den011d.map");
  Grid& grid = *loaded;
  std::mt19937 rng(2029);
  TestRules rules;
  // One-way strips across the corridors (class 2, entered going right or down), and 40 links:
  // stairs both ways and one-way teleporters.
  REQUIRE(grid.setCost(2, 1).empty());
  for (int k = 0; k < 150; ++k) {
    const int32_t c = openCell(grid, rng);
    const int x = c % grid.width(), y = c / grid.width();
    for (int d = 0; d < 3; ++d)
      if (grid.passable(x + (k % 2 ? d : 0), y + (k % 2 ? 0 : d)))
        grid.set(x + (k % 2 ? d : 0), y + (k % 2 ? 0 : d), 2);
  }
  setEntry(grid, rules, 2, 1 | 4);  // right, down
  for (int k = 0; k < 40; ++k)
    addLink(grid, rules, openCell(grid, rng), openCell(grid, rng), k % 3 == 0);
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  std::vector<int> ids;
  std::vector<double> bound;
  std::vector<int> unreachable;
  while (ids.size() < 150) {
    const int32_t s = openCell(grid, rng), g = openCell(grid, rng);
    const int n = rules.steps(grid, s, g);
    const int id = add(crowd, s % grid.width() + 0.5, s / grid.width() + 0.5);
    REQUIRE(crowd.setTarget(id, g % grid.width() + 0.5, g / grid.width() + 0.5).empty());
    if (n < 0) {
      unreachable.push_back(id);
      CHECK(crowd.state(id) == AgentState::Unreachable);
      continue;
    }
    ids.push_back(id);
    bound.push_back(2 * n / 4.0 + 20);  // twice its steps' time at full speed, and 20 s
  }
  std::vector<int32_t> before(crowd.slots());
  for (int id = 0; id < crowd.slots(); ++id) before[id] = cellOf(grid, crowd, id);
  std::vector<double> arrivedAt(ids.size(), -1);
  const double last = *std::max_element(bound.begin(), bound.end());
  std::string why;
  int jumps = 0;
  for (double t = kDt; t < last; t += kDt) {
    REQUIRE(crowd.step(kDt).empty());
    for (int id = 0; id < crowd.slots(); ++id) {
      const int32_t now = cellOf(grid, crowd, id);
      jumps += now != before[id] && rules.linked(before[id], now);
    }
    REQUIRE(ruleViolations(grid, crowd, rules, before, why) == 0);
    REQUIRE(wallViolations(grid, crowd, why) == 0);
    for (std::size_t k = 0; k < ids.size(); ++k)
      if (arrivedAt[k] < 0 && crowd.state(ids[k]) == AgentState::Arrived) arrivedAt[k] = t;
  }
  int late = 0;
  for (std::size_t k = 0; k < ids.size(); ++k)
    late += !(arrivedAt[k] >= 0 && arrivedAt[k] <= bound[k]);
  CHECK(late == 0);
  CHECK(jumps > 10);
  for (int id : unreachable) CHECK(crowd.state(id) == AgentState::Unreachable);
  WARN(ids.size() << " agents arrived, " << jumps << " link jumps, " << unreachable.size()
                  << " unreachable");
}

TEST_CASE(
    "crowd: boats and walkers in one crowd plan under their own profiles and avoid each other",
    "[crowd][profiles]") {
  // Land (0), a lake (2) for boats only, and a ford across it (3) both may cross: boats sail
  // north-south, walkers west-east, and they meet on the ford.
  Profiles profiles(40, 30);
  profiles.fillRect(10, 5, 20, 20, 2);
  profiles.fillRect(10, 13, 20, 4, 3);
  Profiles::CostTable walker = Profiles::defaultTable(), boat = Profiles::defaultTable();
  walker[3] = 1;
  boat[0] = 0;
  boat[2] = 1;
  boat[3] = 1;
  REQUIRE(profiles.set("default", walker).empty());
  REQUIRE(profiles.set("boat", boat).empty());
  const int boatSlot = profiles.slot("boat");
  Crowd crowd(profiles.grid(0), profiles.footprints(0));
  std::string error;
  const int boats = crowd.addLane(profiles.grid(boatSlot), profiles.footprints(boatSlot), error);
  REQUIRE(boats == 1);
  CHECK(crowd.addLane(profiles.grid(boatSlot), profiles.footprints(boatSlot), error) == 1);
  // A boat cannot start on land, nor a walker on the lake.
  AgentParams p;
  p.x = 1.5;
  p.y = 1.5;
  p.lane = boats;
  CHECK(crowd.addAgent(p, error) < 0);
  CHECK(error.find("blocked") != std::string::npos);
  p.lane = 5;
  CHECK(crowd.addAgent(p, error) < 0);
  CHECK(error == "lane 5 is not a lane of this crowd");
  std::vector<int> sailing, walking;
  for (int i = 0; i < 10; ++i) {
    p.x = 15.5 + i;
    p.y = 6.5 + (i % 2);
    p.lane = boats;
    sailing.push_back(crowd.addAgent(p, error));
    REQUIRE(sailing.back() >= 0);
    p.x = 7.5 + (i % 2);
    p.y = 13.3 + i * 0.3;
    p.lane = 0;
    walking.push_back(crowd.addAgent(p, error));
    REQUIRE(walking.back() >= 0);
  }
  CHECK(crowd.laneAgents(boats) == 10);
  CHECK(crowd.removeLane(boats) == "lane 1 has 10 agents: remove them first");
  // Boats go as one group (its field on the boats' costs), walkers each their own way.
  std::vector<int32_t> group(sailing.begin(), sailing.end());
  REQUIRE(crowd.setGroupTarget(group.data(), group.size(), 20.5, 23.5).empty());
  for (std::size_t k = 0; k < walking.size(); ++k)
    REQUIRE(crowd.setTarget(walking[k], 37.5, 13.5 + k * 0.3).empty());
  double closest = 1e9;
  for (int frame = 0; frame < 60 * 40; ++frame) {
    if (frame == 600) profiles.fillRect(10, 20, 20, 1, 0);  // a causeway: land across the lake
    REQUIRE(crowd.step(kDt).empty());
    for (int b : sailing) {
      INFO("boat " << b << " frame " << frame);
      REQUIRE(profiles.grid(boatSlot).passable(int(crowd.x(b)), int(crowd.y(b))));
      for (int w : walking)
        closest = std::min(closest, std::hypot(crowd.x(b) - crowd.x(w), crowd.y(b) - crowd.y(w)) -
                                        crowd.radius(b) - crowd.radius(w));
    }
    for (int w : walking) {
      INFO("walker " << w << " frame " << frame);
      REQUIRE(profiles.grid(0).passable(int(crowd.x(w)), int(crowd.y(w))));
    }
  }
  for (int b : sailing) CHECK(crowd.state(b) == AgentState::Arrived);
  for (int w : walking) CHECK(crowd.state(w) == AgentState::Arrived);
  // They did meet on the ford and kept apart (no more overlap than a tenth of a radius).
  CHECK(closest < 0.5);
  CHECK(closest > -0.04);
  WARN("closest boat to walker: " << closest << " cells between their discs");
  for (int b : sailing) REQUIRE(crowd.removeAgent(b).empty());
  CHECK(crowd.removeLane(boats).empty());
  CHECK(crowd.laneAgents(boats) == 0);
  CHECK(crowd.removeLane(0) == "lane 0 is not a lane of this crowd that can be removed");
}

TEST_CASE(
    "crowd: big units are refused on a grid with rules, and stand unreachable under rules set "
    "later",
    "[crowd][rules]") {
  Grid grid(12, 8);
  Footprints footprints(grid);
  Crowd crowd(grid, footprints);
  const int big = add(crowd, 2, 2, 0, 2);
  const int small = add(crowd, 1.5, 6.5);
  int32_t id = 0;
  REQUIRE(grid.addLink(0, 0, 11, 7, 1, true, id).empty());
  AgentParams p;
  p.x = 5;
  p.y = 5;
  p.unitSize = 2;
  std::string error;
  CHECK(crowd.addAgent(p, error) < 0);
  CHECK(error ==
        "unitSize 2: agents bigger than one tile are not moved on a grid with entry "
        "rules or links");
  REQUIRE(crowd.setTarget(big, 9, 5).empty());
  CHECK(crowd.state(big) == AgentState::Unreachable);
  REQUIRE(crowd.setTarget(small, 10.5, 6.5).empty());
  run(crowd, 5);
  CHECK(crowd.state(small) == AgentState::Arrived);
  CHECK(std::abs(crowd.x(big) - 2) < 0.5);  // stood (nudged at most)
  // The link gone, the big unit's way is open again at the next step.
  REQUIRE(grid.removeLink(id).empty());
  run(crowd, 5);
  CHECK(crowd.state(big) == AgentState::Arrived);
}
