// Local repair of a path that an edit has made illegal: instead of a full re-plan, the old path
// up to shortly before its first broken step, then a detour back onto it past the last broken
// step, found by an A* bounded in expansions; when no detour is found within the bound, a
// full search from the unit's position.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"

namespace tilepath {

class Searcher;
class Hierarchy;

// What repairPath did: nothing (the rest of the path is still legal), a local detour, or a
// full search from the unit's position to the path's end.
enum class RepairKind : uint8_t { None, Local, Full };
inline constexpr std::string_view kRepairKindNames[] = {"none", "local", "full"};

struct RepairOptions {
  // The detour search's bound: at most this many cells expanded before giving up on a local
  // repair (a wall of about 30 cells across open ground fits in the default).
  static constexpr uint32_t kDefaultDetourExpansions = 4096;
  uint32_t detourExpansions = kDefaultDetourExpansions;
};

struct RepairResult {
  RepairKind kind = RepairKind::None;
  // The new path from the unit's position (path point fromIndex) to the old path's end, as a
  // search result: status, path (includeStart applies), cost, expanded (the detour's and the
  // full search's cells together), algorithm (the full search's, or the option's).
  SearchResult search;
  // Local repairs: the points of the old path (indices of its x, y pairs) where the detour
  // leaves it (at most 32 points before the first broken step, or where the unit stands) and
  // rejoins it (past the last broken step), and the detour's own cost: the cheapest way between
  // those two points on the grid as it is now.
  int32_t departIndex = -1, rejoinIndex = -1;
  double detourCost = 0;
};

// `path`: x, y pairs, cell by cell (findPath's path, not smoothed waypoints), its last point the
// goal; `fromIndex`: the point where the unit stands. Options as for a search (a full re-plan
// uses them; the detour follows their diagonal rule); smooth applies to the whole answer.
// Errors (a path that is not cell by cell, a point outside the grid, fromIndex out of range,
// bad options) leave out.search.error set and run nothing. With algorithm hpa the full search
// needs `hierarchy`.
void repairPath(Searcher& searcher, const Grid& grid, const std::vector<int32_t>& path,
                int fromIndex, const SearchOptions& options, const RepairOptions& repair,
                RepairResult& out, Hierarchy* hierarchy = nullptr);

}  // namespace tilepath
