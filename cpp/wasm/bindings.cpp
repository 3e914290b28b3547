// embind bindings: with wasm_host.cpp, the only C++ that knows about Emscripten. They marshal:
// what a grid does is the core's World (tilepath/world.hpp), and this file only carries numbers
// across. Crossings are few and cheap: cells and deltas are written by JS straight into buffers
// in the wasm heap, a search takes its options as plain numbers, and its result is read back
// from the heap in one copy. JS checks every argument before calling; the checks here and in
// World are the backstop that keeps the instance alive whatever arrives (errors come back as
// strings, never aborts).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tilepath/contract.hpp"
#include "tilepath/hierarchy.hpp"
#include "tilepath/saved.hpp"
#include "tilepath/world.hpp"
#include "wasm_host.hpp"

using namespace tilepath;
using namespace tilepath::wasm;

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

// The big-map features' refusal in the build without them.
[[maybe_unused]] const bool kBigMapsWorded = (BasicWorld<kBigMaps>::bigMapsError = noBigMaps, true);

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

using TheWorld = BasicWorld<kBigMaps>;

}  // namespace

class WasmGrid {
 public:
  // The shape's codes index kOrientationNames, kStaggerAxisNames and kStaggerIndexNames; JS
  // checks them with checkShape first (unknown codes give an orthogonal grid).
  TILEPATH_SMALL WasmGrid(int width, int height, int orientation, int staggerAxis, int staggerIndex)
      : world_(width, height, shapeOf(orientation, staggerAxis, staggerIndex)) {}
  TILEPATH_SMALL static GridShape shapeOf(int orientation, int staggerAxis, int staggerIndex) {
    if (!validateShape(orientation, staggerAxis, staggerIndex).empty()) return {};
    return {static_cast<Orientation>(orientation), static_cast<StaggerAxis>(staggerAxis),
            static_cast<StaggerIndex>(staggerIndex)};
  }
  TILEPATH_SMALL static std::string checkShape(int orientation, int staggerAxis, int staggerIndex) {
    return validateShape(orientation, staggerAxis, staggerIndex);
  }
  TILEPATH_SMALL static std::string checkSize(double width, double height) {
    return TheWorld::checkSize(width, height);
  }

  int width() const { return cells().width(); }
  int height() const { return cells().height(); }
  // JS writes a whole grid here, then calls cellsChanged().
  uintptr_t cellsAddress() { return reinterpret_cast<uintptr_t>(profiles().data()); }
  TILEPATH_SMALL void cellsChanged() { profiles().cellsChanged(); }

  int get(int x, int y) const { return cells().inside(x, y) ? cells().get(x, y) : -1; }
  bool set(int x, int y, int cls) {
    if (!cells().inside(x, y) || !isClass(cls)) return false;
    profiles().setCell(cells().index(x, y), static_cast<uint8_t>(cls));
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
    return profiles().apply(deltaIndices_.data(), deltaClasses_.data(), count);
  }

  void fillRect(int x, int y, int w, int h, int cls) {
    if (isClass(cls)) profiles().fillRect(x, y, w, h, static_cast<uint8_t>(cls));
  }

  // --- movement profiles (profiles.hpp): tables by slot, as JS keeps them by name ---

  // Where JS writes a profile's 256 costs before setProfile.
  uintptr_t costTableAddress() { return reinterpret_cast<uintptr_t>(costTable_.data()); }
  // Adds or replaces the profile `name` with the table at costTableAddress(): its slot, or
  // contract::kRefused with lastError() set.
  TILEPATH_SMALL int setProfile(std::string name) { return world_.setProfile(name, costTable_); }
  TILEPATH_SMALL std::string deleteProfile(std::string name) { return world_.deleteProfile(name); }
  TILEPATH_SMALL std::string setCost(int cls, double cost, int profile) {
    return world_.setCost(cls, cost, profile);
  }
  double getCost(int cls, int profile) const { return world_.profiles().cost(profile, cls); }
  TILEPATH_SMALL double profileBytes(int profile) const {
    return static_cast<double>(world_.profiles().memoryBytes(profile));
  }

  // Where JS writes a query's options (OptionRecord, options.hpp: a code a slot of the table of
  // options, then the "changed" mark) before findPath, startSearch, repairPath, flowField,
  // reachable, canReach and rectangles: fixed for the grid's life.
  uintptr_t optionsAddress() { return reinterpret_cast<uintptr_t>(world_.options().codes()); }

  // Returns the status (an index of kStatusNames) or contract::kRefused with lastError() set;
  // the answer at resultAddress().
  int findPath(int sx, int sy, int gx, int gy) {
    const int status = world_.findPath(sx, sy, gx, gy, world_.options());
    return status == contract::kRefused ? status : published(status);
  }
  // The object's own address, for the direct entry points below (extern "C"), which JS calls
  // without embind's generic invoker (the build has no dynamic execution: ~70 ns a call and
  // more per argument). JS passes only addresses its live grids gave it.
  uintptr_t handle() const { return reinterpret_cast<uintptr_t>(this); }
  // A profile's cells and their footprints, for a crowd over this grid (cpp/wasm/crowd.cpp),
  // which JS disposes before the grid and before the profile: 0, with lastQueryError() set,
  // when the profile is deleted or its first use does not fit in memory.
  TILEPATH_SMALL uintptr_t cellsObject(int profile) {
    return reinterpret_cast<uintptr_t>(world_.crowdGrid(profile));
  }
  TILEPATH_SMALL uintptr_t footprintsObject(int profile) {
    return reinterpret_cast<uintptr_t>(world_.crowdFootprints(profile));
  }
  // Where the answer last published lies in the heap (a double each, in the order of
  // contract::kResultFieldNames): fixed for the grid's life.
  uintptr_t resultAddress() const { return reinterpret_cast<uintptr_t>(answer_.fields); }

 private:
  // The world's answer published where JS reads it; returns `status`.
  int published(int status) {
    answer_.publish(world_.result(), world_.builtMs(TheWorld::kBuiltHpa),
                    world_.builtMs(TheWorld::kBuiltPositions));
    world_.forgetBuilt();  // told once: an answer published later built nothing unless it says so
    return status;
  }

 public:
  // --- searches in slices (search_task.hpp) ---

  // findPath's arguments. Returns a task number for stepSearch / endSearch; kSearchAnswered
  // when the answer is known at once (read it as findPath's, its status from lastStatus()): an
  // exact goal in another component, or an hpa search (it does not pause); kRefused with
  // lastError().
  int startSearch(int sx, int sy, int gx, int gy) {
    const int id = world_.startSearch(sx, sy, gx, gy, world_.options());
    return id == contract::kSearchAnswered ? published(id) : id;
  }
  // Expands at most maxExpansions more cells (0: to the end). kSearchRunning while unfinished
  // (lastStepExpansions() / searchRestarts() tell the work done); once done, the status, the
  // answer read as findPath's, and the task is ended.
  int stepSearch(int id, double maxExpansions) {
    const int status = world_.stepSearch(id, maxExpansions);
    return status < 0 ? status : published(status);
  }
  double lastStepExpansions() const { return world_.lastStepExpansions(); }
  // The status of the answer last published (after kSearchAnswered).
  int lastStatus() const { return static_cast<int>(world_.result().status); }
  int searchRestarts() const { return world_.searchRestarts(); }
  double searchEditsSince() const { return world_.searchEditsSince(); }
  bool searchStillLegal() const { return world_.searchStillLegal(); }
  void endSearch(int id) { world_.endSearch(id); }
  TILEPATH_SMALL int liveSearches() const { return world_.liveSearches(); }

  std::string lastError() const { return world_.lastError(); }

  // Bytes held by the position grids of the unit sizes searched (footprints.hpp), and freeing
  // one size's (built again by its next search).
  double footprintBytes() { return world_.footprintBytes(); }
  void releaseUnitSize(int n) { world_.releaseUnitSize(n); }
  // --- big maps: repairPath and the hierarchy (repair.hpp, hierarchy.hpp) ---

  // Room for a path of `count` numbers: JS fills repairInputAddress(), then calls repairPath.
  std::string reserveRepairInput(int count) { return reserve(repairInput_, count, "this path"); }
  uintptr_t repairInputAddress() const { return address(repairInput_); }
  // As findPath (the result is read the same way), plus repairKind() and rejoinIndex().
  TILEPATH_SMALL int repairPath(int count, int fromIndex) {
    if (count < 0 || static_cast<std::size_t>(count) > repairInput_.size()) {
      world_.result().error =
          "path length " + std::to_string(count) + " exceeds the reserved buffer";
      return contract::kRefused;
    }
    repairInput_.resize(static_cast<std::size_t>(count));
    const int status = world_.repairPath(repairInput_, fromIndex, world_.options());
    return status == contract::kRefused ? status : published(status);
  }
  // An index of kRepairKindNames, and the points left and rejoined (-1 unless local), of the
  // last repair.
  int repairKind() const { return static_cast<int>(world_.repair().kind); }
  int departIndex() const { return world_.repair().departIndex; }
  int rejoinIndex() const { return world_.repair().rejoinIndex; }

  // The hierarchy's abstract graph under a rule, for drawing: nodes as x, y pairs, intra-cluster
  // edges as x0, y0, x1, y1 (read with graphAddress / graphLength). -1 with lastError() set.
  TILEPATH_SMALL int hierarchyGraph(int diagonal, bool edges) {
    if (!knownRule(diagonal)) return contract::kRefused;
    return world_.hierarchyGraph(static_cast<Diagonal>(diagonal), edges, graph_);
  }
  // The hierarchy for a rule built in slices (Hierarchy::buildStep): about `budget` units of
  // work; returns the fraction done, 1 once built, or -1 with lastError() set.
  TILEPATH_SMALL double buildHierarchy(int diagonal, double budget) {
    if (!knownRule(diagonal)) return contract::kRefused;
    return world_.buildHierarchy(static_cast<Diagonal>(diagonal), budget);
  }
  // Drops the rule's hierarchy, built or half built (a cancelled prepare).
  TILEPATH_SMALL void releaseHierarchy(int diagonal) {
    if (diagonal >= 0 && diagonal <= static_cast<int>(Diagonal::Always))
      world_.releaseHierarchy(static_cast<Diagonal>(diagonal));
  }
  // The passable cells as rectangles (rectangles.hpp), x, y, w, h each, into the same buffer.
  // -1 with lastError() set in the build without big maps.
  TILEPATH_SMALL int rectangles() { return world_.rectangles(world_.options(), graph_); }
  uintptr_t graphAddress() const { return address(graph_); }
  int graphLength() const { return static_cast<int>(graph_.size()); }
  int clusterSize() const { return Hierarchy::kDefaultClusterSize; }
  double hierarchyBytes() const { return world_.hierarchyBytes(); }

  // --- saved grids (saved.hpp) ---

  // The grid and what is prepared on it into the saved bytes (savedAddress / savedLength), or
  // an error. The save is as large as what it holds: checked against memory first.
  TILEPATH_SMALL std::string save() { return world_.save(savedBytes()); }
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
    return TheWorld::checkSaved(savedBytes().data(), savedBytes().size(), savedHeader());
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
    std::string error = world_.load(bytes.data(), bytes.size(), true);
    std::vector<uint8_t>().swap(bytes);
    return error;
  }
  // The profiles' names ('default' first, in the order they were added), one a line, and their
  // slots: what a loaded grid's JS side learns them from.
  TILEPATH_SMALL std::string profileNames() const {
    std::string list;
    for (const std::string& name : world_.profiles().names()) list += name + "\n";
    return list;
  }
  TILEPATH_SMALL int profileSlot(std::string name) const { return world_.profiles().slot(name); }

  // --- prepare (js/core/prepare.js): what queries would build on first use, built ahead ---

  // The position grid of unit size n (one pass over the map): 1, or kRefused with
  // lastQueryError() set.
  TILEPATH_SMALL int prepareUnitSize(int n) { return world_.prepareUnitSize(n); }
  // The reachability labels of a rule for units of size n, in slices of about `cells` cells:
  // the fraction done (1: ready), or kRefused with lastQueryError() set.
  TILEPATH_SMALL double prepareLabels(int diagonal, int unitSize, double cells) {
    return world_.prepareLabels(diagonal, unitSize, cells);
  }

  // --- whole-map queries: flow fields, movement ranges, reachability (fields.hpp) ---

  // Room for `count` goal cell indices: JS fills goalsAddress(), then calls flowField(count).
  std::string reserveGoals(int count) { return reserve(goals_, count, "these goals"); }
  uintptr_t goalsAddress() const { return address(goals_); }

  // 0 when done (read fieldCostsAddress / fieldStepsAddress), contract::kRefused with
  // lastQueryError() set.
  // unitSize above 1: the field of a unit of that size, over its positions (footprints.hpp),
  // laid out per cell (a position at its top-left cell; cells no position starts on unreached).
  TILEPATH_SMALL int flowField(int count) {
    return world_.flowField(goals_, count, world_.options());
  }
  uintptr_t fieldCostsAddress() const { return address(world_.field().costs); }
  uintptr_t fieldStepsAddress() const { return address(world_.field().steps); }
  // With links: the cell each link step (contract kLinkStep) leads to, -1 elsewhere; 0 = none.
  uintptr_t fieldLinksAddress() const { return address(world_.field().linkTo); }
  int fieldLinksLength() const { return static_cast<int>(world_.field().linkTo.size()); }

  // As flowField; then rangeCostsAddress / rangeCameFromAddress / rangeCells*.
  TILEPATH_SMALL int reachable(int sx, int sy) {
    return world_.reachable(sx, sy, world_.options());
  }
  uintptr_t rangeCostsAddress() const { return address(world_.range().costs); }
  uintptr_t rangeCameFromAddress() const { return address(world_.range().cameFrom); }
  uintptr_t rangeLinksAddress() const { return address(world_.range().linkFrom); }
  int rangeLinksLength() const { return static_cast<int>(world_.range().linkFrom.size()); }
  uintptr_t rangeCellsAddress() const { return address(world_.range().cells); }
  int rangeCellsLength() const { return static_cast<int>(world_.range().cells.size()); }

  // 1 or 0; contract::kRefused with lastQueryError() set (bad arguments, or no memory for the
  // labels the first query of a diagonal rule builds).
  int canReach(int sx, int sy, int gx, int gy) {
    return world_.canReach(sx, sy, gx, gy, world_.options());
  }
  std::string lastQueryError() const { return world_.lastQueryError(); }

  // --- entry rules and links (movement_rules.hpp) ---

  // names: a comma-separated list of the shape's direction names; any: every direction (null).
  TILEPATH_SMALL std::string setEntry(int cls, std::string names, bool any) {
    return world_.setEntry(cls, names, any);
  }
  // id: chosen by JS (the worker replays the same ids).
  TILEPATH_SMALL std::string addLink(int ax, int ay, int bx, int by, double cost, bool oneWay,
                                     int id) {
    return world_.addLink(ax, ay, bx, by, cost, oneWay, id);
  }
  TILEPATH_SMALL std::string removeLink(int id) { return world_.removeLink(id); }

  // Builds (or repairs) the reachability labels of a diagonal rule in slices of about `cells`
  // cells, for searches run over frames (PathScheduler): 1 once ready, 0 while under way,
  // contract::kRefused when they do not fit in memory (lastQueryError()).
  int prepareReach(int diagonal, double cells) { return world_.prepareReach(diagonal, cells); }

 private:
  // Makes `buffer` hold `count` numbers for JS to fill, or says that `what` does not fit.
  TILEPATH_SMALL std::string reserve(std::vector<int32_t>& buffer, int count, const char* what) {
    const auto size = static_cast<std::size_t>(count < 0 ? 0 : count);
    if (size > buffer.size() && !fits({size * sizeof(int32_t) + 0.0}))
      return memoryError(what, size * sizeof(int32_t) + 0.0);
    buffer.resize(size);
    return {};
  }
  TILEPATH_SMALL bool knownRule(int diagonal) {
    if (diagonal >= 0 && diagonal <= static_cast<int>(Diagonal::Always)) return true;
    world_.result().error = "diagonal code " + std::to_string(diagonal) + " is unknown";
    return false;
  }
  const Grid& cells() const { return world_.cells(); }
  Profiles& profiles() { return world_.profiles(); }

  TheWorld world_;
  Profiles::CostTable costTable_{};  // setProfile's input
  std::vector<int32_t> repairInput_;
  std::vector<int32_t> graph_;
  std::vector<int32_t> goals_;
  std::vector<uint32_t> deltaIndices_;
  std::vector<uint8_t> deltaClasses_;
  contract::PublishedResult answer_;  // the answer as published for JS (resultAddress)
};

// findPath, the hottest call of all, made straight from JS (Module._tilepath_find_path with
// grid.handle() first) rather than through embind's generic invoker: it is not bound otherwise.
extern "C" EMSCRIPTEN_KEEPALIVE int tilepath_find_path(WasmGrid* grid, int sx, int sy, int gx,
                                                       int gy) {
  return grid->findPath(sx, sy, gx, gy);
}

bool bigMaps() {
  return kBigMaps;
}

TILEPATH_SMALL double searchMemoryBytes() {
  return static_cast<double>(Workspace::shared().memoryBytes());
}

// The registration runs once, at load.
#pragma clang attribute push(__attribute__((minsize)), apply_to = function)
EMSCRIPTEN_BINDINGS(tilepath) {
  emscripten::function("searchMemoryBytes", &searchMemoryBytes);
  emscripten::function("bigMaps", &bigMaps);
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
      .function("optionsAddress", &WasmGrid::optionsAddress)
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
