// embind bindings: the only C++ that knows about Emscripten. Crossings are few and cheap:
// cells and deltas are written by JS straight into buffers in the wasm heap, a search takes
// its options as plain numbers, and its result is read back from the heap in one copy.
// JS checks every argument before calling; the checks here are the backstop that keeps
// the instance alive whatever arrives (errors come back as strings, never aborts).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "tilepath/components.hpp"
#include "tilepath/contract.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/hierarchy.hpp"
#include "tilepath/profiles.hpp"
#include "tilepath/rectangles.hpp"
#include "tilepath/repair.hpp"
#include "tilepath/saved.hpp"
#include "tilepath/search_task.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;

// Size: what runs once per grid, per edit batch or per whole-map query is compiled for size
// (TILEPATH_SMALL); what every findPath, stepSearch, canReach and cell edit runs stays at -O3
// (its per-call cost: tests/bench/js/callcost.mjs).
#define TILEPATH_SMALL __attribute__((minsize))

// Two builds of these bindings: tilepath-bigmaps.wasm (TILEPATH_BIG_MAPS 1) has everything;
// tilepath.wasm (0) answers the big-map features (the hpa hierarchy, repairPath, rectangles)
// with noBigMaps's error. Their code is then never called, so the linker leaves it out (a third
// of the module). Both register the same functions, so one glue loads either (js/tools/build.mjs
// checks that the two glues are the same).
#ifndef TILEPATH_BIG_MAPS
#define TILEPATH_BIG_MAPS 1
#endif
constexpr bool kBigMaps = TILEPATH_BIG_MAPS != 0;

namespace {

// One search state for the whole module: wasm runs one call at a time, and sharing it keeps
// memory proportional to the largest grid rather than to the number of grids.
Searcher& sharedSearcher() {
  static Searcher searcher;
  return searcher;
}

// Search states of finished tasks (search_task.hpp), kept for the next tasks: a few, as each
// holds 9 bytes a cell of the largest grid it searched.
std::vector<std::unique_ptr<Searcher>>& idleSearchers() {
  static std::vector<std::unique_ptr<Searcher>> idle;
  return idle;
}
constexpr std::size_t kIdleSearchers = 8;
void keepIdle(std::unique_ptr<Searcher> searcher) {
  if (searcher && idleSearchers().size() < kIdleSearchers)
    idleSearchers().push_back(std::move(searcher));
}

// Fields and ranges share one state and one set of outputs, as searches do: JS copies what it
// needs out of them before the next call.
struct SharedFields {
  FieldSearch search;
  FlowField field;
  MovementRange range;
};
SharedFields& sharedFields() {
  static SharedFields fields;
  return fields;
}

// The wasm memory's limit (MAXIMUM_MEMORY), fixed at build time: asked of JS once.
double heapMax() {
  static const double max = static_cast<double>(emscripten_get_heap_max());
  return max;
}

// Bytes malloc could hand out before the wasm memory reaches its maximum, if the free ones were
// one block: a quick first check. Free holes between live grids count here, so it can pass
// where a large block cannot be had: fits() then tries for real.
double freeBytes() {
  const double inUse = static_cast<double>(mallinfo().uordblks);
  return heapMax() - inUse;
}

// Room kept free for the JS side's copies of results and for fragmentation.
constexpr double kMemoryMargin = 32.0 * (1 << 20);

// Whether `needed` bytes and the reserve fit by freeBytes()'s measure. mallinfo() walks the whole
// heap (microseconds: more than a short search), so the bytes above the heap's top (sbrk(0)),
// which malloc has never handed out, are asked first: they are a lower bound of freeBytes(), as
// every byte in use lies below the top. Only a heap grown near the limit takes the walk.
bool roomFor(double needed) {
  const double wanted = needed + kMemoryMargin;
  const double top = static_cast<double>(reinterpret_cast<uintptr_t>(sbrk(0)));
  return wanted <= heapMax() - top || wanted <= freeBytes();
}

// The clock of result.built: milliseconds since the module loaded. Its start is read by a static
// initializer that runs before the registrations (EMSCRIPTEN_BINDINGS, below): both builds then
// import emscripten_get_now at the same place, as their glues must be the same
// (js/tools/build.mjs), whichever of its callers the build without big maps leaves out.
const double kModuleLoaded = emscripten_get_now();
double nowMs() {
  return emscripten_get_now() - kModuleLoaded;
}

// What the build without big maps answers for them.
TILEPATH_SMALL std::string noBigMaps(const char* what) {
  return std::string(what) +
         " is one of the big-map features, which this build (tilepath.wasm) leaves out: load "
         "tilepath-bigmaps.wasm instead, with createPathfinder({ bigMaps: true }) (for a "
         "PathWorker, loadOptions: { bigMaps: true })";
}

TILEPATH_SMALL std::string memoryError(const char* what, double needed) {
  return std::string("not enough wasm memory for ") + what + ": needs about " +
         std::to_string(static_cast<long long>(needed / (1 << 20)) + 1) + " MB more and a " +
         std::to_string(static_cast<long long>(kMemoryMargin / (1 << 20))) + " MB reserve, " +
         std::to_string(static_cast<long long>(freeBytes() / (1 << 20))) +
         " MB left of the 2 GB wasm limit (dispose grids you no longer need)";
}

// Whether blocks of these sizes can all be allocated at once right now. Running out inside the
// core (a std::vector, built without exceptions) would abort the instance, so what is about to be
// allocated is tried first with malloc, which returns null instead (memory growth makes
// ABORTING_MALLOC 0), and given back; the core's allocations then get that space.
bool fits(std::initializer_list<double> blocks) {
  // No allocation of its own: searches call this every time. Volatile, so that the trial
  // allocations are made: where fits({b}) was inlined (the growth check below), clang removed a
  // malloc whose block was only compared with null and freed, and the check always passed.
  void* volatile held[8] = {};
  std::size_t count = 0;
  bool ok = blocks.size() <= std::size(held);
  for (double bytes : blocks) {
    if (!ok) break;
    if (bytes <= 0) continue;
    void* block = bytes < heapMax() ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
    ok = block != nullptr;
    if (ok) held[count++] = block;
  }
  for (std::size_t i = 0; i < count; ++i) std::free(held[i]);
  return ok;
}

// Searches ask before their open list or queue grows mid-search (doubling): a refusal ends the
// search with an error rather than a failed allocation, which would abort the instance. So a
// search allocates what it uses, not room for every cell on its open list at once.
[[maybe_unused]] const bool kGrowthChecked = (Searcher::setRoomCheck([](std::size_t bytes) {
                                                const double b = static_cast<double>(bytes);
                                                return roomFor(b) && fits({b});
                                              }),
                                              true);

// The answer last published, as JS reads it straight from the heap (WasmGrid::resultAddress,
// once per grid) instead of through a dozen calls: a double each, in this order. resultLayout()
// names them, so JS finds each by name and the two sides cannot drift apart unseen.
enum ResultField {
  kPathAddress,
  kPathLength,
  kRawPathAddress,
  kRawPathLength,
  kTraceAddress,
  kTraceLength,
  kCost,
  kExpanded,
  kEndX,
  kEndY,
  kFaceX,
  kFaceY,
  kFaceStep,
  kReason,
  kAlgorithm,
  kTraceTruncated,
  // Milliseconds the query spent building what it needed first (-1: nothing built): the rule's
  // hpa hierarchy, the positions of its unit size. (The labels a first query floods are not
  // told: nearly every grid's first query builds them, in a flood of the start's region.)
  kBuiltHpaMs,
  kBuiltPositionsMs,
  kLinksAddress,
  kLinksLength,
  kResultFields
};
constexpr const char* kResultFieldNames[kResultFields] = {
    "pathAddress",    "pathLength", "rawPathAddress",   "rawPathLength", "traceAddress",
    "traceLength",    "cost",       "expanded",         "endX",          "endY",
    "faceX",          "faceY",      "faceStep",         "reason",        "algorithm",
    "traceTruncated", "builtHpaMs", "builtPositionsMs", "linksAddress",  "linksLength"};

TILEPATH_SMALL std::string resultLayout() {
  std::string names;
  for (const char* name : kResultFieldNames)
    names += (names.empty() ? "" : ",") + std::string(name);
  return names;
}

// The bytes of the grid saved last, or of one to load: JS copies them out after save(), or in
// before checkSaved() and loadSaved().
std::vector<uint8_t>& savedBytes() {
  static std::vector<uint8_t> bytes;
  return bytes;
}
// What checkSaved() read of the bytes in savedBytes().
SavedHeader& savedHeader() {
  static SavedHeader header;
  return header;
}

bool isClass(int cls) {
  return cls >= 0 && cls < Grid::kClasses;
}

template <typename T>
uintptr_t address(const std::vector<T>& v) {
  return reinterpret_cast<uintptr_t>(v.data());
}

}  // namespace

class WasmGrid {
 public:
  // The shape's codes index kOrientationNames, kStaggerAxisNames and kStaggerIndexNames; JS
  // checks them with checkShape first (unknown codes give an orthogonal grid).
  TILEPATH_SMALL WasmGrid(int width, int height, int orientation, int staggerAxis, int staggerIndex)
      : profiles_(width, height, shapeOf(orientation, staggerAxis, staggerIndex)) {}
  TILEPATH_SMALL static GridShape shapeOf(int orientation, int staggerAxis, int staggerIndex) {
    if (!validateShape(orientation, staggerAxis, staggerIndex).empty()) return {};
    return {static_cast<Orientation>(orientation), static_cast<StaggerAxis>(staggerAxis),
            static_cast<StaggerIndex>(staggerIndex)};
  }
  TILEPATH_SMALL static std::string checkShape(int orientation, int staggerAxis, int staggerIndex) {
    return validateShape(orientation, staggerAxis, staggerIndex);
  }

  // Size limits, then whether the cells (and what a grid keeps beside them) fit in memory.
  TILEPATH_SMALL static std::string checkSize(double width, double height) {
    std::string error =
        Grid::validateSize(static_cast<long long>(width), static_cast<long long>(height));
    if (!error.empty()) return error;
    const double needed = width * height + 64 * 1024;
    if (!roomFor(needed) || !fits({needed})) return memoryError("a grid of this size", needed);
    return {};
  }

  int width() const { return cells().width(); }
  int height() const { return cells().height(); }
  // JS writes a whole grid here, then calls cellsChanged().
  uintptr_t cellsAddress() { return reinterpret_cast<uintptr_t>(profiles_.data()); }
  TILEPATH_SMALL void cellsChanged() { profiles_.cellsChanged(); }

  int get(int x, int y) const { return cells().inside(x, y) ? cells().get(x, y) : -1; }
  bool set(int x, int y, int cls) {
    if (!cells().inside(x, y) || !isClass(cls)) return false;
    profiles_.setCell(cells().index(x, y), static_cast<uint8_t>(cls));
    return true;
  }

  // Room for `count` deltas: JS fills deltaIndicesAddress() / deltaClassesAddress(), then
  // calls applyDeltas(count).
  // Returns an error when they do not fit in memory.
  TILEPATH_SMALL std::string reserveDeltas(int count) {
    if (count < 0) count = 0;
    const auto size = static_cast<std::size_t>(count);
    if (size > deltaIndices_.size() && !fits({size * sizeof(uint32_t) + 0.0, size + 0.0}))
      return memoryError("these cell edits", size * (sizeof(uint32_t) + 1.0));
    deltaIndices_.resize(size);
    deltaClasses_.resize(size);
    return {};
  }
  uintptr_t deltaIndicesAddress() const { return address(deltaIndices_); }
  uintptr_t deltaClassesAddress() const { return address(deltaClasses_); }
  std::string applyDeltas(int count) {
    if (count < 0 || static_cast<std::size_t>(count) > deltaIndices_.size())
      return "delta count " + std::to_string(count) + " exceeds the reserved buffer";
    return profiles_.apply(deltaIndices_.data(), deltaClasses_.data(), count);
  }

  void fillRect(int x, int y, int w, int h, int cls) {
    if (isClass(cls)) profiles_.fillRect(x, y, w, h, static_cast<uint8_t>(cls));
  }

  // --- movement profiles (profiles.hpp): tables by slot, as JS keeps them by name ---

  // Where JS writes a profile's 256 costs before setProfile.
  uintptr_t costTableAddress() { return reinterpret_cast<uintptr_t>(costTable_.data()); }
  // Adds or replaces the profile `name` with the table at costTableAddress(): its slot, or
  // contract::kRefused with lastError() set.
  TILEPATH_SMALL int setProfile(std::string name) {
    result_.error = profiles_.set(name, costTable_);
    return result_.error.empty() ? profiles_.slot(name) : contract::kRefused;
  }
  // An error (nothing deleted), or empty. The searches in slices on it end.
  TILEPATH_SMALL std::string deleteProfile(std::string name) {
    const int slot = profiles_.slot(name);
    std::string error = profiles_.remove(name);
    if (error.empty())
      for (std::size_t id = 0; id < tasks_.size(); ++id)
        if (tasks_[id] && taskProfiles_[id] == slot) endSearch(static_cast<int>(id));
    return error;
  }
  TILEPATH_SMALL std::string setCost(int cls, double cost, int profile) {
    if (!profiles_.live(profile)) return "no profile in slot " + std::to_string(profile);
    return profiles_.setCost(profile, cls, cost);
  }
  double getCost(int cls, int profile) const { return profiles_.cost(profile, cls); }
  TILEPATH_SMALL double profileBytes(int profile) const {
    return static_cast<double>(profiles_.memoryBytes(profile));
  }

  // Returns the status (an index of kStatusNames) or contract::kRefused with lastError() set;
  // the answer at resultAddress().
  int findPath(int sx, int sy, int gx, int gy, int algorithm, int diagonal, int heuristic,
               double weight, double maxExpansions, int goal, int flags) {
    return published(
        search(sx, sy, gx, gy, algorithm, diagonal, heuristic, weight, maxExpansions, goal, flags));
  }
  // The object's own address, for the direct entry points below (extern "C"), which JS calls
  // without embind's generic invoker (the build has no dynamic execution: ~70 ns a call and
  // more per argument). JS passes only addresses its live grids gave it.
  uintptr_t handle() const { return reinterpret_cast<uintptr_t>(this); }
  // A profile's cells and their footprints, for a crowd over this grid (cpp/wasm/crowd.cpp),
  // which JS disposes before the grid and before the profile: 0, with lastQueryError() set,
  // when the profile is deleted or its first use does not fit in memory.
  TILEPATH_SMALL uintptr_t cellsObject(int profile) {
    return select(profile, queryError_) ? reinterpret_cast<uintptr_t>(&profiles_.grid(profile)) : 0;
  }
  TILEPATH_SMALL uintptr_t footprintsObject(int profile) {
    return profiles_.inUse(profile) ? reinterpret_cast<uintptr_t>(&profiles_.footprints(profile))
                                    : 0;
  }
  // Where the answer last published lies in the heap (a double each, as resultLayout() names
  // them): fixed for the grid's life.
  uintptr_t resultAddress() const { return reinterpret_cast<uintptr_t>(summary_); }

 private:
  int search(int sx, int sy, int gx, int gy, int algorithm, int diagonal, int heuristic,
             double weight, double maxExpansions, int goal, int flags) {
    SearchOptions o;
    forgetBuilt();
    if (!readSearchOptions(algorithm, diagonal, heuristic, weight, maxExpansions, goal, flags, o) ||
        !roomToSearch(sharedSearcher(), o))
      return contract::kRefused;
    if (o.unitSize != 1) {
      Footprints& units = footprints();
      if (validateOptions(o).empty() && units.fits(o.unitSize))
        timed(kBuiltPositions, !units.built(o.unitSize), [&] { units.positions(o.unitSize); });
      sharedSearcher().find(units, sx, sy, gx, gy, o, result_);
      return finished();
    }
    if (unreachableAtOnce(sx, sy, gx, gy, o)) return static_cast<int>(result_.status);
    Hierarchy* hierarchy = nullptr;
    // (With entry rules or links hpa gives way to A*: no hierarchy is built.)
    if (o.algorithm == Algorithm::Hpa && !grid().hasRules() &&
        !(hierarchy = hierarchyFor(o.diagonal)))
      return contract::kRefused;
    if (hierarchy && validateOptions(o).empty() && cells().inside(sx, sy) && cells().inside(gx, gy))
      timed(kBuiltHpa, !hierarchy->current(o.diagonal), [&] { hierarchy->update(o.diagonal); });
    sharedSearcher().find(grid(), sx, sy, gx, gy, o, result_, hierarchy);
    return finished();
  }
  // What a query built before answering, and how long it took (kBuiltHpaMs ...).
  enum Built { kBuiltHpa, kBuiltPositions, kBuiltKinds };
  double built_[kBuiltKinds] = {-1, -1};
  void forgetBuilt() { std::fill(std::begin(built_), std::end(built_), -1.0); }
  // Runs `build`, timed as `kind` when `needed` (else it has nothing to do, and runs untimed).
  template <typename Build>
  void timed(Built kind, bool needed, Build build) {
    const double t0 = needed ? nowMs() : 0;
    build();
    if (needed) built_[kind] = std::max(0.0, built_[kind]) + (nowMs() - t0);
  }
  // The answer in result_ written where JS reads it; returns `status`.
  int published(int status) {
    double* s = summary_;
    s[kPathAddress] = static_cast<double>(address(result_.path));
    s[kPathLength] = static_cast<double>(result_.path.size());
    s[kRawPathAddress] = static_cast<double>(address(result_.rawPath));
    s[kRawPathLength] = static_cast<double>(result_.rawPath.size());
    s[kTraceAddress] = static_cast<double>(address(trace_));
    s[kTraceLength] = static_cast<double>(trace_.size());
    s[kCost] = result_.cost;
    s[kExpanded] = static_cast<double>(result_.expanded);
    s[kEndX] = result_.endX;
    s[kEndY] = result_.endY;
    s[kFaceX] = result_.faceX;
    s[kFaceY] = result_.faceY;
    s[kFaceStep] = result_.faceStep;
    s[kReason] = static_cast<int>(result_.reason);
    s[kAlgorithm] = static_cast<int>(result_.algorithm);
    s[kTraceTruncated] = result_.traceTruncated ? 1 : 0;
    s[kBuiltHpaMs] = built_[kBuiltHpa];
    s[kBuiltPositionsMs] = built_[kBuiltPositions];
    forgetBuilt();  // told once: an answer published later built nothing unless it says so
    s[kLinksAddress] = static_cast<double>(address(result_.links));
    s[kLinksLength] = static_cast<double>(result_.links.size());
    return status;
  }

 public:
  // --- searches in slices (search_task.hpp) ---

  // findPath's arguments. Returns a task number for stepSearch / endSearch; kSearchAnswered
  // when the answer is known at once (read it as findPath's, its status from lastStatus()): an
  // exact goal in another component, or an hpa search (it does not pause); kRefused with
  // lastError().
  int startSearch(int sx, int sy, int gx, int gy, int algorithm, int diagonal, int heuristic,
                  double weight, double maxExpansions, int goal, int flags) {
    SearchOptions o;
    if (!readSearchOptions(algorithm, diagonal, heuristic, weight, maxExpansions, goal, flags, o))
      return contract::kRefused;
    if (o.algorithm == Algorithm::Hpa) {  // its search does not pause: answered whole, at once
      Hierarchy* hierarchy = nullptr;
      if (!roomToSearch(sharedSearcher(), o) ||
          (!grid().hasRules() && !(hierarchy = hierarchyFor(o.diagonal))))
        return contract::kRefused;
      forgetBuilt();
      if (validateOptions(o).empty() && cells().inside(sx, sy) && cells().inside(gx, gy))
        timed(kBuiltHpa, !hierarchy->current(o.diagonal), [&] { hierarchy->update(o.diagonal); });
      sharedSearcher().find(grid(), sx, sy, gx, gy, o, result_, hierarchy);
      return finished() == contract::kRefused ? contract::kRefused
                                              : published(contract::kSearchAnswered);
    }
    std::unique_ptr<Searcher> state;
    if (!idleSearchers().empty()) {
      state = std::move(idleSearchers().back());
      idleSearchers().pop_back();
    } else {
      state = std::make_unique<Searcher>();
    }
    // (The components shortcut knows units of one tile. A task runs in a frame's slices: it asks
    // only labels that answer without a flood; prepareReach builds them in slices.)
    if (!roomToSearch(*state, o) ||
        (o.unitSize == 1 && unreachableAtOnce(sx, sy, gx, gy, o, false))) {
      keepIdle(std::move(state));
      return result_.ok() ? published(contract::kSearchAnswered) : contract::kRefused;
    }
    auto task = std::make_unique<SearchTask>(footprints(), sx, sy, gx, gy, o, std::move(state));
    if (!task->result().ok()) {
      result_.error = task->result().error;
      keepIdle(task->releaseState());
      return contract::kRefused;
    }
    std::size_t id = 0;
    while (id < tasks_.size() && tasks_[id]) ++id;
    if (id == tasks_.size()) tasks_.emplace_back();
    tasks_[id] = std::move(task);
    taskProfiles_.resize(tasks_.size());
    taskProfiles_[id] = slot_;
    return static_cast<int>(id);
  }
  // Expands at most maxExpansions more cells (0: to the end). kSearchRunning while unfinished
  // (lastStepExpansions() / searchRestarts() tell the work done); once done, the status, the
  // answer read as findPath's, and the task is ended.
  int stepSearch(int id, double maxExpansions) {
    SearchTask* task = liveTask(id);
    if (!task) return contract::kRefused;
    if (!(maxExpansions >= 0 && maxExpansions <= contract::kMaxExpansions)) {
      result_.error = "maxExpansions must be an integer from 0 to 4294967295";
      return contract::kRefused;
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
    if (!result_.ok()) return contract::kRefused;  // its list of cells could not grow
    publishTrace();
    return published(static_cast<int>(result_.status));
  }
  double lastStepExpansions() const { return stepExpansions_; }
  // The status of the answer last published (after kSearchAnswered).
  int lastStatus() const { return static_cast<int>(result_.status); }
  int searchRestarts() const { return restarts_; }
  // The task answered last: edits after the grid its answer is for (0: current), and whether
  // its path can still be walked (search_task.hpp).
  double searchEditsSince() const { return editsSince_; }
  bool searchStillLegal() const { return stillLegal_; }
  // Frees a task (finished or not); its search state serves the next one.
  void endSearch(int id) {
    if (!liveTask(id)) return;
    keepIdle(tasks_[id]->releaseState());
    tasks_[id].reset();
  }
  TILEPATH_SMALL int liveSearches() const {
    return static_cast<int>(
        std::count_if(tasks_.begin(), tasks_.end(), [](const auto& t) { return t != nullptr; }));
  }

 private:
  TILEPATH_SMALL SearchTask* liveTask(int id) {
    if (id < 0 || static_cast<std::size_t>(id) >= tasks_.size() || !tasks_[id]) {
      result_.error = "no search " + std::to_string(id) + " in progress on this grid";
      return nullptr;
    }
    return tasks_[id].get();
  }
  // The trace as records of doubles, for JS to copy in one go.
  void publishTrace() {
    trace_.clear();
    for (const TraceEvent& e : result_.trace)
      contract::writeTraceRecord(e, [this](double value) { trace_.push_back(value); });
  }
  // Options as findPath's codes; false with lastError() set when a code is out of range.
  bool readSearchOptions(int algorithm, int diagonal, int heuristic, double weight,
                         double maxExpansions, int goal, int flags, SearchOptions& o) {
    o.algorithm = static_cast<Algorithm>(algorithm);
    o.diagonal = static_cast<Diagonal>(diagonal);
    o.heuristic = static_cast<Heuristic>(heuristic);
    o.goal = static_cast<GoalMode>(goal);
    o.weight = weight;
    if (!(maxExpansions >= 0 && maxExpansions <= contract::kMaxExpansions)) {
      result_.error = "maxExpansions must be an integer from 0 to 4294967295";
      return false;
    }
    o.maxExpansions = static_cast<uint32_t>(maxExpansions);
    contract::unpackFlags(flags, o);
    o.unitSize = contract::unpackUnitSize(flags);
    if (algorithm < 0 || diagonal < 0 || heuristic < 0 || goal < 0) {
      result_.error = "option values must be non-negative codes";
      return false;
    }
    return select(contract::unpackProfile(flags), result_.error);
  }
  // Whether a search by `searcher` with these options fits in memory (lastError() if not).
  bool roomToSearch(const Searcher& searcher, const SearchOptions& o) {
    // The unit sizes used least recently give their memory back before a search is refused.
    while (!roomToSearchNow(searcher, o))
      if (!footprints().releaseLeastRecent(o.unitSize)) return false;
    result_.error.clear();
    return true;
  }
  bool roomToSearchNow(const Searcher& searcher, const SearchOptions& o) {
    // The path, a copy of it when smoothing, and the trace's copy as doubles grow too.
    const std::size_t stateGrowth = searcher.bytesToGrowFor(grid(), o.trace);
    // A unit size asked for the first time builds its position grid (footprints.hpp).
    const double footprint = static_cast<double>(footprints().bytesToBuild(o.unitSize));
    const double needed =
        static_cast<double>(stateGrowth) + footprint +
        (o.trace ? kMaxTraceEvents * contract::kTraceRecordSize * sizeof(double) : 0.0) +
        4.0 * sizeof(int32_t) * cells().size();
    if (!roomFor(needed)) {
      result_.error = memoryError("this search", needed);
      return false;
    }
    // The large blocks are also tried for real: the search state when it must grow to this
    // grid's size (the old state is still held while it grows), and the trace. The open list
    // and bfs's queue ask as they grow (Searcher::setRoomCheck, installed below).
    const double cells = searcher.bytesToGrowFor(grid(), false) > 0 ? grid().size() : 0.0;
    const double traceEvents = o.trace ? static_cast<double>(kMaxTraceEvents) : 0.0;
    // (The searcher's blocks: an 8-byte slot and a byte a cell.)
    const double ruleCells = static_cast<double>(searcher.ruleBytesToGrowFor(grid()));
    if (!fits({cells * sizeof(double), cells * sizeof(uint8_t), traceEvents * sizeof(TraceEvent),
               traceEvents * contract::kTraceRecordSize * sizeof(double), footprint, ruleCells})) {
      result_.error = memoryError("this search", needed);
      return false;
    }
    return true;
  }

 public:
  std::string lastError() const { return result_.error; }

  // Bytes held by the position grids of the unit sizes searched (footprints.hpp), and freeing
  // one size's (built again by its next search).
  double footprintBytes() { return static_cast<double>(profiles_.footprints(0).memoryBytes()); }
  void releaseUnitSize(int n) { profiles_.footprints(0).release(n); }
  // --- big maps: repairPath and the hierarchy (repair.hpp, hierarchy.hpp) ---

  // Room for a path of `count` numbers: JS fills repairInputAddress(), then calls repairPath.
  std::string reserveRepairInput(int count) { return reserve(repairInput_, count, "this path"); }
  uintptr_t repairInputAddress() const { return address(repairInput_); }
  // As findPath (the result is read the same way), plus repairKind() and rejoinIndex().
  TILEPATH_SMALL int repairPath(int count, int fromIndex, int algorithm, int diagonal,
                                int heuristic, double weight, double maxExpansions, int goal,
                                int flags, double detourExpansions) {
    if (!kBigMaps) {
      result_.error = noBigMaps("repairPath");
      return contract::kRefused;
    }
    if (count < 0 || static_cast<std::size_t>(count) > repairInput_.size()) {
      result_.error = "path length " + std::to_string(count) + " exceeds the reserved buffer";
      return contract::kRefused;
    }
    if (!(detourExpansions >= 0 && detourExpansions <= contract::kMaxExpansions)) {
      result_.error = "detourExpansions must be an integer from 0 to 4294967295";
      return contract::kRefused;
    }
    SearchOptions o;
    if (!readSearchOptions(algorithm, diagonal, heuristic, weight, maxExpansions, goal, flags, o))
      return contract::kRefused;
    // The full search may run: the same memory checks as findPath's.
    if (!roomToSearch(sharedSearcher(), o)) return contract::kRefused;
    Hierarchy* hierarchy = nullptr;
    if (o.algorithm == Algorithm::Hpa && !grid().hasRules() &&
        !(hierarchy = hierarchyFor(o.diagonal)))
      return contract::kRefused;
    RepairOptions repair;
    repair.detourExpansions = static_cast<uint32_t>(detourExpansions);
    repairInput_.resize(static_cast<std::size_t>(count));
    tilepath::repairPath(sharedSearcher(), grid(), repairInput_, fromIndex, o, repair, repair_,
                         hierarchy);
    std::swap(result_, repair_.search);
    return published(finished());
  }
  // An index of kRepairKindNames, and the points left and rejoined (-1 unless local), of the
  // last repair.
  int repairKind() const { return static_cast<int>(repair_.kind); }
  int departIndex() const { return repair_.departIndex; }
  int rejoinIndex() const { return repair_.rejoinIndex; }

  // The hierarchy's abstract graph under a rule, for drawing: nodes as x, y pairs, intra-cluster
  // edges as x0, y0, x1, y1 (read with graphAddress / graphLength). -1 with lastError() set.
  TILEPATH_SMALL int hierarchyGraph(int diagonal, bool edges) {
    slot_ = 0;  // the hierarchy of the grid's own table ('default')
    if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always)) {
      result_.error = "diagonal code " + std::to_string(diagonal) + " is unknown";
      return contract::kRefused;
    }
    if (!kBigMaps) {
      result_.error = noBigMaps("abstractGraph");
      return contract::kRefused;
    }
    Hierarchy* hierarchy = hierarchyFor(static_cast<Diagonal>(diagonal));
    if (!hierarchy) return contract::kRefused;
    const bool drawn = edges ? hierarchy->edges(static_cast<Diagonal>(diagonal), graph_)
                             : hierarchy->nodes(static_cast<Diagonal>(diagonal), graph_);
    if (!drawn) {
      result_.error =
          "not enough memory to go on with this query: hpa's graph of the map could "
          "not grow to take in the map as it is now";
      return contract::kRefused;
    }
    return 0;
  }
  // The hierarchy for a rule built in slices (Hierarchy::buildStep): about `budget` units of
  // work; returns the fraction done, 1 once built, or -1 with lastError() set.
  TILEPATH_SMALL double buildHierarchy(int diagonal, double budget) {
    slot_ = 0;  // the hierarchy of the grid's own table ('default')
    if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always)) {
      result_.error = "diagonal code " + std::to_string(diagonal) + " is unknown";
      return contract::kRefused;
    }
    if (!kBigMaps) {
      result_.error = noBigMaps("prepare({ hpa })");
      return contract::kRefused;
    }
    const auto rule = static_cast<Diagonal>(diagonal);
    Hierarchy* hierarchy = hierarchyFor(rule);
    if (!hierarchy) return contract::kRefused;
    const double done = hierarchy->buildStep(
        rule, budget >= 1 && budget < 1e15 ? static_cast<std::size_t>(budget) : SIZE_MAX);
    if (done < 0) {
      result_.error =
          "not enough memory to go on with this build: hpa's graph of the map could not grow "
          "to take in the map as it is now";
      return contract::kRefused;
    }
    return done;
  }
  // Drops the rule's hierarchy, built or half built (a cancelled prepare).
  TILEPATH_SMALL void releaseHierarchy(int diagonal) {
    Hierarchy* hierarchy = profiles_.hierarchyIfMade(0);
    if (hierarchy && diagonal >= 0 && diagonal <= static_cast<int>(Diagonal::Always))
      hierarchy->releaseLevel(static_cast<Diagonal>(diagonal));
  }
  // The passable cells as rectangles (rectangles.hpp), x, y, w, h each, into the same buffer.
  // -1 with lastError() set in the build without big maps.
  TILEPATH_SMALL int rectangles(bool sameClass) {
    if (!kBigMaps) {
      result_.error = noBigMaps("rectangles");
      return contract::kRefused;
    }
    tilepath::rectangles(cells(), sameClass, graph_);
    return 0;
  }
  uintptr_t graphAddress() const { return address(graph_); }
  int graphLength() const { return static_cast<int>(graph_.size()); }
  int clusterSize() const { return Hierarchy::kDefaultClusterSize; }
  double hierarchyBytes() const {
    const Hierarchy* hierarchy = profiles_.hierarchyIfMade(0);
    return kBigMaps && hierarchy ? static_cast<double>(hierarchy->memoryBytes()) : 0.0;
  }

  // --- saved grids (saved.hpp) ---

  // The grid and what is prepared on it into the saved bytes (savedAddress / savedLength), or
  // an error. The save is as large as what it holds: checked against memory first.
  TILEPATH_SMALL std::string save() {
    std::vector<SavedProfile> tables;
    for (const std::string& name : profiles_.names()) {
      const int slot = profiles_.slot(name);
      if (slot == 0) continue;
      SavedProfile& p = tables.emplace_back();
      p.name = name;
      for (int cls = 0; cls < Grid::kClasses; ++cls) p.costs[cls] = profiles_.cost(slot, cls);
    }
    select(0, queryError_);
    std::unique_ptr<Hierarchy>& held_ = profiles_.hierarchyHolder(0);
    const bool hierarchy = kBigMaps && held_;
    const double held = cells().size() + footprints().memoryBytes() + components().memoryBytes() +
                        (hierarchy ? held_->memoryBytes() : 0.0);
    // The sections are written once, then copied behind the header.
    std::vector<uint8_t>().swap(savedBytes());
    if (!roomFor(2 * held) || !fits({held, held})) return memoryError("saving this grid", 2 * held);
    // (A SavedHierarchy is made in the big-map build only: the other links none of its code.)
    if (hierarchy) {
      SavedHierarchy saved(held_);
      return saveGrid(cells(), {&components(), &footprints(), &saved, &tables}, savedBytes());
    }
    return saveGrid(cells(), {&components(), &footprints(), nullptr, &tables}, savedBytes());
  }
  TILEPATH_SMALL static uintptr_t savedAddress() { return address(savedBytes()); }
  TILEPATH_SMALL static double savedLength() { return static_cast<double>(savedBytes().size()); }
  // Room for `length` bytes to load (0 frees them); JS writes them at savedAddress().
  TILEPATH_SMALL static std::string reserveSaved(double length) {
    std::vector<uint8_t>().swap(savedBytes());
    if (!(length >= 0 && length < heapMax()) || !roomFor(3 * length) || !fits({length, 2 * length}))
      return memoryError("loading these saved bytes", 3 * length);
    savedBytes().resize(static_cast<std::size_t>(length));
    return {};
  }
  // The saved bytes' header and grid checked: then savedWidth() ... name the grid to make.
  TILEPATH_SMALL static std::string checkSaved() {
    const std::vector<uint8_t>& bytes = savedBytes();
    std::string error = readSavedHeader(bytes.data(), bytes.size(), savedHeader());
    if (error.empty()) error = checkSize(savedHeader().width, savedHeader().height);
    return error;
  }
  TILEPATH_SMALL static int savedWidth() { return savedHeader().width; }
  TILEPATH_SMALL static int savedHeight() { return savedHeader().height; }
  TILEPATH_SMALL static int savedOrientation() {
    return static_cast<int>(savedHeader().shape.orientation);
  }
  TILEPATH_SMALL static int savedStaggerAxis() {
    return static_cast<int>(savedHeader().shape.staggerAxis);
  }
  TILEPATH_SMALL static int savedStaggerIndex() {
    return static_cast<int>(savedHeader().shape.staggerIndex);
  }
  // Loads the saved bytes into this grid, made with the sides and shape checkSaved() read and
  // nothing else done to it; an error leaves it to be deleted. The bytes are freed either way.
  TILEPATH_SMALL std::string loadSaved() {
    std::vector<uint8_t>& bytes = savedBytes();
    // The small build has no hierarchy: a saved one is skipped (hpa refuses there anyway).
    std::string error;
    std::vector<SavedProfile> tables;
    select(0, queryError_);
    if (kBigMaps) {
      SavedHierarchy saved(profiles_.hierarchyHolder(0));
      error = tilepath::loadSaved(bytes.data(), bytes.size(), grid(),
                                  {&components(), &footprints(), &saved, &tables}, true);
    } else {
      error = tilepath::loadSaved(bytes.data(), bytes.size(), grid(),
                                  {&components(), &footprints(), nullptr, &tables}, true);
    }
    std::vector<uint8_t>().swap(bytes);
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
  // The profiles' names ('default' first, in the order they were added), one a line, and their
  // slots: what a loaded grid's JS side learns them from.
  TILEPATH_SMALL std::string profileNames() const {
    std::string list;
    for (const std::string& name : profiles_.names()) list += name + "\n";
    return list;
  }
  TILEPATH_SMALL int profileSlot(std::string name) const { return profiles_.slot(name); }

  // --- prepare (js/core/prepare.js): what queries would build on first use, built ahead ---

  // The position grid of unit size n (one pass over the map): 1, or kRefused with
  // lastQueryError() set.
  TILEPATH_SMALL int prepareUnitSize(int n) { return fieldGrid(n) ? 1 : contract::kRefused; }
  // The reachability labels of a rule for units of size n, in slices of about `cells` cells:
  // the fraction done (1: ready), or kRefused with lastQueryError() set.
  TILEPATH_SMALL double prepareLabels(int diagonal, int unitSize, double cells) {
    if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always) || !(cells >= 1)) {
      queryError_ = "prepareLabels: diagonal code " + std::to_string(diagonal) +
                    " or a budget of cells below 1";
      return contract::kRefused;
    }
    const Grid* positions = fieldGrid(unitSize);
    if (!positions) return contract::kRefused;
    Components& components =
        positions == &grid() ? this->components() : *footprints().components(unitSize);
    const auto rule = static_cast<Diagonal>(diagonal);
    const double needed = static_cast<double>(components.bytesToBuild(rule));
    if (needed > 0 && (!roomFor(needed) || !fits({needed}))) {
      queryError_ = memoryError("reachability labels", needed);
      return contract::kRefused;
    }
    components.prepare(rule, static_cast<std::size_t>(std::min(cells, 1e12)));
    return components.progress(rule);
  }

  // --- whole-map queries: flow fields, movement ranges, reachability (fields.hpp) ---

  // Room for `count` goal cell indices: JS fills goalsAddress(), then calls flowField(count).
  std::string reserveGoals(int count) { return reserve(goals_, count, "these goals"); }
  uintptr_t goalsAddress() const { return address(goals_); }

  // 0 when done (read fieldCostsAddress / fieldStepsAddress), contract::kRefused with
  // lastQueryError() set.
  // unitSize above 1: the field of a unit of that size, over its positions (footprints.hpp),
  // laid out per cell (a position at its top-left cell; cells no position starts on unreached).
  TILEPATH_SMALL int flowField(int count, int diagonal, double maxCost, int unitSize, int profile) {
    FieldOptions o;
    if (!readFieldOptions(diagonal, maxCost, o) || !select(profile, queryError_) ||
        !oneCellWithRules(unitSize))
      return contract::kRefused;
    if (count < 0 || static_cast<std::size_t>(count) > goals_.size()) {
      queryError_ = "goal count " + std::to_string(count) + " exceeds the reserved buffer";
      return contract::kRefused;
    }
    if (!roomForQuery("this flow field", 0)) return contract::kRefused;
    const Grid* positions = fieldGrid(unitSize);
    if (!positions) return contract::kRefused;
    if (positions != &grid()) count = goalPositions(count, *positions);
    if (count < 0) return contract::kRefused;
    FlowField& field = sharedFields().field;
    sharedFields().search.flowField(*positions, goals_.data(), count, o, field);
    queryError_ = field.error;
    if (!field.error.empty()) return contract::kRefused;
    spreadFromPositions(*positions, field.costs, field.steps);
    return 0;
  }
  uintptr_t fieldCostsAddress() const { return address(sharedFields().field.costs); }
  uintptr_t fieldStepsAddress() const { return address(sharedFields().field.steps); }
  // With links: the cell each link step (contract kLinkStep) leads to, -1 elsewhere; 0 = none.
  uintptr_t fieldLinksAddress() const { return address(sharedFields().field.linkTo); }
  int fieldLinksLength() const { return static_cast<int>(sharedFields().field.linkTo.size()); }

  // As flowField; then rangeCostsAddress / rangeCameFromAddress / rangeCells*.
  TILEPATH_SMALL int reachable(int sx, int sy, int diagonal, double maxCost, int unitSize,
                               int profile) {
    FieldOptions o;
    if (!readFieldOptions(diagonal, maxCost, o) || !select(profile, queryError_) ||
        !oneCellWithRules(unitSize))
      return contract::kRefused;
    // The reached cells, two int32 each, at most the grid.
    if (!roomForQuery("this movement range", 2.0 * sizeof(int32_t) * cells().size()))
      return contract::kRefused;
    const Grid* positions = fieldGrid(unitSize);
    if (!positions) return contract::kRefused;
    if (positions != &grid() && !startFits(sx, sy, unitSize, *positions)) return contract::kRefused;
    MovementRange& range = sharedFields().range;
    sharedFields().search.reachable(*positions, sx, sy, o, range);
    queryError_ = range.error;
    if (!range.error.empty()) return contract::kRefused;
    spreadFromPositions(*positions, range.costs, range.cameFrom);
    return 0;
  }
  uintptr_t rangeCostsAddress() const { return address(sharedFields().range.costs); }
  uintptr_t rangeCameFromAddress() const { return address(sharedFields().range.cameFrom); }
  uintptr_t rangeLinksAddress() const { return address(sharedFields().range.linkFrom); }
  int rangeLinksLength() const { return static_cast<int>(sharedFields().range.linkFrom.size()); }
  uintptr_t rangeCellsAddress() const { return address(sharedFields().range.cells); }
  int rangeCellsLength() const { return static_cast<int>(sharedFields().range.cells.size()); }

  // 1 or 0; contract::kRefused with lastQueryError() set (bad arguments, or no memory for the
  // labels the first query of a diagonal rule builds).
  // Units bigger than one tile ask the components of their positions (unitSize >= 2): a goal
  // position whose footprint sticks out of the grid is never reached.
  int canReach(int sx, int sy, int gx, int gy, int diagonal, int unitSize, int profile) {
    if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always)) {
      queryError_ = "diagonal code " + std::to_string(diagonal) + " is unknown";
      return contract::kRefused;
    }
    if (!select(profile, queryError_)) return contract::kRefused;
    if (!cells().inside(sx, sy) || !cells().inside(gx, gy)) {
      queryError_ = "canReach cells (" + std::to_string(sx) + ", " + std::to_string(sy) + ") -> (" +
                    std::to_string(gx) + ", " + std::to_string(gy) + ") must be inside the grid";
      return contract::kRefused;
    }
    if (!oneCellWithRules(unitSize)) return contract::kRefused;
    const Grid* positions = fieldGrid(unitSize);
    if (!positions) return contract::kRefused;
    if (positions != &grid() && !startFits(sx, sy, unitSize, *positions)) return contract::kRefused;
    if (!positions->inside(gx, gy)) return 0;
    if (grid().hasRules()) return reachesWithRules(sx, sy, gx, gy, static_cast<Diagonal>(diagonal));
    Components& components =
        positions == &grid() ? this->components() : *footprints().components(unitSize);
    const auto rule = static_cast<Diagonal>(diagonal);
    const double needed = static_cast<double>(components.bytesToBuild(rule));
    while (needed > 0 && (!roomFor(needed) || !fits({needed}))) {
      if (!footprints().releaseLeastRecent(unitSize)) {
        queryError_ = memoryError("reachability labels", needed);
        return contract::kRefused;
      }
    }
    return components.canReach(positions->index(sx, sy), positions->index(gx, gy), rule) ? 1 : 0;
  }
  std::string lastQueryError() const { return queryError_; }

  // --- entry rules and links (movement_rules.hpp) ---

  // names: a comma-separated list of the shape's direction names; any: every direction (null).
  TILEPATH_SMALL std::string setEntry(int cls, std::string names, bool any) {
    if (any) return profiles_.setEntry(cls, MovementRules::kAnyDirection);
    return profiles_.setEntry(cls, std::string_view(names));
  }
  // id: chosen by JS (the worker replays the same ids).
  TILEPATH_SMALL std::string addLink(int ax, int ay, int bx, int by, double cost, bool oneWay,
                                     int id) {
    if (id <= 0) return "link id must be a positive integer, got " + std::to_string(id);
    int32_t given = id;
    return profiles_.addLink(ax, ay, bx, by, cost, oneWay, given);
  }
  TILEPATH_SMALL std::string removeLink(int id) { return profiles_.removeLink(id); }

  // Builds (or repairs) the reachability labels of a diagonal rule in slices of about `cells`
  // cells, for searches run over frames (PathScheduler): 1 once ready, 0 while under way,
  // contract::kRefused when they do not fit in memory (lastQueryError()).
  int prepareReach(int diagonal, double cells) {
    if (diagonal < 0 || diagonal > static_cast<int>(Diagonal::Always) || !(cells >= 1)) {
      queryError_ = "prepareReach: diagonal code " + std::to_string(diagonal) +
                    " or a budget of cells below 1";
      return contract::kRefused;
    }
    const auto rule = static_cast<Diagonal>(diagonal);
    Components& components = profiles_.components(0);
    const double needed = static_cast<double>(components.bytesToBuild(rule));
    if (needed > 0 && (!roomFor(needed) || !fits({needed}))) {
      queryError_ = memoryError("reachability labels", needed);
      return contract::kRefused;
    }
    return components.prepare(rule, static_cast<std::size_t>(std::min(cells, 1e12))) ? 1 : 0;
  }

 private:
  // Makes `buffer` hold `count` numbers for JS to fill, or says that `what` does not fit.
  TILEPATH_SMALL std::string reserve(std::vector<int32_t>& buffer, int count, const char* what) {
    const auto size = static_cast<std::size_t>(count < 0 ? 0 : count);
    if (size > buffer.size() && !fits({size * sizeof(int32_t) + 0.0}))
      return memoryError(what, size * sizeof(int32_t) + 0.0);
    buffer.resize(size);
    return {};
  }

  // After a search into result_: its status, or contract::kRefused; the trace copied for JS.
  int finished() {
    if (!result_.ok()) return contract::kRefused;
    publishTrace();
    return static_cast<int>(result_.status);
  }

  // The cells, under the 'default' table.
  const Grid& cells() const { return profiles_.cells(); }
  // The profile a query runs on (select), and what it derives. A query selects its profile
  // first: its grid is then made, the memory for it checked.
  Grid& grid() { return profiles_.grid(slot_); }
  Components& components() { return profiles_.components(slot_); }
  Footprints& footprints() { return profiles_.footprints(slot_); }
  // Makes `profile` the one the query runs on; false with `error` set when it is no live
  // profile's slot, or its grid does not fit in memory. A profile in use answers at once.
  bool select(int profile, std::string& error) {
    if (!profiles_.inUse(profile)) return selectFirstUse(profile, error);
    slot_ = profile;
    return true;
  }
  __attribute__((noinline)) TILEPATH_SMALL bool selectFirstUse(int profile, std::string& error) {
    if (!profiles_.live(profile)) {
      error = "no profile in slot " + std::to_string(profile) + " (deleted?)";
      return false;
    }
    const double needed = static_cast<double>(profiles_.bytesToUse(profile));
    if (needed > 0 && (!roomFor(needed) || !fits({needed}))) {
      error = memoryError(("profile '" + profiles_.name(profile) + "'").c_str(), needed);
      return false;
    }
    slot_ = profile;
    return true;
  }

  TILEPATH_SMALL bool readFieldOptions(int diagonal, double maxCost, FieldOptions& o) {
    o.diagonal = static_cast<Diagonal>(diagonal);
    o.maxCost = maxCost;
    queryError_ = diagonal < 0 ? "diagonal code " + std::to_string(diagonal) + " is unknown"
                               : validateFieldOptions(o);
    return queryError_.empty();
  }

  // The grid a field or range of units of this size runs on (the cells for size 1), or null
  // with queryError_ set.
  // Whether a unit of size n starting at (sx, sy) lies inside the grid; if not, says so.
  TILEPATH_SMALL bool startFits(int sx, int sy, int n, const Grid& positions) {
    if (positions.inside(sx, sy)) return true;
    queryError_ =
        "start (" + std::to_string(sx) + ", " + std::to_string(sy) + ") puts a unit of size " +
        std::to_string(n) + " outside the grid: its top-left must be at most (" +
        std::to_string(positions.width() - 1) + ", " + std::to_string(positions.height() - 1) + ")";
    return false;
  }
  TILEPATH_SMALL const Grid* fieldGrid(int unitSize) {
    queryError_ = validateUnitSize(unitSize, cells().shape());
    if (!queryError_.empty()) return nullptr;
    if (!footprints().fits(unitSize)) {
      queryError_ = "unitSize " + std::to_string(unitSize) + " does not fit in a " +
                    std::to_string(cells().width()) + " x " + std::to_string(cells().height()) +
                    " grid";
      return nullptr;
    }
    const double needed = static_cast<double>(footprints().bytesToBuild(unitSize));
    while (needed > 0 && (!roomFor(needed) || !fits({needed}))) {
      if (!footprints().releaseLeastRecent(unitSize)) {
        queryError_ = memoryError("the positions of this unit size", needed);
        return nullptr;
      }
    }
    return footprints().positions(unitSize);
  }
  // The goal cells as positions of `positions`, in place; a cell no position starts on is no
  // goal (a unit cannot stand there). Returns how many remain, -1 on a bad index.
  TILEPATH_SMALL int goalPositions(int count, const Grid& positions) {
    int kept = 0;
    for (int k = 0; k < count; ++k) {
      const int32_t cell = goals_[k];
      if (cell < 0 || cell >= cells().size()) {
        queryError_ = "goal cell index " + std::to_string(cell) + " is outside the grid";
        return -1;
      }
      const int x = cell % cells().width(), y = cell / cells().width();
      if (positions.inside(x, y)) goals_[kept++] = positions.index(x, y);
    }
    return kept;
  }
  // Per-position outputs laid out per cell, as JS reads them.
  TILEPATH_SMALL void spreadFromPositions(const Grid& positions, std::vector<float>& costs,
                                          std::vector<uint8_t>& steps) {
    if (&positions == &grid()) return;
    const int pw = positions.width(), ph = positions.height();
    spreadToCells(costs, pw, ph, cells().width(), cells().height(),
                  std::numeric_limits<float>::infinity());
    spreadToCells(steps, pw, ph, cells().width(), cells().height(), kNoStep);
  }

  // Whether a field or range on this grid (and `extra` bytes beside it) fits in memory now.
  TILEPATH_SMALL bool roomForQuery(const char* what, double extra) {
    const double cells = this->cells().size();
    const double needed = static_cast<double>(sharedFields().search.bytesToGrowFor(grid())) + extra;
    // (The open list asks as it grows: Searcher::setRoomCheck.)
    if (!roomFor(needed) || !fits({cells * sizeof(double), cells * sizeof(float), cells, extra})) {
      queryError_ = memoryError(what, needed);
      return false;
    }
    return true;
  }

  // An exact goal in another component than the start: 'none' at once, nothing expanded. The
  // search itself should ask this once it lives in the core (searcher.cpp); partial and nearest
  // answers need the search, and labels that do not fit in memory are simply not used.
  // Units bigger than a tile are refused on grids with entry rules or links (lastQueryError()).
  TILEPATH_SMALL bool oneCellWithRules(int unitSize) {
    if (unitSize == 1 || !grid().hasRules()) return true;
    queryError_ = "unitSize " + std::to_string(unitSize) +
                  " is not supported on a grid with entry rules or links (units of one cell only)";
    return false;
  }
  // canReach on a grid with rules. The components are undirected and know no links: with
  // links they cannot answer; with entry rules only they still answer "no" at once (a rule only
  // takes steps away), and "yes" must be checked. The check is an A* search to the goal, with
  // the consistent estimate: the cells towards the goal when it is reachable, the whole region
  // of the start when it is not.
  int reachesWithRules(int sx, int sy, int gx, int gy, Diagonal rule) {
    if (!grid().rules().anyLink() && grid().passable(sx, sy) && grid().passable(gx, gy)) {
      const double needed = static_cast<double>(components().bytesToBuild(rule));
      if (needed <= 0 || (roomFor(needed) && fits({needed})))
        if (!components().canReach(grid().index(sx, sy), grid().index(gx, gy), rule)) return 0;
    }
    SearchOptions o;
    o.diagonal = rule;
    o.includeStart = false;
    if (!roomToSearch(sharedSearcher(), o)) {
      queryError_ = result_.error;
      return contract::kRefused;
    }
    sharedSearcher().find(grid(), sx, sy, gx, gy, o, reach_);
    return reach_.status == Status::Found ? 1 : 0;
  }
  bool unreachableAtOnce(int sx, int sy, int gx, int gy, const SearchOptions& o,
                         bool mayFlood = true) {
    // The components know no links (a teleport joins what they keep apart).
    if (grid().rules().anyLink()) return false;
    if (!mayFlood && !components().ready(o.diagonal)) return false;
    if (o.goal != GoalMode::Exact || o.partial || !validateOptions(o).empty()) return false;
    const Grid& grid = this->grid();
    if (!grid.inside(sx, sy) || !grid.inside(gx, gy) || !grid.passable(gx, gy)) return false;
    // The start is never checked (a unit on a cell just blocked walks off it), and start == goal
    // is always found: leave both to the search, which answers them at once or from the start's
    // neighbours.
    if ((sx == gx && sy == gy) || !grid.passable(sx, sy)) return false;
    const double needed = static_cast<double>(components().bytesToBuild(o.diagonal));
    if (needed > 0 && (!roomFor(needed) || !fits({needed}))) return false;
    if (components().canReach(grid.index(sx, sy), grid.index(gx, gy), o.diagonal)) return false;
    // Status none, empty path, cost 0, nothing expanded; the buffers are kept for reuse.
    result_.clear();
    result_.reason = Reason::Unreachable;
    result_.algorithm = algorithmThatRuns(grid, o);
    trace_.clear();
    return true;
  }

  // The grid's hierarchy (made on the first hpa query; it watches the grid for edits), or null
  // with result_.error set when its abstract graph for this rule does not fit in memory.
  TILEPATH_SMALL Hierarchy* hierarchyFor(Diagonal rule) {
    if (!kBigMaps) {
      result_.error = noBigMaps("algorithm 'hpa'");
      return nullptr;
    }
    result_.error = squareGridOnly("algorithm 'hpa'", cells().shape());
    if (!result_.ok()) return nullptr;
    Hierarchy& hierarchy = profiles_.hierarchy(slot_);
    const double needed = static_cast<double>(hierarchy.bytesToBuild(rule));
    if (needed > 0 && (!roomFor(needed) || !fits({needed}))) {
      result_.error = memoryError("the hpa hierarchy", needed);
      return nullptr;
    }
    return &hierarchy;
  }

  // The cells and every profile's table and derived structures.
  Profiles profiles_;
  int slot_ = 0;                     // the profile of the query under way (select)
  Profiles::CostTable costTable_{};  // setProfile's input
  std::vector<int32_t> repairInput_;
  RepairResult repair_;
  std::vector<int32_t> graph_;
  std::vector<int32_t> goals_;
  std::string queryError_;
  std::vector<uint32_t> deltaIndices_;
  std::vector<uint8_t> deltaClasses_;
  SearchResult result_;
  SearchResult reach_;  // canReach on a grid with rules (reachesWithRules)
  std::vector<double> trace_;
  double summary_[kResultFields] = {};  // result_ as published for JS (resultAddress)
  // Searches in slices, by number (null: a free number). Declared after profiles_, so freed first.
  std::vector<std::unique_ptr<SearchTask>> tasks_;
  std::vector<int> taskProfiles_;  // the profile each task searches
  double stepExpansions_ = 0;
  int restarts_ = 0;
  double editsSince_ = 0;
  bool stillLegal_ = true;
};

// findPath, the hottest call of all, made straight from JS (Module._tilepath_find_path with
// grid.handle() first) rather than through embind's generic invoker: it is not bound otherwise.
extern "C" EMSCRIPTEN_KEEPALIVE int tilepath_find_path(WasmGrid* grid, int sx, int sy, int gx,
                                                       int gy, int algorithm, int diagonal,
                                                       int heuristic, double weight,
                                                       double maxExpansions, int goal, int flags) {
  return grid->findPath(sx, sy, gx, gy, algorithm, diagonal, heuristic, weight, maxExpansions, goal,
                        flags);
}

bool bigMaps() {
  return kBigMaps;
}

TILEPATH_SMALL double searchMemoryBytes() {
  std::size_t idle = 0;
  for (const auto& searcher : idleSearchers()) idle += searcher->memoryBytes();
  return static_cast<double>(sharedSearcher().memoryBytes() + sharedFields().search.memoryBytes() +
                             idle);
}

// The registration runs once, at load.
#pragma clang attribute push(__attribute__((minsize)), apply_to = function)
EMSCRIPTEN_BINDINGS(tilepath) {
  emscripten::function("searchMemoryBytes", &searchMemoryBytes);
  emscripten::function("bigMaps", &bigMaps);
  emscripten::function("resultLayout", &resultLayout);
  emscripten::class_<WasmGrid>("Grid")
      .constructor<int, int, int, int, int>()
      .class_function("checkSize", &WasmGrid::checkSize)
      .class_function("checkShape", &WasmGrid::checkShape)
      .function("width", &WasmGrid::width)
      .function("height", &WasmGrid::height)
      .function("cellsAddress", &WasmGrid::cellsAddress)
      .function("cellsChanged", &WasmGrid::cellsChanged)
      .function("get", &WasmGrid::get)
      .function("set", &WasmGrid::set)
      .function("reserveDeltas", &WasmGrid::reserveDeltas)
      .function("deltaIndicesAddress", &WasmGrid::deltaIndicesAddress)
      .function("deltaClassesAddress", &WasmGrid::deltaClassesAddress)
      .function("applyDeltas", &WasmGrid::applyDeltas)
      .function("fillRect", &WasmGrid::fillRect)
      .function("setCost", &WasmGrid::setCost)
      .function("getCost", &WasmGrid::getCost)
      .function("costTableAddress", &WasmGrid::costTableAddress)
      .function("setProfile", &WasmGrid::setProfile)
      .function("deleteProfile", &WasmGrid::deleteProfile)
      .function("profileBytes", &WasmGrid::profileBytes)
      .function("resultAddress", &WasmGrid::resultAddress)
      .function("handle", &WasmGrid::handle)
      .function("cellsObject", &WasmGrid::cellsObject)
      .function("footprintsObject", &WasmGrid::footprintsObject)
      .function("lastError", &WasmGrid::lastError)
      .function("startSearch", &WasmGrid::startSearch)
      .function("stepSearch", &WasmGrid::stepSearch)
      .function("lastStepExpansions", &WasmGrid::lastStepExpansions)
      .function("lastStatus", &WasmGrid::lastStatus)
      .function("searchRestarts", &WasmGrid::searchRestarts)
      .function("searchEditsSince", &WasmGrid::searchEditsSince)
      .function("searchStillLegal", &WasmGrid::searchStillLegal)
      .function("endSearch", &WasmGrid::endSearch)
      .function("liveSearches", &WasmGrid::liveSearches)
      .function("footprintBytes", &WasmGrid::footprintBytes)
      .function("releaseUnitSize", &WasmGrid::releaseUnitSize)
      .function("reserveRepairInput", &WasmGrid::reserveRepairInput)
      .function("repairInputAddress", &WasmGrid::repairInputAddress)
      .function("repairPath", &WasmGrid::repairPath)
      .function("repairKind", &WasmGrid::repairKind)
      .function("departIndex", &WasmGrid::departIndex)
      .function("rejoinIndex", &WasmGrid::rejoinIndex)
      .function("hierarchyGraph", &WasmGrid::hierarchyGraph)
      .function("buildHierarchy", &WasmGrid::buildHierarchy)
      .function("releaseHierarchy", &WasmGrid::releaseHierarchy)
      .function("rectangles", &WasmGrid::rectangles)
      .function("graphAddress", &WasmGrid::graphAddress)
      .function("graphLength", &WasmGrid::graphLength)
      .function("clusterSize", &WasmGrid::clusterSize)
      .function("hierarchyBytes", &WasmGrid::hierarchyBytes)
      .function("reserveGoals", &WasmGrid::reserveGoals)
      .function("goalsAddress", &WasmGrid::goalsAddress)
      .function("flowField", &WasmGrid::flowField)
      .function("fieldCostsAddress", &WasmGrid::fieldCostsAddress)
      .function("fieldStepsAddress", &WasmGrid::fieldStepsAddress)
      .function("reachable", &WasmGrid::reachable)
      .function("rangeCostsAddress", &WasmGrid::rangeCostsAddress)
      .function("rangeCameFromAddress", &WasmGrid::rangeCameFromAddress)
      .function("rangeCellsAddress", &WasmGrid::rangeCellsAddress)
      .function("rangeCellsLength", &WasmGrid::rangeCellsLength)
      .function("canReach", &WasmGrid::canReach)
      .function("prepareReach", &WasmGrid::prepareReach)
      .function("lastQueryError", &WasmGrid::lastQueryError)
      .function("prepareUnitSize", &WasmGrid::prepareUnitSize)
      .function("prepareLabels", &WasmGrid::prepareLabels)
      .function("save", &WasmGrid::save)
      .class_function("savedAddress", &WasmGrid::savedAddress)
      .class_function("savedLength", &WasmGrid::savedLength)
      .class_function("reserveSaved", &WasmGrid::reserveSaved)
      .class_function("checkSaved", &WasmGrid::checkSaved)
      .class_function("savedWidth", &WasmGrid::savedWidth)
      .class_function("savedHeight", &WasmGrid::savedHeight)
      .class_function("savedOrientation", &WasmGrid::savedOrientation)
      .class_function("savedStaggerAxis", &WasmGrid::savedStaggerAxis)
      .class_function("savedStaggerIndex", &WasmGrid::savedStaggerIndex)
      .function("loadSaved", &WasmGrid::loadSaved)
      .function("profileNames", &WasmGrid::profileNames)
      .function("profileSlot", &WasmGrid::profileSlot)
      .function("setEntry", &WasmGrid::setEntry)
      .function("addLink", &WasmGrid::addLink)
      .function("removeLink", &WasmGrid::removeLink)
      .function("fieldLinksAddress", &WasmGrid::fieldLinksAddress)
      .function("fieldLinksLength", &WasmGrid::fieldLinksLength)
      .function("rangeLinksAddress", &WasmGrid::rangeLinksAddress)
      .function("rangeLinksLength", &WasmGrid::rangeLinksLength);
}
#pragma clang attribute pop
