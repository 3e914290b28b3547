// libFuzzer target: canReach after edits. The first bytes pick a grid of at most 12 x 10, a unit
// size (1..4) and a diagonal rule; then each group of bytes is an edit (a cell, a rectangle, a
// class's cost blocked or open again) and, now and then, a question: canReach between two
// positions, answered by the Components the grid keeps current (size 1) or those of the unit
// size's positions (Footprints), and checked against a flood written here from the cells alone.
// Slices of a sliced build (prepare) fall between the edits too.
// Several edits often pass between questions, so repairs see cuts made in several steps.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "tilepath/components.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"

using namespace tilepath;

namespace {

using fuzz::Bytes;
using fuzz::require;

// Whether a unit of size n at position (px, py) fits and stands only on passable cells.
bool openPosition(const Grid& cells, int n, int px, int py) {
  if (px < 0 || py < 0 || px + n > cells.width() || py + n > cells.height()) return false;
  for (int dy = 0; dy < n; ++dy)
    for (int dx = 0; dx < n; ++dx)
      if (!cells.passable(px + dx, py + dy)) return false;
  return true;
}

// Positions a unit of size n at `from` reaches (from may be closed: it steps out), by a flood with
// this file's own step rule.
std::vector<bool> reached(const Grid& cells, int n, Diagonal rule, int fx, int fy) {
  const int pw = cells.width() - n + 1, ph = cells.height() - n + 1;
  std::vector<bool> seen(static_cast<std::size_t>(pw) * ph, false);
  std::vector<int> todo{fy * pw + fx};
  seen[fy * pw + fx] = true;
  auto open = [&](int x, int y) { return openPosition(cells, n, x, y); };
  while (!todo.empty()) {
    const int c = todo.back();
    todo.pop_back();
    const int x = c % pw, y = c / pw;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if ((dx == 0 && dy == 0) || !open(x + dx, y + dy)) continue;
        if (dx != 0 && dy != 0) {
          const bool a = open(x + dx, y), b = open(x, y + dy);
          const bool ok = rule == Diagonal::Always        ? true
                          : rule == Diagonal::OneObstacle ? a || b
                          : rule == Diagonal::NoCorners   ? a && b
                                                          : false;
          if (!ok) continue;
        }
        const int next = (y + dy) * pw + x + dx;
        if (!seen[next]) seen[next] = true, todo.push_back(next);
      }
    }
  }
  return seen;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  Bytes in{data, size};
  const int width = 2 + in.below(11), height = 2 + in.below(9);
  const int n = 1 + in.below(4);
  const Diagonal rule = static_cast<Diagonal>(in.below(4));
  if (n > width || n > height) return 0;
  Grid cells(width, height);
  cells.setCost(2, 1.0);  // class 2 open until an edit blocks it
  for (int i = 0; i < cells.size(); ++i) cells.data()[i] = static_cast<uint8_t>(in.below(3) == 0);
  cells.cellsChanged();
  Footprints footprints(cells);
  WatchedComponents watched(cells);
  auto components = [&]() -> Components& {
    return n == 1 ? watched.components() : *footprints.components(n);
  };
  const int pw = width - n + 1, ph = height - n + 1;
  int questions = 0;
  while (!in.empty() && questions < 64) {
    const uint8_t op = in.next();
    const int x = in.below(width), y = in.below(height);
    switch (op % 8) {
      case 0:
      case 1:
      case 2:
        cells.set(x, y, static_cast<uint8_t>(op / 8 % 3));
        break;
      case 3:
        cells.fillRect(x, y, 1 + op / 8 % 4, 1 + op / 32 % 4, static_cast<uint8_t>(op / 128));
        break;
      case 4:
        if (op & 16)  // a scheduler's slice of building or repairing the labels
          components().prepare(rule, 1 + op / 32);
        else
          cells.setCost(2, op & 8 ? 0.0 : 1.0);
        break;
      default: {  // a question: from position (x, y) clipped, to another
        const int fx = x % pw, fy = y % ph;
        const int gx = in.below(pw), gy = in.below(ph);
        const std::vector<bool> seen = reached(cells, n, rule, fx, fy);
        const bool expected =
            (fx == gx && fy == gy) || (openPosition(cells, n, gx, gy) && seen[gy * pw + gx]);
        const bool answer = components().canReach(fy * pw + fx, gy * pw + gx, rule);
        require(answer == expected, "canReach (" + std::to_string(fx) + ", " + std::to_string(fy) +
                                        ") -> (" + std::to_string(gx) + ", " + std::to_string(gy) +
                                        ") size " + std::to_string(n) + " rule " +
                                        std::to_string(static_cast<int>(rule)) + " said " +
                                        std::to_string(answer));
        ++questions;
      }
    }
  }
  return 0;
}
