// A warm searcher must not allocate: games call it every frame. Counting every operator new
// in this test binary makes that checkable.
#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <new>

#include "maps.hpp"
#include "tilepath/searcher.hpp"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

using namespace tilepath;

TEST_CASE("a warm searcher runs the same queries again without allocating") {
  Grid grid(96, 96);
  for (int y = 0; y < 90; y += 2) grid.fillRect(y % 4 == 0 ? 0 : 6, y, 90, 1, 1);
  grid.setCost(2, 3);
  grid.fillRect(40, 1, 10, 1, 2);
  Searcher searcher;
  SearchResult result;
  auto batch = [&] {
    for (int k = 0; k < 60; ++k) {
      SearchOptions o;
      o.algorithm = static_cast<Algorithm>(k % 4);
      o.diagonal = static_cast<Diagonal>(k % 3);
      o.smooth = k % 2 == 0;
      o.partial = k % 5 == 0;
      o.maxExpansions = k % 5 == 0 ? 500 : 0;
      o.goal = static_cast<GoalMode>(k % 3);
      o.trace = k % 7 == 0;
      searcher.find(grid, k % 90, 1, 95 - k % 30, 95, o, result);
      REQUIRE(result.ok());
    }
  };
  batch();
  const long before = allocations.load();
  batch();
  CHECK(allocations.load() - before == 0);
}
