#include "tilepath/movingai.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace tilepath::movingai {

std::optional<Grid> loadMap(const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open map file " + path;
    return std::nullopt;
  }
  std::string word;
  long long width = -1, height = -1;
  while (in >> word && word != "map") {
    if (word == "height")
      in >> height;
    else if (word == "width")
      in >> width;
    else if (word == "type")
      in >> word;
    else {
      error = path + ": unexpected header word '" + word + "'";
      return std::nullopt;
    }
  }
  if (word != "map" || (error = Grid::validateSize(width, height), !error.empty())) {
    if (error.empty())
      error = path + ": no 'map' line";
    else
      error = path + ": " + error;
    return std::nullopt;
  }
  Grid grid(static_cast<int>(width), static_cast<int>(height));
  std::string row;
  std::getline(in, row);  // rest of the "map" line
  for (int y = 0; y < height; ++y) {
    if (!std::getline(in, row)) {
      error = path + ": expected " + std::to_string(height) + " rows, found " + std::to_string(y);
      return std::nullopt;
    }
    if (!row.empty() && row.back() == '\r') row.pop_back();
    if (static_cast<long long>(row.size()) < width) {
      error = path + ": row " + std::to_string(y) + " has " + std::to_string(row.size()) +
              " characters, expected " + std::to_string(width);
      return std::nullopt;
    }
    for (int x = 0; x < width; ++x) {
      const char c = row[x];
      grid.set(x, y, (c == '.' || c == 'G' || c == 'S') ? 0 : 1);
    }
  }
  return grid;
}

std::optional<std::vector<Problem>> loadScenario(const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open scenario file " + path;
    return std::nullopt;
  }
  std::vector<Problem> problems;
  std::string line;
  int lineNumber = 0;
  while (std::getline(in, line)) {
    ++lineNumber;
    if (line.empty() || line.rfind("version", 0) == 0) continue;
    std::istringstream fields(line);
    Problem p;
    std::string mapName, optimal;
    int width, height;
    if (!(fields >> p.bucket >> mapName >> width >> height >> p.startX >> p.startY >> p.goalX >>
          p.goalY >> optimal)) {
      error = path + ":" + std::to_string(lineNumber) + ": cannot read the problem";
      return std::nullopt;
    }
    p.optimal = std::atof(optimal.c_str());
    const auto dot = optimal.find('.');
    const int decimals = dot == std::string::npos ? 0 : static_cast<int>(optimal.size() - dot - 1);
    p.printedError = 0.5 * std::pow(10.0, -decimals);
    problems.push_back(p);
  }
  return problems;
}

std::string dataFolder(const std::string& fallback) {
  const char* env = std::getenv("TILEPATH_MOVINGAI");
  return env && *env ? std::string(env) : fallback;
}

bool matchesOptimal(double cost, const Problem& problem) {
  const double tolerance =
      std::max(1e-3 * std::max(1.0, problem.optimal), problem.printedError + 1e-9);
  return std::fabs(cost - problem.optimal) <= tolerance;
}

}  // namespace tilepath::movingai
