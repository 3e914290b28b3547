// Which steps exist beyond "a passable neighbour": entry rules (a class may be entered only by
// steps in some directions: conveyors, ledges, one-way doors) and links (an extra step between
// two cells with its own cost: stairs, ladders, teleporters). A Grid owns one MovementRules
// (Grid::rules()); a copy of a grid, or a sibling grid over the same cells, is given the same
// rules with one assignment (Grid::setRules).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tilepath/shape.hpp"

namespace tilepath {

// A link as the game made it: cells by index, `cost` >= 0 and finite, and whether it runs from
// a to b only.
struct CellLink {
  int32_t id = 0;
  int32_t a = 0, b = 0;
  double cost = 0;
  bool oneWay = false;
};

class MovementRules {
 public:
  // Every direction: the default of every class.
  static constexpr uint8_t kAnyDirection = 0xff;
  MovementRules();

  // The direction names of a shape, by step number: on square grids the searches' step order
  // (right, left, down, up, downRight, downLeft, upRight, upLeft: a result's facing names), on
  // staggered and hexagonal grids the shape's own (tilepath/shape.hpp).
  static int directionCount(const GridShape& shape);
  static std::string_view directionName(const GridShape& shape, int step);
  // Reads a comma-separated list of direction names ("right,down"; spaces allowed) into a mask
  // of step bits; an error naming the unknown name and listing the valid ones, or "".
  static std::string parseDirections(const GridShape& shape, std::string_view names, uint8_t& mask);

  // Steps that may enter a cell of class cls: bit d for step d.
  uint8_t entry(int cls) const { return entry_[cls]; }
  void setEntry(int cls, uint8_t mask);
  // Whether some class has an entry rule (present in the grid or not).
  bool anyEntryRule() const { return entryRules_ > 0; }

  // Links by id, in the order they were added.
  const std::vector<CellLink>& links() const { return links_; }
  bool anyLink() const { return !links_.empty(); }
  // Checks and adds a link (id chosen by the caller, unique: the JS side allocates ids so that a
  // worker replaying its edits makes the same ones). Errors name the bad value; nothing changes.
  std::string addLink(const CellLink& link, int cells);
  // Removes the link `id`; an error naming it when there is none.
  std::string removeLink(int32_t id);
  // Every rule at once, as a saved grid holds them (saved.cpp's RULE section): each class's
  // entry mask (kAnyDirection, or a non-empty set of the shape's steps), the links, checked as
  // addLink checks one but in one pass (a save of many links loads in O(n log n)), and the id
  // the next link is given (at least one more than any link's). An error names the first bad
  // value and leaves the rules as they were.
  std::string assign(const GridShape& shape, const uint8_t (&entry)[256],
                     std::vector<CellLink> links, int32_t nextId, int cells);
  // The next id no link has had (for native callers that let the grid choose).
  int32_t nextId() const { return nextId_; }
  // Counts the changes to the rules: a paused search that saw another number begins again.
  uint64_t generation() const { return generation_; }

  // A step by link out of (into) a cell: the other end, the cost and the link's id. Sorted by
  // cell, so that a search finds a cell's links by binary search (stepsFrom / stepsInto).
  struct LinkStep {
    int32_t from, to;
    double cost;
    int32_t id;
  };
  // The link steps out of cell i, as [begin, end).
  const LinkStep* stepsFrom(int32_t i, const LinkStep*& end) const {
    return range(out_, i, end, &LinkStep::from);
  }
  // The link steps into cell i (flow fields walk steps backwards).
  const LinkStep* stepsInto(int32_t i, const LinkStep*& end) const {
    return range(in_, i, end, &LinkStep::to);
  }
  const std::vector<LinkStep>& allSteps() const { return out_; }
  // The cheapest link step from a to b, or a negative number when there is none.
  double linkCost(int32_t a, int32_t b) const;

 private:
  static const LinkStep* range(const std::vector<LinkStep>& v, int32_t i, const LinkStep*& end,
                               int32_t LinkStep::*key);
  void rebuildSteps();
  // A link's cells, cost and id checked (not whether the id is taken).
  static std::string checkLink(const CellLink& link, int cells);

  uint8_t entry_[256];  // kAnyDirection until set
  int entryRules_ = 0;  // classes whose mask is not kAnyDirection
  std::vector<CellLink> links_;
  std::vector<LinkStep> out_, in_;
  int32_t nextId_ = 1;
  uint64_t generation_ = 0;
};

}  // namespace tilepath
