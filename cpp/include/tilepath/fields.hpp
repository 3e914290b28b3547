// Whole-map queries under findPath's cost model: a flow field (cost from every cell TO the
// nearest of several goals, with the step to take) and a movement range (cost FROM one unit to
// every cell within a budget, with the way back). A step costs its length times the cost of the
// cell entered, so the two are different searches: a field runs Dijkstra over reversed steps.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"

namespace tilepath {

// A direction code per cell: 0 = no step (a goal, the range's start, or a cell not reached),
// otherwise 1 + an index into kFieldSteps (clockwise from east, y down). Codes 9 to 12 are the
// diagonal steps of staggered grids that skip a row or column; every other step of staggered
// and hexagonal grids moves at most one column and one row, so it has one of codes 1 to 8.
struct FieldStep {
  int8_t dx, dy;
};
inline constexpr FieldStep kFieldSteps[12] = {{1, 0},  {1, 1},  {0, 1}, {-1, 1}, {-1, 0}, {-1, -1},
                                              {0, -1}, {1, -1}, {0, 2}, {0, -2}, {2, 0},  {-2, 0}};
inline constexpr uint8_t kNoStep = 0;
// On grids with links (tilepath/movement_rules.hpp): the step is a link's, to the cell that
// FlowField::linkTo (MovementRange::linkFrom) holds.
inline constexpr uint8_t kLinkStep = 13;

struct FieldOptions {
  Diagonal diagonal = Diagonal::Never;
  // Cells dearer than this stay unreached (Infinity); infinity = no budget.
  double maxCost = std::numeric_limits<double>::infinity();
};

// Empty when usable, else a message naming the bad value.
std::string validateFieldOptions(const FieldOptions& options);

struct FlowField {
  std::vector<float> costs;    // to the nearest goal; infinity when no goal is reachable
  std::vector<uint8_t> steps;  // the step to take from each cell towards it
  // With links: the cell a kLinkStep leads to (-1 elsewhere); empty on grids without links.
  std::vector<int32_t> linkTo;
  std::string error;  // non-empty: the arguments were refused, nothing ran
};

struct MovementRange {
  std::vector<float> costs;       // from the start; infinity beyond the budget
  std::vector<uint8_t> cameFrom;  // the step from each reached cell back towards the start
  std::vector<int32_t> cells;     // x0, y0, x1, y1, ... in increasing cost, the start first
  // With links: the cell a kLinkStep in cameFrom leads back to (-1 elsewhere); empty on grids
  // without links.
  std::vector<int32_t> linkFrom;
  std::string error;
};

// Search state reused across queries (the open list and the exact double costs), so a field
// allocates only its outputs.
class FieldSearch {
 public:
  // goals: cell indices; blocked ones are no goal (findPath cannot end on them either). A
  // blocked cell next to the way gets a cost and a step too: a unit pushed into a wall walks out.
  void flowField(const Grid& grid, const int32_t* goals, std::size_t count,
                 const FieldOptions& options, FlowField& out);
  // The start may be blocked (the unit stands there); the steps out of it are the usual ones.
  void reachable(const Grid& grid, int startX, int startY, const FieldOptions& options,
                 MovementRange& out);

  // Bytes a query on this grid may add to this state and its outputs (for memory checks).
  std::size_t bytesToGrowFor(const Grid& grid) const;
  std::size_t memoryBytes() const;

  struct Entry {
    double cost;
    int32_t cell;
  };

 private:
  // False (and outOfMemory_ set) when the open list is full and may not grow
  // (Searcher::setRoomCheck): the query then ends with an error.
  bool push(double cost, int32_t cell);
  Entry pop();
  // Ends a query whose open list could not grow: its error, true if so.
  bool endedOutOfMemory(std::string& error);
  bool outOfMemory_ = false;

  std::vector<double> exact_;  // costs in double while searching: floats would drift
  std::vector<Entry> open_;    // binary min-heap; stale entries are skipped when popped
  // Flow fields: the open list as a ring of buckets, one per level of cost (flow_field.cpp).
  std::vector<std::vector<Entry>> ring_;
  double levelsPerUnit_ = 0;  // 1 / a level's width: a power of two
  std::size_t waiting_ = 0;   // entries in the ring, stale ones included
  bool useRing(const Grid& grid);
  // The same queries on grids with entry rules or links (rule_fields.cpp), arguments checked.
  void flowFieldWithRules(const Grid& grid, const int32_t* goals, std::size_t count,
                          const FieldOptions& options, FlowField& out);
  void reachableWithRules(const Grid& grid, int start, const FieldOptions& options,
                          MovementRange& out);
  bool pushLevel(double cost, int32_t cell);
};

// Calls fn(neighbourIndex, stepLength, stepCode) for each neighbour (x, y) may step to under
// the diagonal rule, as findPath moves: the neighbour passable, a diagonal subject to its two
// side cells. (x, y) itself may be blocked.
// On staggered and hexagonal grids: the steps out of (x, y) as forEachStep gives them (with
// `anyTarget`, onto blocked cells too, for reversed steps). Returns how many it wrote.
struct ShapedStep {
  int32_t index;
  double length;
  uint8_t code;
};
int shapedStepsFrom(const Grid& grid, Diagonal rule, int x, int y, bool anyTarget,
                    ShapedStep (&out)[8]);

template <typename Fn>
void forEachStep(const Grid& grid, Diagonal rule, int x, int y, Fn&& fn) {
  if (!grid.shape().square()) {
    ShapedStep steps[8];
    const int n = shapedStepsFrom(grid, rule, x, y, false, steps);
    for (int k = 0; k < n; ++k) fn(steps[k].index, steps[k].length, steps[k].code);
    return;
  }
  const bool right = grid.passable(x + 1, y), left = grid.passable(x - 1, y);
  const bool down = grid.passable(x, y + 1), up = grid.passable(x, y - 1);
  const int i = grid.index(x, y), w = grid.width();
  if (right) fn(i + 1, 1.0, uint8_t{1});
  if (down) fn(i + w, 1.0, uint8_t{3});
  if (left) fn(i - 1, 1.0, uint8_t{5});
  if (up) fn(i - w, 1.0, uint8_t{7});
  if (rule == Diagonal::Never) return;
  auto allowed = [rule](bool a, bool b) {
    return rule == Diagonal::Always || (rule == Diagonal::OneObstacle ? a || b : a && b);
  };
  constexpr double kDiagonal = Grid::kSqrt2;
  if (grid.passable(x + 1, y + 1) && allowed(right, down)) fn(i + w + 1, kDiagonal, uint8_t{2});
  if (grid.passable(x - 1, y + 1) && allowed(left, down)) fn(i + w - 1, kDiagonal, uint8_t{4});
  if (grid.passable(x - 1, y - 1) && allowed(left, up)) fn(i - w - 1, kDiagonal, uint8_t{6});
  if (grid.passable(x + 1, y - 1) && allowed(right, up)) fn(i - w + 1, kDiagonal, uint8_t{8});
}

// The code of the step back: from the cell a step `code` reaches to the cell it left.
inline uint8_t reverseStep(uint8_t code) {
  return static_cast<uint8_t>(code <= 8 ? (code + 3) % 8 + 1 : ((code - 9) ^ 1) + 9);
}

}  // namespace tilepath
