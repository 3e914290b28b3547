// Best-first search on the open list: A* (with a heuristic), Dijkstra (without), and
// breadth-first search with diagonal steps (unit cell costs, no heuristic).
#include "search_run.hpp"

namespace tilepath {

void runBestFirst(SearchRun& run) {
  const int width = run.width;
  run.openStart();

  while (!run.openEmpty()) {
    const int32_t current = run.pop();
    if (!run.settle(current)) return;
    const int x = current % width, y = current / width;
    const double g = run.record(current).g;
    run.forEachNeighbour(x, y, [&](int32_t next, double step) {
      run.relax(current, next, g + step * run.enterCost(next));
    });
  }
}

}  // namespace tilepath
