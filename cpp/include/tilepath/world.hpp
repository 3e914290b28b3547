// A World is one map and everything tilepath keeps for it: the cells and their movement profiles
// (profiles.hpp), what each profile derives (reachability labels, unit positions, the hpa
// hierarchy), the searches in slices under way on it, and the answers of its last query. It is
// what a game talks to, natively or through wasm (cpp/wasm/bindings.cpp only marshals numbers in
// and out of it): every query checks its arguments and, before building anything large, the
// host's memory (host.hpp); exact goals in another region are answered at once from the labels;
// big units search their positions; hpa builds its hierarchy on first use and says how long that
// took (builtMs).
//
// Edits reach every derived structure through one path: each cell, table or rule edit is made
// on profiles(), which gives it to every profile's grid, and each structure derived from a grid
// is a GridObserver of it (components, footprints, hierarchy, tasks).
//
// Answers come back as status codes (an index of kStatusNames, or contract::kRefused with
// lastError() / lastQueryError() set) and are read from result(), field(), range(), repair().
// Searches share one search state per thread (Workspace): memory stays proportional to the
// largest grid searched, not to the number of grids.
//
// BasicWorld<false> leaves out the big-map features (the hpa hierarchy, repairPath, rectangles,
// saving a hierarchy): they answer with bigMapsError's message, and their code is never called,
// so a linker drops it (the small wasm build, tilepath.wasm). World is BasicWorld<true>.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tilepath/fields.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/profiles.hpp"
#include "tilepath/repair.hpp"
#include "tilepath/result.hpp"
#include "tilepath/saved.hpp"
#include "tilepath/search_task.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {

class Hierarchy;

// The search states queries borrow: one per thread, shared by every World on it.
struct Workspace {
  Searcher searcher;
  // Search states of finished tasks, kept for the next tasks: a few, as each holds 10 bytes a
  // cell of the largest grid it searched.
  std::vector<std::unique_ptr<Searcher>> idle;
  static constexpr std::size_t kIdleSearchers = 8;
  // Fields and ranges share one state and one set of outputs, as searches do.
  FieldSearch fieldSearch;
  FlowField field;
  MovementRange range;

  std::unique_ptr<Searcher> borrow();
  void giveBack(std::unique_ptr<Searcher> searcher);
  std::size_t memoryBytes() const;
  static Workspace& shared();
};

template <bool BigMaps>
class BasicWorld {
 public:
  static constexpr bool kBigMaps = BigMaps;
  // What a query built before answering (builtMs).
  enum Built { kBuiltHpa, kBuiltPositions, kBuiltKinds };

  BasicWorld(int width, int height, GridShape shape = {},
             Workspace& workspace = Workspace::shared());
  ~BasicWorld();
  BasicWorld(const BasicWorld&) = delete;
  BasicWorld& operator=(const BasicWorld&) = delete;

  // Size limits, then whether the cells (and what a grid keeps beside them) fit in memory.
  static std::string checkSize(double width, double height);
  // The message the big-map features answer with in BasicWorld<false>; the host may word it.
  static inline std::string (*bigMapsError)(const char* what) = nullptr;

  // The cells and their profiles: every edit of cells, tables and rules goes through here.
  Profiles& profiles() { return profiles_; }
  const Profiles& profiles() const { return profiles_; }
  const Grid& cells() const { return profiles_.cells(); }

  // --- profiles ---
  // Adds or replaces a profile: its slot, or contract::kRefused with lastError() set.
  int setProfile(std::string_view name, const Profiles::CostTable& costs);
  // An error (nothing deleted), or empty. The searches in slices on it end.
  std::string deleteProfile(std::string_view name);
  std::string setCost(int cls, double cost, int profile);

  // --- entry rules and links (movement_rules.hpp) ---
  std::string setEntry(int cls, std::string_view directions, bool any);
  std::string addLink(int ax, int ay, int bx, int by, double cost, bool oneWay, int id);
  std::string removeLink(int id) { return profiles_.removeLink(id); }

  // --- searches: a status, or contract::kRefused with lastError() set; the answer in result()
  int findPath(int sx, int sy, int gx, int gy, const SearchOptions& o, int profile);
  // A task number for stepSearch / endSearch; contract::kSearchAnswered when the answer is known
  // at once (in result(): an exact goal in another region, or hpa, which does not pause);
  // kRefused.
  int startSearch(int sx, int sy, int gx, int gy, const SearchOptions& o, int profile);
  // contract::kSearchRunning while unfinished; once done, the status (the task is ended).
  int stepSearch(int id, double maxExpansions);
  void endSearch(int id);
  int liveSearches() const;
  double lastStepExpansions() const { return stepExpansions_; }
  int searchRestarts() const { return restarts_; }
  // The task answered last: edits after the grid its answer is for (0: current), and whether its
  // path can still be walked (search_task.hpp).
  double searchEditsSince() const { return editsSince_; }
  bool searchStillLegal() const { return stillLegal_; }
  // A path given again from `fromIndex` on (repair.hpp): the answer in result(), the repair's
  // kind in repair().
  int repairPath(const std::vector<int32_t>& path, int fromIndex, const SearchOptions& o,
                 int profile, double detourExpansions);

  SearchResult& result() { return result_; }
  const SearchResult& result() const { return result_; }
  const RepairResult& repair() const { return repair_; }
  // Milliseconds the last query spent building `kind` first; -1: it built nothing of the kind.
  double builtMs(Built kind) const { return built_[kind]; }
  void forgetBuilt();
  std::string lastError() const { return result_.error; }

  // --- the hierarchy of the default profile (hpa) ---
  // Its abstract graph under a rule, for drawing (nodes as x, y; edges as x0, y0, x1, y1).
  int hierarchyGraph(Diagonal rule, bool edges, std::vector<int32_t>& out);
  // Built in slices of about `budget` units of work: the fraction done, 1 once built, or
  // kRefused with lastError() set.
  double buildHierarchy(Diagonal rule, double budget);
  void releaseHierarchy(Diagonal rule);
  double hierarchyBytes() const;
  // The passable cells as rectangles, x, y, w, h each (rectangles.hpp).
  int rectangles(bool sameClass, std::vector<int32_t>& out);

  // --- prepared structures ---
  // (Of the default profile.) The position grid of unit size n: 1, or kRefused with
  // lastQueryError() set.
  int prepareUnitSize(int n) {
    slot_ = 0;
    return fieldGrid(n) ? 1 : -1;
  }
  // Reachability labels of a rule for units of size n, in slices of about `cells` cells: the
  // fraction done (1: ready), or kRefused.
  double prepareLabels(int diagonal, int unitSize, double cells);
  // The default profile's labels in slices, for searches run over frames: 1 once ready, 0 while
  // under way, kRefused.
  int prepareReach(int diagonal, double cells);
  double footprintBytes() { return static_cast<double>(profiles_.footprints(0).memoryBytes()); }
  void releaseUnitSize(int n) { profiles_.footprints(0).release(n); }

  // --- whole-map queries (fields.hpp): 0, or kRefused with lastQueryError() set ---
  // `goals`: cell indices (its first `count`), rewritten in place as positions for big units.
  int flowField(std::vector<int32_t>& goals, int count, int diagonal, double maxCost, int unitSize,
                int profile);
  int reachable(int sx, int sy, int diagonal, double maxCost, int unitSize, int profile);
  // 1 or 0; kRefused.
  int canReach(int sx, int sy, int gx, int gy, int diagonal, int unitSize, int profile);
  const FlowField& field() const { return workspace_.field; }
  const MovementRange& range() const { return workspace_.range; }
  std::string lastQueryError() const { return queryError_; }

  // --- the same queries with their options in a record (OptionRecord, options.hpp), as the wasm
  // bindings make them: the record's options of that query; a bad code refuses the query with
  // its message, as the query's own errors are reported.
  OptionRecord& options() { return record_; }
  int findPath(int sx, int sy, int gx, int gy, OptionRecord& options);
  int startSearch(int sx, int sy, int gx, int gy, OptionRecord& options);
  int repairPath(const std::vector<int32_t>& path, int fromIndex, OptionRecord& options);
  int flowField(std::vector<int32_t>& goals, int count, OptionRecord& options);
  int reachable(int sx, int sy, OptionRecord& options);
  int canReach(int sx, int sy, int gx, int gy, OptionRecord& options);
  int rectangles(OptionRecord& options, std::vector<int32_t>& out);

  // --- a crowd over a profile (crowd.hpp): null with lastQueryError() set ---
  Grid* crowdGrid(int profile);
  Footprints* crowdFootprints(int profile);

  // --- saved grids (saved.hpp) ---
  // The grid, its profiles, rules and what is prepared on it, into `out`; or an error.
  std::string save(std::vector<uint8_t>& out);
  // Into this grid, made with the sides and shape the bytes' header gives and nothing done to it
  // yet; an error leaves it to be deleted. `checked`: checkSaved has read these very bytes (their
  // checksum is not computed again).
  std::string load(const uint8_t* data, std::size_t size, bool checked = false);
  // The header read, and whether a grid of its size fits.
  static std::string checkSaved(const uint8_t* data, std::size_t size, SavedHeader& header);

 private:
  Grid& grid() { return profiles_.grid(slot_); }
  Components& components() { return profiles_.components(slot_); }
  Footprints& footprints() { return profiles_.footprints(slot_); }
  bool select(int profile, std::string& error);
  bool selectFirstUse(int profile, std::string& error);
  int finished() const;
  template <typename Build>
  void timed(Built kind, bool needed, Build build);
  bool roomToSearch(const Searcher& searcher, const SearchOptions& o);
  bool roomToSearchNow(const Searcher& searcher, const SearchOptions& o);
  bool unreachableAtOnce(int sx, int sy, int gx, int gy, const SearchOptions& o,
                         bool mayFlood = true);
  int reachesWithRules(int sx, int sy, int gx, int gy, Diagonal rule);
  bool oneCellWithRules(int unitSize);
  bool readFieldOptions(int diagonal, double maxCost, FieldOptions& o);
  bool startFits(int sx, int sy, int n, const Grid& positions);
  const Grid* fieldGrid(int unitSize);
  int goalPositions(std::vector<int32_t>& goals, int count, const Grid& positions);
  void spreadFromPositions(const Grid& positions, std::vector<float>& costs,
                           std::vector<uint8_t>& steps);
  bool roomForQuery(const char* what, double extra);
  Hierarchy* hierarchyFor(Diagonal rule);
  Hierarchy* hpaFor(const SearchOptions& o, int sx, int sy, int gx, int gy, bool& refused);
  SearchTask* liveTask(int id);
  std::string noBigMaps(const char* what) const;

  Workspace& workspace_;
  Profiles profiles_;
  OptionRecord record_;  // where the bindings' callers write a query's options
  int slot_ = 0;         // the profile of the query under way (select)
  SearchResult result_;
  SearchResult reach_;  // canReach on a grid with rules (reachesWithRules)
  RepairResult repair_;
  std::string queryError_;
  double built_[kBuiltKinds] = {-1, -1};
  // Searches in slices, by number (null: a free number). Declared after profiles_: freed first.
  std::vector<std::unique_ptr<SearchTask>> tasks_;
  std::vector<int> taskProfiles_;  // the profile each task searches
  double stepExpansions_ = 0;
  int restarts_ = 0;
  double editsSince_ = 0;
  bool stillLegal_ = true;
};

using World = BasicWorld<true>;
extern template class BasicWorld<true>;
extern template class BasicWorld<false>;

}  // namespace tilepath
