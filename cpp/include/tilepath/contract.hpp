// What crosses between the C++ core and the JS layer, declared once: what the numbers the
// bindings hand back mean, and the limits the JS
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

// Options travel as one record of doubles, a slot an option of kOptionTable (options.hpp): the
// bindings hand JS its address, JS writes the codes, readOptionRecord checks and reads them.

// An enum option's code is the index of its name in its table (an empty name, heuristic code 0,
// is the default chosen from `diagonal` and cannot be asked for).
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
