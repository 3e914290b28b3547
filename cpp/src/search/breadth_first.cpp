// Breadth-first search for 4 neighbours on a uniform-cost grid: every step costs the same,
// so a FIFO queue pops cells in order of distance and no priority queue is needed.
#include "search/search_run.hpp"

namespace tilepath {

void runBreadthFirst(SearchRun& run) {
  // A ring buffer, doubled when full: it holds the frontier, not every cell ever queued.
  std::vector<int32_t>& ring = run.queue();
  if (ring.size() < 1024) ring.assign(1024, 0);
  std::size_t& head = run.queueHead;  // kept in the run across a pause
  std::size_t& tail = run.queueTail;
  // False when the ring is full and may not grow (Searcher::setRoomCheck): the search ends.
  auto enqueue = [&](int32_t cell) {
    if (tail - head == ring.size()) {
      if (!run.searcher.roomFor(ring.size() * 2 * sizeof(int32_t))) {
        run.outOfMemory = true;
        return false;
      }
      std::vector<int32_t> bigger(ring.size() * 2);
      for (std::size_t k = head; k < tail; ++k) bigger[k - head] = ring[k & (ring.size() - 1)];
      ring.swap(bigger);
      tail -= head;
      head = 0;
    }
    ring[tail++ & (ring.size() - 1)] = cell;
    return true;
  };
  const uint8_t* const stepsFrom = stepsAllowed(Diagonal::Never);
  const int width = run.width;
  if (!run.resuming) {
    run.stamp(run.start, 0);
    run.slot[run.start] = 0;
    enqueue(run.start);
    if (run.options.trace) run.traceOpened(run.startX, run.startY, 0, 0);
  }

  while (head != tail && run.goOn()) {
    const int32_t current = ring[head++ & (ring.size() - 1)];
    const int x = current % width, y = current / width;
    const double g = run.slot[current];
    run.close(current);
    if (!run.settle(current, x, y, g)) return;
    for (unsigned steps = stepsFrom[run.grid.around(x, y)]; steps != 0; steps &= steps - 1) {
      const int step = __builtin_ctz(steps);
      const int32_t next = current + run.stepOffset[step];
      if (run.seen(next)) continue;
      run.stamp(next, step);
      run.slot[next] = g + 1;
      if (!enqueue(next)) return;
      if (run.options.trace) run.traceOpened(x + kStepX[step], y + kStepY[step], g + 1, 0);
    }
  }
}

}  // namespace tilepath
