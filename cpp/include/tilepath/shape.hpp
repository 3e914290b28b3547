// A grid's shape, fixed when it is created, with Tiled's names: orthogonal and isometric grids
// are square grids (4 or 8 neighbours); staggered grids are square grids turned 45 degrees and
// stored with every other row (or column) shifted half a tile; hexagonal grids have six
// neighbours. Cells stay Tiled's (column, row) in every shape.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tilepath {

enum class Orientation : uint8_t { Orthogonal, Isometric, Staggered, Hexagonal };
// Which coordinate is staggered: with Y the shifted rows sit half a tile to the right, with X
// the shifted columns sit half a tile lower.
enum class StaggerAxis : uint8_t { X, Y };
// Which rows (or columns) are the shifted ones: the odd or the even.
enum class StaggerIndex : uint8_t { Odd, Even };

inline constexpr std::string_view kOrientationNames[] = {"orthogonal", "isometric", "staggered",
                                                         "hexagonal"};
inline constexpr std::string_view kStaggerAxisNames[] = {"x", "y"};
inline constexpr std::string_view kStaggerIndexNames[] = {"odd", "even"};

struct GridShape {
  Orientation orientation = Orientation::Orthogonal;
  // Tiled's defaults; they only matter on staggered and hexagonal grids.
  StaggerAxis staggerAxis = StaggerAxis::Y;
  StaggerIndex staggerIndex = StaggerIndex::Odd;

  // Orthogonal and isometric grids: searched with square neighbours.
  bool square() const {
    return orientation == Orientation::Orthogonal || orientation == Orientation::Isometric;
  }
  bool hexagonal() const { return orientation == Orientation::Hexagonal; }
  bool staggered() const { return orientation == Orientation::Staggered; }
  // Whether row (axis y) or column (axis x) number `s` is a shifted one.
  bool shifted(int s) const { return ((s & 1) != 0) == (staggerIndex == StaggerIndex::Odd); }
};

// Empty on square grids; else says that `what` needs one, naming the grid's orientation.
inline std::string squareGridOnly(std::string_view what, const GridShape& shape) {
  if (shape.square()) return {};
  return std::string(what) + " is not supported on " +
         std::string(kOrientationNames[static_cast<int>(shape.orientation)]) +
         " grids: it needs an orthogonal or isometric grid";
}

// Empty when the codes name a shape, else a message naming the bad code.
std::string validateShape(int orientation, int staggerAxis, int staggerIndex);

// Square grids' step names in the searches' step order (cpp/src/search/search_run.hpp: kStepX,
// kStepY), as a result names a facing (contract.hpp): entry rules take them (movement_rules.hpp).
inline constexpr std::string_view kSquareDirectionNames[8] = {
    "right", "left", "down", "up", "downRight", "downLeft", "upRight", "upLeft"};
// Direction names of each shape's steps, by the step's number (see cpp/src/map/shapes.hpp): the
// facing of a goal next to the path's end. Staggered: straight steps first (the tiles sharing
// an edge), then the diagonal ones (sharing a corner), each direction followed by its opposite.
inline constexpr std::string_view kStaggeredDirectionNames[8] = {
    "northeast", "southwest", "southeast", "northwest", "east", "west", "south", "north"};
// Hexagonal, stagger axis y (pointy-top hexes in shifted rows) and x (flat-top, shifted columns).
inline constexpr std::string_view kHexRowDirectionNames[6] = {
    "east", "west", "northeast", "southwest", "southeast", "northwest"};
inline constexpr std::string_view kHexColumnDirectionNames[6] = {
    "north", "south", "northeast", "southwest", "southeast", "northwest"};

}  // namespace tilepath
