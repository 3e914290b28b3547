// repairPath (tilepath/repair.hpp): checks, the broken part of the old path, a bounded detour
// search back onto it, and the full search when the detour is not found within the bound.
#include "tilepath/repair.hpp"

#include <algorithm>
#include <queue>
#include <string>

#include "search/search_run.hpp"
#include "tilepath/searcher.hpp"
#include "tilepath/smoothing.hpp"

namespace tilepath {
namespace {

// How many points of the old path before its first broken step a detour may leave from.
constexpr int kDepartureWindow = 32;

std::string pointText(const std::vector<int32_t>& path, std::size_t k) {
  return "point " + std::to_string(k) + " (" + std::to_string(path[2 * k]) + ", " +
         std::to_string(path[2 * k + 1]) + ")";
}

std::string checkPath(const Grid& grid, const std::vector<int32_t>& path, int fromIndex) {
  const std::size_t points = path.size() / 2;
  if (path.size() % 2 != 0 || points == 0)
    return "path must hold x, y pairs of at least one point, got " + std::to_string(path.size()) +
           " numbers";
  if (fromIndex < 0 || static_cast<std::size_t>(fromIndex) >= points)
    return "fromIndex must be an integer from 0 to " + std::to_string(points - 1) + ", got " +
           std::to_string(fromIndex);
  for (std::size_t k = 0; k < points; ++k) {
    if (!grid.inside(path[2 * k], path[2 * k + 1]))
      return "path " + pointText(path, k) + " is outside the grid";
    if (k == 0) continue;
    const int dx = path[2 * k] - path[2 * k - 2], dy = path[2 * k + 1] - path[2 * k - 1];
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0))
      return "path must go cell by cell (findPath's path, not smoothed waypoints): " +
             pointText(path, k) + " is not next to " + pointText(path, k - 1);
  }
  return {};
}

// Whether the step into point k (k >= 1) is still legal: its cell open, its corner rule kept.
bool stepLegal(const Grid& grid, Diagonal rule, const std::vector<int32_t>& path, std::size_t k) {
  const int x = path[2 * k], y = path[2 * k + 1], px = path[2 * k - 2], py = path[2 * k - 1];
  if (!grid.passable(x, y)) return false;
  if (x == px || y == py) return true;
  return diagonalAllowed(rule, grid.passable(x, py), grid.passable(px, y));
}

// Cells (never negative) to values, for a search that touches few cells of a big grid: open
// addressing with linear probing, at most half full. (std::unordered_map, one per value type,
// put libc++'s buckets and prime table in the wasm: some 2 KB gzipped.)
template <typename V>
class CellMap {
 public:
  // The value of `cell`, or null.
  V* find(int32_t cell) {
    if (keys_.empty()) return nullptr;
    for (std::size_t i = slot(cell);; i = (i + 1) & (keys_.size() - 1)) {
      if (keys_[i] == cell) return &values_[i];
      if (keys_[i] < 0) return nullptr;
    }
  }
  const V* find(int32_t cell) const { return const_cast<CellMap*>(this)->find(cell); }
  // The value of `cell`, added as V{} if it has none (which may move the others).
  V& operator[](int32_t cell) {
    if (V* value = find(cell)) return *value;
    if (2 * (size_ + 1) > keys_.size()) grow();
    std::size_t i = slot(cell);
    while (keys_[i] >= 0) i = (i + 1) & (keys_.size() - 1);
    keys_[i] = cell;
    ++size_;
    return values_[i] = V{};
  }
  bool empty() const { return size_ == 0; }

 private:
  std::size_t slot(int32_t cell) const {
    return (static_cast<uint32_t>(cell) * 2654435769u) & (keys_.size() - 1);
  }
  void grow() {
    std::vector<int32_t> keys(std::max<std::size_t>(64, 2 * keys_.size()), -1);
    std::vector<V> values(keys.size());
    keys.swap(keys_);
    values.swap(values_);
    size_ = 0;
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] >= 0) (*this)[keys[i]] = values[i];
  }
  std::vector<int32_t> keys_;  // -1: a free slot
  std::vector<V> values_;
  std::size_t size_ = 0;
};

// An A* from some seed cells, aimed at (aimX, aimY), until it settles a cell of `targets`
// (returned, -1 if none) or has expanded `bound` cells. Its estimate is consistent, so every cell
// it settles has its cheapest cost from the seeds. Its state lives in hash maps: it touches few
// cells of a big grid.
struct Detour {
  struct Reached {
    double cost;   // the cheapest found
    int32_t from;  // the cell it came from, -1 for a seed
    bool settled;  // expanded
  };
  CellMap<Reached> best;
  uint32_t expanded = 0;

  // Seeds: (cell, cost already paid to stand there).
  int32_t run(const Grid& grid, Diagonal rule, const std::vector<std::pair<int32_t, double>>& seeds,
              const CellMap<int32_t>& targets, int aimX, int aimY, uint32_t bound) {
    using Item = std::pair<double, int32_t>;  // (g + estimate, cell)
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    const int w = grid.width();
    const uint8_t* stepsFrom = stepsAllowed(rule);
    const Heuristic h = rule == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile;
    auto estimate = [&](int32_t cell) {
      return grid.minCost() * distance(h, cell % w - aimX, cell / w - aimY);
    };
    for (const auto& [cell, paid] : seeds) {
      best[cell] = {paid, -1, false};
      open.push({paid + estimate(cell), cell});
    }
    while (!open.empty() && expanded < bound) {
      const int32_t cell = open.top().second;
      open.pop();
      Reached& reached = best[cell];
      if (reached.settled) continue;
      const double g = reached.cost;
      reached.settled = true;
      ++expanded;
      if (targets.find(cell)) return cell;
      const int x = cell % w, y = cell / w;
      for (unsigned steps = stepsFrom[grid.around(x, y)]; steps != 0; steps &= steps - 1) {
        const int step = __builtin_ctz(steps);
        const int32_t next = grid.index(x + kStepX[step], y + kStepY[step]);
        const double ng = g + kStepLength[step] * grid.cellCost(next);
        if (Reached* known = best.find(next)) {
          if (!(ng < known->cost)) continue;
          known->cost = ng;  // (settled stays as it is)
          known->from = cell;
        } else {
          best[next] = {ng, cell, false};
        }
        open.push({ng + estimate(next), next});
      }
    }
    return -1;
  }
};

}  // namespace

void repairPath(Searcher& searcher, const Grid& grid, const std::vector<int32_t>& path,
                int fromIndex, const SearchOptions& options, const RepairOptions& repair,
                RepairResult& out, Hierarchy* hierarchy) {
  SearchResult& r = out.search;
  r.clear();
  out.kind = RepairKind::None;
  out.rejoinIndex = out.departIndex = -1;
  out.detourCost = 0;
  r.error = validateOptions(options);
  if (r.error.empty()) r.error = squareGridOnly("repairPath", grid.shape());
  if (r.error.empty() && options.unitSize != 1)
    r.error = "repairPath supports units of one tile only, got unitSize " +
              std::to_string(options.unitSize);
  if (r.error.empty() && grid.hasRules()) {
    // Entry rules and links: the detour's local search knows neither, and a path that takes a
    // link is not cell by cell. The repair is a full search from where the unit stands.
    const auto points = static_cast<int>(path.size() / 2);
    if (path.size() % 2 != 0 || points < 1)
      r.error = "path must hold x, y pairs, at least one, got " + std::to_string(path.size()) +
                " numbers";
    else if (fromIndex < 0 || fromIndex >= points)
      r.error = "fromIndex must be an integer from 0 to " + std::to_string(points - 1) + ", got " +
                std::to_string(fromIndex);
    for (int k = 0; r.error.empty() && k < points; ++k)
      if (!grid.inside(path[2 * k], path[2 * k + 1]))
        r.error = "path point " + std::to_string(k) + " (" + std::to_string(path[2 * k]) + ", " +
                  std::to_string(path[2 * k + 1]) + ") is outside the grid";
    if (!r.error.empty()) return;
    searcher.find(grid, path[2 * fromIndex], path[2 * fromIndex + 1], path[path.size() - 2],
                  path.back(), options, r, hierarchy);
    out.kind = RepairKind::Full;
    return;
  }
  if (r.error.empty()) r.error = checkPath(grid, path, fromIndex);
  if (!r.error.empty()) return;
  const auto points = static_cast<int>(path.size() / 2);
  const int sx = path[2 * fromIndex], sy = path[2 * fromIndex + 1];
  const int gx = path[path.size() - 2], gy = path.back();
  const Diagonal rule = options.diagonal;

  // The first and last broken steps: before and past them the old path is still good.
  int firstBroken = -1, broken = -1;
  for (int k = fromIndex + 1; k < points; ++k)
    if (!stepLegal(grid, rule, path, k)) {
      if (firstBroken < 0) firstBroken = k;
      broken = k;
    }

  std::vector<int32_t> cells;
  if (broken < 0) {
    cells.assign(path.begin() + 2 * fromIndex, path.end());
  } else {
    CellMap<int32_t> targets;  // cell -> its (latest) point on the path
    int aim = points - 1;      // the first good point past the break: the search heads there
    for (int k = points - 1; k >= broken; --k)
      if (grid.passable(path[2 * k], path[2 * k + 1])) {
        if (!targets.find(grid.index(path[2 * k], path[2 * k + 1])))
          targets[grid.index(path[2 * k], path[2 * k + 1])] = k;
        aim = k;
      }
    // The detour may leave the old path anywhere in the last kDepartureWindow points before
    // the first broken step (each seeded with what walking the path there costs), so that it
    // need not flood everything between the unit and a wall far ahead.
    const int first = std::max(fromIndex, firstBroken - 1 - kDepartureWindow);
    std::vector<std::pair<int32_t, double>> seeds;
    double paid = 0;
    for (int k = first; k < firstBroken; ++k) {
      if (k > first)
        paid += grid.stepCost(path[2 * k - 2], path[2 * k - 1], path[2 * k], path[2 * k + 1]);
      seeds.push_back({grid.index(path[2 * k], path[2 * k + 1]), paid});
    }
    Detour detour;
    const int32_t rejoin = targets.empty() ? -1
                                           : detour.run(grid, rule, seeds, targets, path[2 * aim],
                                                        path[2 * aim + 1], repair.detourExpansions);
    if (rejoin < 0) {  // no short detour: a full search from where the unit stands
      searcher.find(grid, sx, sy, gx, gy, options, r, hierarchy);
      r.expanded += detour.expanded;
      out.kind = RepairKind::Full;
      return;
    }
    out.kind = RepairKind::Local;
    out.rejoinIndex = *targets.find(rejoin);
    int32_t departure = rejoin;
    for (int32_t c = rejoin; c >= 0; c = detour.best.find(c)->from) {
      departure = c;
      cells.push_back(c / grid.width());  // reversed below: y before x
      cells.push_back(c % grid.width());
    }
    std::reverse(cells.begin(), cells.end());
    for (int k = first; k < firstBroken; ++k)
      if (grid.index(path[2 * k], path[2 * k + 1]) == departure) out.departIndex = k;
    out.detourCost = detour.best.find(rejoin)->cost - seeds[out.departIndex - first].second;
    // The old path up to the departure, the detour, the old path from the rejoined point on.
    cells.insert(cells.begin(), path.begin() + 2 * fromIndex, path.begin() + 2 * out.departIndex);
    cells.insert(cells.end(), path.begin() + 2 * (out.rejoinIndex + 1), path.end());
    r.expanded = detour.expanded;
  }
  r.status = Status::Found;
  r.algorithm = algorithmThatRuns(grid, options);  // what a full search here would run
  r.cost = grid.pathCost(cells);
  r.endX = gx;
  r.endY = gy;
  r.path = cells;
  if (options.smooth && cells.size() > 4) {
    r.rawPath = cells;
    std::vector<double> scratch;
    r.cost = smoothPath(grid, rule, r.rawPath, r.path, scratch);
  }
  if (!options.includeStart) r.path.erase(r.path.begin(), r.path.begin() + 2);
}

}  // namespace tilepath
