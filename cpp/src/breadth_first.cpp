// Breadth-first search for 4 neighbours on a uniform-cost grid: every step costs the same,
// so a FIFO queue pops cells in order of distance and no priority queue is needed.
#include "search_run.hpp"

namespace tilepath {

void runBreadthFirst(SearchRun& run) {
  std::vector<int32_t>& queue = run.fifo();
  queue.clear();
  const int width = run.width;
  Searcher::Node& first = run.node(run.start);
  first.g = 0;
  first.heapIndex = 0;  // queued
  queue.push_back(run.start);
  run.traceOpened(run.start, 0, 0);

  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int32_t current = queue[head];
    run.record(current).heapIndex = Searcher::kClosed;
    if (!run.settle(current)) return;
    const double g = run.record(current).g + 1.0;
    run.forEachNeighbour(current % width, current / width, [&](int32_t next, double) {
      Searcher::Node& n = run.node(next);
      if (n.heapIndex != kUnseen) return;
      n.g = g;
      n.parent = current;
      n.heapIndex = 0;
      queue.push_back(next);
      run.traceOpened(next, g, 0);
    });
  }
}

}  // namespace tilepath
