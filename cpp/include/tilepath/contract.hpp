// What crosses between the C++ core and the JS layer, declared once: how the bindings pack a
// search's options into numbers, what the numbers they hand back mean, and the limits the JS
// checks before calling. cpp/wasm/bindings.cpp uses these declarations; tilepath-contract
// (cpp/tools/contract.cpp) prints them and js/tools/build.mjs turns that into dist/contract.mjs,
// the one module the JS reads them from.
#pragma once

#include <cstdint>
#include <iterator>
#include <limits>
#include <string_view>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"

namespace tilepath::contract {

// The boolean options travel as one int of bits.
struct FlagOption {
  std::string_view name;
  int bit;
  bool SearchOptions::*member;
};
inline constexpr FlagOption kFlagOptions[] = {
    {"partial", 1 << 0, &SearchOptions::partial},
    {"smooth", 1 << 1, &SearchOptions::smooth},
    {"includeStart", 1 << 2, &SearchOptions::includeStart},
    {"trace", 1 << 3, &SearchOptions::trace},
};

inline void unpackFlags(int flags, SearchOptions& options) {
  for (const FlagOption& flag : kFlagOptions) options.*(flag.member) = (flags & flag.bit) != 0;
}

// unitSize travels in the same int, shifted above the flags: flags | unitSize << kUnitSizeShift.
inline constexpr int kUnitSizeShift = 8;
inline int unpackUnitSize(int flags) {
  return (flags >> kUnitSizeShift) & 0xff;
}

// The movement profile's slot (profiles.hpp; 0 = 'default') rides above unitSize:
// flags | profile << kProfileShift.
inline constexpr int kProfileShift = 16;
inline int unpackProfile(int flags) {
  return (flags >> kProfileShift) & 0xff;
}

// The enum options travel as their codes: the index of the name in these tables (an empty
// name, heuristic code 0, is the default chosen from `diagonal` and cannot be asked for).
// Status codes index kStatusNames; a negative status means the call was refused.
inline constexpr int kRefused = -1;
// Searches in slices (startSearch / stepSearch): a step that left the search unfinished, and a
// start whose answer was known at once (read like findPath's, no task was made).
inline constexpr int kSearchRunning = -2;
inline constexpr int kSearchAnswered = -3;

// maxExpansions is a uint32 in the core.
inline constexpr double kMaxExpansions = std::numeric_limits<uint32_t>::max();

// The facing of SearchResult::faceX/faceY, by [faceY + 1][faceX + 1] (y down).
inline constexpr std::string_view kFacingNames[3][3] = {
    {"upLeft", "up", "upRight"},
    {"left", "none", "right"},
    {"downLeft", "down", "downRight"},
};

// A trace reaches JS as doubles, one record of these fields per TraceEvent, in this order;
// `kind` is a TraceEvent::Kind, named by kTraceKindNames.
inline constexpr std::string_view kTraceFields[] = {"kind", "x", "y", "g", "h"};
inline constexpr std::size_t kTraceRecordSize = std::size(kTraceFields);
inline constexpr std::string_view kTraceKindNames[] = {"opened", "expanded"};
static_assert(TraceEvent::Opened == 0 && TraceEvent::Expanded == 1);

template <typename Write>
void writeTraceRecord(const TraceEvent& event, Write write) {
  static_assert(kTraceRecordSize == 5, "one value per field of kTraceFields");
  write(static_cast<double>(event.kind));
  write(static_cast<double>(event.x));
  write(static_cast<double>(event.y));
  write(event.g);
  write(event.h);
}

}  // namespace tilepath::contract
