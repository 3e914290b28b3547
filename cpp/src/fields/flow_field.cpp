// Flow fields: Dijkstra from every goal at once over reversed steps. A unit at c stepping to n
// pays length x cost(n), so when n is settled each cell c that can step into n is offered
// cost(n's field) + length x cost(n), and its step points at n.
#include <algorithm>
#include <cmath>

#include "tilepath/fields.hpp"
#include "tilepath/format.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kDiagonal = Grid::kSqrt2;
}  // namespace

std::string validateFieldOptions(const FieldOptions& options) {
  if (static_cast<unsigned>(options.diagonal) > static_cast<unsigned>(Diagonal::Always))
    return "diagonal code " + std::to_string(static_cast<int>(options.diagonal)) + " is unknown";
  if (std::isnan(options.maxCost) || options.maxCost < 0)
    return "maxCost must be a number >= 0 (or Infinity), got " + formatFixed(options.maxCost);
  return {};
}

bool FieldSearch::push(double cost, int32_t cell) {
  if (open_.size() == open_.capacity() && !Searcher::growIfRoom(open_)) {
    outOfMemory_ = true;
    return false;
  }
  open_.push_back({cost, cell});
  std::push_heap(open_.begin(), open_.end(),
                 [](const Entry& a, const Entry& b) { return a.cost > b.cost; });
  return true;
}

bool FieldSearch::endedOutOfMemory(std::string& error) {
  if (!outOfMemory_) return false;
  outOfMemory_ = false;
  open_.clear();
  error =
      "not enough memory to go on with this query: its list of cells to visit could not grow "
      "(maxCost bounds a field or range)";
  return true;
}

FieldSearch::Entry FieldSearch::pop() {
  std::pop_heap(open_.begin(), open_.end(),
                [](const Entry& a, const Entry& b) { return a.cost > b.cost; });
  const Entry top = open_.back();
  open_.pop_back();
  return top;
}

std::size_t FieldSearch::bytesToGrowFor(const Grid& grid) const {
  const auto cells = static_cast<std::size_t>(grid.size());
  std::size_t bytes = cells * (sizeof(float) + sizeof(uint8_t) + sizeof(int32_t) * 2);
  if (exact_.capacity() < cells) bytes += cells * sizeof(double);
  // (The open list asks Searcher::roomFor as it grows.)
  return bytes;
}

std::size_t FieldSearch::memoryBytes() const {
  std::size_t bytes = exact_.capacity() * sizeof(double) + open_.capacity() * sizeof(Entry);
  for (const auto& bucket : ring_) bytes += bucket.capacity() * sizeof(Entry);
  return bytes;
}

// Dial's buckets. A level is a band of costs as wide as the cheapest step or narrower (a power of
// two, so a cost's level is exact): a cell taken from the lowest level can only offer costs a
// level or more higher, never one in its own band, so each cell of that band already has its
// final cost, whichever of them comes first (the same costs as a heap gives; which of two equally
// cheap steps a cell keeps may differ). A push is an append and a pop takes the last entry: no
// heap. The ring needs as many levels as the dearest step spans; a map whose costs differ by
// more than a factor of 512 keeps the heap.
bool FieldSearch::useRing(const Grid& grid) {
  const double cheapest = grid.minCost(), dearest = grid.maxCost();
  // (A cost so small that its level's width underflows, which a table may hold, keeps the heap.)
  if (!(cheapest > 1e-300) || dearest / cheapest > 512) return false;
  double width = 1;
  while (width > cheapest) width /= 2;
  while (width * 2 <= cheapest) width *= 2;
  levelsPerUnit_ = 1 / width;
  // A step spans at most sqrt 2 x dearest / width levels (fewer than 2 x 512 x 2), plus the
  // level it starts from.
  const auto span = static_cast<std::size_t>(kDiagonal * dearest * levelsPerUnit_) + 2;
  std::size_t size = 4;
  while (size < span) size *= 2;
  if (ring_.size() < size) ring_.resize(size);
  for (auto& bucket : ring_) bucket.clear();
  waiting_ = 0;
  return true;
}

bool FieldSearch::pushLevel(double cost, int32_t cell) {
  const auto level = static_cast<uint64_t>(cost * levelsPerUnit_);
  auto& bucket = ring_[level & (ring_.size() - 1)];
  if (bucket.size() == bucket.capacity() && !Searcher::growIfRoom(bucket, 256)) {
    outOfMemory_ = true;
    return false;
  }
  bucket.push_back({cost, cell});
  ++waiting_;
  return true;
}

void FieldSearch::flowField(const Grid& grid, const int32_t* goals, std::size_t count,
                            const FieldOptions& options, FlowField& out) {
  out.error = validateFieldOptions(options);
  if (!out.error.empty()) return;
  const int n = grid.size(), width = grid.width();
  for (std::size_t k = 0; k < count; ++k) {
    if (goals[k] < 0 || goals[k] >= n) {
      out.error = "goal cell index " + std::to_string(goals[k]) + " is outside the grid";
      return;
    }
  }
  out.linkTo.clear();
  if (grid.hasRules()) return flowFieldWithRules(grid, goals, count, options, out);
  out.costs.assign(n, std::numeric_limits<float>::infinity());
  out.steps.assign(n, kNoStep);
  exact_.assign(n, kInfinity);
  open_.clear();
  const bool ring = useRing(grid);
  auto add = [&](double cost, int32_t cell) { ring ? pushLevel(cost, cell) : push(cost, cell); };
  uint64_t level = 0;  // the ring's lowest level that may hold entries
  auto next = [&](Entry& e) {
    if (!ring) {
      if (open_.empty()) return false;
      e = pop();
      return true;
    }
    if (waiting_ == 0) return false;
    for (;; ++level) {
      auto& bucket = ring_[level & (ring_.size() - 1)];
      if (bucket.empty()) continue;
      e = bucket.back();
      bucket.pop_back();
      --waiting_;
      return true;
    }
  };
  for (std::size_t k = 0; k < count; ++k) {
    if (!grid.passable(goals[k]) || exact_[goals[k]] == 0) continue;
    exact_[goals[k]] = 0;
    add(0, goals[k]);
  }
  const Diagonal rule = options.diagonal;
  Entry top;
  while (!outOfMemory_ && next(top)) {
    if (top.cost > exact_[top.cell]) continue;  // stale: a cheaper entry came first
    out.costs[top.cell] = static_cast<float>(top.cost);
    // A blocked cell is only ever an end: nothing can step into it.
    if (!grid.passable(top.cell)) continue;
    const int x = top.cell % width, y = top.cell / width;
    const double enter = grid.cellCost(top.cell);
    if (!grid.shape().square()) {
      // Staggered and hexagonal steps are symmetric (a diagonal's side cells are the same two
      // both ways): the cells that can step here are the neighbours this cell could step to.
      ShapedStep into[8];
      const int count = shapedStepsFrom(grid, options.diagonal, x, y, true, into);
      for (int k = 0; k < count; ++k) {
        const int c = into[k].index;
        const double cost = top.cost + into[k].length * enter;
        if (!(cost < exact_[c]) || cost > options.maxCost) continue;
        exact_[c] = cost;
        out.steps[c] = reverseStep(into[k].code);
        add(cost, c);
      }
      continue;
    }
    const bool right = grid.passable(x + 1, y), left = grid.passable(x - 1, y);
    const bool down = grid.passable(x, y + 1), up = grid.passable(x, y - 1);
    // Offers cell (cx, cy) the step into this one; `code` is that step's direction.
    auto offer = [&](int cx, int cy, double length, uint8_t code) {
      if (!grid.inside(cx, cy)) return;
      const int c = grid.index(cx, cy);
      const double cost = top.cost + length * enter;
      if (!(cost < exact_[c]) || cost > options.maxCost) return;
      exact_[c] = cost;
      out.steps[c] = code;
      add(cost, c);
    };
    offer(x - 1, y, 1.0, 1);  // from the left, a step east
    offer(x, y - 1, 1.0, 3);
    offer(x + 1, y, 1.0, 5);
    offer(x, y + 1, 1.0, 7);
    if (rule == Diagonal::Never) continue;
    auto allowed = [rule](bool a, bool b) {
      return rule == Diagonal::Always || (rule == Diagonal::OneObstacle ? a || b : a && b);
    };
    // The side cells of a diagonal are the same two whichever way it is walked.
    if (allowed(left, up)) offer(x - 1, y - 1, kDiagonal, 2);
    if (allowed(right, up)) offer(x + 1, y - 1, kDiagonal, 4);
    if (allowed(right, down)) offer(x + 1, y + 1, kDiagonal, 6);
    if (allowed(left, down)) offer(x - 1, y + 1, kDiagonal, 8);
  }
  endedOutOfMemory(out.error);
}

}  // namespace tilepath
