// tilepath-scen: runs every problem of a Moving AI scenario and compares each cost with the
// optimal length. The scenarios' lengths assume noCorners, which is therefore this tool's
// default. `tilepath-scen --options` prints every search option's values and default as JSON.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tilepath/movingai.hpp"
#include "tilepath/world.hpp"

using namespace tilepath;

namespace {

// The one usage text: --help prints it, and so does every bad argument.
constexpr const char* kUsage =
    "usage: tilepath-scen MAP SCEN [--algorithm auto|astar|bfs|dijkstra|jps|hpa]\n"
    "         [--diagonal never|noCorners|oneObstacle|always]\n"
    "         [--heuristic manhattan|octile|chebyshev|euclidean] [--weight W] [--unitSize N]\n"
    "         [--stride N] [--json] [--each]\n"
    "       tilepath-scen --options   every search option's values and default, as JSON\n"
    "       tilepath-scen --help\n"
    "  --algorithm auto (the default): jps where it is exact and applies, else astar; the\n"
    "              summary names the one that ran\n"
    "  --stride N  run every N-th problem only\n"
    "  --each      one line per problem: index, status, cost, expanded\n"
    "  --unitSize N  units of N x N cells (problems whose start does not fit are skipped)\n"
    "  --json      a JSON summary after the text one\n";

int usage(const std::string& message) {
  std::fprintf(stderr, "tilepath-scen: %s\n%s", message.c_str(), kUsage);
  return 2;
}

// Bad input files are not usage errors: the message names the file, line and field.
int inputError(const std::string& message) {
  std::fprintf(stderr, "tilepath-scen: %s\n", message.c_str());
  return 2;
}

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--options") == 0) {  // for the JS build
    std::printf("%s\n", optionValuesJson().c_str());
    return 0;
  }
  if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  std::vector<std::string> files;
  SearchOptions options;
  options.diagonal = Diagonal::NoCorners;
  bool json = false;
  bool each = false;       // one line per problem: index, status, cost (17 digits), expanded
  std::size_t stride = 1;  // run every stride-th problem only
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool hasValue = i + 1 < argc;
    auto value = [&]() -> std::string { return hasValue ? argv[++i] : ""; };
    const bool takesValue = arg == "--algorithm" || arg == "--diagonal" || arg == "--heuristic" ||
                            arg == "--stride" || arg == "--weight" || arg == "--unitSize";
    if (takesValue && !hasValue) return usage(arg + " needs a value");
    if (arg == "--json") {
      json = true;
    } else if (arg == "--each") {
      each = true;
    } else if (arg == "--algorithm") {
      const std::string v = value();
      if (!parseAlgorithm(v, options.algorithm)) return usage("unknown --algorithm '" + v + "'");
    } else if (arg == "--diagonal") {
      const std::string v = value();
      if (!parseDiagonal(v, options.diagonal)) return usage("unknown --diagonal '" + v + "'");
    } else if (arg == "--heuristic") {
      const std::string v = value();
      if (!parseHeuristic(v, options.heuristic)) return usage("unknown --heuristic '" + v + "'");
    } else if (arg == "--stride") {
      const std::string v = value();
      long long n;
      if (!movingai::parseInteger(v, n) || n < 1 || n > 1000000000)
        return usage("--stride must be a whole number from 1, got '" + v + "'");
      stride = static_cast<std::size_t>(n);
    } else if (arg == "--weight") {
      const std::string v = value();
      if (!movingai::parseNumber(v, options.weight))
        return usage("--weight must be a number, got '" + v + "'");
    } else if (arg == "--unitSize") {
      const std::string v = value();
      long long n;
      if (!movingai::parseInteger(v, n) || n < 1 || n > kMaxUnitSize)
        return usage("--unitSize must be a whole number from 1 to " + std::to_string(kMaxUnitSize) +
                     ", got '" + v + "'");
      options.unitSize = static_cast<int>(n);
    } else if (arg.rfind("-", 0) == 0) {
      return usage("unknown option " + arg);
    } else {
      files.push_back(arg);
    }
  }
  if (files.size() != 2) return usage("expected a .map and a .scen file");
  if (std::string e = validateOptions(options); !e.empty()) return usage(e);

  std::string error;
  auto grid = movingai::loadMap(files[0], error);
  if (!grid) return inputError(error);
  auto problems = movingai::loadScenario(files[1], error);
  if (!problems) return inputError(error);
  error = movingai::checkScenarioMap(*problems, files[1], files[0], *grid);
  if (!error.empty()) return inputError(error);

  // The map in a World, as a game holds it: the same checks, labels, unit positions and hpa
  // hierarchy (built by the warm-up search below) as through wasm.
  World world(grid->width(), grid->height(), grid->shape());
  std::copy(grid->data(), grid->data() + grid->size(), world.profiles().data());
  world.profiles().cellsChanged();
  const SearchResult& result = world.result();
  const auto search = [&](const movingai::Problem& p) {
    world.findPath(p.startX, p.startY, p.goalX, p.goalY, options, 0);
  };
  const int n = options.unitSize;
  const auto fits = [&](const movingai::Problem& p) {
    return p.startX + n <= grid->width() && p.startY + n <= grid->height();
  };
  if (!problems->empty() && fits(problems->front())) {  // warm-up: sizes the search state
    search(problems->front());
  }
  std::vector<double> micros;
  micros.reserve(problems->size());
  int mismatches = 0;
  double maxError = 0, expandedSum = 0;
  std::size_t run = 0;
  for (std::size_t k = 0; k < problems->size(); k += stride) {
    const auto& p = (*problems)[k];
    if (!fits(p)) {
      if (each) std::printf("%zu skipped\n", k);
      continue;
    }
    ++run;
    const auto t0 = std::chrono::steady_clock::now();
    search(p);
    const auto t1 = std::chrono::steady_clock::now();
    micros.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    if (!result.ok())
      return inputError(files[1] + ":" + std::to_string(p.line) + ": " + result.error);
    expandedSum += result.expanded;
    if (each)
      std::printf("%zu %s %.17g %u\n", k, kStatusNames[static_cast<int>(result.status)],
                  result.cost, result.expanded);
    const double cost = result.status == Status::Found ? result.cost : INFINITY;
    const double err = std::fabs(cost - p.optimal);
    if (std::isfinite(err)) maxError = std::max(maxError, err);
    if (!movingai::matchesOptimal(cost, p)) {
      ++mismatches;
      if (mismatches <= 5 && !json)
        std::printf("mismatch: line %d (%d,%d)->(%d,%d) optimal %.6f got %.6f\n", p.line, p.startX,
                    p.startY, p.goalX, p.goalY, p.optimal, cost);
    }
  }
  std::vector<double> sorted = micros;
  std::sort(sorted.begin(), sorted.end());
  const double median = sorted.empty() ? 0 : sorted[sorted.size() / 2];
  const double meanExpanded = run == 0 ? 0 : expandedSum / run;
  std::string mapName = files[0];
  if (auto slash = mapName.find_last_of('/'); slash != std::string::npos)
    mapName = mapName.substr(slash + 1);

  // The algorithm that ran (auto resolved; jps and bfs may give way to A*): the map and the
  // options are the same for every problem, and so is the choice.
  const Grid* positions = n == 1 ? &world.cells() : world.profiles().footprints(0).positions(n);
  const Algorithm ran = options.algorithm == Algorithm::Hpa || positions == nullptr
                            ? options.algorithm
                            : algorithmThatRuns(*positions, options);
  const std::string ranName(kAlgorithmNames[static_cast<int>(ran)]);
  std::printf(
      "%s: %zu problems, %d mismatches, max error %.6g, median %.2f us, mean expanded %.1f, "
      "algorithm %s\n",
      mapName.c_str(), run, mismatches, maxError, median, meanExpanded, ranName.c_str());
  if (json) {
    std::printf(
        "{\"map\":%s,\"problems\":%zu,\"mismatches\":%d,\"maxError\":%.9g,\"medianMicros\":%.3f,"
        "\"meanExpanded\":%.3f,\"algorithm\":%s}\n",
        jsonString(mapName).c_str(), run, mismatches, maxError, median, meanExpanded,
        jsonString(ranName).c_str());
  }
  return mismatches == 0 ? 0 : 1;
}
