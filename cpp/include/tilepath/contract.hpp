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
#include <vector>

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

// A query's answer as JS reads it straight from the heap (one copy, no call per field): a
// double each, in this order. tilepath-contract prints the names as RESULT_FIELDS, and JS finds
// each field by its name there, so the two sides cannot drift apart unseen.
enum ResultField {
  kPathAddress,
  kPathLength,
  kRawPathAddress,
  kRawPathLength,
  kTraceAddress,
  kTraceLength,
  kCost,
  kExpanded,
  kEndX,
  kEndY,
  kFaceX,
  kFaceY,
  kFaceStep,
  kReason,
  kAlgorithm,
  kTraceTruncated,
  // Milliseconds the query spent building what it needed first (-1: nothing built): the rule's
  // hpa hierarchy, the positions of its unit size. (The labels a first query floods are not
  // told: nearly every grid's first query builds them, in a flood of the start's region.)
  kBuiltHpaMs,
  kBuiltPositionsMs,
  kLinksAddress,
  kLinksLength,
  kResultFieldCount
};
inline constexpr std::string_view kResultFieldNames[kResultFieldCount] = {
    "pathAddress",    "pathLength", "rawPathAddress",   "rawPathLength", "traceAddress",
    "traceLength",    "cost",       "expanded",         "endX",          "endY",
    "faceX",          "faceY",      "faceStep",         "reason",        "algorithm",
    "traceTruncated", "builtHpaMs", "builtPositionsMs", "linksAddress",  "linksLength"};

// The answer last published (defined below, inline: it is the bindings' code): its fields where JS
// reads them, and its trace as records of doubles (kTraceFields), for JS to copy in one go. The
// addresses are of the result's own vectors, valid until the next query of the grid.
struct PublishedResult {
  double fields[kResultFieldCount] = {};
  std::vector<double> trace;
  // A search's answer (findPath, a task's last step, the search of a repair).
  void publish(const SearchResult& result, double builtHpaMs, double builtPositionsMs);
};

template <typename Write>
void writeTraceRecord(const TraceEvent& event, Write write) {
  static_assert(kTraceRecordSize == 5, "one value per field of kTraceFields");
  write(static_cast<double>(event.kind));
  write(static_cast<double>(event.x));
  write(static_cast<double>(event.y));
  write(event.g);
  write(event.h);
}

// --- PublishedResult ---
namespace detail {
template <typename T>
inline double address(const std::vector<T>& v) {
  return static_cast<double>(reinterpret_cast<uintptr_t>(v.data()));
}
}  // namespace detail

inline void PublishedResult::publish(const SearchResult& r, double builtHpaMs,
                                     double builtPositionsMs) {
  trace.clear();
  for (const TraceEvent& e : r.trace) writeTraceRecord(e, [this](double v) { trace.push_back(v); });
  double* s = fields;
  s[kPathAddress] = detail::address(r.path);
  s[kPathLength] = static_cast<double>(r.path.size());
  s[kRawPathAddress] = detail::address(r.rawPath);
  s[kRawPathLength] = static_cast<double>(r.rawPath.size());
  s[kTraceAddress] = detail::address(trace);
  s[kTraceLength] = static_cast<double>(trace.size());
  s[kCost] = r.cost;
  s[kExpanded] = static_cast<double>(r.expanded);
  s[kEndX] = r.endX;
  s[kEndY] = r.endY;
  s[kFaceX] = r.faceX;
  s[kFaceY] = r.faceY;
  s[kFaceStep] = r.faceStep;
  s[kReason] = static_cast<int>(r.reason);
  s[kAlgorithm] = static_cast<int>(r.algorithm);
  s[kTraceTruncated] = r.traceTruncated ? 1 : 0;
  s[kBuiltHpaMs] = builtHpaMs;
  s[kBuiltPositionsMs] = builtPositionsMs;
  s[kLinksAddress] = detail::address(r.links);
  s[kLinksLength] = static_cast<double>(r.links.size());
}

}  // namespace tilepath::contract
