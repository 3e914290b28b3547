// The greedy rectangle decomposition (tilepath/rectangles.hpp).
#include "tilepath/rectangles.hpp"

namespace tilepath {

void rectangles(const Grid& grid, bool sameClass, std::vector<int32_t>& out) {
  out.clear();
  const int w = grid.width(), h = grid.height();
  // covered[x]: the first row below the rectangle covering column x's current cell, so a cell
  // (x, y) is covered when y < covered[x]: one int a column instead of a flag a cell.
  std::vector<int32_t> coveredUntil(static_cast<std::size_t>(w), 0);
  const uint8_t* cells = grid.data();
  auto fits = [&](int x, int y, uint8_t cls) {
    const int i = y * w + x;
    return grid.passable(i) && y >= coveredUntil[x] && (!sameClass || cells[i] == cls);
  };
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w;) {
      const uint8_t cls = cells[y * w + x];
      if (!fits(x, y, cls)) {
        ++x;
        continue;
      }
      int x1 = x + 1;
      while (x1 < w && fits(x1, y, cls)) ++x1;
      int y1 = y + 1;
      for (; y1 < h; ++y1) {
        bool whole = true;
        for (int k = x; k < x1 && whole; ++k) whole = fits(k, y1, cls);
        if (!whole) break;
      }
      for (int k = x; k < x1; ++k) coveredUntil[k] = y1;
      out.insert(out.end(), {x, y, x1 - x, y1 - y});
      x = x1;
    }
  }
}

}  // namespace tilepath
