// Search options: the one place their names, values and defaults are declared.
// The JS layer reads the value names from here (through the bindings) and mirrors
// them in js/index.d.ts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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

bool parseAlgorithm(std::string_view name, Algorithm& out);
bool parseDiagonal(std::string_view name, Diagonal& out);
bool parseHeuristic(std::string_view name, Heuristic& out);
bool parseGoalMode(std::string_view name, GoalMode& out);

// Empty when n is a unitSize from 1 to kMaxUnitSize, else a message naming it.
std::string validateUnitSize(int n);

// Empty when the options are usable, else a message naming the bad value.
std::string validateOptions(const SearchOptions& options);

// The heuristic actually used for these options (resolves Default).
Heuristic effectiveHeuristic(const SearchOptions& options);

// JSON describing every option's values and default, for the JS layer.
std::string optionValuesJson();

}  // namespace tilepath
