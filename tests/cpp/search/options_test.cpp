// The table of options (options.hpp kOptionTable) and the record that carries a query's options
// into wasm (OptionRecord): every option's default is the struct's, every kind's codes are
// checked with a message naming the option and the value, and a record is read again only when
// it changed. (world_test.cpp: a World answers from a record as from the options themselves.)
#include "tilepath/options.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "tilepath/repair.hpp"

using namespace tilepath;

namespace {

const OptionSpec& spec(std::string_view name) {
  const std::size_t slot = optionSlot(name);
  REQUIRE(slot < kOptionCount);
  return kOptionTable[slot];
}

}  // namespace

TEST_CASE("the table declares each option once, with the defaults of the structs", "[options]") {
  std::set<std::string_view> names;
  for (const OptionSpec& o : kOptionTable) {
    CHECK(names.insert(o.name).second);
    CHECK(o.queries != 0);
    // A set code reads back as itself: get and set touch the same member.
    QueryOptions q;
    const double other =
        o.kind == OptionKind::Flag ? 1 - o.defaultCode()
        : o.kind == OptionKind::Choice
            ? static_cast<double>((static_cast<std::size_t>(o.defaultCode()) + 1) % o.nameCount)
            : o.min + 2;
    o.set(q, other);
    INFO(o.name);
    CHECK(o.get(q) == other);
    CHECK(checkOptionCode(o, o.defaultCode()).empty());
  }
  CHECK(optionSlot("nonsense") == kOptionCount);
  const SearchOptions s;
  CHECK(spec("algorithm").defaultCode() == static_cast<int>(s.algorithm));
  CHECK(spec("weight").defaultCode() == s.weight);
  CHECK(spec("includeStart").defaultCode() == 1);
  CHECK(spec("unitSize").max == kMaxUnitSize);
  CHECK(spec("detourExpansions").defaultCode() == RepairOptions::kDefaultDetourExpansions);
  CHECK(std::isinf(spec("maxCost").defaultCode()));
  CHECK(spec("maxCost").queries == kFieldQuery);
}

TEST_CASE("a bad code of each kind is refused, naming the option and the value", "[options]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(checkOptionCode(spec("algorithm"), 6) ==
        "algorithm must be one of 'astar', 'bfs', 'dijkstra', 'jps', 'hpa', 'auto', got code 6");
  CHECK(checkOptionCode(spec("diagonal"), -1).find("got code -1") != std::string::npos);
  CHECK(checkOptionCode(spec("goal"), 0.5).find("goal must be one of") == 0);
  CHECK(checkOptionCode(spec("heuristic"), 0).empty());  // the default, chosen from diagonal
  CHECK(checkOptionCode(spec("weight"), 0.5) == "weight must be a finite number >= 1, got 0.5");
  CHECK_FALSE(checkOptionCode(spec("weight"), inf).empty());
  CHECK_FALSE(checkOptionCode(spec("weight"), nan).empty());
  CHECK(checkOptionCode(spec("maxCost"), inf).empty());
  CHECK(checkOptionCode(spec("maxCost"), -1) ==
        "maxCost must be a number >= 0 (Infinity: no limit), got -1");
  CHECK_FALSE(checkOptionCode(spec("maxCost"), nan).empty());
  CHECK(checkOptionCode(spec("unitSize"), 17) ==
        "unitSize must be an integer from 1 to 16, got 17");
  CHECK_FALSE(checkOptionCode(spec("maxExpansions"), 2.5).empty());
  CHECK_FALSE(checkOptionCode(spec("maxExpansions"), 4294967296.0).empty());
  CHECK(checkOptionCode(spec("smooth"), 2) == "smooth must be true or false, got 2");
  CHECK_FALSE(checkOptionCode(spec("profile"), -1).empty());
  CHECK(validateUnitSize(0) == "unitSize must be an integer from 1 to 16, got 0");
}

TEST_CASE("a record is read once until it changes, and a bad code refuses the query", "[options]") {
  OptionRecord record;
  std::string error;
  const QueryOptions* o = record.read(error);
  REQUIRE(o);
  CHECK(o->search.algorithm == Algorithm::Auto);
  CHECK(record.codes()[OptionRecord::kChanged] == 0);
  record.codes()[optionSlot("diagonal")] = 3;
  // Not marked changed: the options read before still hold.
  CHECK(record.read(error)->search.diagonal == Diagonal::Never);
  record.codes()[OptionRecord::kChanged] = 1;
  CHECK(record.read(error)->search.diagonal == Diagonal::Always);
  record.codes()[optionSlot("weight")] = 0;
  record.codes()[OptionRecord::kChanged] = 1;
  CHECK(record.read(error) == nullptr);
  CHECK(error == "weight must be a finite number >= 1, got 0");
  // Refused until the codes change again.
  error.clear();
  CHECK(record.read(error) == nullptr);
  CHECK_FALSE(error.empty());
  QueryOptions q;
  q.search.smooth = true;
  q.maxCost = 12.5;
  record.write(q);
  o = record.read(error);
  REQUIRE(o);
  CHECK(o->search.smooth);
  CHECK(o->maxCost == 12.5);
}
