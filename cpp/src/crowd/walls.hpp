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

// On a grid with entry rules (tilepath/movement_rules.hpp) a neighbour of the cell under the
// anchor that may not be entered from it (its class's rule lacks that step's direction) is a
// wall too, for that agent while it stands there: `oneWay` says to honour them (size 1 only:
// bigger units never move on grids with rules). The same cell is open from another side.
bool ruleWall(const Grid& positions, int fromX, int fromY, int x, int y);

// The step number (MovementRules' order: right, left, down, up, downRight, downLeft, upRight,
// upLeft) of the unit step (dx, dy), -1 when it is none.
int stepNumber(int dx, int dy);

// Planes keeping the disc (ax, ay), radius r, off the blocked positions within `reach` for
// `horizon` seconds: one per blocked square, at its point nearest the anchor (the square lies
// beyond the tangent there, so velocities on the allowed side cannot reach it in time). The
// nearest first, ties by cell index. Returns how many it wrote.
int planes(const Grid& positions, double ax, double ay, double r, double reach, double horizon,
           orca::HalfPlane* out, bool oneWay = false);

// Moves (ax, ay) the least way out of the blocked squares its disc overlaps (a few passes, for
// corners); false when the anchor itself lies inside a blocked square. With `oneWay`, the
// neighbours the anchor's cell (where it ends) may not step into are walls for its centre: it
// is kept kRuleMargin off them (the planes keep the whole disc off them, gently: a disc that
// has just stepped in beside one is not thrown across its cell).
inline constexpr double kRuleMargin = 0.05;
bool pushOut(const Grid& positions, double r, double& ax, double& ay, bool oneWay = false);

// The centre of the open position nearest (ax, ay) (ties by index); false when none is open.
bool nearestOpen(const Grid& positions, double& ax, double& ay);

}  // namespace tilepath::walls
