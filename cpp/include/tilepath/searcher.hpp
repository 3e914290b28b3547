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

class Searcher {
 public:
  // Fills `out` (reusing its buffers). On bad arguments sets out.error and runs nothing.
  void find(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options,
            SearchResult& out);
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

  struct Node {
    double g;
    int32_t parent;
    uint32_t search;    // the search that last touched this record; stale otherwise
    int32_t heapIndex;  // >= 0 open, kClosed after expansion
  };
  struct HeapEntry {
    double f;
    double h;
    int32_t node;
  };
  static constexpr int32_t kClosed = -1;

 private:
  friend struct SearchRun;
  std::vector<Node> nodes_;
  std::vector<HeapEntry> heap_;
  std::vector<int32_t> fifo_;
  std::vector<int32_t> scratch_;
  std::vector<double> smoothing_;
  uint32_t search_ = 0;
};

}  // namespace tilepath
