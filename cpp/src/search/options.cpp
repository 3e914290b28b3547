#include "tilepath/options.hpp"

#include <cmath>
#include <iterator>

#include "tilepath/format.hpp"

namespace tilepath {
namespace {

template <typename Enum, std::size_t N>
bool parseName(const std::string_view (&names)[N], std::string_view name, Enum& out) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!names[i].empty() && names[i] == name) {
      out = static_cast<Enum>(i);
      return true;
    }
  }
  return false;
}

template <std::size_t N>
void appendNames(std::string& json, const char* key, const std::string_view (&names)[N],
                 std::string_view defaultName) {
  json += '"';
  json += key;
  json += "\":{\"values\":[";
  bool first = true;
  for (std::string_view name : names) {
    if (name.empty()) continue;
    if (!first) json += ',';
    first = false;
    json += '"';
    json += name;
    json += '"';
  }
  json += "],\"default\":";
  if (defaultName.empty()) {
    json += "null";
  } else {
    json += '"';
    json += defaultName;
    json += '"';
  }
  json += '}';
}

}  // namespace

bool parseAlgorithm(std::string_view name, Algorithm& out) {
  return parseName(kAlgorithmNames, name, out);
}
bool parseDiagonal(std::string_view name, Diagonal& out) {
  return parseName(kDiagonalNames, name, out);
}
bool parseHeuristic(std::string_view name, Heuristic& out) {
  return parseName(kHeuristicNames, name, out);
}
bool parseGoalMode(std::string_view name, GoalMode& out) {
  return parseName(kGoalModeNames, name, out);
}

std::string validateUnitSize(int n) {
  if (n < 1 || n > kMaxUnitSize)
    return "unitSize must be an integer from 1 to " + std::to_string(kMaxUnitSize) + ", got " +
           std::to_string(n);
  return {};
}

std::string validateOptions(const SearchOptions& o) {
  if (static_cast<std::size_t>(o.algorithm) >= std::size(kAlgorithmNames))
    return "algorithm: unknown value " + std::to_string(static_cast<int>(o.algorithm));
  if (static_cast<std::size_t>(o.diagonal) >= std::size(kDiagonalNames))
    return "diagonal: unknown value " + std::to_string(static_cast<int>(o.diagonal));
  if (static_cast<std::size_t>(o.heuristic) >= std::size(kHeuristicNames))
    return "heuristic: unknown value " + std::to_string(static_cast<int>(o.heuristic));
  if (static_cast<std::size_t>(o.goal) >= std::size(kGoalModeNames))
    return "goal: unknown value " + std::to_string(static_cast<int>(o.goal));
  if (!(o.weight >= 1.0) || !std::isfinite(o.weight))
    return "weight must be a finite number >= 1, got " + formatFixed(o.weight);
  if (o.algorithm == Algorithm::Hpa) {
    // What the hierarchical search does not do (Hierarchy::search): refused, never ignored.
    if (o.goal != GoalMode::Exact)
      return "algorithm 'hpa' supports goal 'exact' only, got '" +
             std::string(kGoalModeNames[static_cast<int>(o.goal)]) + "'";
    if (o.partial) return "algorithm 'hpa' does not support partial: true";
    if (o.maxExpansions != 0)
      return "algorithm 'hpa' does not support maxExpansions, got " +
             std::to_string(o.maxExpansions);
    if (o.trace) return "algorithm 'hpa' does not support trace: true";
    if (o.weight != 1.0)
      return "algorithm 'hpa' does not support weight, got " + formatFixed(o.weight);
    if (o.unitSize != 1)
      return "algorithm 'hpa' supports units of one tile only, got unitSize " +
             std::to_string(o.unitSize);
  }
  return validateUnitSize(o.unitSize);
}

Heuristic effectiveHeuristic(const SearchOptions& o) {
  if (o.heuristic != Heuristic::Default) return o.heuristic;
  return o.diagonal == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile;
}

std::string optionValuesJson() {
  const SearchOptions defaults;
  std::string json = "{";
  appendNames(json, "algorithm", kAlgorithmNames,
              kAlgorithmNames[static_cast<int>(defaults.algorithm)]);
  json += ',';
  appendNames(json, "diagonal", kDiagonalNames,
              kDiagonalNames[static_cast<int>(defaults.diagonal)]);
  json += ',';
  appendNames(json, "heuristic", kHeuristicNames, "");
  json += ',';
  appendNames(json, "goal", kGoalModeNames, kGoalModeNames[static_cast<int>(defaults.goal)]);
  json += ",\"weight\":{\"default\":" + formatFixed(defaults.weight) + "}";
  json += ",\"maxExpansions\":{\"default\":" + std::to_string(defaults.maxExpansions) + "}";
  json += std::string(",\"partial\":{\"default\":") + (defaults.partial ? "true" : "false") + "}";
  json += std::string(",\"smooth\":{\"default\":") + (defaults.smooth ? "true" : "false") + "}";
  json += std::string(",\"includeStart\":{\"default\":") +
          (defaults.includeStart ? "true" : "false") + "}";
  json += std::string(",\"trace\":{\"default\":") + (defaults.trace ? "true" : "false") + "}";
  json += ",\"unitSize\":{\"default\":" + std::to_string(defaults.unitSize) +
          ",\"max\":" + std::to_string(kMaxUnitSize) + "}";
  json += '}';
  return json;
}

}  // namespace tilepath
