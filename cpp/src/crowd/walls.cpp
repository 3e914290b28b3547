#include "crowd/walls.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tilepath::walls {

namespace {

// The point of square (cx, cy) nearest (ax, ay).
void nearestOf(int cx, int cy, double ax, double ay, double& qx, double& qy) {
  qx = ax < cx ? cx : ax > cx + 1 ? cx + 1 : ax;
  qy = ay < cy ? cy : ay > cy + 1 ? cy + 1 : ay;
}

bool blocked(const Grid& positions, int x, int y) {
  return !positions.passable(x, y);
}

// Blocked, or (oneWay) a neighbour of (fx, fy) its rule will not let the anchor step into.
bool wall(const Grid& positions, bool oneWay, int fx, int fy, int x, int y) {
  return blocked(positions, x, y) || (oneWay && ruleWall(positions, fx, fy, x, y));
}

// Whether some neighbour of (fx, fy) is a rule wall from it: most cells have none, and then the
// passability bits alone answer as on a grid without rules.
bool anyRuleWall(const Grid& positions, int fx, int fy) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if ((dx || dy) && ruleWall(positions, fx, fy, fx + dx, fy + dy)) return true;
  return false;
}

// Whether every cell of columns x0..x1 (at most 64) in rows y0..y1 is open, from the grid's
// passability bits: one read a row, where most agents stand (nowhere near a wall). False, as
// "do look", where the bits do not reach (Grid::rowFrom's range).
bool allOpen(const Grid& positions, int x0, int x1, int y0, int y1) {
  if (x0 < -64 || x1 >= positions.width() + 64 || y0 < -1 || y1 > positions.height() ||
      x1 - x0 >= 64)
    return false;
  const uint64_t mask = x1 - x0 == 63 ? ~uint64_t{0} : (uint64_t{1} << (x1 - x0 + 1)) - 1;
  for (int y = y0; y <= y1; ++y)
    if ((positions.rowFrom(x0, y) & mask) != mask) return false;
  return true;
}

}  // namespace

int stepNumber(int dx, int dy) {
  static constexpr int8_t kSteps[3][3] = {{7, 3, 6}, {1, -1, 0}, {5, 2, 4}};  // [dy + 1][dx + 1]
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1) return -1;
  return kSteps[dy + 1][dx + 1];
}

bool ruleWall(const Grid& positions, int fromX, int fromY, int x, int y) {
  const int step = stepNumber(x - fromX, y - fromY);
  if (step < 0 || !positions.inside(x, y)) return false;
  return !((positions.rules().entry(positions.get(x, y)) >> step) & 1);
}

namespace {

// planes and pushOut, with (kRules) or without the walls of entry rules: two copies, so that a
// grid without rules pays nothing for them in the loops.
template <bool kRules>
int planesOf(const Grid& positions, double ax, double ay, double r, double reach, double horizon,
             orca::HalfPlane* out, int fx, int fy) {
  struct Near {
    double d2;
    int cell;
    double qx, qy;
  };
  Near best[kMaxWallPlanes];
  int n = 0;
  const int x0 = static_cast<int>(std::floor(ax - reach)),
            x1 = static_cast<int>(std::floor(ax + reach));
  const int y0 = static_cast<int>(std::floor(ay - reach)),
            y1 = static_cast<int>(std::floor(ay + reach));
  if (!kRules && allOpen(positions, x0, x1, y0, y1)) return 0;
  const double reach2 = reach * reach;
  // Cells outside the grid get indices past it, so ties still order one way.
  const int stride = positions.width() + 8;
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      if (!wall(positions, kRules, fx, fy, x, y)) continue;
      double qx, qy;
      nearestOf(x, y, ax, ay, qx, qy);
      const double d2 = (qx - ax) * (qx - ax) + (qy - ay) * (qy - ay);
      if (d2 >= reach2) continue;
      const int cell = (y + 4) * stride + (x + 4);
      // Insertion into the nearest kMaxWallPlanes, by (distance, cell).
      int at = n < kMaxWallPlanes ? n++ : kMaxWallPlanes;
      while (at > 0 &&
             (best[at - 1].d2 > d2 || (best[at - 1].d2 == d2 && best[at - 1].cell > cell))) {
        if (at < kMaxWallPlanes) best[at] = best[at - 1];
        --at;
      }
      if (at < kMaxWallPlanes) best[at] = {d2, cell, qx, qy};
    }
  }
  const double inv = 1 / horizon;
  for (int k = 0; k < n; ++k) {
    const double d = std::sqrt(best[k].d2);
    double tx, ty;  // towards the wall
    if (d > 1e-12) {
      tx = (best[k].qx - ax) / d;
      ty = (best[k].qy - ay) / d;
    } else {
      tx = 0;  // on its edge: pushOut has already moved it off; any side will do
      ty = 0;
    }
    // Allowed: v . t <= (d - r) / horizon.
    const double limit = (d - r) * inv;
    out[k] = {tx * limit, ty * limit, -tx, -ty};
  }
  return n;
}

template <bool kRules>
bool pushOutOf(const Grid& positions, double r, double& ax, double& ay) {
  for (int pass = 0; pass < 4; ++pass) {
    const int cx = static_cast<int>(std::floor(ax)), cy = static_cast<int>(std::floor(ay));
    if (blocked(positions, cx, cy)) return false;
    const bool rulesHere = kRules && anyRuleWall(positions, cx, cy);
    if (!rulesHere && allOpen(positions, cx - 1, cx + 1, cy - 1, cy + 1)) return true;
    double deepest = 0, mx = 0, my = 0;
    for (int y = cy - 1; y <= cy + 1; ++y) {
      for (int x = cx - 1; x <= cx + 1; ++x) {
        const bool solid = blocked(positions, x, y);
        if (!solid && (!kRules || !rulesHere || !ruleWall(positions, cx, cy, x, y))) continue;
        double qx, qy;
        nearestOf(x, y, ax, ay, qx, qy);
        const double dx = ax - qx, dy = ay - qy;
        const double d = std::sqrt(dx * dx + dy * dy);
        // A rule wall keeps the centre out (by kRuleMargin); the planes keep the disc off it.
        const double depth = (!kRules || solid ? r : std::min(r, kRuleMargin)) - d;
        if (depth <= deepest) continue;
        deepest = depth;
        if (d > 1e-12) {
          mx = dx / d;
          my = dy / d;
        } else {
          // On the square's edge: away from its centre along the edge's axis.
          mx = qx == x ? -1 : qx == x + 1 ? 1 : 0;
          my = mx != 0 ? 0 : qy == y ? -1 : 1;
        }
      }
    }
    if (deepest <= 0) break;
    // A hair further than touching, so rounding leaves no overlap behind.
    ax += mx * (deepest + 1e-9);
    ay += my * (deepest + 1e-9);
  }
  return !blocked(positions, static_cast<int>(std::floor(ax)), static_cast<int>(std::floor(ay)));
}

}  // namespace

int planes(const Grid& positions, double ax, double ay, double r, double reach, double horizon,
           orca::HalfPlane* out, bool oneWay) {
  if (oneWay && positions.rules().anyEntryRule()) {
    const int fx = static_cast<int>(std::floor(ax)), fy = static_cast<int>(std::floor(ay));
    if (anyRuleWall(positions, fx, fy))
      return planesOf<true>(positions, ax, ay, r, reach, horizon, out, fx, fy);
  }
  return planesOf<false>(positions, ax, ay, r, reach, horizon, out, 0, 0);
}

bool pushOut(const Grid& positions, double r, double& ax, double& ay, bool oneWay) {
  if (oneWay && positions.rules().anyEntryRule()) return pushOutOf<true>(positions, r, ax, ay);
  return pushOutOf<false>(positions, r, ax, ay);
}

bool nearestOpen(const Grid& positions, double& ax, double& ay) {
  const int w = positions.width(), h = positions.height();
  const int cx = static_cast<int>(std::floor(ax)), cy = static_cast<int>(std::floor(ay));
  double bestD2 = std::numeric_limits<double>::infinity();
  int bestX = -1, bestY = -1;
  const int most = w > h ? w : h;
  for (int ring = 0; ring <= most; ++ring) {
    // Every cell of a ring lies at least ring - 1 from the anchor: past the best, stop.
    if (ring > 1 && (ring - 1.0) * (ring - 1.0) > bestD2) break;
    for (int y = cy - ring; y <= cy + ring; ++y) {
      for (int x = cx - ring; x <= cx + ring; ++x) {
        if (y != cy - ring && y != cy + ring && x != cx - ring && x != cx + ring) continue;
        if (!positions.passable(x, y)) continue;
        const double dx = x + 0.5 - ax, dy = y + 0.5 - ay;
        const double d2 = dx * dx + dy * dy;
        if (d2 < bestD2 ||
            (d2 == bestD2 && positions.index(x, y) < positions.index(bestX, bestY))) {
          bestD2 = d2;
          bestX = x;
          bestY = y;
        }
      }
    }
  }
  if (bestX < 0) return false;
  ax = bestX + 0.5;
  ay = bestY + 0.5;
  return true;
}

}  // namespace tilepath::walls
