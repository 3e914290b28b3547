// Blocked positions as a crowd's static obstacles. Every test runs in the anchor space of an
// agent's unit size (crowd.hpp): its position grid, where the agent is a disc of its wall radius
// at its anchor, and a blocked position is the unit square [x, x + 1) x [y, y + 1).
#pragma once

#include <cstddef>

#include "crowd/orca.hpp"
#include "tilepath/grid.hpp"

namespace tilepath::walls {

// The most wall planes one agent takes (the nearest ones).
inline constexpr int kMaxWallPlanes = 8;

// Planes keeping the disc (ax, ay), radius r, off the blocked positions within `reach` for
// `horizon` seconds: one per blocked square, at its point nearest the anchor (the square lies
// beyond the tangent there, so velocities on the allowed side cannot reach it in time). The
// nearest first, ties by cell index. Returns how many it wrote.
int planes(const Grid& positions, double ax, double ay, double r, double reach, double horizon,
           orca::HalfPlane* out);

// Moves (ax, ay) the least way out of the blocked squares its disc overlaps (a few passes, for
// corners); false when the anchor itself lies inside a blocked square.
bool pushOut(const Grid& positions, double r, double& ax, double& ay);

// The centre of the open position nearest (ax, ay) (ties by index); false when none is open.
bool nearestOpen(const Grid& positions, double& ax, double& ay);

}  // namespace tilepath::walls
