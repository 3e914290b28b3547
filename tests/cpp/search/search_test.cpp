#include <catch2/catch.hpp>
#include <cmath>

#include "maps.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::drawn;
using tilepath::testing::legalPathCost;
using tilepath::testing::pathText;

namespace {
SearchOptions with(Diagonal d, Algorithm a = Algorithm::AStar) {
  SearchOptions o;
  o.diagonal = d;
  o.algorithm = a;
  return o;
}
const double kRoot2 = std::sqrt(2.0);
}  // namespace

TEST_CASE("A* goes around a wall with 4 neighbours by the shortest way") {
  Grid grid = drawn({
      ".....",
      ".###.",
      "...#.",
      "####.",
  });
  Searcher s;
  auto r = s.find(grid, 0, 2, 4, 3);
  REQUIRE(r.status == Status::Found);
  CHECK(r.cost == 9);
  CHECK(pathText(r.path) == "0,2 0,1 0,0 1,0 2,0 3,0 4,0 4,1 4,2 4,3");
  CHECK(r.expanded > 0);
  CHECK(r.endX == 4);
  CHECK(r.endY == 3);
}

TEST_CASE("the start equal to the goal is a path of one cell and cost 0") {
  Grid grid = drawn({"..", ".."});
  Searcher s;
  auto r = s.find(grid, 1, 1, 1, 1);
  CHECK(r.status == Status::Found);
  CHECK(pathText(r.path) == "1,1");
  CHECK(r.cost == 0);
}

TEST_CASE("diagonal rules decide whether a path may squeeze between two diagonal walls") {
  // The only way from the left half to the right is the diagonal between the two '#'.
  Grid grid = drawn({
      ".#..",
      "#...",
      "....",
  });
  // (0,0) is walled in except through the corner between (1,0) and (0,1).
  Searcher s;
  CHECK(s.find(grid, 0, 0, 3, 2, with(Diagonal::Never)).status == Status::None);
  CHECK(s.find(grid, 0, 0, 3, 2, with(Diagonal::NoCorners)).status == Status::None);
  CHECK(s.find(grid, 0, 0, 3, 2, with(Diagonal::OneObstacle)).status == Status::None);
  auto always = s.find(grid, 0, 0, 3, 2, with(Diagonal::Always));
  REQUIRE(always.status == Status::Found);
  CHECK(pathText(always.path).rfind("0,0 1,1", 0) == 0);

  Grid one = drawn({
      ".#..",
      "....",
      "....",
  });
  CHECK(s.find(one, 0, 0, 2, 1, with(Diagonal::NoCorners)).cost == 3);  // around the corner
  CHECK(s.find(one, 0, 0, 2, 1, with(Diagonal::OneObstacle)).cost == Approx(kRoot2 + 1));
  auto oneObstacle = s.find(one, 0, 0, 1, 1, with(Diagonal::OneObstacle));
  CHECK(pathText(oneObstacle.path) == "0,0 1,1");
  auto noCorners = s.find(one, 0, 0, 1, 1, with(Diagonal::NoCorners));
  CHECK(pathText(noCorners.path) == "0,0 0,1 1,1");
}

TEST_CASE("8-neighbour paths cost sqrt 2 per diagonal step") {
  Grid grid(10, 10);
  Searcher s;
  auto r = s.find(grid, 0, 0, 9, 5, with(Diagonal::NoCorners));
  CHECK(r.cost == Approx(5 * kRoot2 + 4));
  CHECK(r.path.size() / 2 == 10);
}

TEST_CASE("terrain costs make A* walk around a swamp when that is cheaper") {
  Grid grid = drawn({
      ".....",
      ".222.",
      ".222.",
      ".....",
  });
  grid.setCost(2, 5);  // swamp
  Searcher s;
  auto r = s.find(grid, 0, 1, 4, 2);
  CHECK(r.cost == 7);  // around: up 1, right 4, down 2
  grid.setCost(2, 1.5);
  auto through = s.find(grid, 0, 1, 4, 1);
  CHECK(through.cost == Approx(1 + 1.5 * 3).margin(1e-9));  // road-free: straight across
}

TEST_CASE("a cheaper class than 1 keeps A* optimal (the heuristic is scaled)") {
  Grid grid = drawn({
      "3333333",
      "3#####3",
      "3.....3",
  });
  grid.setCost(3, 0.25);  // a road
  Searcher s;
  auto astar = s.find(grid, 1, 2, 5, 2, with(Diagonal::Never));
  auto dijkstra = s.find(grid, 1, 2, 5, 2, with(Diagonal::Never, Algorithm::Dijkstra));
  CHECK(astar.cost == Approx(dijkstra.cost));
  CHECK(astar.cost == Approx(11 * 0.25 + 1));  // along the road beats 4 plain steps
}

TEST_CASE("unreachable goals give status none, and a blocked goal is not searched at all") {
  Grid grid = drawn({
      "..#..",
      "..#..",
      "..#..",
  });
  Searcher s;
  auto r = s.find(grid, 0, 0, 4, 0, with(Diagonal::Never));  // A*: it expands every cell
  CHECK(r.status == Status::None);
  CHECK(r.path.empty());
  CHECK(r.expanded == 6);
  auto blocked = s.find(grid, 0, 0, 2, 1);
  CHECK(blocked.status == Status::None);
  CHECK(blocked.expanded == 0);
}

TEST_CASE("a budget stops the search; partial returns the way to the closest cell reached") {
  Grid grid(40, 1);
  Searcher s;
  SearchOptions o;
  o.maxExpansions = 10;
  auto none = s.find(grid, 0, 0, 39, 0, o);
  CHECK(none.status == Status::None);
  CHECK(none.expanded == 10);
  o.partial = true;
  auto partial = s.find(grid, 0, 0, 39, 0, o);
  CHECK(partial.status == Status::Partial);
  CHECK(partial.expanded == 10);
  CHECK(pathText(partial.path) == "0,0 1,0 2,0 3,0 4,0 5,0 6,0 7,0 8,0 9,0");
  CHECK(partial.cost == 9);
}

TEST_CASE("partial with an unreachable goal ends on the reachable cell closest to it") {
  Grid grid = drawn({
      "....#...",
      "....#...",
      "....#...",
  });
  Searcher s;
  SearchOptions o;
  o.partial = true;
  auto r = s.find(grid, 0, 0, 7, 1, o);
  CHECK(r.status == Status::Partial);
  CHECK(r.endX == 3);
  CHECK(r.endY == 1);
  CHECK(r.cost == 4);
}

TEST_CASE("weighted A* costs at most weight times the optimum and expands fewer cells") {
  Grid grid(60, 60);
  for (int y = 5; y < 55; ++y) grid.set(30, y, 1);
  Searcher s;
  SearchOptions o = with(Diagonal::NoCorners);
  auto optimal = s.find(grid, 2, 30, 58, 31, o);
  o.weight = 2;
  auto weighted = s.find(grid, 2, 30, 58, 31, o);
  CHECK(weighted.cost <= 2 * optimal.cost + 1e-9);
  CHECK(weighted.expanded < optimal.expanded);
}

TEST_CASE("each heuristic finds an optimal path where it is admissible") {
  Grid grid = drawn({
      "..........",
      "..#####...",
      "......#...",
      "..###.#...",
      "......#...",
  });
  Searcher s;
  SearchOptions o = with(Diagonal::NoCorners);
  o.algorithm = Algorithm::Dijkstra;
  const double truth = s.find(grid, 0, 4, 9, 0, o).cost;
  o.algorithm = Algorithm::AStar;
  for (Heuristic h : {Heuristic::Octile, Heuristic::Chebyshev, Heuristic::Euclidean}) {
    o.heuristic = h;
    CHECK(s.find(grid, 0, 4, 9, 0, o).cost == Approx(truth));
  }
  SearchOptions four;
  four.heuristic = Heuristic::Manhattan;
  four.algorithm = Algorithm::AStar;
  const double astar4 = s.find(grid, 0, 4, 9, 0, four).cost;
  four.algorithm = Algorithm::BFS;
  CHECK(s.find(grid, 0, 4, 9, 0, four).cost == astar4);
}

TEST_CASE("bfs, dijkstra and jps agree with A* on cost") {
  Grid grid = drawn({
      "...#......",
      ".#.#.####.",
      ".#...#....",
      ".####.#.#.",
      "......#...",
  });
  Searcher s;
  for (Diagonal d : {Diagonal::Never, Diagonal::NoCorners}) {
    const double astar = s.find(grid, 0, 0, 9, 4, with(d)).cost;
    for (Algorithm a : {Algorithm::BFS, Algorithm::Dijkstra, Algorithm::JPS}) {
      auto r = s.find(grid, 0, 0, 9, 4, with(d, a));
      INFO("algorithm " << static_cast<int>(a) << " diagonal " << static_cast<int>(d));
      REQUIRE(r.status == Status::Found);
      CHECK(r.cost == Approx(astar));
      std::string why;
      CHECK(legalPathCost(grid, d, r.path, why) == Approx(r.cost));
      CHECK(why.empty());
    }
  }
}

TEST_CASE("jump point search expands fewer cells than A* in open space") {
  Grid grid(100, 100);
  for (int y = 10; y < 90; ++y) grid.set(50, y, 1);
  Searcher s;
  auto astar = s.find(grid, 5, 50, 95, 52, with(Diagonal::NoCorners));
  auto jps = s.find(grid, 5, 50, 95, 52, with(Diagonal::NoCorners, Algorithm::JPS));
  CHECK(jps.cost == Approx(astar.cost));
  CHECK(jps.expanded * 10 < astar.expanded);
  std::string why;
  CHECK(legalPathCost(grid, Diagonal::NoCorners, jps.path, why) == Approx(jps.cost));
}

TEST_CASE("jump point search stops scanning once the goal is found at the least possible cost") {
  // In the open, the goal is reached straight from the start (its cost is the estimate, which
  // no path beats). The start's goal-ward run goes first, and once it has pushed the goal no
  // other run is scanned: not the westward one, where the wall cell above (17, 9) would make
  // (16, 10) a jump point, nor any other. So the trace opens the start and the goal alone.
  Grid grid(60, 30);
  grid.set(17, 9, 1);
  Searcher s;
  for (const Diagonal rule : {Diagonal::NoCorners, Diagonal::Never}) {
    CAPTURE(static_cast<int>(rule));
    SearchOptions o = with(rule, Algorithm::JPS);
    o.trace = true;
    for (const auto& [gx, gy] : {std::pair{30, 14}, std::pair{30, 10}, std::pair{24, 20}}) {
      auto r = s.find(grid, 20, 10, gx, gy, o);
      REQUIRE(r.status == Status::Found);
      const int dx = std::abs(gx - 20), dy = std::abs(gy - 10);
      CHECK(r.cost == Approx(rule == Diagonal::Never
                                 ? dx + dy
                                 : std::max(dx, dy) + (kRoot2 - 1) * std::min(dx, dy)));
      std::vector<std::pair<int, int>> opened;
      for (const TraceEvent& e : r.trace)
        if (e.kind == TraceEvent::Opened) opened.emplace_back(e.x, e.y);
      CHECK(opened == std::vector<std::pair<int, int>>{{20, 10}, {gx, gy}});
    }
    // Going west, past the wall cell, the jump point it makes is pushed on the way.
    auto west = s.find(grid, 20, 10, 5, 10, o);
    bool jumpPoint = false;
    for (const TraceEvent& e : west.trace)
      jumpPoint = jumpPoint || (e.kind == TraceEvent::Opened && e.x == 16 && e.y == 10);
    CHECK(jumpPoint);
    CHECK(west.cost == Approx(15));
  }
}

TEST_CASE("jps on a non-uniform cost table gives way to A* and stays optimal") {
  Grid grid = drawn({
      "......",
      ".2222.",
      "......",
  });
  grid.setCost(2, 0.5);
  Searcher s;
  auto jps = s.find(grid, 0, 1, 5, 1, with(Diagonal::NoCorners, Algorithm::JPS));
  auto dijkstra = s.find(grid, 0, 1, 5, 1, with(Diagonal::NoCorners, Algorithm::Dijkstra));
  CHECK(jps.cost == Approx(dijkstra.cost));
}

TEST_CASE("a unit standing on a blocked cell can still walk off it") {
  Grid grid = drawn({"#..", "..."});
  Searcher s;
  auto r = s.find(grid, 0, 0, 2, 1);
  CHECK(r.status == Status::Found);
  CHECK(r.cost == 3);
}

TEST_CASE("includeStart false leaves the start cell out of the path") {
  Grid grid(4, 1);
  Searcher s;
  SearchOptions o;
  o.includeStart = false;
  auto r = s.find(grid, 0, 0, 3, 0, o);
  CHECK(pathText(r.path) == "1,0 2,0 3,0");
  CHECK(r.cost == 3);
}

TEST_CASE("bad arguments are reported as errors naming the value, and nothing runs") {
  Grid grid(8, 4);
  Searcher s;
  CHECK(s.find(grid, 8, 0, 1, 1).error == "startX must be an integer from 0 to 7, got 8");
  CHECK(s.find(grid, 0, -1, 1, 1).error.find("startY") != std::string::npos);
  CHECK(s.find(grid, 0, 0, 1, 4).error.find("goalY") != std::string::npos);
  CHECK(s.find(grid, 0, 0, -5, 1).error.find("-5") != std::string::npos);
  SearchOptions o;
  o.weight = 0.5;
  CHECK(s.find(grid, 0, 0, 1, 1, o).error.find("weight") != std::string::npos);
  o.weight = 1;
  o.diagonal = static_cast<Diagonal>(9);
  CHECK(s.find(grid, 0, 0, 1, 1, o).error.find("diagonal") != std::string::npos);
  // and the searcher still works afterwards
  CHECK(s.find(grid, 0, 0, 7, 3).status == Status::Found);
}

TEST_CASE("option names parse, and unknown names are refused") {
  Diagonal d;
  CHECK(parseDiagonal("noCorners", d));
  CHECK(d == Diagonal::NoCorners);
  CHECK_FALSE(parseDiagonal("nocorners", d));
  Heuristic h;
  CHECK_FALSE(parseHeuristic("", h));
  CHECK(parseHeuristic("euclidean", h));
  const std::string json = optionValuesJson();
  CHECK(
      json.find("\"diagonal\":{\"values\":[\"never\",\"noCorners\",\"oneObstacle\",\"always\"]") !=
      std::string::npos);
}

TEST_CASE("a trace lists each expansion once, in order, with the cells opened before it") {
  Grid grid = drawn({
      "....",
      ".##.",
      "....",
  });
  Searcher s;
  SearchOptions o;
  o.trace = true;
  auto r = s.find(grid, 0, 0, 3, 2, o);
  std::size_t expandedEvents = 0;
  std::vector<bool> opened(12, false);
  for (const TraceEvent& e : r.trace) {
    const int i = e.y * 4 + e.x;
    if (e.kind == TraceEvent::Opened)
      opened[i] = true;
    else {
      ++expandedEvents;
      CHECK(opened[i]);  // a cell is opened before it is expanded
    }
  }
  CHECK(expandedEvents == r.expanded);
  CHECK(r.trace.back().kind == TraceEvent::Expanded);
  CHECK(r.trace.back().x == 3);
  CHECK(r.trace.back().y == 2);
  o.trace = false;
  CHECK(s.find(grid, 0, 0, 3, 2, o).trace.empty());
}

TEST_CASE("search state is reused: repeated queries do not grow memory") {
  Grid grid(128, 128);
  for (int y = 0; y < 120; ++y) grid.set(64, y, 1);
  Searcher s;
  SearchResult r;
  SearchOptions o = with(Diagonal::NoCorners);
  auto batch = [&] {
    for (int k = 0; k < 200; ++k)
      s.find(grid, k % 60, (k * 7) % 128, 127 - k % 50, (k * 13) % 128, o, r);
  };
  batch();
  const std::size_t warm = s.memoryBytes();
  CHECK(warm > 0);
  batch();
  CHECK(s.memoryBytes() == warm);
}

// A search's number comes back every 8191 searches, and only the cells stamped since the last
// clear are cleared then: a search far from the 8190 before it must find nothing left of its own
// number's last search, whichever algorithm made it.
TEST_CASE("a search number coming back finds no stale cells, wherever the searches between went") {
  Grid grid(300, 300);
  for (int x = 0; x < 280; ++x) grid.set(x, 150, 1);  // a wall across the middle
  struct Case {
    const char* name;
    SearchOptions options;
  };
  SearchOptions weighted = with(Diagonal::NoCorners);
  weighted.weight = 1.5;
  const Case cases[] = {
      {"astar", with(Diagonal::NoCorners)},
      {"jps", with(Diagonal::NoCorners, Algorithm::JPS)},
      {"jps 4-way", with(Diagonal::Never, Algorithm::JPS)},
      {"bfs 4-way", with(Diagonal::Never, Algorithm::BFS)},
      {"dijkstra", with(Diagonal::Always, Algorithm::Dijkstra)},
      {"weighted astar", weighted},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    Searcher s;
    Searcher fresh;
    SearchResult r, expected;
    // The first search (number 1) goes round the wall's end, from the top corner.
    s.find(grid, 0, 0, 0, 299, c.options, r);
    REQUIRE(r.status == Status::Found);
    // The rest of the numbers (2 to 8191) in the bottom right corner.
    static_assert(Searcher::kSearchNumbers == 8191);
    for (int k = 1; k < Searcher::kSearchNumbers; ++k)
      s.find(grid, 299, 299, 290 - k % 7, 280 + k % 5, c.options, r);
    // The numbers are cleared, and number 1 comes back: the way back crosses the cells the
    // first search closed.
    s.find(grid, 0, 299, 0, 0, c.options, r);
    fresh.find(grid, 0, 299, 0, 0, c.options, expected);
    REQUIRE(r.status == Status::Found);
    CHECK(r.cost == expected.cost);
    CHECK(r.path == expected.path);
  }
}

TEST_CASE("4-neighbour jump point search finds A*'s cost around walls, expanding fewer cells") {
  Grid grid = drawn({
      "..........",
      ".####.###.",
      "....#...#.",
      ".##.#.#.#.",
      "..#...#...",
  });
  Searcher s;
  auto astar = s.find(grid, 0, 4, 9, 0, with(Diagonal::Never));
  auto jps = s.find(grid, 0, 4, 9, 0, with(Diagonal::Never, Algorithm::JPS));
  REQUIRE(jps.status == Status::Found);
  CHECK(jps.cost == astar.cost);
  std::string why;
  CHECK(legalPathCost(grid, Diagonal::Never, jps.path, why) == jps.cost);
  Grid open(200, 200);
  auto a = s.find(open, 3, 3, 190, 170, with(Diagonal::Never));
  auto j = s.find(open, 3, 3, 190, 170, with(Diagonal::Never, Algorithm::JPS));
  CHECK(j.cost == a.cost);
  CHECK(j.expanded * 10 < a.expanded);
}

TEST_CASE("a trace stops at its limit while the search runs to the end") {
  Grid grid(800, 800);
  Searcher s;
  SearchOptions o = with(Diagonal::Never, Algorithm::Dijkstra);
  o.trace = true;
  auto r = s.find(grid, 0, 0, 799, 799, o);  // opens and expands every cell: 1.28M events
  CHECK(r.status == Status::Found);
  CHECK(r.cost == 2 * 799);
  CHECK(r.traceTruncated);
  CHECK(r.trace.size() == kMaxTraceEvents);
  CHECK(r.expanded > 300000);
  auto small = s.find(grid, 0, 0, 5, 5, o);
  CHECK_FALSE(small.traceTruncated);
}

TEST_CASE("grids over 4096 x 4096 cells are refused, whatever their shape") {
  CHECK(Grid::validateSize(16384, 1024).empty());
  CHECK(Grid::validateSize(16384, 1025).find("16777216") != std::string::npos);
}

TEST_CASE("search state stays within 10 bytes a cell of the largest grid searched") {
  // A serpentine: walls every 4th row with the gap at alternate ends, so that a corner-to-corner
  // search expands nearly every cell and the open list grows as on a real map.
  const int size = 1024;
  Grid grid(size, size);
  for (int y = 4; y < size; y += 4) grid.fillRect(y / 4 % 2 ? 0 : 1, y, size - 1, 1, 1);
  for (Algorithm a : {Algorithm::AStar, Algorithm::JPS, Algorithm::BFS, Algorithm::Dijkstra}) {
    for (Diagonal d : {Diagonal::NoCorners, Diagonal::Never}) {
      Searcher s;
      SearchOptions o = with(d, a);
      auto r = s.find(grid, 0, 0, size - 1, size - 1, o);
      INFO("algorithm " << static_cast<int>(a) << " diagonal " << static_cast<int>(d));
      REQUIRE(r.status == Status::Found);
      CHECK(s.memoryBytes() <= 11u * size * size);
    }
  }
}

TEST_CASE("ways of equal length tie exactly, so A* heads straight for the goal on open ground") {
  // On open ground every monotone way with the right number of diagonal steps is a shortest
  // one: all its cells have the same f, and among them the higher g (nearer the goal) goes
  // first. That only works if f is computed exactly: with sqrt(2) rounded to 53 bits, two such
  // cells differ in f's last bits and A* fans out over the whole band of them.
  Grid grid(300, 300);
  Searcher s;
  for (const auto& [gx, gy] : {std::pair{299, 170}, {170, 299}, {299, 299}, {231, 57}}) {
    for (Diagonal d : {Diagonal::NoCorners, Diagonal::Always}) {
      const SearchResult r = s.find(grid, 0, 0, gx, gy, with(d));
      REQUIRE(r.status == Status::Found);
      const auto cells = static_cast<uint64_t>(std::max(gx, gy)) + 1;
      INFO("goal " << gx << ", " << gy);
      CHECK(r.path.size() / 2 == cells);
      CHECK(r.expanded == cells);
    }
  }
}

namespace {
std::size_t gRoomLimit = 0;  // bytes a growth may take; for the test below
bool limitedRoom(std::size_t bytes) {
  return bytes <= gRoomLimit;
}
}  // namespace

TEST_CASE("a search whose list of cells cannot grow ends with an error, and the next one runs") {
  // Hosts with a hard memory limit (wasm) install a check; each growth of the open list or of
  // bfs's queue asks it, so a search allocates what it uses and a refusal is an error. From the
  // middle of open ground, Dijkstra's and bfs's frontiers pass 1,024 cells, the first block.
  Grid grid(2048, 2048);
  struct Case {
    Algorithm algorithm;
    Diagonal diagonal;
    std::size_t firstBlock;  // bytes
  };
  for (const Case c :
       {Case{Algorithm::Dijkstra, Diagonal::NoCorners, 1024 * sizeof(Searcher::OpenEntry)},
        Case{Algorithm::BFS, Diagonal::Never, 1024 * sizeof(int32_t)},
        Case{Algorithm::AStar, Diagonal::Always, 1024 * sizeof(Searcher::OpenEntry)}}) {
    INFO("algorithm " << static_cast<int>(c.algorithm));
    Searcher s;
    const SearchOptions o = with(c.diagonal, c.algorithm);
    gRoomLimit = c.firstBlock;
    Searcher::setRoomCheck(limitedRoom);
    // A* to a far corner with a wall in the way: its open list outgrows the first block too.
    if (c.algorithm == Algorithm::AStar) grid.fillRect(1500, 0, 2, 2000, 1);
    const SearchResult refused = s.find(grid, 1024, 1024, 2047, 0, o);
    Searcher::setRoomCheck(nullptr);
    CHECK(refused.error.find("not enough memory to go on with this search") != std::string::npos);
    CHECK(refused.path.empty());
    const SearchResult r = s.find(grid, 1024, 1024, 2047, 0, o);
    CHECK(r.ok());
    CHECK(r.status == Status::Found);
  }
}
