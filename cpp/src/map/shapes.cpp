// The step tables of staggered and hexagonal grids (see shapes.hpp for the layout).
#include "map/shapes.hpp"

#include <array>
#include <iterator>

#include "tilepath/fields.hpp"

namespace tilepath {
namespace {

struct LatticeStep {
  int8_t X, Y;
};
// Each shape's steps on the half-tile lattice, in the order of its direction names
// (tilepath/shape.hpp): each direction beside its opposite, straight steps first.
constexpr LatticeStep kStaggered[8] = {{1, -1}, {-1, 1}, {1, 1}, {-1, -1},
                                       {2, 0},  {-2, 0}, {0, 2}, {0, -2}};
// The straight steps beside each diagonal one: east between northeast and southeast, and so on.
constexpr int8_t kStaggeredSides[8][2] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1},
                                          {0, 2},   {3, 1},   {2, 1},   {0, 3}};
constexpr LatticeStep kHexRows[6] = {{2, 0}, {-2, 0}, {1, -1}, {-1, 1}, {1, 1}, {-1, -1}};
constexpr LatticeStep kHexColumns[6] = {{0, -2}, {0, 2}, {1, -1}, {-1, 1}, {1, 1}, {-1, -1}};

ShapeSteps build(GridShape shape) {
  ShapeSteps s;
  s.shape = shape;
  s.axisX = shape.staggerAxis == StaggerAxis::X;
  const LatticeStep* steps = shape.staggered() ? kStaggered : s.axisX ? kHexColumns : kHexRows;
  s.count = shape.staggered() ? 8 : 6;
  s.straight = shape.staggered() ? 4 : 6;
  // A cell of each parity: the offsets are the same for every cell of that parity.
  for (int p = 0; p < 2; ++p) {
    const int s0 = shape.shifted(0) == (p == 1) ? 0 : 1;  // a row (column) of parity p
    const int x = s.axisX ? s0 : 0, y = s.axisX ? 0 : s0;
    int X, Y;
    s.lattice(x, y, X, Y);
    for (int d = 0; d < s.count; ++d) {
      const int tX = X + steps[d].X, tY = Y + steps[d].Y;
      // Every lattice point a step reaches is a cell: the divisions are exact.
      int tx, ty;
      if (s.axisX) {
        tx = tX;
        ty = (tY - (shape.shifted(tx) ? 1 : 0)) / 2;
      } else {
        ty = tY;
        tx = (tX - (shape.shifted(ty) ? 1 : 0)) / 2;
      }
      s.dx[p][d] = static_cast<int8_t>(tx - x);
      s.dy[p][d] = static_cast<int8_t>(ty - y);
    }
  }
  for (int d = 0; d < 8; ++d) {
    s.sideA[d] = shape.staggered() ? kStaggeredSides[d][0] : -1;
    s.sideB[d] = shape.staggered() ? kStaggeredSides[d][1] : -1;
  }
  return s;
}

}  // namespace

const ShapeSteps& ShapeSteps::of(const GridShape& shape) {
  // Staggered and hexagonal, by axis and index.
  static const auto tables = [] {
    std::array<ShapeSteps, 8> t{};
    for (int k = 0; k < 8; ++k)
      t[k] = build({k < 4 ? Orientation::Staggered : Orientation::Hexagonal,
                    (k & 2) ? StaggerAxis::X : StaggerAxis::Y,
                    (k & 1) ? StaggerIndex::Even : StaggerIndex::Odd});
    return t;
  }();
  const int k = (shape.hexagonal() ? 4 : 0) + (shape.staggerAxis == StaggerAxis::X ? 2 : 0) +
                (shape.staggerIndex == StaggerIndex::Even ? 1 : 0);
  return tables[k];
}

int shapedStepsFrom(const Grid& grid, Diagonal rule, int x, int y, bool anyTarget,
                    ShapedStep (&out)[8]) {
  const ShapeSteps& s = ShapeSteps::of(grid.shape());
  int n = 0;
  forEachShapedStep(grid, s, rule, x, y, anyTarget, [&](int32_t next, int nx, int ny, int d) {
    uint8_t code = 0;
    for (int k = 0; k < static_cast<int>(std::size(kFieldSteps)); ++k)
      if (kFieldSteps[k].dx == nx - x && kFieldSteps[k].dy == ny - y) code = k + 1;
    out[n++] = {next, s.length(d), code};
  });
  return n;
}

std::string validateShape(int orientation, int staggerAxis, int staggerIndex) {
  if (orientation < 0 || orientation >= static_cast<int>(std::size(kOrientationNames)))
    return "orientation code " + std::to_string(orientation) + " is unknown";
  if (staggerAxis < 0 || staggerAxis >= static_cast<int>(std::size(kStaggerAxisNames)))
    return "staggerAxis code " + std::to_string(staggerAxis) + " is unknown";
  if (staggerIndex < 0 || staggerIndex >= static_cast<int>(std::size(kStaggerIndexNames)))
    return "staggerIndex code " + std::to_string(staggerIndex) + " is unknown";
  return {};
}

}  // namespace tilepath
