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

struct SearchRun;
class Footprints;
// The search on grids with entry rules or links (rule_search.cpp).
void runWithRules(SearchRun& run);
bool walkWithRules(const SearchRun& run, int32_t cell, std::vector<int32_t>& path,
                   std::vector<int32_t>& linkSteps);
class Hierarchy;

// The algorithm Searcher::find (and SearchTask, Hierarchy::find, repairPath) runs for these
// options on this grid, as SearchResult::algorithm reports it; never Algorithm::Auto. For a unit
// above one cell, `grid` is its position grid (Footprints::positions), which has the cells'
// costs. Algorithm::Auto resolves to jump points (Algorithm::JPS) where they are exact and
// apply: a square grid without entry rules or links, every passable class at one cost, an exact
// goal, diagonal 'never' or 'noCorners', weight 1 with a heuristic that never overestimates
// (not manhattan with diagonals), and no maxExpansions budget (an expansion of a jump point
// search scans whole runs of cells, so a budget counted in expansions would bound its time far
// less tightly than A*'s). Everywhere else, A*. Trace and partial paths do not change the
// choice, so the traced search is the one that runs untraced.
Algorithm algorithmThatRuns(const Grid& grid, const SearchOptions& options);

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
  // Any unitSize: the search runs on the footprints' position grid of that size. (sx, sy) is the
  // unit's top-left cell, and its whole footprint must lie inside the grid; (gx, gy) any cell
  // (an exact goal whose footprint sticks out is blocked).
  void find(Footprints& footprints, int sx, int sy, int gx, int gy, const SearchOptions& options,
            SearchResult& out);
  SearchResult find(Footprints& footprints, int sx, int sy, int gx, int gy,
                    const SearchOptions& options = {}) {
    SearchResult r;
    find(footprints, sx, sy, gx, gy, options, r);
    return r;
  }

  // A search's number (13 bits of each cell's visit mark) comes back after this many searches:
  // then the marks stamped since the last time are cleared.
  static constexpr int kSearchNumbers = (1 << 13) - 1;

  // Bytes held by the search state (grows with the largest grid searched).
  std::size_t memoryBytes() const;
  std::size_t radixBytes() const;  // the open list's buckets
  // Hosts with a hard memory limit (wasm) install a check that a block of `bytes` can be had
  // now. The open list and bfs's queue grow while a search runs, by doubling; each growth asks
  // first, and a refusal ends the search with SearchResult::error instead of a failed
  // allocation. Null (the default): every growth goes ahead.
  using RoomCheck = bool (*)(std::size_t bytes);
  static void setRoomCheck(RoomCheck check) { roomCheck_ = check; }
  static bool roomFor(std::size_t bytes) { return roomCheck_ == nullptr || roomCheck_(bytes); }
  // Doubles v's capacity (to `least` entries at least) if roomFor allows it; false if not.
  // Out of line: inlined into a search loop (which it leaves once in a while), it made the
  // loop's code worse (A* 1-2% slower on the maze through wasm, without exceptions).
  template <typename T>
  __attribute__((noinline)) static bool growIfRoom(std::vector<T>& v, std::size_t least = 1024) {
    const std::size_t bigger = v.capacity() < least / 2 ? least : 2 * v.capacity();
    if (!roomFor(bigger * sizeof(T))) return false;
    v.reserve(bigger);
    return true;
  }
  // Makes v able to hold `count` entries without growing: true if it already can, or if
  // roomFor allows a block of exactly that many (then reserved: a resize alone may take twice
  // as much); false if not. Clear v first when its entries need not be kept.
  template <typename T>
  static bool reserveIfRoom(std::vector<T>& v, std::size_t count) {
    if (count <= v.capacity()) return true;
    if (!roomFor(count * sizeof(T))) return false;
    v.reserve(count);
    return true;
  }
  // How many more bytes a search on `grid` allocates before it starts: the per-cell state when
  // `grid` is bigger than any searched so far, and the trace (for hosts with a hard memory
  // limit, such as wasm, to refuse a search instead of running out). The open list and bfs's
  // queue are not counted: they ask setRoomCheck's check as they grow.
  std::size_t bytesToGrowFor(const Grid& grid, bool trace) const;
  // The part of it that the search on grids with entry rules or links adds (its own per-cell
  // state, one block).
  std::size_t ruleBytesToGrowFor(const Grid& grid) const;

  // A cell waiting on the open list: f = g + h, its cost so far g (among equal f, the higher g
  // goes first: nearer the goal), its index, and its coordinates (x | y << 16) for its
  // neighbours and heuristic.
  struct OpenEntry {
    double f;
    double g;
    uint32_t cell;
    uint32_t xy;
  };

  // The search on grids with entry rules or links (rule_search.cpp) keeps its own state, sized
  // on the first such search: a cell's cost so far, the cell it was reached from and whether
  // by a link, and the number of the search that touched it (a new search resets nothing).
  struct RuleCell {
    double g;
    int32_t parent;
    uint32_t stamp;  // the search's number << 1 | closed
    bool byLink;
  };
  // The link-aware estimate's parts: link ends that may shorten the way to the goal, each with
  // a lower bound of the cost from there.
  struct LinkSource {
    int32_t x, y;
    double rest;
  };

 private:
  friend struct SearchRun;
  friend class SearchTask;
  friend void runWithRules(SearchRun& run);
  friend bool walkWithRules(const SearchRun& run, int32_t cell, std::vector<int32_t>& path,
                            std::vector<int32_t>& linkSteps);
  // find in three parts, which SearchTask runs with pauses between slices of the middle one.
  // begin: argument checks and setUp; false when `out` already is the answer (an error, the
  // start on the goal, a blocked goal). prepare + advance: the search loop, until it ends or
  // pauses (SearchRun::sliceEnd). finish: the path walk, cost and smoothing.
  bool begin(const Grid& grid, int sx, int sy, int gx, int gy, const SearchOptions& options,
             SearchResult& out);
  // begin for a unit of options.unitSize (any size): checks, then setUp on its position grid,
  // which `positions` points to afterwards (the cells themselves for size 1).
  bool begin(Footprints& footprints, int sx, int sy, int gx, int gy, const SearchOptions& options,
             SearchResult& out, const Grid*& positions);
  // The set-up on `positions` (the cells themselves for size 1), arguments checked.
  bool setUp(const Grid& positions, int sx, int sy, int gx, int gy, const SearchOptions& options,
             SearchResult& out);
  static void prepare(SearchRun& run);
  static void advance(SearchRun& run);
  void finish(SearchRun& run);
  // Search state, 10 bytes a cell. An 8-byte slot: while the cell is on the open list, its
  // position there (its cost is in the entry); once expanded, minus its cost from the start
  // (the sign bit marks it closed); bfs keeps the cost itself there until then. And 2 bytes:
  // the number of the search that last touched the cell (13 bits) and the step that reached it
  // (3 bits). A cell whose number is not the current search's is unseen, so a new search
  // resets nothing; every 8191 searches the numbers are cleared at once, from the first cell
  // stamped since the last clear to the last (SearchRun::stamp; empty before the first search).
  // With a byte (5 bits, a clear every 31 searches) the clear was most of a short query's cost
  // on a big map: on AR0011SR (512 x 512) it took a third of jump point search's time.
  std::vector<double> slots_;
  std::vector<uint16_t> visit_;
  uint16_t searchNumber_ = 0;
  int32_t stampedLo_ = INT32_MAX, stampedHi_ = -1;
  // The open list (SearchRun::open): a radix heap. radix_[0] is a stack of the entries at the
  // key popped last (radixLast_, f's bits); radix_[k] holds those whose key first differs from
  // it at bit k - 1; open_, a 4-ary heap, those under it (or, for searches whose f may fall,
  // SearchRun::heapOpen's heap).
  static constexpr int kRadixBuckets = 65;
  // A bucket's first block: most buckets stay small, and growIfRoom's usual 1024 entries each
  // (24 KiB) added up to 1 MiB over a long search, a byte a cell of a 1024 x 1024 grid.
  static constexpr std::size_t kRadixLeast = 64;
  std::vector<OpenEntry> radix_[kRadixBuckets];
  // Which of radix_[1..64] hold entries (bit k - 1 for radix_[k]): the refill takes the first
  // with one count of trailing zeros instead of looking at up to 64 empty buckets, and a new
  // search clears only those.
  uint64_t radixFull_ = 0;
  uint64_t radixLast_ = 0;
  std::vector<OpenEntry> open_;
  std::vector<int32_t> queue_;  // bfs: a ring buffer of cells, its size a power of two
  std::vector<RuleCell> ruleCells_;
  uint32_t ruleNumber_ = 0;
  std::vector<OpenEntry> ruleOpen_;  // a binary heap: lower f first, then higher g
  std::vector<LinkSource> ruleSources_;
  // The estimate's scratch (rule_search.cpp: linkEstimate): the link ends, their lower bounds
  // and which are settled, kept so that a query on a warm searcher allocates nothing.
  std::vector<int32_t> ruleEnds_;
  std::vector<double> ruleLower_;
  std::vector<uint8_t> ruleDone_;
  static inline RoomCheck roomCheck_ = nullptr;
  std::vector<double> smoothing_;
};

}  // namespace tilepath
