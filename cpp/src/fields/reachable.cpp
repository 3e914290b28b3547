// Movement ranges: Dijkstra forward from one unit, stopped at its budget.
#include <algorithm>

#include "tilepath/fields.hpp"

namespace tilepath {

void FieldSearch::reachable(const Grid& grid, int startX, int startY, const FieldOptions& options,
                            MovementRange& out) {
  out.error = validateFieldOptions(options);
  out.cells.clear();
  if (!out.error.empty()) return;
  if (!grid.inside(startX, 0))
    return void(out.error = "startX must be from 0 to " + std::to_string(grid.width() - 1) +
                            ", got " + std::to_string(startX));
  if (!grid.inside(0, startY))
    return void(out.error = "startY must be from 0 to " + std::to_string(grid.height() - 1) +
                            ", got " + std::to_string(startY));
  out.linkFrom.clear();
  if (grid.hasRules()) return reachableWithRules(grid, grid.index(startX, startY), options, out);
  const int n = grid.size(), width = grid.width();
  out.costs.assign(n, std::numeric_limits<float>::infinity());
  out.cameFrom.assign(n, kNoStep);
  exact_.assign(n, std::numeric_limits<double>::infinity());
  open_.clear();
  const int start = grid.index(startX, startY);
  exact_[start] = 0;
  push(0, start);
  while (!open_.empty() && !outOfMemory_) {
    const Entry top = pop();
    if (top.cost > exact_[top.cell]) continue;  // stale: a cheaper entry came first
    out.costs[top.cell] = static_cast<float>(top.cost);
    out.cells.push_back(top.cell % width);
    out.cells.push_back(top.cell / width);
    forEachStep(grid, options.diagonal, top.cell % width, top.cell / width,
                [&](int next, double length, uint8_t code) {
                  const double cost = top.cost + length * grid.cellCost(next);
                  if (!(cost < exact_[next]) || cost > options.maxCost) return;
                  exact_[next] = cost;
                  out.cameFrom[next] = reverseStep(code);
                  push(cost, next);
                });
  }
  endedOutOfMemory(out.error);
}

}  // namespace tilepath
