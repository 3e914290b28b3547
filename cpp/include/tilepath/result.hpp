// What a search returns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilepath {

enum class Status : uint8_t { Found, Partial, None };
inline constexpr const char* kStatusNames[] = {"found", "partial", "none"};

// One step of a traced search, for debug drawing and step-by-step replay.
struct TraceEvent {
  enum Kind : uint8_t { Opened = 0, Expanded = 1 };
  Kind kind;
  int32_t x, y;
  double g;  // cost from the start
  double h;  // heuristic (weighted) towards the goal
};

// A trace stops recording after this many events (the search itself goes on), so that a
// traced search on a huge grid cannot exhaust memory; SearchResult::traceTruncated says so.
inline constexpr std::size_t kMaxTraceEvents = std::size_t{1} << 20;

struct SearchResult {
  Status status = Status::None;
  std::vector<int32_t> path;     // x0, y0, x1, y1, ...
  std::vector<int32_t> rawPath;  // with smoothing: the cell-by-cell path before it
  double cost = 0;               // under the grid's cost table
  uint32_t expanded = 0;
  // Where the path ends and the unit step from there towards the requested goal.
  int32_t endX = -1, endY = -1;
  int32_t faceX = 0, faceY = 0;
  std::vector<TraceEvent> trace;  // only with SearchOptions::trace
  bool traceTruncated = false;    // the trace reached kMaxTraceEvents
  std::string error;              // non-empty: the arguments were rejected, nothing ran

  bool ok() const { return error.empty(); }
};

}  // namespace tilepath
