// What the native benchmarks on generated worlds share (hpa.cpp, wjps.cpp): smooth value noise
// to paint terrain from, and long queries between passable cells.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "tilepath/grid.hpp"

namespace bench {

// Seeded values on a lattice every `cell` cells, interpolated between them: patches of similar
// values about `cell` wide over a size x size map.
class ValueNoise {
 public:
  ValueNoise(int size, int cell, std::mt19937& rng)
      : cell_(cell),
        lattice_(size / cell + 2),
        values_(static_cast<std::size_t>(lattice_) * lattice_) {
    for (float& v : values_) v = static_cast<float>(rng() % 1000) / 1000.0f;
  }
  float at(int x, int y) const {
    const int lx = x / cell_, ly = y / cell_;
    const float fx = static_cast<float>(x % cell_) / cell_,
                fy = static_cast<float>(y % cell_) / cell_;
    const float top = value(lx, ly) * (1 - fx) + value(lx + 1, ly) * fx;
    const float bottom = value(lx, ly + 1) * (1 - fx) + value(lx + 1, ly + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  }

 private:
  float value(int a, int b) const { return values_[static_cast<std::size_t>(b) * lattice_ + a]; }
  int cell_, lattice_;
  std::vector<float> values_;
};

struct Query {
  int sx, sy, gx, gy;
};

// `count` seeded pairs of passable cells at least `minDistance` apart (Chebyshev); fewer when a
// million tries find no more.
inline std::vector<Query> longQueries(const tilepath::Grid& grid, int count, int minDistance,
                                      uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Query> out;
  for (int tries = 0; static_cast<int>(out.size()) < count && tries < 1000000; ++tries) {
    Query q{static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height()),
            static_cast<int>(rng() % grid.width()), static_cast<int>(rng() % grid.height())};
    if (!grid.passable(q.sx, q.sy) || !grid.passable(q.gx, q.gy)) continue;
    if (std::max(std::abs(q.sx - q.gx), std::abs(q.sy - q.gy)) < minDistance) continue;
    out.push_back(q);
  }
  return out;
}

}  // namespace bench
