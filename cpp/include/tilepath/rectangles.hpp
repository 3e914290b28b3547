// Rectangle decomposition of the passable cells: the greedy merge the Cocos mini2d chapter
// describes. Games draw it (walkable areas, debug views) or use it as coarse navigation areas.
#pragma once

#include <cstdint>
#include <vector>

#include "tilepath/grid.hpp"

namespace tilepath {

// Writes x, y, w, h per rectangle into `out`. Scanning the rows from the top, each passable cell
// not yet covered starts a rectangle: as wide as the run of such cells to its right, then grown
// downwards while the whole row below is passable and uncovered. The rectangles cover every
// passable cell exactly once and no blocked cell. With `sameClass`, a rectangle also holds one
// cell class only (so one cost). O(cells).
void rectangles(const Grid& grid, bool sameClass, std::vector<int32_t>& out);

}  // namespace tilepath
