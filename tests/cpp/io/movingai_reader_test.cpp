// The Moving AI readers refuse what the files do not say, naming the file, line and field, and
// never read or echo more than a short, bounded piece of a bad line.
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "tilepath/movingai.hpp"

using namespace tilepath;

namespace {

std::optional<Grid> mapFrom(const std::string& text, std::string& error) {
  std::istringstream in(text);
  return movingai::readMap(in, "test.map", error);
}

std::optional<std::vector<movingai::Problem>> scenarioFrom(const std::string& text,
                                                           std::string& error) {
  std::istringstream in(text);
  return movingai::readScenario(in, "test.map.scen", error);
}

const std::string kHeader = "type octile\nheight 3\nwidth 4\nmap\n";
const std::string kRows = ".@..\n.T.G\nS..W\n";

// A scenario line for test.map (4 x 3) with the given fields after the map name.
std::string problemLine(const std::string& coordinatesAndLength) {
  return "0\tmaps/test/test.map\t4\t3\t" + coordinatesAndLength + "\n";
}

}  // namespace

TEST_CASE("a Moving AI map reads into class 0 for . G S and class 1 for @ O T W") {
  std::string error;
  auto grid = mapFrom(kHeader + kRows, error);
  REQUIRE(grid);
  CHECK(error.empty());
  CHECK(grid->width() == 4);
  CHECK(grid->height() == 3);
  const char* expected[] = {".#..", ".#..", "...#"};
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) {
      INFO(x << "," << y);
      CHECK(grid->get(x, y) == (expected[y][x] == '.' ? 0 : 1));
    }
}

TEST_CASE("Windows line ends and blank lines after the last row are fine in a map") {
  std::string error;
  CHECK(mapFrom("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n\r\n\n", error));
  CHECK(error.empty());
}

TEST_CASE("a map header without line breaks is refused after 64 characters, quoting 32") {
  const std::string huge(1 << 20, 'x');
  std::istringstream in(huge);
  std::string error;
  CHECK_FALSE(movingai::readMap(in, "huge.map", error));
  CHECK(error ==
        "huge.map:1: a header line longer than 64 characters: '" + std::string(32, 'x') + "'...");
  CHECK(in.tellg() <= 70);  // read no further than the limit
}

TEST_CASE("a map file that never ends (/dev/zero) is refused, its bytes escaped") {
  std::string error;
  CHECK_FALSE(movingai::loadMap("/dev/zero", error));
  CHECK(error.rfind("/dev/zero:1: a header line longer than 64 characters: '\\x00\\x00", 0) == 0);
  CHECK(error.size() < 250);
}

TEST_CASE("map header sizes must be whole numbers, given once, within the grid limits") {
  std::string error;
  CHECK_FALSE(mapFrom("type octile\nheight abc\nwidth 4\nmap\n", error));
  CHECK(error == "test.map:2: expected 'height N' with N a whole number, found 'height abc'");
  CHECK_FALSE(mapFrom("type octile\nheight 3\nwidth 5.41\nmap\n", error));
  CHECK(error == "test.map:3: expected 'width N' with N a whole number, found 'width 5.41'");
  CHECK_FALSE(mapFrom("height 3\nheight 3\nwidth 4\nmap\n", error));
  CHECK(error == "test.map:2: 'height' given twice");
  CHECK_FALSE(mapFrom("type octile\nheight 3\nmap\n", error));
  CHECK(error == "test.map:3: no 'width' line before 'map'");
  CHECK_FALSE(mapFrom("type octile\nheight 3\nwidth 4\ncolour red\nmap\n", error));
  CHECK(error == "test.map:4: unexpected header 'colour' (expected type, height, width or map)");
  CHECK_FALSE(mapFrom("type octile\nheight 3\nwidth 0\nmap\n", error));
  CHECK(error.rfind("test.map:4: ", 0) == 0);
  CHECK(error.find("width") != std::string::npos);
  CHECK_FALSE(mapFrom("type octile\nheight 3\nwidth 4\n", error));
  CHECK(error == "test.map:4: the file ends before the 'map' line");
}

TEST_CASE("a map row longer than the width is an error, read no further than the width") {
  std::string error;
  CHECK_FALSE(mapFrom(kHeader + ".@..\n.T.G.\nS..W\n", error));
  CHECK(error == "test.map:6: row 1 is longer than the width, 4: '.T.G.'");
  std::istringstream in(kHeader + std::string(1 << 20, '.'));
  CHECK_FALSE(movingai::readMap(in, "wide.map", error));
  CHECK(in.tellg() < static_cast<std::streamoff>(kHeader.size() + 10));
  CHECK(error.size() < 120);
}

TEST_CASE("a map row shorter than the width, or missing rows, are errors") {
  std::string error;
  CHECK_FALSE(mapFrom(kHeader + ".@..\n.T.\nS..W\n", error));
  CHECK(error == "test.map:6: row 1 has 3 characters, expected 4");
  CHECK_FALSE(mapFrom(kHeader + ".@..\n.T.G\n", error));
  CHECK(error == "test.map:7: expected 3 rows, found 2");
}

TEST_CASE("text after the last row of a map is an error naming its line") {
  std::string error;
  CHECK_FALSE(mapFrom(kHeader + kRows + "\n....\n", error));
  CHECK(error == "test.map:9: text after the 3 rows of the map");
}

TEST_CASE("an unknown terrain character in a map is an error naming row and column") {
  std::string error;
  CHECK_FALSE(mapFrom(kHeader + ".@..\n.T?G\nS..W\n", error));
  CHECK(error == "test.map:6: row 1, column 2: unknown terrain '?' (expected one of .GS@OTW)");
  CHECK_FALSE(mapFrom(kHeader + ".@..\n.T" + std::string(1, '\0') + "G\nS..W\n", error));
  CHECK(error == "test.map:6: row 1, column 2: unknown terrain '\\x00' (expected one of .GS@OTW)");
}

TEST_CASE("a scenario reads every problem with its line, map, size and optimal length") {
  std::string error;
  auto problems = scenarioFrom(
      "version 1\n" + problemLine("0\t0\t3\t2\t4.41421") + "\n" + problemLine("2 0 0 2 2.5"),
      error);
  REQUIRE(problems);
  REQUIRE(problems->size() == 2);
  const auto& p = (*problems)[1];
  CHECK(p.line == 4);
  CHECK(p.map == "maps/test/test.map");
  CHECK(p.mapWidth == 4);
  CHECK(p.mapHeight == 3);
  CHECK(p.startX == 2);
  CHECK(p.startY == 0);
  CHECK(p.goalX == 0);
  CHECK(p.goalY == 2);
  CHECK(p.optimal == 2.5);
  CHECK(p.printedError == Approx(0.05));
  CHECK((*problems)[0].printedError == Approx(0.000005));
}

TEST_CASE("a scenario's optimal length must be a finite number: inf, nan and hex are refused") {
  std::string error;
  for (const std::string bad : {"inf", "nan", "-1", "0x1p3", "1e999", "2.5abc"}) {
    INFO(bad);
    const std::string text = "version 1\n" + problemLine("0\t0\t3\t2\t" + bad);
    CHECK_FALSE(scenarioFrom(text, error));
    CHECK(error == "test.map.scen:2: field 'optimal length' is '" + bad +
                       "', not a finite number of at least 0");
  }
}

TEST_CASE("a scenario's integers are read strictly: abc and 5.41 are errors naming the field") {
  std::string error;
  CHECK_FALSE(scenarioFrom("version 1\n" + problemLine("abc\t0\t3\t2\t4"), error));
  CHECK(error == "test.map.scen:2: field 'start x' is 'abc', not a whole number");
  CHECK_FALSE(scenarioFrom("version 1\n\n" + problemLine("0\t5.41\t3\t2\t4"), error));
  CHECK(error == "test.map.scen:3: field 'start y' is '5.41', not a whole number");
  CHECK_FALSE(scenarioFrom("0\tm.map\t4x\t3\t0\t0\t1\t1\t1\n", error));
  CHECK(error == "test.map.scen:1: field 'map width' is '4x', not a whole number");
}

TEST_CASE("scenario coordinates must lie inside the scenario's own map size") {
  std::string error;
  CHECK_FALSE(scenarioFrom(problemLine("0\t0\t4\t2\t4"), error));
  CHECK(error == "test.map.scen:1: field 'goal x' is 4, outside 0..3");
  CHECK_FALSE(scenarioFrom(problemLine("0\t-1\t3\t2\t4"), error));
  CHECK(error == "test.map.scen:1: field 'start y' is -1, outside 0..2");
}

TEST_CASE("a scenario line with too few or too many fields is refused with its line") {
  std::string error;
  CHECK_FALSE(scenarioFrom("version 1\n" + problemLine("0\t0\t3\t2"), error));
  CHECK(error ==
        "test.map.scen:2: expected 9 fields (bucket, map, map width, map height, start x, "
        "start y, goal x, goal y, optimal length), found 8");
  CHECK_FALSE(scenarioFrom("version 1\n" + problemLine("0\t0\t3\t2\t4\t7"), error));
  CHECK(error.rfind("test.map.scen:2: expected 9 fields", 0) == 0);
  CHECK_FALSE(scenarioFrom(problemLine("0 0 3 2 4") + "version 1\n", error));
  CHECK(error == "test.map.scen:2: 'version' may only be the first line");
}

TEST_CASE("a scenario line without a line break is refused after 1024 characters") {
  std::istringstream in(std::string(1 << 20, '7'));
  std::string error;
  CHECK_FALSE(movingai::readScenario(in, "huge.scen", error));
  CHECK(error ==
        "huge.scen:1: a line longer than 1024 characters: '" + std::string(32, '7') + "'...");
  CHECK(in.tellg() <= 1030);
}

TEST_CASE("a scenario must name the map it runs on, folders aside, with the map's size") {
  std::string error;
  auto grid = mapFrom(kHeader + kRows, error);
  REQUIRE(grid);
  auto same = scenarioFrom(problemLine("0 0 3 2 4"), error);
  REQUIRE(same);
  CHECK(movingai::checkScenarioMap(*same, "s.scen", "data/test.map", *grid) == "");
  auto other = scenarioFrom(
      problemLine("0 0 3 2 4") + "0\tmaps/test/other.map\t4\t3\t0\t0\t3\t2\t4\n", error);
  REQUIRE(other);
  CHECK(movingai::checkScenarioMap(*other, "s.scen", "data/test.map", *grid) ==
        "s.scen:2: the problem is for map 'maps/test/other.map', not 'test.map'");
  auto bigger = scenarioFrom("0\ttest.map\t5\t3\t0\t0\t3\t2\t4\n", error);
  REQUIRE(bigger);
  CHECK(movingai::checkScenarioMap(*bigger, "s.scen", "test.map", *grid) ==
        "s.scen:1: the problem is for a 5 x 3 map, 'test.map' is 4 x 3");
}

TEST_CASE("every committed scenario names its own map and size") {
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  for (const std::string name : {"arena.map", "den011d.map", "AR0011SR.map"}) {
    std::string error;
    auto grid = movingai::loadMap(folder + "/" + name, error);
    INFO(error);
    REQUIRE(grid);
    auto problems = movingai::loadScenario(folder + "/" + name + ".scen", error);
    REQUIRE(problems);
    CHECK(problems->size() > 100);
    CHECK(movingai::checkScenarioMap(*problems, name + ".scen", name, *grid) == "");
  }
}

TEST_CASE("an optimal length of infinity matches no cost") {
  movingai::Problem p{};
  p.optimal = INFINITY;
  p.printedError = 0.5;
  CHECK_FALSE(movingai::matchesOptimal(5.0, p));
  CHECK_FALSE(movingai::matchesOptimal(INFINITY, p));
  p.optimal = 5.0;
  CHECK(movingai::matchesOptimal(5.0004, p));
}

TEST_CASE("strict numbers: the whole text, decimal, finite") {
  long long n = -7;
  CHECK(movingai::parseInteger("42", n));
  CHECK(n == 42);
  for (const char* bad : {"", " 4", "4 ", "+4", "5.41", "abc", "0x10", "99999999999999999999"}) {
    INFO(bad);
    CHECK_FALSE(movingai::parseInteger(bad, n));
  }
  double d = 0;
  CHECK(movingai::parseNumber("2.5e1", d));
  CHECK(d == 25);
  for (const char* bad : {"", "inf", "nan", "0x1p3", "1e999", "1.5.", " 1", "--1"}) {
    INFO(bad);
    CHECK_FALSE(movingai::parseNumber(bad, d));
  }
}
