#include "tilepath/options.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>
#include <utility>

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

std::string quotedNames(const OptionSpec& option) {
  std::string list;
  for (std::size_t i = 0; i < option.nameCount; ++i) {
    if (option.names[i].empty()) continue;
    list += (list.empty() ? "'" : ", '") + std::string(option.names[i]) + "'";
  }
  return list;
}

std::string integerText(double v) {
  return std::to_string(static_cast<long long>(v));
}

// A code as a message shows it: the shortest text that reads back as the same double (0.5,
// 4294967296, inf, nan).
std::string codeText(double v) {
  char text[32];
  for (int digits = 15; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    if (std::strtod(text, nullptr) == v || std::isnan(v)) break;
  }
  return text;
}

const OptionSpec& option(const char* name) {
  return kOptionTable[optionSlot(name)];
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

std::string optionRule(const OptionSpec& o) {
  switch (o.kind) {
    case OptionKind::Choice:
      return "one of " + quotedNames(o);
    case OptionKind::Number:
      return o.infinite ? "a number >= " + codeText(o.min) + " (Infinity: no limit)"
                        : "a finite number >= " + codeText(o.min);
    case OptionKind::Integer:
      return "an integer from " + integerText(o.min) + " to " + integerText(o.max);
    case OptionKind::Flag:
      return "true or false";
    case OptionKind::Profile:
      return "a profile's name";
  }
  return {};
}

std::string checkOptionCode(const OptionSpec& o, double v) {
  bool ok = false;
  switch (o.kind) {
    case OptionKind::Choice:
      // A code is an index of `names`; code 0 with an empty name is the default, never asked
      // for by name but the code of leaving the option out.
      ok = v >= 0 && v < static_cast<double>(o.nameCount) && v == std::floor(v);
      if (!ok)
        return std::string(o.name) + " must be " + optionRule(o) + ", got code " + codeText(v);
      return {};
    case OptionKind::Number:
      ok = v >= o.min && (o.infinite ? !std::isnan(v) : std::isfinite(v));
      break;
    case OptionKind::Integer:
      ok = v >= o.min && v <= o.max && v == std::floor(v);
      break;
    case OptionKind::Flag:
      ok = v == 0 || v == 1;
      break;
    case OptionKind::Profile:
      ok = v >= 0 && v < 256 && v == std::floor(v);
      if (!ok) return std::string(o.name) + " slot must be from 0 to 255, got " + codeText(v);
      return {};
  }
  if (ok) return {};
  return std::string(o.name) + " must be " + optionRule(o) + ", got " + codeText(v);
}

void OptionRecord::write(const QueryOptions& options) {
  for (std::size_t i = 0; i < kOptionCount; ++i) codes_[i] = kOptionTable[i].get(options);
  codes_[kChanged] = 1;
}

// Sets every option of `q` from its code when all are valid (the table unrolled, as above).
template <std::size_t... I>
static bool readCodes(const double* codes, QueryOptions& q, std::index_sequence<I...>) {
  if (!(detail::validCode(kOptionTable[I], codes[I]) && ...)) return false;
  (kOptionTable[I].set(q, codes[I]), ...);
  return true;
}

const QueryOptions* OptionRecord::read(std::string& error) {
  if (codes_[kChanged] != 0) {
    codes_[kChanged] = 0;
    error_.clear();
    QueryOptions read;
    if (!readCodes(codes_, read, std::make_index_sequence<kOptionCount>{})) {
      for (std::size_t i = 0; i < kOptionCount && error_.empty(); ++i)
        error_ = checkOptionCode(kOptionTable[i], codes_[i]);
    }
    options_ = read;
  }
  if (error_.empty()) return &options_;
  error = error_;
  return nullptr;
}

std::string validateUnitSize(int n) {
  return checkOptionCode(option("unitSize"), n);
}

std::string validateOptions(const SearchOptions& o) {
  if (optionsValid(o)) return {};  // every search asks: the usual case without a message
  QueryOptions query;
  query.search = o;
  // The message of a bad code found by the loop.
  {
    for (const OptionSpec& spec : kOptionTable) {
      if (!(spec.queries & kPathQuery) || spec.kind == OptionKind::Profile) continue;
      if (std::string error = checkOptionCode(spec, spec.get(query)); !error.empty()) return error;
    }
  }
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
  return {};
}

Heuristic effectiveHeuristic(const SearchOptions& o) {
  if (o.heuristic != Heuristic::Default) return o.heuristic;
  return o.diagonal == Diagonal::Never ? Heuristic::Manhattan : Heuristic::Octile;
}

std::string optionValuesJson() {
  std::string json = "{";
  for (const OptionSpec& o : kOptionTable) {
    if (!(o.queries & kPathQuery) || o.kind == OptionKind::Profile) continue;
    json += (json.size() > 1 ? ",\"" : "\"") + std::string(o.name) + "\":{";
    const double code = o.defaultCode();
    if (o.kind == OptionKind::Choice) {
      json += "\"values\":[";
      for (std::size_t i = 0; i < o.nameCount; ++i) {
        if (o.names[i].empty()) continue;
        json += (json.back() == '[' ? "\"" : ",\"") + std::string(o.names[i]) + "\"";
      }
      const std::string_view name = o.names[static_cast<std::size_t>(code)];
      json += name.empty() ? "],\"default\":null" : "],\"default\":\"" + std::string(name) + "\"";
    } else if (o.kind == OptionKind::Flag) {
      json += std::string("\"default\":") + (code != 0 ? "true" : "false");
    } else {
      json +=
          "\"default\":" + (o.kind == OptionKind::Integer ? integerText(code) : formatFixed(code));
      if (o.kind == OptionKind::Integer) json += ",\"max\":" + integerText(o.max);
    }
    json += '}';
  }
  return json + '}';
}

}  // namespace tilepath
