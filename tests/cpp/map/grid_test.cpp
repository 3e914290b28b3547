#include "tilepath/grid.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "maps.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using tilepath::testing::drawn;

TEST_CASE("a new grid is all class 0, which is walkable at cost 1; other classes are blocked") {
  Grid grid(4, 3);
  CHECK(grid.width() == 4);
  CHECK(grid.height() == 3);
  CHECK(grid.get(3, 2) == 0);
  CHECK(grid.cost(0) == 1.0);
  CHECK(grid.cost(1) == 0.0);
  CHECK(grid.cost(255) == 0.0);
  CHECK(grid.passable(3, 2));
  grid.set(3, 2, 1);
  CHECK_FALSE(grid.passable(3, 2));
}

TEST_CASE("cells outside the grid are blocked") {
  Grid grid(2, 2);
  CHECK_FALSE(grid.passable(-1, 0));
  CHECK_FALSE(grid.passable(0, -1));
  CHECK_FALSE(grid.passable(2, 0));
  CHECK_FALSE(grid.passable(0, 2));
}

TEST_CASE("deltas are applied all or nothing and a bad index is named") {
  Grid grid = drawn({"....", "...."});
  const uint32_t good[] = {0, 5};
  const uint8_t classes[] = {1, 3};
  CHECK(grid.apply(good, classes, 2).empty());
  CHECK(grid.get(0, 0) == 1);
  CHECK(grid.get(1, 1) == 3);
  const uint32_t bad[] = {2, 8};
  const std::string error = grid.apply(bad, classes, 2);
  CHECK(error.find("8") != std::string::npos);
  CHECK(grid.get(2, 0) == 0);  // the good delta before the bad one was not applied either
}

TEST_CASE("fillRect is clipped to the grid") {
  Grid grid(4, 4);
  grid.fillRect(2, -1, 5, 2, 7);
  CHECK(grid.get(2, 0) == 7);
  CHECK(grid.get(3, 0) == 7);
  CHECK(grid.get(1, 0) == 0);
  CHECK(grid.get(2, 1) == 0);
  grid.fillRect(0, 0, -3, 2, 9);  // empty: nothing changes
  CHECK(grid.get(0, 0) == 0);
}

TEST_CASE("the cost table accepts positive costs, 0 and infinity, and rejects the rest") {
  Grid grid(2, 2);
  CHECK(grid.setCost(2, 3.5).empty());
  CHECK(grid.cost(2) == 3.5);
  CHECK(grid.setCost(0, std::numeric_limits<double>::infinity()).empty());
  CHECK(grid.cost(0) == 0.0);
  CHECK(grid.setCost(3, -1).find("-1") != std::string::npos);
  CHECK_FALSE(grid.setCost(3, std::nan("")).empty());
  CHECK(grid.setCost(256, 1).find("256") != std::string::npos);
}

TEST_CASE("costs above kMaxCost are refused with the bound and the value, the bound itself works") {
  Grid grid = drawn({"...", "..."});
  const std::string error = grid.setCost(0, 1e308);
  CHECK(error == "cost must be at most 1000000 (or Infinity for blocked), got 1e+308");
  CHECK(grid.cost(0) == 1.0);  // unchanged
  CHECK_FALSE(grid.setCost(0, Grid::kMaxCost * 1.0000001).empty());
  REQUIRE(grid.setCost(0, Grid::kMaxCost).empty());
  Searcher s;
  auto r = s.find(grid, 0, 0, 2, 0);  // two steps at the dearest cost still find a path
  CHECK(r.status == Status::Found);
  CHECK(r.cost == 2 * Grid::kMaxCost);
}

TEST_CASE("the cheapest cost and uniformity count only the classes present in the grid") {
  Grid grid(2, 2);
  CHECK(grid.minCost() == 1.0);
  CHECK(grid.uniformCost());
  grid.setCost(4, 0.5);  // a road class no cell uses yet: the heuristic must not weaken
  CHECK(grid.minCost() == 1.0);
  CHECK(grid.uniformCost());
  grid.set(1, 1, 4);
  CHECK(grid.minCost() == 0.5);
  CHECK_FALSE(grid.uniformCost());
  CHECK(grid.count(4) == 1);
  CHECK(grid.count(0) == 3);
  grid.fillRect(0, 0, 2, 2, 0);
  CHECK(grid.count(4) == 0);
  CHECK(grid.minCost() == 1.0);
  CHECK(grid.uniformCost());
  grid.data()[3] = 4;  // a bulk write, announced afterwards
  grid.cellsChanged();
  CHECK(grid.minCost() == 0.5);
  grid.setCost(4, 0);
  CHECK(grid.uniformCost());
}

TEST_CASE("sizes outside 1..16384 are refused with the bad value named") {
  CHECK(Grid::validateSize(0, 5).find("width") != std::string::npos);
  CHECK(Grid::validateSize(5, 20000).find("20000") != std::string::npos);
  CHECK(Grid::validateSize(512, 512).empty());
}

TEST_CASE("an edit that removes the last cell of one class and adds a new class counts both") {
  Grid grid = drawn({"3.", ".."});  // class 3 occurs once
  grid.setCost(3, 5);
  grid.setCost(4, 0.5);
  grid.set(0, 0, 4);  // the last 3 goes, the first 4 arrives
  CHECK(grid.count(3) == 0);
  CHECK(grid.count(4) == 1);
  CHECK(grid.minCost() == 0.5);
  CHECK_FALSE(grid.uniformCost());
  grid.set(0, 0, 0);  // the count of 4 returns to 0 instead of wrapping around
  CHECK(grid.count(4) == 0);
  CHECK(grid.minCost() == 1.0);
  CHECK(grid.uniformCost());
}

TEST_CASE("class counts and the cost summary equal a fresh grid's after random edits") {
  std::uint32_t seed = 12345;
  auto next = [&seed](std::uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  Grid grid(7, 5);
  for (int cls = 0; cls < 6; ++cls) grid.setCost(cls, cls == 5 ? 0 : 1 + cls * 0.5);
  for (int step = 0; step < 3000; ++step) {
    const int kind = static_cast<int>(next(3));
    const auto cls = static_cast<uint8_t>(next(6));
    if (kind == 0) {
      grid.set(static_cast<int>(next(7)), static_cast<int>(next(5)), cls);
    } else if (kind == 1) {
      grid.fillRect(static_cast<int>(next(7)), static_cast<int>(next(5)), static_cast<int>(next(4)),
                    static_cast<int>(next(4)), cls);
    } else {
      const uint32_t indices[] = {next(35), next(35)};
      const uint8_t classes[] = {cls, static_cast<uint8_t>(next(6))};
      grid.apply(indices, classes, 2);
    }
    Grid fresh(7, 5);
    for (int cls2 = 0; cls2 < 6; ++cls2) fresh.setCost(cls2, grid.cost(cls2));
    std::copy(grid.data(), grid.data() + grid.size(), fresh.data());
    fresh.cellsChanged();
    for (int cls2 = 0; cls2 < Grid::kClasses; ++cls2)
      REQUIRE(grid.count(cls2) == fresh.count(cls2));
    REQUIRE(grid.minCost() == fresh.minCost());
    REQUIRE(grid.uniformCost() == fresh.uniformCost());
  }
}

namespace {

// Every bit read agrees with the cells and the cost table, the border included.
void checkBitsMatchCells(const Grid& grid) {
  for (int y = -1; y <= grid.height(); ++y)
    for (int x = -1; x <= grid.width(); ++x) {
      INFO("cell " << x << "," << y);
      const bool passable = grid.passable(x, y);
      REQUIRE(grid.open(x, y) == passable);
      if (y >= 0 && y < grid.height()) {
        REQUIRE(((grid.rowFrom(x, y) & 1) != 0) == passable);
        REQUIRE((grid.rowUpTo(x, y) >> 63) == passable);
        REQUIRE(((grid.rowFrom(x - 5, y) >> 5) & 1) == passable);
      }
      if (x >= 0 && x < grid.width()) {
        REQUIRE(((grid.columnFrom(x, y) & 1) != 0) == passable);
        REQUIRE((grid.columnUpTo(x, y) >> 63) == passable);
        REQUIRE(((grid.columnUpTo(x, y + 7) >> 56) & 1) == passable);
      }
      if (x >= 0 && y >= 0 && x < grid.width() && y < grid.height()) {
        const uint32_t around = grid.around(x, y);
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            REQUIRE(((around >> (3 * (dy + 1) + dx + 1)) & 1) == grid.passable(x + dx, y + dy));
      }
    }
}

}  // namespace

TEST_CASE("the passability bits follow every kind of edit") {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 30; ++trial) {
    std::uniform_int_distribution<int> side(1, 150);
    Grid grid(side(rng), side(rng));
    std::uniform_int_distribution<int> px(0, grid.width() - 1), py(0, grid.height() - 1);
    std::uniform_int_distribution<int> cls(0, 3);
    grid.setCost(2, 4);
    for (int edit = 0; edit < 40; ++edit) {
      switch (edit % 5) {
        case 0:
          grid.set(px(rng), py(rng), static_cast<uint8_t>(cls(rng)));
          break;
        case 1: {
          const uint32_t indices[] = {static_cast<uint32_t>(px(rng) + py(rng) * grid.width()),
                                      static_cast<uint32_t>(px(rng) + py(rng) * grid.width())};
          const uint8_t classes[] = {static_cast<uint8_t>(cls(rng)),
                                     static_cast<uint8_t>(cls(rng))};
          REQUIRE(grid.apply(indices, classes, 2).empty());
          break;
        }
        case 2:
          grid.fillRect(px(rng) - 3, py(rng) - 3, px(rng), py(rng), static_cast<uint8_t>(cls(rng)));
          break;
        case 3:  // a class turns passable or blocked
          grid.setCost(cls(rng), edit % 2 ? 0.0 : 2.5);
          break;
        case 4: {  // a bulk write, as the bindings do
          for (int i = 0; i < grid.size(); i += 3) grid.data()[i] = static_cast<uint8_t>(cls(rng));
          grid.cellsChanged();
          break;
        }
      }
      checkBitsMatchCells(grid);
    }
  }
}

namespace {
struct RecordingObserver : tilepath::GridObserver {
  std::vector<std::string> seen;
  void cellChanged(int index, uint8_t from, uint8_t to) override {
    seen.push_back("cell " + std::to_string(index) + " " + std::to_string(from) + "->" +
                   std::to_string(to));
  }
  void costChanged(int cls, double from, double to) override {
    seen.push_back("cost " + std::to_string(cls) + " " + std::to_string(static_cast<int>(from)) +
                   "->" + std::to_string(static_cast<int>(to)));
  }
  void allChanged() override { seen.push_back("all"); }
};
}  // namespace

TEST_CASE("grid observers hear every change once, after it is made, and bump the version",
          "[grid]") {
  tilepath::Grid grid(4, 3);
  RecordingObserver observer;
  grid.addObserver(&observer);
  const uint64_t v0 = grid.version();
  grid.set(1, 1, 2);
  grid.set(1, 1, 2);             // no change: nobody told
  grid.fillRect(3, 2, 5, 5, 1);  // clipped to one cell
  const uint32_t indices[] = {0};
  const uint8_t classes[] = {3};
  REQUIRE(grid.apply(indices, classes, 1).empty());
  REQUIRE(grid.setCost(2, 5).empty());
  REQUIRE(grid.setCost(2, 5).empty());  // same cost: nothing changed
  grid.data()[0] = 0;
  grid.cellsChanged();
  CHECK(observer.seen == std::vector<std::string>{"cell 5 0->2", "cell 11 0->1", "cell 0 0->3",
                                                  "cost 2 0->5", "all"});
  CHECK(grid.version() == v0 + 5);

  tilepath::Grid copy = grid;  // a copy has no observers
  copy.set(0, 0, 1);
  CHECK(observer.seen.size() == 5);
  grid.removeObserver(&observer);
  grid.set(0, 0, 1);
  CHECK(observer.seen.size() == 5);
}
