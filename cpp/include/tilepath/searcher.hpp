// Runs searches on a Grid. One Searcher keeps its search state (per-cell records, the open
// list) across queries: once warm it allocates nothing, and a new search resets nothing
// (each cell record carries the number of the search that last touched it).
#pragma once

#include <cstdint>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"

namespace tilepath {

class Hierarchy;

class Searcher {
 public:
  // Fills `out` (reusing its buffers). On bad arguments sets out.error and runs nothing.
  // Algorithm::Hpa needs the grid's hierarchy (Hierarchy::find passes it).
  void find(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options,
            SearchResult& out, Hierarchy* hierarchy = nullptr);
  SearchResult find(const Grid& grid, int sx, int sy, int gx, int gy,
                    const SearchOptions& options = {}) {
    SearchResult r;
    find(grid, sx, sy, gx, gy, options, r);
    return r;
  }

  // Bytes held by the search state (grows with the largest grid searched).
  std::size_t memoryBytes() const;
  // At most how many more bytes a search on `grid` may allocate (for hosts with a hard memory
  // limit, such as wasm, to refuse a search instead of running out mid-way).
  std::size_t bytesToGrowFor(const Grid& grid, bool trace) const;

  // A cell waiting on the open list: f = g + h, its cost so far g, its coordinates
  // (x | y << 16), from which the search gets the cell's index and neighbours, and h to break
  // ties towards the goal.
  struct OpenEntry {
    double f;
    double g;
    uint32_t xy;
    float h;
  };

 private:
  friend struct SearchRun;
  // Search state, 9 bytes a cell. An 8-byte slot: while the cell is on the open list, its
  // position there (its cost is in the entry); once expanded, minus its cost from the start
  // (the sign bit marks it closed); bfs keeps the cost itself there until then. And a byte:
  // the number of the search that last touched the cell (5 bits) and the step that reached it
  // (3 bits). A cell whose number is not the current search's is unseen, so a new search
  // resets nothing; every 31 searches the numbers are cleared at once.
  std::vector<double> slots_;
  std::vector<uint8_t> visit_;
  uint8_t searchNumber_ = 0;
  std::vector<OpenEntry> open_;
  std::vector<int32_t> queue_;  // bfs: a ring buffer of cells, its size a power of two
  std::vector<double> smoothing_;
};

}  // namespace tilepath
