// What the search fuzz targets share: the input read as a stream of bytes, the search options
// decoded from it (the same bytes in the same order in every target, so saved inputs keep their
// meaning), and the check that aborts with a message.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"

namespace tilepath::fuzz {

inline void require(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: %s\n", what.c_str());
  std::abort();
}

// The fuzzer's bytes, read front to back; zeros once they run out.
struct Bytes {
  const uint8_t* data;
  std::size_t size;
  bool empty() const { return size == 0; }
  uint8_t next() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
  int below(int n) { return next() % n; }
};

// The fuzz targets' own corner rule (not the core's): whether a diagonal step whose side cells
// are open (a, b) is allowed under `rule`.
inline bool diagonalAllowedHere(Diagonal rule, bool a, bool b) {
  return rule == Diagonal::Always        ? true
         : rule == Diagonal::OneObstacle ? (a || b)
         : rule == Diagonal::NoCorners   ? (a && b)
                                         : false;
}

// A search's options; `flags` is the byte that chose the optional ones (bit 128 is left to the
// target: hostile arguments in fuzz_search).
inline SearchOptions readSearchOptions(Bytes& in, uint8_t& flags) {
  SearchOptions o;
  o.algorithm = static_cast<Algorithm>(in.below(4));
  o.diagonal = static_cast<Diagonal>(in.below(4));
  o.heuristic = static_cast<Heuristic>(in.below(5));
  flags = in.next();
  if (flags & 1) o.weight = 1.0 + in.below(4) * 0.5;
  if (flags & 2) o.partial = true;
  if (flags & 4) o.smooth = true;
  if (flags & 8) o.includeStart = false;
  if (flags & 16) o.trace = true;
  if (flags & 32) o.maxExpansions = static_cast<uint32_t>(1 + in.below(30));
  if (flags & 64) o.goal = static_cast<GoalMode>(in.below(3));
  return o;
}

// The class costs a target draws (0 and infinity block), and the first `classes` classes' costs
// drawn from them, set on the grid and copied into the target's mirror (0 for blocked).
constexpr double kCosts[] = {1, 0, 2, 0.5, 3, INFINITY, 1.5, 10};
inline void readCosts(Bytes& in, Grid& grid, double* mirrored, int classes) {
  for (int cls = 0; cls < classes; ++cls) {
    const double cost = kCosts[in.below(8)];
    grid.setCost(cls, cost);
    mirrored[cls] = std::isinf(cost) ? 0 : cost;
  }
}

}  // namespace tilepath::fuzz
