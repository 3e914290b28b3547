#include "tilepath/format.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

using namespace tilepath;

namespace {

// What the C library prints, for comparison (natively only: the wasm build has no printf).
std::string printed(const char* format, double v) {
  char text[2048];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

void checkBoth(double v) {
  INFO("value " << printed("%a", v));
  CHECK(formatFixed(v) == printed("%f", v));
  CHECK(formatPrecise(v) == printed("%.17g", v));
}

}  // namespace

TEST_CASE("formatFixed and formatPrecise print what %f and %.17g print") {
  using limits = std::numeric_limits<double>;
  CHECK(formatFixed(2.5) == "2.500000");
  CHECK(formatFixed(-1) == "-1.000000");
  CHECK(formatFixed(1.0 / 128) == "0.007812");  // a tie: to even
  CHECK(formatFixed(std::nan("")) == "nan");
  CHECK(formatFixed(-limits::infinity()) == "-inf");
  CHECK(formatPrecise(1e308) == "1e+308");
  CHECK(formatPrecise(1e6) == "1000000");
  CHECK(formatPrecise(0.1) == "0.10000000000000001");
  CHECK(formatPrecise(-0.0) == "-0");
  for (double v : {0.0, -0.0, 0.5, 1e-4, 1e-5, 9.5, 1e16, 1e17, 99999999999999999.0, 999999.9999995,
                   0.0000015, 0.0000025, 5e-7, limits::max(), limits::min(), limits::denorm_min(),
                   -limits::denorm_min(), limits::infinity()})
    checkBoth(v);
  // Every bit pattern is a double: random ones cover the exponents, scaled integers the ties.
  std::mt19937_64 random(7);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t bits = random();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    checkBoth(v);
    checkBoth(
        std::ldexp(static_cast<double>(random() >> 11), static_cast<int>(random() % 120) - 90));
    checkBoth(static_cast<double>(random() % 2000000) / (1 << (random() % 12)));
  }
}
