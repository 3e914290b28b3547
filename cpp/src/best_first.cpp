// Best-first search on the open list: A* (with a heuristic), Dijkstra (without), and
// breadth-first search with diagonal steps (unit cell costs, no heuristic).
#include "search_run.hpp"

namespace tilepath {

void runBestFirst(SearchRun& run) {
  const int width = run.width;
  run.node(run.start);
  run.push(run.start, 0.0, run.heuristic(run.startX, run.startY));

  while (!run.openEmpty()) {
    const int32_t current = run.pop();
    if (!run.settle(current)) return;
    const int x = current % width, y = current / width;
    const double g = run.record(current).g;
    run.forEachNeighbour(x, y, [&](int32_t next, double step) {
      Searcher::Node& n = run.node(next);
      if (n.heapIndex == Searcher::kClosed) return;
      const double ng = g + step * run.enterCost(next);
      if (!(ng < n.g)) return;
      n.parent = current;
      if (n.heapIndex >= 0) {
        run.decrease(next, ng);
      } else {
        run.push(next, ng, run.heuristic(next % width, next / width));
      }
    });
  }
}

}  // namespace tilepath
