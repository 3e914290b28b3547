// What a search returns.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tilepath/options.hpp"

namespace tilepath {

enum class Status : uint8_t { Found, Partial, None };
inline constexpr const char* kStatusNames[] = {"found", "partial", "none"};

// Why a search gave no path to the goal itself (status none or partial); None when it did.
// There is no "start blocked": the start is where the unit stands, never checked.
enum class Reason : uint8_t { None, GoalBlocked, Unreachable, Budget };
// Names as the JS results use them, indexed by the enum's value ("" for None).
inline constexpr std::string_view kReasonNames[] = {"", "goalBlocked", "unreachable", "budget"};

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
  Reason reason = Reason::None;
  // The algorithm that ran (algorithmThatRuns, tilepath/searcher.hpp), never Auto: auto resolves
  // to jps or A*, and bfs and jps give way to A* where they would not be optimal or do not
  // support the options; astar with weight > 1 is weighted A*.
  Algorithm algorithm = Algorithm::AStar;
  std::vector<int32_t> path;     // x0, y0, x1, y1, ...
  std::vector<int32_t> rawPath;  // with smoothing: the cell-by-cell path before it
  double cost = 0;               // under the grid's cost table
  uint32_t expanded = 0;
  // Where the path ends and the unit step from there towards the requested goal.
  int32_t endX = -1, endY = -1;
  int32_t faceX = 0, faceY = 0;
  // Staggered and hexagonal grids: the number of that step, naming its direction
  // (tilepath/shape.hpp), -1 when there is none (on the goal, or a square grid).
  int8_t faceStep = -1;
  // The positions k in `path` (counting cells, not numbers) where the path takes a link: the
  // step from cell k to cell k + 1 is the link's (tilepath/movement_rules.hpp).
  std::vector<int32_t> links;
  std::vector<TraceEvent> trace;  // only with SearchOptions::trace
  bool traceTruncated = false;    // the trace reached kMaxTraceEvents
  std::string error;              // non-empty: the arguments were rejected, nothing ran

  bool ok() const { return error.empty(); }

  // Back to "nothing found, nothing expanded", keeping the buffers' capacity for reuse.
  void clear() {
    status = Status::None;
    reason = Reason::None;
    path.clear();
    rawPath.clear();
    links.clear();
    trace.clear();
    traceTruncated = false;
    cost = 0;
    expanded = 0;
    endX = endY = -1;
    faceX = faceY = 0;
    faceStep = -1;
    error.clear();
  }
};

}  // namespace tilepath
