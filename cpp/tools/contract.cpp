// tilepath-contract: prints what crosses between C++ and JS (cpp/include/tilepath/contract.hpp
// and the table of options of options.hpp) as JSON; js/tools/build.mjs turns it into
// dist/contract.mjs.
#include "tilepath/contract.hpp"

#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

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

// JSON has no Infinity: a non-finite value is written null (maxCost's default; the JS reads a
// Number option's null default as Infinity, "no limit").
std::string number(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// kOptionTable as a list (a slot an entry, in order): what the JS checks, encodes and writes
// into the record of options (options.hpp) is read from it.
std::string optionTableJson() {
  std::string json = "\"options\":[";
  for (const OptionSpec& o : kOptionTable) {
    json += (json.back() == '[' ? "{" : ",{") + std::string("\"name\":") + quoted(o.name) +
            ",\"kind\":" + quoted(kOptionKindNames[static_cast<int>(o.kind)]) + ",\"queries\":[";
    bool first = true;
    for (std::size_t q = 0; q < std::size(kQueryNames); ++q) {
      if (!(o.queries & (1u << q))) continue;
      json += (first ? "" : ",") + quoted(kQueryNames[q]);
      first = false;
    }
    json += "],\"default\":" + number(o.defaultCode());
    if (o.kind == OptionKind::Choice)
      json += ",\"names\":" + names(std::vector<std::string_view>(o.names, o.names + o.nameCount));
    if (o.kind == OptionKind::Number || o.kind == OptionKind::Integer)
      json += ",\"min\":" + number(o.min);
    if (o.kind == OptionKind::Integer) json += ",\"max\":" + number(o.max);
    if (o.kind == OptionKind::Number)
      json += std::string(",\"infinite\":") + (o.infinite ? "true" : "false");
    json += ",\"rule\":" + quoted(optionRule(o)) + "}";
  }
  json += "],\"enumOptions\":{";  // the Choice options by name, for the types (agree.ts)
  for (const OptionSpec& o : kOptionTable) {
    if (o.kind != OptionKind::Choice) continue;
    json += (json.back() == '{' ? "" : ",") + quoted(o.name) +
            ":{\"names\":" + names(std::vector<std::string_view>(o.names, o.names + o.nameCount)) +
            ",\"default\":" + number(o.defaultCode()) + "}";
  }
  return json + "}";
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
  std::string json = "{" + optionTableJson();
  json += ",\"profiles\":{\"max\":" + std::to_string(Profiles::kMaxProfiles) +
          ",\"maxNameLength\":" + std::to_string(Profiles::kMaxNameLength) +
          ",\"default\":" + quoted(Profiles::kDefault) + "}";
  json += ",\"status\":" + names(kStatusNames);
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
  json += ",\"resultFields\":" + names(contract::kResultFieldNames);
  json += fieldStepsJson();
  json += ",\"linkStep\":" + std::to_string(kLinkStep);
  json += "}";
  std::printf("%s\n", json.c_str());
  return 0;
}
