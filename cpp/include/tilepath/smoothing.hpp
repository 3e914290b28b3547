// Path smoothing by string-pulling: a path's corners are dropped wherever a straight line
// between cell centres is walkable under the same corner rule and costs no more.
#pragma once

#include <cstdint>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"

namespace tilepath {

// Cost of walking the straight line between the centres of two cells: its length times the
// dearest cell it enters (the start cell is not entered). 0 when the line crosses a blocked
// cell or passes a corner that `rule` forbids. A line through a grid vertex counts as a
// diagonal step there; under `never` it needs both side cells free, like `noCorners`.
double lineCost(const Grid& grid, Diagonal rule, int x0, int y0, int x1, int y1);

// Writes the smoothed waypoints of `path` (x,y pairs, cell by cell) into `out` and returns
// their cost; never more than the cost of `path`. `scratch` is working space, reused across
// calls so that a warm searcher allocates nothing.
double smoothPath(const Grid& grid, Diagonal rule, const std::vector<int32_t>& path,
                  std::vector<int32_t>& out, std::vector<double>& scratch);

}  // namespace tilepath
