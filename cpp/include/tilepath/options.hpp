// Query options: the one place their names, kinds, values, defaults and queries are declared
// (kOptionTable). The JS layer's checks and the record that carries options into wasm are
// generated from it (tilepath-contract); js/index.d.ts mirrors it and tests/js/types/agree.ts
// checks that the two agree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

namespace tilepath {

// Hpa: hierarchical search on big maps (tilepath/hierarchy.hpp), near-optimal. Auto (the
// default): the fastest exact search the grid and the options allow, jump points where they
// apply, A* elsewhere (algorithmThatRuns, tilepath/searcher.hpp); never hpa, which is not exact.
enum class Algorithm : uint8_t { AStar, BFS, Dijkstra, JPS, Hpa, Auto };
enum class Diagonal : uint8_t { Never, NoCorners, OneObstacle, Always };
// Default means "chosen from the diagonal rule": manhattan for Never, octile otherwise.
enum class Heuristic : uint8_t { Default, Manhattan, Octile, Chebyshev, Euclidean };
enum class GoalMode : uint8_t { Exact, Adjacent, Nearest };

struct SearchOptions {
  Algorithm algorithm = Algorithm::Auto;
  Diagonal diagonal = Diagonal::Never;
  Heuristic heuristic = Heuristic::Default;
  double weight = 1.0;         // >= 1: weighted A*, cost at most weight x optimal
  uint32_t maxExpansions = 0;  // 0 = no budget
  bool partial = false;        // on budget or no path: path to the closest reached cell
  GoalMode goal = GoalMode::Exact;
  bool smooth = false;  // string-pulling, never costlier, obeys the corner rule
  bool includeStart = true;
  bool trace = false;  // record opened/expanded cells for debug drawing
  // The side of the unit's square footprint in cells, 1..kMaxUnitSize (footprints.hpp); above 1
  // a search runs on the grid's Footprints (Searcher::find(Footprints&, ...)).
  int unitSize = 1;
};

// The largest unitSize. An edit costs O(n^2) per size in use (footprints.hpp: about 9n^2 byte
// comparisons and n^2 position writes), so 16 keeps the worst edit near 2,500 comparisons per
// size; no tile game moves a unit wider than that as one.
inline constexpr int kMaxUnitSize = 16;

// Names as the JS options use them, indexed by the enum's value.
inline constexpr std::string_view kAlgorithmNames[] = {"astar", "bfs", "dijkstra",
                                                       "jps",   "hpa", "auto"};
inline constexpr std::string_view kDiagonalNames[] = {"never", "noCorners", "oneObstacle",
                                                      "always"};
// Index 0 (Default) has no name: leaving the option out selects it.
inline constexpr std::string_view kHeuristicNames[] = {"", "manhattan", "octile", "chebyshev",
                                                       "euclidean"};
inline constexpr std::string_view kGoalModeNames[] = {"exact", "adjacent", "nearest"};

// --- the table of options ----------------------------------------------------------------------
// Every option any query takes, declared once. From this table come the checks of a record of
// options (readOptionRecord), validateOptions' range checks, the option-values JSON, and the
// contract that js/tools/build.mjs generates for the JS layer (tilepath-contract: the JS checks,
// their messages and the record's layout are derived from it). Options cross into wasm as one
// record of doubles in the heap, an option a slot (its index in kOptionTable): a new option
// changes no signature.

// What any query takes: a search's options, and those of fields, repairs and rectangles.
struct QueryOptions {
  SearchOptions search;
  double maxCost = std::numeric_limits<double>::infinity();  // fields and ranges: no budget
  uint32_t detourExpansions = 4096;  // repairPath (RepairOptions::kDefaultDetourExpansions)
  int profile = 0;                   // the movement profile's slot (profiles.hpp): 'default'
  bool sameClass = false;            // rectangles: one class a rectangle
};

// The queries an option belongs to, as bits of OptionSpec::queries.
enum QueryKind : uint8_t {
  kPathQuery = 1,       // findPath, startSearch, findPaths, watchPath
  kRepairQuery = 2,     // repairPath
  kFieldQuery = 4,      // flowField, reachable
  kReachQuery = 8,      // canReach
  kRectangleQuery = 16  // rectangles
};
inline constexpr std::string_view kQueryNames[] = {"path", "repair", "field", "reach",
                                                   "rectangles"};

enum class OptionKind : uint8_t {
  Choice,   // one of `names`, as its index (an empty name: a default that cannot be asked for)
  Number,   // a number >= min, finite unless `infinite` (Infinity then means no limit)
  Integer,  // a whole number from min to max
  Flag,     // true or false, as 1 or 0
  Profile,  // a movement profile's name; in the record, its slot
};
inline constexpr std::string_view kOptionKindNames[] = {"choice", "number", "integer", "flag",
                                                        "profile"};

struct OptionSpec {
  std::string_view name;
  OptionKind kind;
  uint8_t queries;  // QueryKind bits
  double (*get)(const QueryOptions&);
  void (*set)(QueryOptions&, double);
  const std::string_view* names = nullptr;  // Choice: the names by code
  std::size_t nameCount = 0;
  double min = 0;         // Number, Integer
  double max = 0;         // Integer
  bool infinite = false;  // Number: Infinity allowed

  constexpr double defaultCode() const { return get(QueryOptions{}); }
};

namespace detail {
template <typename Enum>
constexpr double code(Enum e) {
  return static_cast<double>(static_cast<int>(e));
}
inline constexpr uint8_t kSearchQueries = kPathQuery | kRepairQuery;
inline constexpr uint8_t kUnitQueries = kSearchQueries | kFieldQuery | kReachQuery;
}  // namespace detail

// The order is the record's (an option's slot is its index here) and the one messages list
// the options of a query in.
inline constexpr OptionSpec kOptionTable[] = {
    {"algorithm", OptionKind::Choice, detail::kSearchQueries,
     [](const QueryOptions& o) { return detail::code(o.search.algorithm); },
     [](QueryOptions& o, double v) { o.search.algorithm = static_cast<Algorithm>(v); },
     kAlgorithmNames, std::size(kAlgorithmNames)},
    {"diagonal", OptionKind::Choice, detail::kUnitQueries,
     [](const QueryOptions& o) { return detail::code(o.search.diagonal); },
     [](QueryOptions& o, double v) { o.search.diagonal = static_cast<Diagonal>(v); },
     kDiagonalNames, std::size(kDiagonalNames)},
    {"maxCost", OptionKind::Number, kFieldQuery, [](const QueryOptions& o) { return o.maxCost; },
     [](QueryOptions& o, double v) { o.maxCost = v; }, nullptr, 0, 0, 0, true},
    {"heuristic", OptionKind::Choice, detail::kSearchQueries,
     [](const QueryOptions& o) { return detail::code(o.search.heuristic); },
     [](QueryOptions& o, double v) { o.search.heuristic = static_cast<Heuristic>(v); },
     kHeuristicNames, std::size(kHeuristicNames)},
    {"goal", OptionKind::Choice, detail::kSearchQueries,
     [](const QueryOptions& o) { return detail::code(o.search.goal); },
     [](QueryOptions& o, double v) { o.search.goal = static_cast<GoalMode>(v); }, kGoalModeNames,
     std::size(kGoalModeNames)},
    {"weight", OptionKind::Number, detail::kSearchQueries,
     [](const QueryOptions& o) { return o.search.weight; },
     [](QueryOptions& o, double v) { o.search.weight = v; }, nullptr, 0, 1},
    {"maxExpansions", OptionKind::Integer, detail::kSearchQueries,
     [](const QueryOptions& o) { return static_cast<double>(o.search.maxExpansions); },
     [](QueryOptions& o, double v) { o.search.maxExpansions = static_cast<uint32_t>(v); }, nullptr,
     0, 0, std::numeric_limits<uint32_t>::max()},
    {"unitSize", OptionKind::Integer, detail::kUnitQueries,
     [](const QueryOptions& o) { return static_cast<double>(o.search.unitSize); },
     [](QueryOptions& o, double v) { o.search.unitSize = static_cast<int>(v); }, nullptr, 0, 1,
     kMaxUnitSize},
    {"partial", OptionKind::Flag, detail::kSearchQueries,
     [](const QueryOptions& o) { return o.search.partial ? 1.0 : 0.0; },
     [](QueryOptions& o, double v) { o.search.partial = v != 0; }},
    {"smooth", OptionKind::Flag, detail::kSearchQueries,
     [](const QueryOptions& o) { return o.search.smooth ? 1.0 : 0.0; },
     [](QueryOptions& o, double v) { o.search.smooth = v != 0; }},
    {"includeStart", OptionKind::Flag, detail::kSearchQueries,
     [](const QueryOptions& o) { return o.search.includeStart ? 1.0 : 0.0; },
     [](QueryOptions& o, double v) { o.search.includeStart = v != 0; }},
    {"trace", OptionKind::Flag, detail::kSearchQueries,
     [](const QueryOptions& o) { return o.search.trace ? 1.0 : 0.0; },
     [](QueryOptions& o, double v) { o.search.trace = v != 0; }},
    {"profile", OptionKind::Profile, detail::kUnitQueries,
     [](const QueryOptions& o) { return static_cast<double>(o.profile); },
     [](QueryOptions& o, double v) { o.profile = static_cast<int>(v); }},
    {"detourExpansions", OptionKind::Integer, kRepairQuery,
     [](const QueryOptions& o) { return static_cast<double>(o.detourExpansions); },
     [](QueryOptions& o, double v) { o.detourExpansions = static_cast<uint32_t>(v); }, nullptr, 0,
     0, std::numeric_limits<uint32_t>::max()},
    {"sameClass", OptionKind::Flag, kRectangleQuery,
     [](const QueryOptions& o) { return o.sameClass ? 1.0 : 0.0; },
     [](QueryOptions& o, double v) { o.sameClass = v != 0; }},
};
inline constexpr std::size_t kOptionCount = std::size(kOptionTable);

// The slot of the option `name` in kOptionTable (and in a record); kOptionCount when unknown.
constexpr std::size_t optionSlot(std::string_view name) {
  for (std::size_t i = 0; i < kOptionCount; ++i)
    if (kOptionTable[i].name == name) return i;
  return kOptionCount;
}

// What an option's values must be, as its messages say it: "a finite number >= 1", "an
// integer from 1 to 16", "one of 'never', 'noCorners', ...", "true or false", "a profile's name".
std::string optionRule(const OptionSpec& option);

// Empty when `code` is a value of the option (a Choice's code, a Flag's 0 or 1...), else a message
// naming the option and the value. A Profile's slot is checked only as a whole number >= 0 here:
// which slots exist is the grid's to say.
std::string checkOptionCode(const OptionSpec& option, double code);

// A query's options as the wasm bindings take them: a code a slot of kOptionTable (each as
// checkOptionCode takes it), written in place by JS (at codes()), then marked changed. read()
// checks and decodes them, again only when they changed: a game that repeats its options pays
// for reading them once.
class OptionRecord {
 public:
  OptionRecord() { write(QueryOptions{}); }
  // kOptionCount codes, then the "changed" mark (non-zero: read them again).
  double* codes() { return codes_; }
  static constexpr std::size_t kChanged = kOptionCount;
  // The codes of `options`, marked changed (C++ callers and tests).
  void write(const QueryOptions& options);
  // The options the codes say, or null with `error` set to the first bad code's message.
  const QueryOptions* read(std::string& error);

 private:
  double codes_[kOptionCount + 1];
  QueryOptions options_;
  std::string error_;
};

bool parseAlgorithm(std::string_view name, Algorithm& out);
bool parseDiagonal(std::string_view name, Diagonal& out);
bool parseHeuristic(std::string_view name, Heuristic& out);
bool parseGoalMode(std::string_view name, GoalMode& out);

// Empty when n is a unitSize from 1 to kMaxUnitSize, else a message naming it.
std::string validateUnitSize(int n);

// Empty when the options are usable, else a message naming the bad value.
std::string validateOptions(const SearchOptions& options);
namespace detail {
// Whether `v` is a code of the option: checkOptionCode's test without its message.
[[gnu::always_inline]] constexpr bool validCode(const OptionSpec& o, double v) {
  // Only asked of a value in range (so converting it to an integer is defined).
  const auto whole = [v] { return v == static_cast<double>(static_cast<long long>(v)); };
  switch (o.kind) {
    case OptionKind::Choice:
      return v >= 0 && v < static_cast<double>(o.nameCount) && whole();
    case OptionKind::Number:
      return v >= o.min && (o.infinite ? v == v : v - v == 0);  // not NaN; finite
    case OptionKind::Integer:
      return v >= o.min && v <= o.max && whole();
    case OptionKind::Flag:
      return v == 0 || v == 1;
    case OptionKind::Profile:
      return v >= 0 && v < 256 && whole();
  }
  return false;
}

// Whether every search option (a path query's, the profile aside) of `q` is valid: the table
// unrolled at compile time, each row's getter inlined, as cheap as checks written by hand (every
// search runs it).
template <std::size_t... I>
inline bool searchCodesValid(const QueryOptions& q, std::index_sequence<I...>) {
  return ((!(kOptionTable[I].queries & kPathQuery) || kOptionTable[I].kind == OptionKind::Profile ||
           validCode(kOptionTable[I], kOptionTable[I].get(q))) &&
          ...);
}

}  // namespace detail

// Whether validateOptions would be empty, without making its message: in the header, so that
// each search's check is compiled with its caller (options.cpp is built for size in wasm).
inline bool optionsValid(const SearchOptions& o) {
  QueryOptions query;
  query.search = o;
  if (!detail::searchCodesValid(query, std::make_index_sequence<kOptionCount>{})) return false;
  // What the hierarchical search does not do (validateOptions says which).
  return o.algorithm != Algorithm::Hpa ||
         (o.goal == GoalMode::Exact && !o.partial && o.maxExpansions == 0 && !o.trace &&
          o.weight == 1.0 && o.unitSize == 1);
}

// The heuristic actually used for these options (resolves Default).
Heuristic effectiveHeuristic(const SearchOptions& options);

// JSON describing every option's values and default, for the JS layer.
std::string optionValuesJson();

}  // namespace tilepath
