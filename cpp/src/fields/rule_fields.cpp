// Flow fields and movement ranges on grids with entry rules or links (movement_rules.hpp): the
// same Dijkstra as flow_field.cpp and reachable.cpp, on the open list's heap, where a step onto
// a cell exists only if that cell may be entered from its direction, and links add steps. A
// field walks steps backwards: the cells that can step into a settled cell, and the link starts
// whose links end there.
#include <limits>

#include "map/shapes.hpp"
#include "tilepath/fields.hpp"

namespace tilepath {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

uint8_t fieldCode(int dx, int dy) {
  for (int k = 0; k < static_cast<int>(std::size(kFieldSteps)); ++k)
    if (kFieldSteps[k].dx == dx && kFieldSteps[k].dy == dy) return static_cast<uint8_t>(k + 1);
  return kNoStep;
}

// The square grids' steps in the searches' order (right, left, down, up, downRight, downLeft,
// upRight, upLeft), which numbers the bits of an entry rule.
constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};

bool diagonalOk(Diagonal rule, bool a, bool b) {
  return rule == Diagonal::Always || (rule == Diagonal::OneObstacle ? a || b
                                      : rule == Diagonal::NoCorners ? a && b
                                                                    : false);
}

// Calls fn(other, length, code) for each step between cell (x, y) and a neighbour `other` that
// exists under the diagonal and entry rules: out of (x, y) onto a passable neighbour, or with
// `into`, from any neighbour inside the grid into (x, y). `code` is the step's field code from
// the cell stepping.
template <typename Fn>
void forEachRuleStep(const Grid& grid, Diagonal rule, int x, int y, bool into, Fn&& fn) {
  const MovementRules& rules = grid.rules();
  if (!grid.shape().square()) {
    const ShapeSteps& s = ShapeSteps::of(grid.shape());
    const uint8_t here = rules.entry(grid.get(x, y));
    forEachShapedStep(grid, s, rule, x, y, into, [&](int32_t other, int nx, int ny, int d) {
      const int step = into ? ShapeSteps::opposite(d) : d;  // the step's number as it is taken
      const uint8_t mask = into ? here : rules.entry(grid.data()[other]);
      if (!((mask >> step) & 1)) return;
      fn(other, s.length(d), into ? fieldCode(x - nx, y - ny) : fieldCode(nx - x, ny - y));
    });
    return;
  }
  const uint8_t here = into ? rules.entry(grid.get(x, y)) : 0;
  for (int d = 0; d < 8; ++d) {
    if (d >= 4 && rule == Diagonal::Never) break;
    // The cell stepping (fx, fy) and the cell entered (tx, ty).
    const int ox = into ? x - kDx[d] : x + kDx[d], oy = into ? y - kDy[d] : y + kDy[d];
    if (!grid.inside(ox, oy)) continue;
    const int fx = into ? ox : x, fy = into ? oy : y, tx = into ? x : ox, ty = into ? y : oy;
    if (!into && !grid.passable(tx, ty)) continue;
    const int other = grid.index(ox, oy);
    if (!(((into ? here : rules.entry(grid.data()[other])) >> d) & 1)) continue;
    if (d >= 4 && !diagonalOk(rule, grid.passable(fx + kDx[d], fy), grid.passable(fx, fy + kDy[d])))
      continue;
    fn(other, d >= 4 ? Grid::kSqrt2 : 1.0, fieldCode(kDx[d], kDy[d]));
  }
}

}  // namespace

void FieldSearch::flowFieldWithRules(const Grid& grid, const int32_t* goals, std::size_t count,
                                     const FieldOptions& options, FlowField& out) {
  const int n = grid.size(), width = grid.width();
  const MovementRules& rules = grid.rules();
  out.costs.assign(n, std::numeric_limits<float>::infinity());
  out.steps.assign(n, kNoStep);
  if (rules.anyLink()) out.linkTo.assign(n, -1);
  exact_.assign(n, kInfinity);
  open_.clear();
  for (std::size_t k = 0; k < count; ++k) {
    if (!grid.passable(goals[k]) || exact_[goals[k]] == 0) continue;
    exact_[goals[k]] = 0;
    push(0, goals[k]);
  }
  auto offer = [&](int32_t c, double cost, uint8_t code, int32_t to) {
    if (!(cost < exact_[c]) || cost > options.maxCost) return;
    exact_[c] = cost;
    out.steps[c] = code;
    if (!out.linkTo.empty()) out.linkTo[c] = to;
    push(cost, c);
  };
  while (!open_.empty() && !outOfMemory_) {
    const Entry top = pop();
    if (top.cost > exact_[top.cell]) continue;
    out.costs[top.cell] = static_cast<float>(top.cost);
    if (!grid.passable(top.cell)) continue;  // nothing steps into a blocked cell
    const double enter = grid.cellCost(top.cell);
    forEachRuleStep(grid, options.diagonal, top.cell % width, top.cell / width, true,
                    [&](int32_t c, double length, uint8_t code) {
                      offer(c, top.cost + length * enter, code, -1);
                    });
    const MovementRules::LinkStep* end;
    for (auto* s = rules.stepsInto(top.cell, end); s != end; ++s)
      offer(s->from, top.cost + s->cost, kLinkStep, top.cell);
  }
  endedOutOfMemory(out.error);
}

void FieldSearch::reachableWithRules(const Grid& grid, int start, const FieldOptions& options,
                                     MovementRange& out) {
  const int n = grid.size(), width = grid.width();
  const MovementRules& rules = grid.rules();
  out.costs.assign(n, std::numeric_limits<float>::infinity());
  out.cameFrom.assign(n, kNoStep);
  if (rules.anyLink()) out.linkFrom.assign(n, -1);
  exact_.assign(n, kInfinity);
  open_.clear();
  exact_[start] = 0;
  push(0, start);
  auto offer = [&](int32_t next, double cost, uint8_t code, int32_t from) {
    if (!(cost < exact_[next]) || cost > options.maxCost) return;
    exact_[next] = cost;
    out.cameFrom[next] = code;
    if (!out.linkFrom.empty()) out.linkFrom[next] = from;
    push(cost, next);
  };
  while (!open_.empty() && !outOfMemory_) {
    const Entry top = pop();
    if (top.cost > exact_[top.cell]) continue;
    out.costs[top.cell] = static_cast<float>(top.cost);
    out.cells.push_back(top.cell % width);
    out.cells.push_back(top.cell / width);
    forEachRuleStep(grid, options.diagonal, top.cell % width, top.cell / width, false,
                    [&](int32_t next, double length, uint8_t code) {
                      offer(next, top.cost + length * grid.cellCost(next), reverseStep(code), -1);
                    });
    const MovementRules::LinkStep* end;
    for (auto* s = rules.stepsFrom(top.cell, end); s != end; ++s)
      if (grid.passable(s->to)) offer(s->to, top.cost + s->cost, kLinkStep, top.cell);
  }
  endedOutOfMemory(out.error);
}

}  // namespace tilepath
