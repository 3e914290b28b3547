// Entry rules and links (tilepath/movement_rules.hpp).
#include "tilepath/movement_rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "tilepath/format.hpp"

namespace tilepath {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The id after `id` (the largest stays: a caller choosing ids up to it chooses the next too).
int32_t idAfter(int32_t id) {
  return id == INT32_MAX ? id : id + 1;
}

}  // namespace

MovementRules::MovementRules() {
  std::fill(entry_, entry_ + 256, kAnyDirection);
}

int MovementRules::directionCount(const GridShape& shape) {
  return shape.hexagonal() ? 6 : 8;
}

std::string_view MovementRules::directionName(const GridShape& shape, int step) {
  if (shape.square()) return kSquareDirectionNames[step];
  if (shape.staggered()) return kStaggeredDirectionNames[step];
  return shape.staggerAxis == StaggerAxis::X ? kHexColumnDirectionNames[step]
                                             : kHexRowDirectionNames[step];
}

std::string MovementRules::parseDirections(const GridShape& shape, std::string_view names,
                                           uint8_t& mask) {
  mask = 0;
  const int count = directionCount(shape);
  while (true) {
    const std::size_t comma = names.find(',');
    const std::string_view name = trim(names.substr(0, comma));
    int step = 0;
    while (step < count && directionName(shape, step) != name) ++step;
    if (step == count) {
      std::string valid;
      for (int d = 0; d < count; ++d)
        valid += (d ? ", '" : "'") + std::string(directionName(shape, d)) + "'";
      return "entry direction '" + std::string(name) + "' is not one of " +
             std::string(kOrientationNames[static_cast<int>(shape.orientation)]) +
             " grids' directions: " + valid;
    }
    mask |= static_cast<uint8_t>(1u << step);
    if (comma == std::string_view::npos) return {};
    names.remove_prefix(comma + 1);
  }
}

void MovementRules::setEntry(int cls, uint8_t mask) {
  entryRules_ += (mask != kAnyDirection) - (entry_[cls] != kAnyDirection);
  entry_[cls] = mask;
  ++generation_;
}

std::string MovementRules::checkLink(const CellLink& link, int cells) {
  if (link.a < 0 || link.a >= cells)
    return "link start cell index " + std::to_string(link.a) + " is outside the grid (0.." +
           std::to_string(cells - 1) + ")";
  if (link.b < 0 || link.b >= cells)
    return "link end cell index " + std::to_string(link.b) + " is outside the grid (0.." +
           std::to_string(cells - 1) + ")";
  if (!(link.cost >= 0) || !std::isfinite(link.cost))
    return "link cost must be a finite number >= 0, got " + formatPrecise(link.cost);
  if (link.id <= 0) return "link id must be a positive integer, got " + std::to_string(link.id);
  return {};
}

std::string MovementRules::addLink(const CellLink& link, int cells) {
  std::string error = checkLink(link, cells);
  if (!error.empty()) return error;
  for (const CellLink& l : links_)
    if (l.id == link.id) return "link id " + std::to_string(link.id) + " is taken";
  links_.push_back(link);
  nextId_ = std::max(nextId_, idAfter(link.id));
  rebuildSteps();
  ++generation_;
  return {};
}

std::string MovementRules::removeLink(int32_t id) {
  const auto it =
      std::find_if(links_.begin(), links_.end(), [id](const CellLink& l) { return l.id == id; });
  if (it == links_.end()) return "no link has id " + std::to_string(id);
  links_.erase(it);
  rebuildSteps();
  ++generation_;
  return {};
}

std::string MovementRules::assign(const GridShape& shape, const uint8_t (&entry)[256],
                                  std::vector<CellLink> links, int32_t nextId, int cells) {
  const auto steps = static_cast<uint8_t>((1u << directionCount(shape)) - 1);
  for (int cls = 0; cls < 256; ++cls) {
    const uint8_t mask = entry[cls];
    if (mask != kAnyDirection && (mask == 0 || (mask & ~steps) != 0))
      return "class " + std::to_string(cls) + " has entry mask " + std::to_string(mask) +
             ", not a set of " +
             std::string(kOrientationNames[static_cast<int>(shape.orientation)]) +
             " grids' directions";
  }
  for (const CellLink& link : links) {
    std::string error = checkLink(link, cells);
    if (!error.empty()) return error;
  }
  std::vector<int32_t> ids(links.size());
  std::transform(links.begin(), links.end(), ids.begin(), [](const CellLink& l) { return l.id; });
  std::sort(ids.begin(), ids.end());
  const auto twice = std::adjacent_find(ids.begin(), ids.end());
  if (twice != ids.end()) return "link id " + std::to_string(*twice) + " is taken";
  std::copy(entry, entry + 256, entry_);
  entryRules_ = static_cast<int>(
      std::count_if(entry_, entry_ + 256, [](uint8_t m) { return m != kAnyDirection; }));
  links_ = std::move(links);
  nextId_ = std::max({nextId, 1, ids.empty() ? 1 : idAfter(ids.back())});
  rebuildSteps();
  ++generation_;
  return {};
}

void MovementRules::rebuildSteps() {
  out_.clear();
  for (const CellLink& l : links_) {
    out_.push_back({l.a, l.b, l.cost, l.id});
    if (!l.oneWay && l.a != l.b) out_.push_back({l.b, l.a, l.cost, l.id});
  }
  in_ = out_;
  // Ties by id: every build walks a cell's links in the same order.
  std::sort(out_.begin(), out_.end(), [](const LinkStep& p, const LinkStep& q) {
    return p.from != q.from ? p.from < q.from : p.id < q.id;
  });
  std::sort(in_.begin(), in_.end(), [](const LinkStep& p, const LinkStep& q) {
    return p.to != q.to ? p.to < q.to : p.id < q.id;
  });
}

const MovementRules::LinkStep* MovementRules::range(const std::vector<LinkStep>& v, int32_t i,
                                                    const LinkStep*& end, int32_t LinkStep::*key) {
  const auto first = std::lower_bound(v.begin(), v.end(), i,
                                      [key](const LinkStep& s, int32_t c) { return s.*key < c; });
  auto last = first;
  while (last != v.end() && (*last).*key == i) ++last;
  end = v.data() + (last - v.begin());
  return v.data() + (first - v.begin());
}

double MovementRules::linkCost(int32_t a, int32_t b) const {
  double best = -1;
  const LinkStep* end;
  for (const LinkStep* s = stepsFrom(a, end); s != end; ++s)
    if (s->to == b && (best < 0 || s->cost < best)) best = s->cost;
  return best;
}

}  // namespace tilepath
