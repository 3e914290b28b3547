// What the native benchmarks share: wall-clock microseconds since a point, and percentiles.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace bench {

inline double microsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

// The value at fraction p (0 to 1) of the sorted values, 0 when there are none.
inline double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * v.size()))];
}

}  // namespace bench
