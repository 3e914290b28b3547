// ORCA's two parts: the half-plane of velocities that keeps an agent clear of another (or of
// a wall) for a time horizon, and the small linear program that picks the velocity nearest the
// preferred one inside all of them and a speed disc. Written from the paper (van den Berg et al.
// 2011, sections 4 and 5.2); plain doubles, no libm call but sqrt, so every build agrees.
#pragma once

#include <cstddef>

namespace tilepath::orca {

// The allowed side of a constraint: velocities v with (v - point) . normal >= 0, normal of
// length 1.
struct HalfPlane {
  double px, py;
  double nx, ny;
};

// The half-plane agent A keeps clear of agent B with: relative position (rx, ry) = B - A,
// relative velocity (ux, uy) = vA - vB, combined radius `radius`, horizon `tau`; `dt` is the
// sub-step (used when they already overlap, to push them apart within it). A takes `share` of
// the change (0.5 between two agents). (vax, vay) is A's current velocity.
HalfPlane agentPlane(double rx, double ry, double ux, double uy, double radius, double tau,
                     double dt, double vax, double vay, double share);

// The velocity nearest (wx, wy) with |v| <= maxSpeed inside every plane. The first `hard`
// planes (walls) are kept when the rest cannot all be met; then the velocity that breaks the
// others least is taken (the paper's 3-d program). `scratch` holds at least `count` planes.
void solve(const HalfPlane* planes, std::size_t count, std::size_t hard, double maxSpeed, double wx,
           double wy, HalfPlane* scratch, double& vx, double& vy);

}  // namespace tilepath::orca
