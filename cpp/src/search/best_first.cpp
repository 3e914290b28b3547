// Best-first search on the open list: A* (with a heuristic), Dijkstra (without), and
// breadth-first search with diagonal steps (unit cell costs, no heuristic).
#include "search/search_run.hpp"

namespace tilepath {
namespace {

// The loop, compiled once per heuristic and per kind of step cost so that neither is a
// branch per neighbour; and once more for searches whose f may fall (weight above 1, Manhattan
// distance with diagonal steps), on the in-place heap (SearchRun::heapOpen) instead of the
// radix heap, with the heuristic and the cell's cost looked up at run time.
template <Heuristic H, bool kUnitCost, bool kInPlace = false>
void expandAll(SearchRun& run) {
  const uint8_t* const stepsFrom = stepsAllowed(run.options.diagonal);
  const Grid& grid = run.grid;
  if (!run.resuming) {
    if (kInPlace)
      run.heapOpen(run.start, run.startX, run.startY, 0.0, 0);
    else
      run.openStart();
  }

  int32_t current;
  int x, y;
  double g;
  // The step back along the step that reached a cell: to its parent, which was expanded (closed)
  // before the cell was reached, so it is not offered (2.5% fewer instructions on the maps).
  static constexpr uint8_t kBack[8] = {1u << 1, 1u << 0, 1u << 3, 1u << 2,
                                       1u << 7, 1u << 6, 1u << 5, 1u << 4};
  while (run.goOn() && (kInPlace ? run.heapPop(current, x, y, g) : run.popOpen(current, x, y, g))) {
    if (!run.settle(current, x, y, g)) return;
    unsigned steps = stepsFrom[grid.around(x, y)];
    if (current != run.start) steps &= ~kBack[run.arrivalStep(current)];
    for (; steps != 0; steps &= steps - 1) {
      const int step = __builtin_ctz(steps);
      const int32_t next = current + run.stepOffset[step];
      const double cost = kUnitCost ? 1.0 : kInPlace ? run.enterCost(next) : grid.cellCost(next);
      const int nx = x + kStepX[step], ny = y + kStepY[step];
      if (kInPlace)
        run.heapOffer(next, nx, ny, g + kStepLength[step] * cost, step);
      else
        run.offer<H>(next, nx, ny, g + kStepLength[step] * cost, step);
    }
  }
}

template <Heuristic H>
void expandAll(SearchRun& run) {
  if (run.unitCost)
    expandAll<H, true>(run);
  else
    expandAll<H, false>(run);
}

}  // namespace

void runBestFirst(SearchRun& run) {
  if (run.fFalls()) return expandAll<Heuristic::Default, false, true>(run);
  switch (run.heuristicKind) {
    case Heuristic::Manhattan:
      return expandAll<Heuristic::Manhattan>(run);
    case Heuristic::Chebyshev:
      return expandAll<Heuristic::Chebyshev>(run);
    case Heuristic::Euclidean:
      return expandAll<Heuristic::Euclidean>(run);
    default:
      return expandAll<Heuristic::Octile>(run);
  }
}

}  // namespace tilepath
