// Two grids' entry rules and links compared field by field (a loaded grid against the saved
// one, a profile's grid against the map's).
#pragma once

#include <catch2/catch.hpp>
#include <cstddef>

#include "tilepath/grid.hpp"
#include "tilepath/movement_rules.hpp"

namespace tilepath::testing {

inline void requireSameRules(const MovementRules& a, const MovementRules& b) {
  for (int cls = 0; cls < Grid::kClasses; ++cls) REQUIRE(a.entry(cls) == b.entry(cls));
  REQUIRE(a.links().size() == b.links().size());
  for (std::size_t k = 0; k < a.links().size(); ++k) {
    CHECK(a.links()[k].id == b.links()[k].id);
    CHECK(a.links()[k].a == b.links()[k].a);
    CHECK(a.links()[k].b == b.links()[k].b);
    CHECK(a.links()[k].cost == b.links()[k].cost);
    CHECK(a.links()[k].oneWay == b.links()[k].oneWay);
  }
  CHECK(a.nextId() == b.nextId());
}

}  // namespace tilepath::testing
