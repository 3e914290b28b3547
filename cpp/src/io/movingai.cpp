#include "tilepath/movingai.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <fstream>

namespace tilepath::movingai {

namespace {

enum class LineRead { Line, End, TooLong };

// One line without its '\n' (nor a '\r' before it), read a character at a time so that a file
// without line breaks (or /dev/zero) costs at most `limit` characters, never the whole file.
LineRead readLine(std::istream& in, std::size_t limit, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof() && line.empty()) return LineRead::End;
    if (c == std::char_traits<char>::eof() || c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line.size() > limit ? LineRead::TooLong : LineRead::Line;
    }
    line.push_back(static_cast<char>(c));
    if (line.size() > limit + 1) return LineRead::TooLong;  // + 1: room for a '\r'
  }
}

// What was found, for a message: a short prefix, quoted, with unprintable bytes escaped.
std::string excerpt(std::string_view text, std::size_t shown = 32) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < shown; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";  // as "\\x%02x"
      out += "0123456789abcdef"[c >> 4];
      out += "0123456789abcdef"[c & 15];
    }
  }
  out += '\'';
  if (text.size() > shown) out += "...";
  return out;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  constexpr std::string_view kSpace = " \t\r\v\f";
  for (std::size_t at = line.find_first_not_of(kSpace); at != std::string_view::npos;) {
    const std::size_t end = std::min(line.find_first_of(kSpace, at), line.size());
    out.push_back(line.substr(at, end - at));
    at = line.find_first_not_of(kSpace, end);
  }
  return out;
}

std::string_view baseName(std::string_view path) {
  const std::size_t slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// Empty when `text` is a whole number in lo..hi, else why not, naming the field.
std::string readInteger(std::string_view text, const char* field, long long lo, long long hi,
                        int& out) {
  long long value;
  if (!parseInteger(text, value))
    return std::string("field '") + field + "' is " + excerpt(text) + ", not a whole number";
  if (value < lo || value > hi)
    return std::string("field '") + field + "' is " + std::to_string(value) + ", outside " +
           std::to_string(lo) + ".." + std::to_string(hi);
  out = static_cast<int>(value);
  return "";
}

}  // namespace

bool parseInteger(std::string_view text, long long& out) {
  const char* end = text.data() + text.size();
  const auto [stop, status] = std::from_chars(text.data(), end, out);
  return !text.empty() && status == std::errc() && stop == end;
}

bool parseNumber(std::string_view text, double& out) {
  // strtod alone would also take "inf", "nan", hex and leading spaces.
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string_view::npos)
    return false;
  const std::string copy(text);
  char* stop = nullptr;
  const double value = std::strtod(copy.c_str(), &stop);
  if (stop != copy.c_str() + copy.size() || !std::isfinite(value)) return false;
  out = value;
  return true;
}

std::optional<Grid> readMap(std::istream& in, const std::string& name, std::string& error) {
  std::string line;
  int lineNumber = 0;
  auto fail = [&](const std::string& what) {
    error = name + ":" + std::to_string(lineNumber) + ": " + what;
    return std::nullopt;
  };

  constexpr std::size_t kHeaderLimit = 64;
  std::optional<long long> width, height;
  for (;;) {
    const LineRead read = readLine(in, kHeaderLimit, line);
    ++lineNumber;
    if (read == LineRead::End) return fail("the file ends before the 'map' line");
    if (read == LineRead::TooLong)
      return fail("a header line longer than " + std::to_string(kHeaderLimit) +
                  " characters: " + excerpt(line));
    const auto w = words(line);
    if (w.empty()) continue;
    if (w[0] == "map") {
      if (w.size() != 1) return fail("expected 'map' alone on its line, found " + excerpt(line));
      break;
    }
    if (w[0] == "type") {
      if (w.size() != 2) return fail("expected 'type NAME', found " + excerpt(line));
      continue;
    }
    if (w[0] != "height" && w[0] != "width")
      return fail("unexpected header " + excerpt(w[0]) + " (expected type, height, width or map)");
    std::optional<long long>& size = w[0] == "height" ? height : width;
    const std::string key(w[0]);
    if (size) return fail("'" + key + "' given twice");
    long long value;
    if (w.size() != 2 || !parseInteger(w[1], value))
      return fail("expected '" + key + " N' with N a whole number, found " + excerpt(line));
    size = value;
  }
  if (!height) return fail("no 'height' line before 'map'");
  if (!width) return fail("no 'width' line before 'map'");
  if (std::string e = Grid::validateSize(*width, *height); !e.empty()) return fail(e);

  const int w = static_cast<int>(*width), h = static_cast<int>(*height);
  Grid grid(w, h);
  for (int y = 0; y < h; ++y) {
    const LineRead read = readLine(in, static_cast<std::size_t>(w), line);
    ++lineNumber;
    const std::string row = "row " + std::to_string(y);
    if (read == LineRead::End)
      return fail("expected " + std::to_string(h) + " rows, found " + std::to_string(y));
    if (read == LineRead::TooLong)
      return fail(row + " is longer than the width, " + std::to_string(w) + ": " + excerpt(line));
    if (line.size() < static_cast<std::size_t>(w))
      return fail(row + " has " + std::to_string(line.size()) + " characters, expected " +
                  std::to_string(w));
    for (int x = 0; x < w; ++x) {
      const char c = line[x];
      const bool open = c == '.' || c == 'G' || c == 'S';
      if (!open && c != '@' && c != 'O' && c != 'T' && c != 'W')
        return fail(row + ", column " + std::to_string(x) + ": unknown terrain " +
                    excerpt(std::string_view(&line[x], 1)) + " (expected one of .GS@OTW)");
      grid.set(x, y, open ? 0 : 1);
    }
  }
  // Blank lines may follow; anything else means the height is wrong.
  std::streambuf* buffer = in.rdbuf();
  ++lineNumber;
  for (int c; (c = buffer->sbumpc()) != std::char_traits<char>::eof();) {
    if (c == '\n')
      ++lineNumber;
    else if (c != ' ' && c != '\t' && c != '\r')
      return fail("text after the " + std::to_string(h) + " rows of the map");
  }
  return grid;
}

std::optional<std::vector<Problem>> readScenario(std::istream& in, const std::string& name,
                                                 std::string& error) {
  std::vector<Problem> problems;
  std::string line;
  int lineNumber = 0;
  auto fail = [&](const std::string& what) {
    error = name + ":" + std::to_string(lineNumber) + ": " + what;
    return std::nullopt;
  };

  constexpr std::size_t kLineLimit = 1024;
  bool started = false;  // a version line may only come first
  for (;;) {
    const LineRead read = readLine(in, kLineLimit, line);
    ++lineNumber;
    if (read == LineRead::End) break;
    if (read == LineRead::TooLong)
      return fail("a line longer than " + std::to_string(kLineLimit) +
                  " characters: " + excerpt(line));
    const auto w = words(line);
    if (w.empty()) continue;
    double version;
    if (w[0] == "version") {
      if (started) return fail("'version' may only be the first line");
      if (w.size() != 2 || !parseNumber(w[1], version))
        return fail("expected 'version N', found " + excerpt(line));
      started = true;
      continue;
    }
    started = true;
    if (w.size() != 9)
      return fail("expected 9 fields (bucket, map, map width, map height, start x, start y, " +
                  std::string("goal x, goal y, optimal length), found ") +
                  std::to_string(w.size()));
    Problem p;
    p.line = lineNumber;
    p.map = std::string(w[1]);
    std::string e = readInteger(w[0], "bucket", 0, INT_MAX, p.bucket);
    if (e.empty()) e = readInteger(w[2], "map width", 1, Grid::kMaxSide, p.mapWidth);
    if (e.empty()) e = readInteger(w[3], "map height", 1, Grid::kMaxSide, p.mapHeight);
    if (e.empty()) e = readInteger(w[4], "start x", 0, p.mapWidth - 1, p.startX);
    if (e.empty()) e = readInteger(w[5], "start y", 0, p.mapHeight - 1, p.startY);
    if (e.empty()) e = readInteger(w[6], "goal x", 0, p.mapWidth - 1, p.goalX);
    if (e.empty()) e = readInteger(w[7], "goal y", 0, p.mapHeight - 1, p.goalY);
    if (!e.empty()) return fail(e);
    if (!parseNumber(w[8], p.optimal) || p.optimal < 0)
      return fail("field 'optimal length' is " + excerpt(w[8]) +
                  ", not a finite number of at least 0");
    const std::size_t dot = w[8].find('.');
    const std::size_t exponent = w[8].find_first_of("eE");
    const std::size_t digitsEnd = exponent == std::string_view::npos ? w[8].size() : exponent;
    const int decimals = dot == std::string_view::npos ? 0 : static_cast<int>(digitsEnd - dot - 1);
    p.printedError = 0.5 * std::pow(10.0, -decimals);
    problems.push_back(std::move(p));
  }
  return problems;
}

std::optional<Grid> loadMap(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open map file " + path;
    return std::nullopt;
  }
  return readMap(in, path, error);
}

std::optional<std::vector<Problem>> loadScenario(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open scenario file " + path;
    return std::nullopt;
  }
  return readScenario(in, path, error);
}

std::string checkScenarioMap(const std::vector<Problem>& problems, const std::string& scenarioName,
                             const std::string& mapPath, const Grid& grid) {
  const std::string_view mapName = baseName(mapPath);
  for (const Problem& p : problems) {
    const std::string at = scenarioName + ":" + std::to_string(p.line) + ": ";
    if (baseName(p.map) != mapName)
      return at + "the problem is for map " + excerpt(p.map, 80) + ", not " + excerpt(mapName, 80);
    if (p.mapWidth != grid.width() || p.mapHeight != grid.height())
      return at + "the problem is for a " + std::to_string(p.mapWidth) + " x " +
             std::to_string(p.mapHeight) + " map, " + excerpt(mapName, 80) + " is " +
             std::to_string(grid.width()) + " x " + std::to_string(grid.height());
  }
  return "";
}

std::string dataFolder(const std::string& fallback) {
  const char* env = std::getenv("TILEPATH_MOVINGAI");
  return env && *env ? std::string(env) : fallback;
}

bool matchesOptimal(double cost, const Problem& problem) {
  if (!std::isfinite(problem.optimal)) return false;
  const double tolerance =
      std::max(1e-3 * std::max(1.0, problem.optimal), problem.printedError + 1e-9);
  return std::fabs(cost - problem.optimal) <= tolerance;
}

}  // namespace tilepath::movingai
