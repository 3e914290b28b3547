// tilepath-contract: prints what crosses between C++ and JS (cpp/include/tilepath/contract.hpp
// and the option tables of options.hpp) as JSON; js/tools/build.mjs turns it into
// dist/contract.mjs.
#include "tilepath/contract.hpp"

#include <cstdio>
#include <iterator>
#include <string>
#include <string_view>

#include "tilepath/fields.hpp"
#include "tilepath/profiles.hpp"
#include "tilepath/shape.hpp"

using namespace tilepath;

namespace {

std::string quoted(std::string_view s) {
  return '"' + std::string(s) + '"';
}

template <typename List>
std::string names(const List& list) {
  std::string json = "[";
  for (std::string_view name : list) json += (json.size() > 1 ? "," : "") + quoted(name);
  return json + "]";
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

template <typename Enum, std::size_t N>
std::string enumOption(const std::string_view (&list)[N], Enum defaultValue) {
  return "{\"names\":" + names(list) +
         ",\"default\":" + std::to_string(static_cast<int>(defaultValue)) + "}";
}

// The direction codes of flow fields and ranges (fields.hpp): [dx, dy] by code - 1.
std::string fieldStepsJson() {
  std::string json = ",\"fieldSteps\":[";
  for (const FieldStep& s : kFieldSteps)
    json +=
        (json.back() == '[' ? "[" : ",[") + std::to_string(s.dx) + "," + std::to_string(s.dy) + "]";
  return json + "]";
}

}  // namespace

int main() {
  const SearchOptions defaults;
  std::string json = "{";
  json += "\"enumOptions\":{";
  json += "\"algorithm\":" + enumOption(kAlgorithmNames, defaults.algorithm);
  json += ",\"diagonal\":" + enumOption(kDiagonalNames, defaults.diagonal);
  json += ",\"heuristic\":" + enumOption(kHeuristicNames, defaults.heuristic);
  json += ",\"goal\":" + enumOption(kGoalModeNames, defaults.goal);
  json += "},\"numberOptions\":{";
  json += "\"weight\":{\"default\":" + number(defaults.weight) + "}";
  json += ",\"maxExpansions\":{\"default\":" + number(defaults.maxExpansions) +
          ",\"max\":" + number(contract::kMaxExpansions) + "}";
  json += ",\"unitSize\":{\"default\":" + number(defaults.unitSize) +
          ",\"max\":" + number(kMaxUnitSize) + ",\"shift\":" + number(contract::kUnitSizeShift) +
          "}";
  json += "},\"profiles\":{\"max\":" + std::to_string(Profiles::kMaxProfiles) +
          ",\"maxNameLength\":" + std::to_string(Profiles::kMaxNameLength) +
          ",\"default\":" + quoted(Profiles::kDefault) +
          ",\"shift\":" + std::to_string(contract::kProfileShift) + "}";
  json += ",\"flagOptions\":{";
  bool first = true;
  for (const contract::FlagOption& flag : contract::kFlagOptions) {
    json += (first ? "" : ",") + quoted(flag.name) + ":{\"bit\":" + std::to_string(flag.bit) +
            ",\"default\":" + (defaults.*(flag.member) ? "true" : "false") + "}";
    first = false;
  }
  json += "},\"status\":" + names(kStatusNames);
  json += ",\"reason\":" + names(kReasonNames);
  json += ",\"refused\":" + std::to_string(contract::kRefused);
  json += ",\"searchRunning\":" + std::to_string(contract::kSearchRunning);
  json += ",\"searchAnswered\":" + std::to_string(contract::kSearchAnswered);
  json += ",\"facing\":[";
  for (std::size_t row = 0; row < std::size(contract::kFacingNames); ++row)
    json += (row ? "," : "") + names(contract::kFacingNames[row]);
  json += "],\"shapes\":{\"orientations\":" + names(kOrientationNames) +
          ",\"staggerAxes\":" + names(kStaggerAxisNames) +
          ",\"staggerIndices\":" + names(kStaggerIndexNames) +
          ",\"directions\":{\"square\":" + names(kSquareDirectionNames) +
          ",\"staggered\":" + names(kStaggeredDirectionNames) +
          ",\"hexagonalY\":" + names(kHexRowDirectionNames) +
          ",\"hexagonalX\":" + names(kHexColumnDirectionNames) + "}}";
  json += ",\"trace\":{\"fields\":" + names(contract::kTraceFields) +
          ",\"kinds\":" + names(contract::kTraceKindNames) +
          ",\"maxEvents\":" + number(static_cast<double>(kMaxTraceEvents)) + "}";
  json += ",\"limits\":{\"maxSide\":" + std::to_string(Grid::kMaxSide) +
          ",\"maxCells\":" + std::to_string(Grid::kMaxCells) +
          ",\"classes\":" + std::to_string(Grid::kClasses) +
          ",\"maxCost\":" + number(Grid::kMaxCost) + "}";
  json += fieldStepsJson();
  json += ",\"linkStep\":" + std::to_string(kLinkStep);
  json += "}";
  std::printf("%s\n", json.c_str());
  return 0;
}
