// tilepath-scen, run as a user runs it: exit codes, the one usage text, and errors that name the
// file and line of a bad map or scenario.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

struct Run {
  int status;
  std::string out;  // stdout and stderr together, unless split
};

// Runs the CLI with `arguments` (already quoted for the shell).
Run runCli(const std::string& arguments, const char* redirect = "2>&1") {
  const std::string command =
      std::string("'") + TILEPATH_SCEN_CLI + "' " + arguments + " " + redirect;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  Run run;
  char chunk[4096];
  for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0;) run.out.append(chunk, n);
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// A scratch folder for the files a test writes, removed with it.
struct Scratch {
  std::string folder;
  Scratch() {
    char name[] = "/tmp/tilepath-cli-XXXXXX";
    REQUIRE(mkdtemp(name) != nullptr);
    folder = name;
  }
  ~Scratch() { std::system(("rm -rf '" + folder + "'").c_str()); }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string path = folder + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
};

const std::string kData = TILEPATH_DEFAULT_MOVINGAI;

// Runs the CLI on a 4 x 3 map with a wall in the middle, saved as small.map, and `scenario`,
// saved as small.scen (its path in `scenarioPath`).
Run runOnSmallMap(const std::string& scenario, std::string& scenarioPath) {
  Scratch scratch;
  const std::string map = scratch.write("small.map",
                                        "type octile\nheight 3\nwidth 4\nmap\n"
                                        "....\n"
                                        ".@@.\n"
                                        "....\n");
  scenarioPath = scratch.write("small.scen", scenario);
  return runCli(map + " " + scenarioPath);
}

}  // namespace

TEST_CASE("tilepath-scen --help prints the usage text that a bad argument prints") {
  const Run help = runCli("--help");
  CHECK(help.status == 0);
  REQUIRE(help.out.rfind("usage: tilepath-scen MAP SCEN", 0) == 0);
  const Run bad = runCli("--colour red", "2>&1 >/dev/null");  // stderr only
  CHECK(bad.status == 2);
  CHECK(bad.out == "tilepath-scen: unknown option --colour\n" + help.out);
  const Run missing = runCli("only-one.map", "2>&1 >/dev/null");
  CHECK(missing.status == 2);
  CHECK(missing.out == "tilepath-scen: expected a .map and a .scen file\n" + help.out);
}

TEST_CASE("tilepath-scen --options prints the option table as JSON") {
  const Run run = runCli("--options");
  CHECK(run.status == 0);
  CHECK(run.out.rfind("{", 0) == 0);
  CHECK(run.out.find("\"noCorners\"") != std::string::npos);
}

TEST_CASE("tilepath-scen refuses numbers it cannot read whole, naming the option") {
  CHECK(runCli("--stride abc a.map a.scen")
            .out.rfind("tilepath-scen: --stride must be a whole number from 1, got 'abc'\n", 0) ==
        0);
  CHECK(runCli("--stride 0 a.map a.scen").status == 2);
  CHECK(runCli("--weight 1.5x a.map a.scen")
            .out.rfind("tilepath-scen: --weight must be a number, got '1.5x'\n", 0) == 0);
  const Run noValue = runCli("a.map a.scen --weight");
  CHECK(noValue.status == 2);
  CHECK(noValue.out.rfind("tilepath-scen: --weight needs a value\n", 0) == 0);
}

TEST_CASE("tilepath-scen runs the committed arena scenario with no mismatch") {
  const Run run = runCli("'" + kData + "/arena.map' '" + kData + "/arena.map.scen'");
  CHECK(run.status == 0);
  CHECK(run.out == "arena.map: 160 problems, 0 mismatches" +
                       run.out.substr(std::string("arena.map: 160 problems, 0 mismatches").size()));
}

TEST_CASE("tilepath-scen refuses a scenario written for another map, naming its line") {
  const Run run = runCli("'" + kData + "/arena.map' '" + kData + "/den011d.map.scen'");
  CHECK(run.status == 2);
  CHECK(run.out == "tilepath-scen: " + kData +
                       "/den011d.map.scen:2: the problem is for map 'maps/dao/den011d.map', not "
                       "'arena.map'\n");
}

TEST_CASE("tilepath-scen refuses a scenario whose size is not the map's") {
  std::string scen;
  const Run run = runOnSmallMap("version 1\n0\tsmall.map\t4\t4\t0\t0\t3\t2\t5\n", scen);
  CHECK(run.status == 2);
  CHECK(run.out ==
        "tilepath-scen: " + scen + ":2: the problem is for a 4 x 4 map, 'small.map' is 4 x 3\n");
}

TEST_CASE("tilepath-scen refuses an infinite optimal length instead of matching any cost") {
  std::string scen;
  const Run run = runOnSmallMap(
      "version 1\n0\tsmall.map\t4\t3\t0\t0\t3\t2\t5\n0\tsmall.map\t4\t3\t0\t0\t3\t1\tinf\n", scen);
  CHECK(run.status == 2);
  CHECK(run.out == "tilepath-scen: " + scen +
                       ":3: field 'optimal length' is 'inf', not a finite number of at least 0\n");
}

TEST_CASE("tilepath-scen counts a wrong optimal length as a mismatch and names its line") {
  // (0,0) to (3,2) around the wall costs 5: no diagonal may cut the wall's corners.
  std::string scen;
  const Run run = runOnSmallMap(
      "version 1\n0\tsmall.map\t4\t3\t0\t0\t3\t2\t4.82843\n0\tsmall.map\t4\t3\t0\t0\t3\t2\t5\n",
      scen);
  CHECK(run.status == 1);
  CHECK(run.out.rfind("mismatch: line 2 (0,0)->(3,2) optimal 4.828430 got 5.000000\n"
                      "small.map: 2 problems, 1 mismatches",
                      0) == 0);
}

TEST_CASE("tilepath-scen stops at once on a map with no line breaks, quoting a short prefix") {
  Scratch scratch;
  const std::string map = scratch.write("huge.map", std::string(8 << 20, 'x'));
  const Run run = runCli(map + " " + map);
  CHECK(run.status == 2);
  CHECK(run.out == "tilepath-scen: " + map + ":1: a header line longer than 64 characters: '" +
                       std::string(32, 'x') + "'...\n");
  const Run zero = runCli("/dev/zero /dev/zero");
  CHECK(zero.status == 2);
  CHECK(zero.out.size() < 250);
}
