// Internal: what uniform and weighted jump point search (jump_point.cpp,
// weighted_jump_point.cpp) share: the straight runs' block scans (56 cells at a time, Harabor &
// Grastien, ICAPS 2014), the dispatch of a run by its direction, and the corners' markers of
// the online pruning.
//
// BlockJumper is a base of each search's jumper (CRTP). The jumpers are declared in an unnamed
// namespace, so the base's members, instantiated with them, have internal linkage in each file
// as if they were written there, and GCC inlines them into the runs as it did then (callgrind,
// Moving AI maps: uniform jps 0.1 to 0.6% fewer instructions, weighted jps the same code). The
// scans are left to GCC's own inlining: forced (always_inline) they cost 1.4 to 3.7% more
// instructions in uniform jps and 3.8% in weighted jps (an earlier try, with the scans outside
// the jumpers in a header, ran uniform jps 2.7% more).
#pragma once

#include <cstdint>
#include <cstring>

#include "search/search_run.hpp"

namespace tilepath {

// A run that turns: diagonal with 8 neighbours, vertical with 4.
inline bool turningStep(bool fourWay, int step) {
  return fourWay ? step == 2 || step == 3 : step >= 4;
}

// Derived provides the runs, each from node (x, y) reached at g:
//   template <int DX, int DY> bool pushStraight(int x, int y, double g)  straight: true if it
//                                                                         pushed a jump point
//   template <int DY> void jumpVertical(int x, int y, double g)           4 neighbours
//   template <int DX, int DY> void jumpDiagonal(int x, int y, double g)   8 neighbours
//   void push(int32_t i, int x, int y, double g, int step)                a node (markOrPush)
// kMixed: the straight runs stop at mixed cells as well (Grid::mixedRowBits; weighted).
template <class Derived, bool kMixed>
class BlockJumper {
 public:
  explicit BlockJumper(SearchRun& run)
      : run_(run),
        grid_(run.grid),
        goalX_(run.goalX),
        goalY_(run.goalY),
        fourWay_(run.options.diagonal == Diagonal::Never) {}

  bool free(int x, int y) const { return grid_.open(x, y); }

  // From node (x, y), reached at g, along (dx, dy): pushes the jump points found. Each
  // direction has its own code, so that the scans' directions are constants.
  void jump(int x, int y, double g, int dx, int dy) {
    Derived& self = static_cast<Derived&>(*this);
    switch (stepNumber(dx, dy)) {
      case 0:
        self.template pushStraight<1, 0>(x, y, g);
        break;
      case 1:
        self.template pushStraight<-1, 0>(x, y, g);
        break;
      case 2:
        fourWay_ ? self.template jumpVertical<1>(x, y, g)
                 : void(self.template pushStraight<0, 1>(x, y, g));
        break;
      case 3:
        fourWay_ ? self.template jumpVertical<-1>(x, y, g)
                 : void(self.template pushStraight<0, -1>(x, y, g));
        break;
      case 4:
        self.template jumpDiagonal<1, 1>(x, y, g);
        break;
      case 5:
        self.template jumpDiagonal<-1, 1>(x, y, g);
        break;
      case 6:
        self.template jumpDiagonal<1, -1>(x, y, g);
        break;
      default:
        self.template jumpDiagonal<-1, -1>(x, y, g);
        break;
    }
  }

 protected:
  // A straight run scans 56 cells with a few word operations. Moving into cell c, c has a
  // forced neighbour when a cell beside it is free but the one beside the cell before c is
  // not: only through c can that cell be reached as quickly. The run stops at the first cell
  // that is blocked (no jump point), forced, the goal or (kMixed) mixed. Each of the three
  // lines (the run's and the two beside it; kMixed: and the run's mixed bits) is read once, as
  // 57 bits from the cell before the 56 scanned (one unaligned 8-byte load, shifted): a line
  // shifted by one bit then gives each cell's predecessor.
  //
  // `along` is the coordinate the run moves in (x for a row, y for a column), `across` the
  // other one. Returns the cell where the run stopped and whether it is a jump point.
  struct Stop {
    int at;
    bool jumpPoint;
  };
  static constexpr int kBlock = 56;
  static uint64_t load(const unsigned char* p) {
    uint64_t v;
    std::memcpy(&v, p,
                sizeof v);  // little-endian (x86, ARM, wasm): bit b is bit b % 8 of byte b / 8
    return v;
  }
  template <bool kColumn>
  const unsigned char* line(int across) const {
    return kColumn ? grid_.columnBits(across) : grid_.rowBits(across);
  }
  template <bool kColumn>
  const unsigned char* mixedLine(int across) const {
    return kColumn ? grid_.mixedColumnBits(across) : grid_.mixedRowBits(across);
  }
  template <bool kColumn>
  Stop scanForward(int along, int across) const {  // cells along + 1, along + 2, ...
    const int goalAlong = kColumn ? goalY_ : goalX_, goalAcross = kColumn ? goalX_ : goalY_;
    const unsigned char *mid = line<kColumn>(across), *low = line<kColumn>(across - 1),
                        *high = line<kColumn>(across + 1);
    const unsigned char* mix = kMixed ? mixedLine<kColumn>(across) : nullptr;
    constexpr uint64_t kScanned = (uint64_t{1} << kBlock) - 1;  // bits 0..55: cells c .. c + 55
    for (int c = along + 1;; c += kBlock) {
      // Bit k + 1 of each line is cell c + k, bit k the cell before it.
      const int bit = c - 1 + 64, byte = bit >> 3, shift = bit & 7;
      const uint64_t here = load(mid + byte) >> shift >> 1;
      const uint64_t mixed = kMixed ? load(mix + byte) >> shift >> 1 : 0;
      const uint64_t left = load(low + byte) >> shift, right = load(high + byte) >> shift;
      const uint64_t forced = ((left >> 1) & ~left) | ((right >> 1) & ~right);
      const unsigned toGoal = static_cast<unsigned>(goalAlong - c);
      const uint64_t goal = goalAcross == across && toGoal < kBlock ? uint64_t{1} << toGoal : 0;
      const uint64_t stops = (~here | forced | goal | mixed) & kScanned;
      if (stops != 0) {
        const int k = __builtin_ctzll(stops);
        return {c + k, ((here >> k) & 1) != 0};
      }
    }
  }
  template <bool kColumn>
  Stop scanBackward(int along, int across) const {  // cells along - 1, along - 2, ...
    const int goalAlong = kColumn ? goalY_ : goalX_, goalAcross = kColumn ? goalX_ : goalY_;
    const unsigned char *mid = line<kColumn>(across), *low = line<kColumn>(across - 1),
                        *high = line<kColumn>(across + 1);
    const unsigned char* mix = kMixed ? mixedLine<kColumn>(across) : nullptr;
    constexpr uint64_t kScanned = ~uint64_t{0} << (64 - kBlock);  // bits 63..8: cells c .. c - 55
    for (int c = along - 1;; c -= kBlock) {
      // The 8 bytes ending with the one holding cell c + 1, shifted so that cell c + 1 is bit
      // 63, bit 63 - k cell c + 1 - k: shifted up by one more, bit 63 - k is cell c - k, and
      // the unshifted bit there the cell before it.
      const int bit = c + 1 + 64, byte = (bit >> 3) - 7, shift = 7 - (bit & 7);
      const uint64_t here = load(mid + byte) << shift << 1;
      const uint64_t mixed = kMixed ? load(mix + byte) << shift << 1 : 0;
      const uint64_t left = load(low + byte) << shift, right = load(high + byte) << shift;
      const uint64_t forced = ((left << 1) & ~left) | ((right << 1) & ~right);
      const unsigned toGoal = static_cast<unsigned>(c - goalAlong);
      const uint64_t goal =
          goalAcross == across && toGoal < kBlock ? uint64_t{1} << (63 - toGoal) : 0;
      const uint64_t stops = (~here | forced | goal | mixed) & kScanned;
      if (stops != 0) {
        const int k = __builtin_clzll(stops);
        return {c - k, ((here >> (63 - k)) & 1) != 0};
      }
    }
  }
  // The straight run from (x, y) along (DX, DY).
  template <int DX, int DY>
  TILEPATH_HOT Stop scan(int x, int y) const {
    return DX > 0   ? scanForward<false>(x, y)
           : DX < 0 ? scanBackward<false>(x, y)
           : DY > 0 ? scanForward<true>(y, x)
                    : scanBackward<true>(y, x);
  }

  // Online pruning: the corner i of a turning run, reached at cornerG by `step`, where the
  // straight runs from it found jump points. The corner is written down as a marker for the
  // path walk (seen, its cost stored as a closed cell's, the run's step) and the run goes on; a
  // corner that is a node already, or marked more cheaply, is pushed instead (Derived::push)
  // and ends the run (its expansion takes the run on). True where the run ends.
  TILEPATH_HOT bool markOrPush(int32_t i, int x, int y, double cornerG, int step) {
    if (!run_.seen(i) || (marker(i) && run_.costOf(i) > cornerG)) {
      run_.stamp(i, step);
      run_.slot[i] = -cornerG;
      return false;
    }
    static_cast<Derived&>(*this).push(i, x, y, cornerG, step);
    return true;
  }
  // A marker (or a closed cell that arrived by a turning step, which the search cannot tell
  // from one) stands for an open cell with its cost: a cheaper way to it opens it afresh.
  bool marker(int32_t i) const {
    return run_.seen(i) && std::signbit(run_.slot[i]) && turningStep(fourWay_, run_.arrivalStep(i));
  }

  SearchRun& run_;
  const Grid& grid_;
  const int goalX_, goalY_;
  const bool fourWay_;
};

}  // namespace tilepath
