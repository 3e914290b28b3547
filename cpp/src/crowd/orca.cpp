#include "crowd/orca.hpp"

#include <cmath>

namespace tilepath::orca {

namespace {

constexpr double kParallel = 1e-9;

double dot(double ax, double ay, double bx, double by) {
  return ax * bx + ay * by;
}
double cross(double ax, double ay, double bx, double by) {
  return ax * by - ay * bx;
}

// On the boundary of plane i (point + t * direction, direction = the normal turned a quarter),
// the best t that meets planes 0..i-1 and the speed disc: nearest (wx, wy), or furthest along
// (wx, wy) when `towards` (then (wx, wy) is a unit direction). False when none exists.
bool onLine(const HalfPlane* planes, std::size_t i, double maxSpeed, double wx, double wy,
            bool towards, double& vx, double& vy) {
  const HalfPlane& p = planes[i];
  const double dx = -p.ny, dy = p.nx;
  const double along = dot(p.px, p.py, dx, dy);
  const double disc = along * along + maxSpeed * maxSpeed - dot(p.px, p.py, p.px, p.py);
  if (disc < 0) return false;  // the line misses the speed disc
  const double root = std::sqrt(disc);
  double lo = -along - root, hi = -along + root;
  for (std::size_t j = 0; j < i; ++j) {
    const HalfPlane& q = planes[j];
    const double rate = dot(dx, dy, q.nx, q.ny);
    const double need = dot(q.px - p.px, q.py - p.py, q.nx, q.ny);
    if (std::fabs(rate) < kParallel) {
      if (need > 0) return false;  // parallel and the whole line is outside plane j
      continue;
    }
    const double t = need / rate;
    if (rate > 0) {
      if (t > lo) lo = t;
    } else if (t < hi) {
      hi = t;
    }
    if (lo > hi) return false;
  }
  double t;
  if (towards) {
    t = dot(wx, wy, dx, dy) > 0 ? hi : lo;
  } else {
    t = dot(wx - p.px, wy - p.py, dx, dy);
    t = t < lo ? lo : t > hi ? hi : t;
  }
  vx = p.px + t * dx;
  vy = p.py + t * dy;
  return true;
}

// The 2-d program over planes[0..count): returns count when solved (v set), else the index of
// the plane that could not be met (v then meets the planes before it).
std::size_t program2(const HalfPlane* planes, std::size_t count, double maxSpeed, double wx,
                     double wy, bool towards, double& vx, double& vy) {
  const double w2 = dot(wx, wy, wx, wy);
  if (towards) {
    vx = wx * maxSpeed;
    vy = wy * maxSpeed;
  } else if (w2 > maxSpeed * maxSpeed) {
    const double scale = maxSpeed / std::sqrt(w2);
    vx = wx * scale;
    vy = wy * scale;
  } else {
    vx = wx;
    vy = wy;
  }
  for (std::size_t i = 0; i < count; ++i) {
    const HalfPlane& p = planes[i];
    if (dot(vx - p.px, vy - p.py, p.nx, p.ny) >= 0) continue;
    const double keepX = vx, keepY = vy;
    if (!onLine(planes, i, maxSpeed, wx, wy, towards, vx, vy)) {
      vx = keepX;
      vy = keepY;
      return i;
    }
  }
  return count;
}

}  // namespace

HalfPlane agentPlane(double rx, double ry, double ux, double uy, double radius, double tau,
                     double dt, double vax, double vay, double share) {
  const double dist2 = dot(rx, ry, rx, ry);
  const double r2 = radius * radius;
  double cx, cy;  // the smallest change of relative velocity that leaves the obstacle
  double nx, ny;
  if (dist2 > r2) {
    // The velocity obstacle: a cone truncated by the disc of centre r / tau, radius R / tau.
    const double inv = 1 / tau;
    const double ex = ux - rx * inv, ey = uy - ry * inv;  // from the disc's centre
    const double e2 = dot(ex, ey, ex, ey);
    const double ed = dot(ex, ey, rx, ry);
    if (ed < 0 && ed * ed > r2 * e2) {
      // Nearest the truncating disc.
      const double len = std::sqrt(e2);
      nx = ex / len;
      ny = ey / len;
      const double by = radius * inv - len;
      cx = nx * by;
      cy = ny * by;
    } else {
      // Nearest a leg of the cone: the one on the relative velocity's side.
      const double leg = std::sqrt(dist2 - r2);
      double lx, ly;
      if (cross(rx, ry, ex, ey) > 0) {
        lx = (rx * leg - ry * radius) / dist2;
        ly = (rx * radius + ry * leg) / dist2;
      } else {
        lx = -(rx * leg + ry * radius) / dist2;
        ly = -(-rx * radius + ry * leg) / dist2;
      }
      const double along = dot(ux, uy, lx, ly);
      cx = lx * along - ux;
      cy = ly * along - uy;
      // The leg's outward normal, away from the cone (the leg direction turned a quarter
      // anticlockwise: both legs are directed so that the cone lies on their right).
      nx = -ly;
      ny = lx;
    }
  } else {
    // Already overlapping: leave within this sub-step.
    const double inv = 1 / dt;
    const double ex = ux - rx * inv, ey = uy - ry * inv;
    double len = std::sqrt(dot(ex, ey, ex, ey));
    if (len < kParallel) {
      // Same point and velocity: part along a fixed direction (the caller breaks the tie).
      nx = 0;
      ny = -1;
      len = 0;
    } else {
      nx = ex / len;
      ny = ey / len;
    }
    const double by = radius * inv - len;
    cx = nx * by;
    cy = ny * by;
  }
  // A's share of the change moves its boundary; the allowed side faces out of the obstacle.
  return {vax + share * cx, vay + share * cy, nx, ny};
}

void solve(const HalfPlane* planes, std::size_t count, std::size_t hard, double maxSpeed, double wx,
           double wy, HalfPlane* scratch, double& vx, double& vy) {
  std::size_t failed = program2(planes, count, maxSpeed, wx, wy, false, vx, vy);
  if (failed == count) return;
  // No velocity meets every plane: keep the hard ones, and among velocities that do, take the
  // one whose worst violation of the others is least, plane by plane from the first failure.
  double worst = 0;
  for (std::size_t i = failed; i < count; ++i) {
    const HalfPlane& p = planes[i];
    const double violation = -dot(vx - p.px, vy - p.py, p.nx, p.ny);
    if (violation <= worst) continue;
    std::size_t n = 0;
    for (std::size_t j = 0; j < hard; ++j) scratch[n++] = planes[j];
    for (std::size_t j = hard; j < i; ++j) {
      const HalfPlane& q = planes[j];
      // Where violating q is no worse than violating p: a plane through their boundaries'
      // crossing (or midway, when parallel) with normal q.n - p.n.
      double mx = q.nx - p.nx, my = q.ny - p.ny;
      const double len = std::sqrt(dot(mx, my, mx, my));
      if (len < kParallel) continue;  // same direction: p's violation bounds q's
      mx /= len;
      my /= len;
      const double rate = cross(p.nx, p.ny, q.nx, q.ny);
      double ox, oy;
      if (std::fabs(rate) < kParallel) {
        ox = (p.px + q.px) * 0.5;
        oy = (p.py + q.py) * 0.5;
      } else {
        // p's boundary is p.point + t * (-p.ny, p.nx); it meets q's where (x - q.point).q.n = 0.
        const double dx = -p.ny, dy = p.nx;
        const double t = dot(q.px - p.px, q.py - p.py, q.nx, q.ny) / dot(dx, dy, q.nx, q.ny);
        ox = p.px + t * dx;
        oy = p.py + t * dy;
      }
      scratch[n++] = {ox, oy, mx, my};
    }
    const double keepX = vx, keepY = vy;
    if (program2(scratch, n, maxSpeed, p.nx, p.ny, true, vx, vy) < n) {
      vx = keepX;  // rounding: keep the last answer
      vy = keepY;
    }
    worst = -dot(vx - p.px, vy - p.py, p.nx, p.ny);
  }
}

}  // namespace tilepath::orca
