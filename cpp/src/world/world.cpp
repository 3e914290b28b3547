// World: one map and what tilepath keeps for it (world.hpp). Ported from what the wasm bindings
// did alone until now, so that native callers, tilepath-scen and the tests get the same answers,
// checks and errors as JS.
#include "tilepath/world.hpp"

#include <algorithm>
#include <iterator>
#include <limits>

#include "tilepath/components.hpp"
#include "tilepath/contract.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/hierarchy.hpp"
#include "tilepath/host.hpp"
#include "tilepath/rectangles.hpp"
#include "tilepath/shape.hpp"

// What runs once per grid, per edit batch or per whole-map query is compiled for size in wasm;
// what every findPath, stepSearch, canReach and cell edit runs stays fast.
#if defined(__EMSCRIPTEN__)
#define TILEPATH_SMALL __attribute__((minsize))
#else
#define TILEPATH_SMALL
#endif

namespace tilepath {

using contract::kRefused;

// --- Workspace ---

std::unique_ptr<Searcher> Workspace::borrow() {
  if (idle.empty()) return std::make_unique<Searcher>();
  std::unique_ptr<Searcher> state = std::move(idle.back());
  idle.pop_back();
  return state;
}

void Workspace::giveBack(std::unique_ptr<Searcher> state) {
  if (state && idle.size() < kIdleSearchers) idle.push_back(std::move(state));
}

std::size_t Workspace::memoryBytes() const {
  std::size_t bytes = searcher.memoryBytes() + fieldSearch.memoryBytes();
  for (const auto& state : idle) bytes += state->memoryBytes();
  return bytes;
}

Workspace& Workspace::shared() {
  static thread_local Workspace workspace;
  return workspace;
}

// --- BasicWorld ---

namespace {
bool sameShape(const GridShape& a, const GridShape& b) {
  return a.orientation == b.orientation && a.staggerAxis == b.staggerAxis &&
         a.staggerIndex == b.staggerIndex;
}
}  // namespace

template <bool B>
TILEPATH_SMALL BasicWorld<B>::BasicWorld(int width, int height, GridShape shape,
                                         Workspace& workspace)
    : workspace_(workspace), profiles_(width, height, shape) {}

template <bool B>
BasicWorld<B>::~BasicWorld() = default;

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::checkSize(double width, double height) {
  std::string error =
      Grid::validateSize(static_cast<long long>(width), static_cast<long long>(height));
  if (!error.empty()) return error;
  const double needed = width * height + 64 * 1024;
  if (!host::roomFor(needed)) return host::memoryError("a grid of this size", needed);
  return {};
}

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::noBigMaps(const char* what) const {
  if (bigMapsError) return bigMapsError(what);
  return std::string(what) + " is one of the big-map features, which this build leaves out";
}

template <bool B>
void BasicWorld<B>::forgetBuilt() {
  std::fill(std::begin(built_), std::end(built_), -1.0);
}

// Runs `build`, timed as `kind` when `needed` (else it has nothing to do, and runs untimed).
template <bool B>
template <typename Build>
void BasicWorld<B>::timed(Built kind, bool needed, Build build) {
  const double t0 = needed ? host::nowMs() : 0;
  build();
  if (needed) built_[kind] = std::max(0.0, built_[kind]) + (host::nowMs() - t0);
}

template <bool B>
int BasicWorld<B>::finished() const {
  return result_.ok() ? static_cast<int>(result_.status) : kRefused;
}

// --- profiles ---

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::setProfile(std::string_view name,
                                             const Profiles::CostTable& costs) {
  result_.error = profiles_.set(name, costs);
  return result_.error.empty() ? profiles_.slot(name) : kRefused;
}

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::deleteProfile(std::string_view name) {
  const int slot = profiles_.slot(name);
  std::string error = profiles_.remove(name);
  if (error.empty())
    for (std::size_t id = 0; id < tasks_.size(); ++id)
      if (tasks_[id] && taskProfiles_[id] == slot) endSearch(static_cast<int>(id));
  return error;
}

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::setCost(int cls, double cost, int profile) {
  if (!profiles_.live(profile)) return "no profile in slot " + std::to_string(profile);
  return profiles_.setCost(profile, cls, cost);
}

// Makes `profile` the one the query runs on; false with `error` set when it is no live
// profile's slot, or its grid does not fit in memory. A profile in use answers at once.
template <bool B>
bool BasicWorld<B>::select(int profile, std::string& error) {
  if (!profiles_.inUse(profile)) return selectFirstUse(profile, error);
  slot_ = profile;
  return true;
}

template <bool B>
__attribute__((noinline)) TILEPATH_SMALL bool BasicWorld<B>::selectFirstUse(int profile,
                                                                            std::string& error) {
  if (!profiles_.live(profile)) {
    error = "no profile in slot " + std::to_string(profile) + " (deleted?)";
    return false;
  }
  const double needed = static_cast<double>(profiles_.bytesToUse(profile));
  if (needed > 0 && !host::roomFor(needed)) {
    error = host::memoryError(("profile '" + profiles_.name(profile) + "'").c_str(), needed);
    return false;
  }
  slot_ = profile;
  return true;
}

// --- entry rules and links ---

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::setEntry(int cls, std::string_view directions, bool any) {
  if (any) return profiles_.setEntry(cls, MovementRules::kAnyDirection);
  return profiles_.setEntry(cls, directions);
}

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::addLink(int ax, int ay, int bx, int by, double cost,
                                                  bool oneWay, int id) {
  if (id <= 0) return "link id must be a positive integer, got " + std::to_string(id);
  int32_t given = id;
  return profiles_.addLink(ax, ay, bx, by, cost, oneWay, given);
}

// --- searches ---

// The hierarchy an hpa search uses, built first if edits or nothing built yet call for it (timed);
// null when the search runs without one (not hpa; with entry rules or links hpa gives way to A*),
// with `refused` set when it cannot be had (result_.error).
template <bool B>
Hierarchy* BasicWorld<B>::hpaFor(const SearchOptions& o, int sx, int sy, int gx, int gy,
                                 bool& refused) {
  refused = false;
  if (o.algorithm != Algorithm::Hpa || grid().hasRules()) return nullptr;
  Hierarchy* hierarchy = hierarchyFor(o.diagonal);
  if (!hierarchy) {
    refused = true;
    return nullptr;
  }
  if constexpr (B) {
    if (optionsValid(o) && cells().inside(sx, sy) && cells().inside(gx, gy))
      timed(kBuiltHpa, !hierarchy->current(o.diagonal), [&] { hierarchy->update(o.diagonal); });
  }
  return hierarchy;
}

template <bool B>
int BasicWorld<B>::findPath(int sx, int sy, int gx, int gy, const SearchOptions& o, int profile) {
  forgetBuilt();
  if (!select(profile, result_.error) || !roomToSearch(workspace_.searcher, o)) return kRefused;
  Searcher& searcher = workspace_.searcher;
  if (o.unitSize != 1) {
    Footprints& units = footprints();
    if (optionsValid(o) && units.fits(o.unitSize))
      timed(kBuiltPositions, !units.built(o.unitSize), [&] { units.positions(o.unitSize); });
    searcher.find(units, sx, sy, gx, gy, o, result_);
    return finished();
  }
  if (unreachableAtOnce(sx, sy, gx, gy, o)) return static_cast<int>(result_.status);
  bool refused = false;
  Hierarchy* hierarchy = hpaFor(o, sx, sy, gx, gy, refused);
  if (refused) return kRefused;
  searcher.find(grid(), sx, sy, gx, gy, o, result_, hierarchy);
  return finished();
}

template <bool B>
int BasicWorld<B>::startSearch(int sx, int sy, int gx, int gy, const SearchOptions& o,
                               int profile) {
  if (!select(profile, result_.error)) return kRefused;
  if (o.algorithm == Algorithm::Hpa) {  // its search does not pause: answered whole, at once
    if (!roomToSearch(workspace_.searcher, o)) return kRefused;
    bool refused = false;
    forgetBuilt();
    Hierarchy* hierarchy = hpaFor(o, sx, sy, gx, gy, refused);
    if (refused) return kRefused;
    workspace_.searcher.find(grid(), sx, sy, gx, gy, o, result_, hierarchy);
    return finished() == kRefused ? kRefused : contract::kSearchAnswered;
  }
  std::unique_ptr<Searcher> state = workspace_.borrow();
  // (The components shortcut knows units of one tile. A task runs in a frame's slices: it asks
  // only labels that answer without a flood; prepareReach builds them in slices.)
  if (!roomToSearch(*state, o) ||
      (o.unitSize == 1 && unreachableAtOnce(sx, sy, gx, gy, o, false))) {
    workspace_.giveBack(std::move(state));
    return result_.ok() ? contract::kSearchAnswered : kRefused;
  }
  auto task = std::make_unique<SearchTask>(footprints(), sx, sy, gx, gy, o, std::move(state));
  if (!task->result().ok()) {
    result_.error = task->result().error;
    workspace_.giveBack(task->releaseState());
    return kRefused;
  }
  std::size_t id = 0;
  while (id < tasks_.size() && tasks_[id]) ++id;
  if (id == tasks_.size()) tasks_.emplace_back();
  tasks_[id] = std::move(task);
  taskProfiles_.resize(tasks_.size());
  taskProfiles_[id] = slot_;
  return static_cast<int>(id);
}

template <bool B>
int BasicWorld<B>::stepSearch(int id, double maxExpansions) {
  SearchTask* task = liveTask(id);
  if (!task) return kRefused;
  if (!(maxExpansions >= 0 && maxExpansions <= contract::kMaxExpansions)) {
    result_.error = "maxExpansions must be an integer from 0 to 4294967295";
    return kRefused;
  }
  const uint64_t before = task->expansionsDone();
  const bool done = task->step(static_cast<uint32_t>(maxExpansions));
  stepExpansions_ = static_cast<double>(task->expansionsDone() - before);
  restarts_ = static_cast<int>(task->restarts());
  if (!done) return contract::kSearchRunning;
  editsSince_ = task->outdated() ? static_cast<double>(task->editsSince()) : 0;
  stillLegal_ = task->stillLegal();
  std::swap(result_, task->result());
  endSearch(id);
  return finished();  // refused: its list of cells could not grow
}

template <bool B>
void BasicWorld<B>::endSearch(int id) {
  if (id < 0 || static_cast<std::size_t>(id) >= tasks_.size() || !tasks_[id]) return;
  workspace_.giveBack(tasks_[id]->releaseState());
  tasks_[id].reset();
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::liveSearches() const {
  return static_cast<int>(
      std::count_if(tasks_.begin(), tasks_.end(), [](const auto& t) { return t != nullptr; }));
}

template <bool B>
TILEPATH_SMALL SearchTask* BasicWorld<B>::liveTask(int id) {
  if (id < 0 || static_cast<std::size_t>(id) >= tasks_.size() || !tasks_[id]) {
    result_.error = "no search " + std::to_string(id) + " in progress on this grid";
    return nullptr;
  }
  return tasks_[id].get();
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::repairPath(const std::vector<int32_t>& path, int fromIndex,
                                             const SearchOptions& o, int profile,
                                             double detourExpansions) {
  if constexpr (!B) {
    result_.error = noBigMaps("repairPath");
    return kRefused;
  } else {
    if (!(detourExpansions >= 0 && detourExpansions <= contract::kMaxExpansions)) {
      result_.error = "detourExpansions must be an integer from 0 to 4294967295";
      return kRefused;
    }
    if (!select(profile, result_.error)) return kRefused;
    // The full search may run: the same memory checks as findPath's.
    if (!roomToSearch(workspace_.searcher, o)) return kRefused;
    Hierarchy* hierarchy = nullptr;
    if (o.algorithm == Algorithm::Hpa && !grid().hasRules() &&
        !(hierarchy = hierarchyFor(o.diagonal)))
      return kRefused;
    RepairOptions repair;
    repair.detourExpansions = static_cast<uint32_t>(detourExpansions);
    tilepath::repairPath(workspace_.searcher, grid(), path, fromIndex, o, repair, repair_,
                         hierarchy);
    std::swap(result_, repair_.search);
    return finished();
  }
}

// Whether a search by `searcher` with these options fits in memory (lastError() if not).
template <bool B>
bool BasicWorld<B>::roomToSearch(const Searcher& searcher, const SearchOptions& o) {
  // The unit sizes used least recently give their memory back before a search is refused.
  while (!roomToSearchNow(searcher, o))
    if (!footprints().releaseLeastRecent(o.unitSize)) return false;
  result_.error.clear();
  return true;
}

template <bool B>
bool BasicWorld<B>::roomToSearchNow(const Searcher& searcher, const SearchOptions& o) {
  // The path, a copy of it when smoothing, and the trace's copy as doubles grow too.
  const std::size_t stateGrowth = searcher.bytesToGrowFor(grid(), o.trace);
  // A unit size asked for the first time builds its position grid (footprints.hpp).
  const double footprint = static_cast<double>(footprints().bytesToBuild(o.unitSize));
  const double needed =
      static_cast<double>(stateGrowth) + footprint +
      (o.trace ? kMaxTraceEvents * contract::kTraceRecordSize * sizeof(double) : 0.0) +
      4.0 * sizeof(int32_t) * cells().size();
  // The large blocks are also tried for real: the search state when it must grow to this grid's
  // size (the old state is still held while it grows), and the trace. The open list and bfs's
  // queue ask as they grow (Searcher::setRoomCheck). (The searcher's blocks: an 8-byte slot and
  // a byte a cell.)
  const double cellCount = searcher.bytesToGrowFor(grid(), false) > 0 ? grid().size() : 0.0;
  const double traceEvents = o.trace ? static_cast<double>(kMaxTraceEvents) : 0.0;
  const double ruleCells = static_cast<double>(searcher.ruleBytesToGrowFor(grid()));
  if (!host::roomFor(needed, {cellCount * sizeof(double), cellCount * sizeof(uint8_t),
                              traceEvents * sizeof(TraceEvent),
                              traceEvents * contract::kTraceRecordSize * sizeof(double), footprint,
                              ruleCells})) {
    result_.error = host::memoryError("this search", needed);
    return false;
  }
  return true;
}

// An exact goal in another component than the start: 'none' at once, nothing expanded. Partial
// and nearest answers need the search, and labels that do not fit in memory are simply not used.
template <bool B>
bool BasicWorld<B>::unreachableAtOnce(int sx, int sy, int gx, int gy, const SearchOptions& o,
                                      bool mayFlood) {
  // The components know no links (a teleport joins what they keep apart).
  if (grid().rules().anyLink()) return false;
  if (!mayFlood && !components().ready(o.diagonal)) return false;
  if (o.goal != GoalMode::Exact || o.partial || !optionsValid(o)) return false;
  const Grid& g = grid();
  if (!g.inside(sx, sy) || !g.inside(gx, gy) || !g.passable(gx, gy)) return false;
  // The start is never checked (a unit on a cell just blocked walks off it), and start == goal
  // is always found: leave both to the search, which answers them at once or from the start's
  // neighbours.
  if ((sx == gx && sy == gy) || !g.passable(sx, sy)) return false;
  const double needed = static_cast<double>(components().bytesToBuild(o.diagonal));
  if (needed > 0 && !host::roomFor(needed)) return false;
  if (components().canReach(g.index(sx, sy), g.index(gx, gy), o.diagonal)) return false;
  // Status none, empty path, cost 0, nothing expanded; the buffers are kept for reuse.
  result_.clear();
  result_.reason = Reason::Unreachable;
  result_.algorithm = algorithmThatRuns(g, o);
  return true;
}

// --- the hierarchy ---

// The grid's hierarchy (made on the first hpa query; it watches the grid for edits), or null
// with result_.error set when its abstract graph for this rule does not fit in memory.
template <bool B>
TILEPATH_SMALL Hierarchy* BasicWorld<B>::hierarchyFor(Diagonal rule) {
  if constexpr (!B) {
    (void)rule;
    result_.error = noBigMaps("algorithm 'hpa'");
    return nullptr;
  } else {
    result_.error = squareGridOnly("algorithm 'hpa'", cells().shape());
    if (!result_.ok()) return nullptr;
    Hierarchy& hierarchy = profiles_.hierarchy(slot_);
    const double needed = static_cast<double>(hierarchy.bytesToBuild(rule));
    if (needed > 0 && !host::roomFor(needed)) {
      result_.error = host::memoryError("the hpa hierarchy", needed);
      return nullptr;
    }
    return &hierarchy;
  }
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::hierarchyGraph(Diagonal rule, bool edges,
                                                 std::vector<int32_t>& out) {
  slot_ = 0;  // the hierarchy of the grid's own table ('default')
  if constexpr (!B) {
    (void)rule, (void)edges, (void)out;
    result_.error = noBigMaps("abstractGraph");
    return kRefused;
  } else {
    Hierarchy* hierarchy = hierarchyFor(rule);
    if (!hierarchy) return kRefused;
    if (!(edges ? hierarchy->edges(rule, out) : hierarchy->nodes(rule, out))) {
      result_.error =
          "not enough memory to go on with this query: hpa's graph of the map could "
          "not grow to take in the map as it is now";
      return kRefused;
    }
    return 0;
  }
}

template <bool B>
TILEPATH_SMALL double BasicWorld<B>::buildHierarchy(Diagonal rule, double budget) {
  slot_ = 0;  // the hierarchy of the grid's own table ('default')
  if constexpr (!B) {
    (void)rule, (void)budget;
    result_.error = noBigMaps("prepare({ hpa })");
    return kRefused;
  } else {
    Hierarchy* hierarchy = hierarchyFor(rule);
    if (!hierarchy) return kRefused;
    const double done = hierarchy->buildStep(
        rule, budget >= 1 && budget < 1e15 ? static_cast<std::size_t>(budget) : SIZE_MAX);
    if (done < 0) {
      result_.error =
          "not enough memory to go on with this build: hpa's graph of the map could not grow "
          "to take in the map as it is now";
      return kRefused;
    }
    return done;
  }
}

template <bool B>
TILEPATH_SMALL void BasicWorld<B>::releaseHierarchy(Diagonal rule) {
  if constexpr (B) {
    if (Hierarchy* hierarchy = profiles_.hierarchyIfMade(0)) hierarchy->releaseLevel(rule);
  } else {
    (void)rule;
  }
}

template <bool B>
TILEPATH_SMALL double BasicWorld<B>::hierarchyBytes() const {
  if constexpr (B) {
    const Hierarchy* hierarchy = profiles_.hierarchyIfMade(0);
    return hierarchy ? static_cast<double>(hierarchy->memoryBytes()) : 0.0;
  } else {
    return 0.0;
  }
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::rectangles(bool sameClass, std::vector<int32_t>& out) {
  if constexpr (!B) {
    (void)sameClass, (void)out;
    result_.error = noBigMaps("rectangles");
    return kRefused;
  } else {
    tilepath::rectangles(cells(), sameClass, out);
    return 0;
  }
}

// --- prepared structures ---

template <bool B>
TILEPATH_SMALL double BasicWorld<B>::prepareLabels(int diagonal, int unitSize, double cellBudget) {
  if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always) || !(cellBudget >= 1)) {
    queryError_ = "prepareLabels: diagonal code " + std::to_string(diagonal) +
                  " or a budget of cells below 1";
    return kRefused;
  }
  slot_ = 0;
  const Grid* positions = fieldGrid(unitSize);
  if (!positions) return kRefused;
  Components& labels = positions == &grid() ? components() : *footprints().components(unitSize);
  const auto rule = static_cast<Diagonal>(diagonal);
  const double needed = static_cast<double>(labels.bytesToBuild(rule));
  if (needed > 0 && !host::roomFor(needed)) {
    queryError_ = host::memoryError("reachability labels", needed);
    return kRefused;
  }
  labels.prepare(rule, static_cast<std::size_t>(std::min(cellBudget, 1e12)));
  return labels.progress(rule);
}

template <bool B>
int BasicWorld<B>::prepareReach(int diagonal, double cellBudget) {
  if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always) || !(cellBudget >= 1)) {
    queryError_ =
        "prepareReach: diagonal code " + std::to_string(diagonal) + " or a budget of cells below 1";
    return kRefused;
  }
  const auto rule = static_cast<Diagonal>(diagonal);
  Components& labels = profiles_.components(0);
  const double needed = static_cast<double>(labels.bytesToBuild(rule));
  if (needed > 0 && !host::roomFor(needed)) {
    queryError_ = host::memoryError("reachability labels", needed);
    return kRefused;
  }
  return labels.prepare(rule, static_cast<std::size_t>(std::min(cellBudget, 1e12))) ? 1 : 0;
}

// --- whole-map queries ---

template <bool B>
TILEPATH_SMALL bool BasicWorld<B>::readFieldOptions(int diagonal, double maxCost, FieldOptions& o) {
  o.diagonal = static_cast<Diagonal>(diagonal);
  o.maxCost = maxCost;
  queryError_ = diagonal < 0 ? "diagonal code " + std::to_string(diagonal) + " is unknown"
                             : validateFieldOptions(o);
  return queryError_.empty();
}

// Whether a unit of size n starting at (sx, sy) lies inside the grid; if not, says so.
template <bool B>
TILEPATH_SMALL bool BasicWorld<B>::startFits(int sx, int sy, int n, const Grid& positions) {
  if (positions.inside(sx, sy)) return true;
  queryError_ =
      "start (" + std::to_string(sx) + ", " + std::to_string(sy) + ") puts a unit of size " +
      std::to_string(n) + " outside the grid: its top-left must be at most (" +
      std::to_string(positions.width() - 1) + ", " + std::to_string(positions.height() - 1) + ")";
  return false;
}

// The grid a field or range of units of this size runs on (the cells for size 1), or null with
// queryError_ set.
template <bool B>
TILEPATH_SMALL const Grid* BasicWorld<B>::fieldGrid(int unitSize) {
  queryError_ = validateUnitSize(unitSize, cells().shape());
  if (!queryError_.empty()) return nullptr;
  if (!footprints().fits(unitSize)) {
    queryError_ = "unitSize " + std::to_string(unitSize) + " does not fit in a " +
                  std::to_string(cells().width()) + " x " + std::to_string(cells().height()) +
                  " grid";
    return nullptr;
  }
  const double needed = static_cast<double>(footprints().bytesToBuild(unitSize));
  while (needed > 0 && !host::roomFor(needed)) {
    if (!footprints().releaseLeastRecent(unitSize)) {
      queryError_ = host::memoryError("the positions of this unit size", needed);
      return nullptr;
    }
  }
  return footprints().positions(unitSize);
}

// The goal cells as positions of `positions`, in place; a cell no position starts on is no goal
// (a unit cannot stand there). Returns how many remain, -1 on a bad index.
template <bool B>
TILEPATH_SMALL int BasicWorld<B>::goalPositions(std::vector<int32_t>& goals, int count,
                                                const Grid& positions) {
  int kept = 0;
  for (int k = 0; k < count; ++k) {
    const int32_t cell = goals[k];
    if (cell < 0 || cell >= cells().size()) {
      queryError_ = "goal cell index " + std::to_string(cell) + " is outside the grid";
      return -1;
    }
    const int x = cell % cells().width(), y = cell / cells().width();
    if (positions.inside(x, y)) goals[kept++] = positions.index(x, y);
  }
  return kept;
}

// Per-position outputs laid out per cell.
template <bool B>
TILEPATH_SMALL void BasicWorld<B>::spreadFromPositions(const Grid& positions,
                                                       std::vector<float>& costs,
                                                       std::vector<uint8_t>& steps) {
  if (&positions == &grid()) return;
  const int pw = positions.width(), ph = positions.height();
  spreadToCells(costs, pw, ph, cells().width(), cells().height(),
                std::numeric_limits<float>::infinity());
  spreadToCells(steps, pw, ph, cells().width(), cells().height(), kNoStep);
}

// Whether a field or range on this grid (and `extra` bytes beside it) fits in memory now.
template <bool B>
TILEPATH_SMALL bool BasicWorld<B>::roomForQuery(const char* what, double extra) {
  const double cellCount = cells().size();
  const double needed = static_cast<double>(workspace_.fieldSearch.bytesToGrowFor(grid())) + extra;
  // (The open list asks as it grows: Searcher::setRoomCheck.)
  if (!host::roomFor(needed,
                     {cellCount * sizeof(double), cellCount * sizeof(float), cellCount, extra})) {
    queryError_ = host::memoryError(what, needed);
    return false;
  }
  return true;
}

// Units bigger than a tile are refused on grids with entry rules or links (lastQueryError()).
template <bool B>
TILEPATH_SMALL bool BasicWorld<B>::oneCellWithRules(int unitSize) {
  if (unitSize == 1 || !grid().hasRules()) return true;
  queryError_ = "unitSize " + std::to_string(unitSize) +
                " is not supported on a grid with entry rules or links (units of one cell only)";
  return false;
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::flowField(std::vector<int32_t>& goals, int count, int diagonal,
                                            double maxCost, int unitSize, int profile) {
  FieldOptions o;
  if (!readFieldOptions(diagonal, maxCost, o) || !select(profile, queryError_) ||
      !oneCellWithRules(unitSize))
    return kRefused;
  if (count < 0 || static_cast<std::size_t>(count) > goals.size()) {
    queryError_ = "goal count " + std::to_string(count) + " exceeds the reserved buffer";
    return kRefused;
  }
  if (!roomForQuery("this flow field", 0)) return kRefused;
  const Grid* positions = fieldGrid(unitSize);
  if (!positions) return kRefused;
  if (positions != &grid()) count = goalPositions(goals, count, *positions);
  if (count < 0) return kRefused;
  FlowField& field = workspace_.field;
  workspace_.fieldSearch.flowField(*positions, goals.data(), count, o, field);
  queryError_ = field.error;
  if (!field.error.empty()) return kRefused;
  spreadFromPositions(*positions, field.costs, field.steps);
  return 0;
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::reachable(int sx, int sy, int diagonal, double maxCost,
                                            int unitSize, int profile) {
  FieldOptions o;
  if (!readFieldOptions(diagonal, maxCost, o) || !select(profile, queryError_) ||
      !oneCellWithRules(unitSize))
    return kRefused;
  // The reached cells, two int32 each, at most the grid.
  if (!roomForQuery("this movement range", 2.0 * sizeof(int32_t) * cells().size())) return kRefused;
  const Grid* positions = fieldGrid(unitSize);
  if (!positions) return kRefused;
  if (positions != &grid() && !startFits(sx, sy, unitSize, *positions)) return kRefused;
  MovementRange& range = workspace_.range;
  workspace_.fieldSearch.reachable(*positions, sx, sy, o, range);
  queryError_ = range.error;
  if (!range.error.empty()) return kRefused;
  spreadFromPositions(*positions, range.costs, range.cameFrom);
  return 0;
}

// Units bigger than one tile ask the components of their positions (unitSize >= 2): a goal
// position whose footprint sticks out of the grid is never reached.
template <bool B>
int BasicWorld<B>::canReach(int sx, int sy, int gx, int gy, int diagonal, int unitSize,
                            int profile) {
  if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always)) {
    queryError_ = "diagonal code " + std::to_string(diagonal) + " is unknown";
    return kRefused;
  }
  if (!select(profile, queryError_)) return kRefused;
  if (!cells().inside(sx, sy) || !cells().inside(gx, gy)) {
    queryError_ = "canReach cells (" + std::to_string(sx) + ", " + std::to_string(sy) + ") -> (" +
                  std::to_string(gx) + ", " + std::to_string(gy) + ") must be inside the grid";
    return kRefused;
  }
  if (!oneCellWithRules(unitSize)) return kRefused;
  const Grid* positions = fieldGrid(unitSize);
  if (!positions) return kRefused;
  if (positions != &grid() && !startFits(sx, sy, unitSize, *positions)) return kRefused;
  if (!positions->inside(gx, gy)) return 0;
  const auto rule = static_cast<Diagonal>(diagonal);
  if (grid().hasRules()) return reachesWithRules(sx, sy, gx, gy, rule);
  Components& labels = positions == &grid() ? components() : *footprints().components(unitSize);
  const double needed = static_cast<double>(labels.bytesToBuild(rule));
  while (needed > 0 && !host::roomFor(needed)) {
    if (!footprints().releaseLeastRecent(unitSize)) {
      queryError_ = host::memoryError("reachability labels", needed);
      return kRefused;
    }
  }
  return labels.canReach(positions->index(sx, sy), positions->index(gx, gy), rule) ? 1 : 0;
}

// canReach on a grid with rules. The components are undirected and know no links: with links
// they cannot answer; with entry rules only they still answer "no" at once (a rule only takes
// steps away), and "yes" must be checked. The check is an A* search to the goal, with the
// consistent estimate: the cells towards the goal when it is reachable, the whole region of the
// start when it is not.
template <bool B>
int BasicWorld<B>::reachesWithRules(int sx, int sy, int gx, int gy, Diagonal rule) {
  if (!grid().rules().anyLink() && grid().passable(sx, sy) && grid().passable(gx, gy)) {
    const double needed = static_cast<double>(components().bytesToBuild(rule));
    if (needed <= 0 || host::roomFor(needed))
      if (!components().canReach(grid().index(sx, sy), grid().index(gx, gy), rule)) return 0;
  }
  SearchOptions o;
  o.diagonal = rule;
  o.includeStart = false;
  if (!roomToSearch(workspace_.searcher, o)) {
    queryError_ = result_.error;
    return kRefused;
  }
  workspace_.searcher.find(grid(), sx, sy, gx, gy, o, reach_);
  return reach_.status == Status::Found ? 1 : 0;
}

// --- crowds ---

template <bool B>
TILEPATH_SMALL Grid* BasicWorld<B>::crowdGrid(int profile) {
  return select(profile, queryError_) ? &profiles_.grid(profile) : nullptr;
}

template <bool B>
TILEPATH_SMALL Footprints* BasicWorld<B>::crowdFootprints(int profile) {
  return profiles_.inUse(profile) ? &profiles_.footprints(profile) : nullptr;
}

// --- saved grids ---

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::save(std::vector<uint8_t>& out) {
  std::vector<SavedProfile> tables;
  for (const std::string& name : profiles_.names()) {
    const int slot = profiles_.slot(name);
    if (slot == 0) continue;
    SavedProfile& p = tables.emplace_back();
    p.name = name;
    for (int cls = 0; cls < Grid::kClasses; ++cls) p.costs[cls] = profiles_.cost(slot, cls);
  }
  select(0, queryError_);
  std::vector<uint8_t>().swap(out);
  if constexpr (B) {
    std::unique_ptr<Hierarchy>& held = profiles_.hierarchyHolder(0);
    const double bytes = cells().size() + footprints().memoryBytes() + components().memoryBytes() +
                         (held ? held->memoryBytes() : 0.0);
    // The sections are written once, then copied behind the header.
    if (!host::roomFor(2 * bytes, {bytes, bytes}))
      return host::memoryError("saving this grid", 2 * bytes);
    if (held) {
      SavedHierarchy saved(held);
      return saveGrid(cells(), {&components(), &footprints(), &saved, &tables}, out);
    }
  } else {
    const double bytes = cells().size() + footprints().memoryBytes() + components().memoryBytes();
    if (!host::roomFor(2 * bytes, {bytes, bytes}))
      return host::memoryError("saving this grid", 2 * bytes);
  }
  return saveGrid(cells(), {&components(), &footprints(), nullptr, &tables}, out);
}

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::checkSaved(const uint8_t* data, std::size_t size,
                                                     SavedHeader& header) {
  std::string error = readSavedHeader(data, size, header);
  if (error.empty()) error = checkSize(header.width, header.height);
  return error;
}

template <bool B>
TILEPATH_SMALL std::string BasicWorld<B>::load(const uint8_t* data, std::size_t size,
                                               bool checked) {
  std::string error;
  if (!checked) {
    SavedHeader header;
    error = readSavedHeader(data, size, header);
    if (error.empty() && (header.width != cells().width() || header.height != cells().height() ||
                          !sameShape(header.shape, cells().shape())))
      error = "saved grid is " + std::to_string(header.width) + " x " +
              std::to_string(header.height) +
              " or of another shape: load it into a world made "
              "with the sides and shape checkSaved reads";
    if (!error.empty()) return error;
  }
  // The small build has no hierarchy: a saved one is skipped (hpa refuses there anyway).
  std::vector<SavedProfile> tables;
  select(0, queryError_);
  if constexpr (B) {
    SavedHierarchy saved(profiles_.hierarchyHolder(0));
    error = loadSaved(data, size, grid(), {&components(), &footprints(), &saved, &tables}, true);
  } else {
    error = loadSaved(data, size, grid(), {&components(), &footprints(), nullptr, &tables}, true);
  }
  // The profiles' tables (what they derive is built on first use, as for any new profile).
  for (const SavedProfile& p : tables) {
    if (!error.empty()) break;
    Profiles::CostTable table;
    std::copy(std::begin(p.costs), std::end(p.costs), table.begin());
    error = profiles_.set(p.name, table);
    if (!error.empty()) error = "saved grid, section PROF: " + error;
  }
  return error;
}

// --- queries with their options in a record ---

template <bool B>
int BasicWorld<B>::findPath(int sx, int sy, int gx, int gy, OptionRecord& options) {
  const QueryOptions* o = options.read(result_.error);
  return o ? findPath(sx, sy, gx, gy, o->search, o->profile) : kRefused;
}

template <bool B>
int BasicWorld<B>::startSearch(int sx, int sy, int gx, int gy, OptionRecord& options) {
  const QueryOptions* o = options.read(result_.error);
  return o ? startSearch(sx, sy, gx, gy, o->search, o->profile) : kRefused;
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::repairPath(const std::vector<int32_t>& path, int fromIndex,
                                             OptionRecord& options) {
  const QueryOptions* o = options.read(result_.error);
  return o ? repairPath(path, fromIndex, o->search, o->profile, o->detourExpansions) : kRefused;
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::flowField(std::vector<int32_t>& goals, int count,
                                            OptionRecord& options) {
  const QueryOptions* o = options.read(queryError_);
  return o ? flowField(goals, count, static_cast<int>(o->search.diagonal), o->maxCost,
                       o->search.unitSize, o->profile)
           : kRefused;
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::reachable(int sx, int sy, OptionRecord& options) {
  const QueryOptions* o = options.read(queryError_);
  return o ? reachable(sx, sy, static_cast<int>(o->search.diagonal), o->maxCost, o->search.unitSize,
                       o->profile)
           : kRefused;
}

template <bool B>
int BasicWorld<B>::canReach(int sx, int sy, int gx, int gy, OptionRecord& options) {
  const QueryOptions* o = options.read(queryError_);
  return o ? canReach(sx, sy, gx, gy, static_cast<int>(o->search.diagonal), o->search.unitSize,
                      o->profile)
           : kRefused;
}

template <bool B>
TILEPATH_SMALL int BasicWorld<B>::rectangles(OptionRecord& options, std::vector<int32_t>& out) {
  const QueryOptions* o = options.read(result_.error);
  return o ? rectangles(o->sameClass, out) : kRefused;
}

template class BasicWorld<true>;
template class BasicWorld<false>;

}  // namespace tilepath
