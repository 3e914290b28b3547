// The crowd: agents, their plans (own paths, group fields), edits, and the step. The avoidance
// itself is orca.cpp; the walls are walls.cpp.
#include "tilepath/crowd.hpp"

#include <algorithm>
#include <cmath>

#include "crowd/orca.hpp"
#include "crowd/walls.hpp"
#include "tilepath/format.hpp"
#include "tilepath/smoothing.hpp"

namespace tilepath {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// An own target is reached within this distance (cells).
constexpr double kArrive = 0.1;
// Progress smaller than this (cells) does not count against stuckTime.
constexpr double kProgress = 0.25;
// A waypoint is passed within this distance of it.
constexpr double kWaypointReach = 0.6;
// How far along a group's field an agent looks for a cell in straight sight.
constexpr int kLookAhead = 4;

bool finite(double v) {
  return std::isfinite(v);
}

// As JS would print it in most cases: "NaN", "-Infinity", "3", "0.25" (six decimals at most,
// else every digit).
std::string num(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  std::string s = formatFixed(v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if ((s == "0" || s == "-0") && v != 0) return formatPrecise(v);
  return s == "-0" ? "0" : s;
}

double length(double x, double y) {
  return std::sqrt(x * x + y * y);
}

}  // namespace

std::string validateCrowdOptions(const CrowdOptions& o) {
  if (o.maxAgents < 1 || o.maxAgents > kMaxCrowdAgents)
    return "maxAgents " + std::to_string(o.maxAgents) + " must be from 1 to " +
           std::to_string(kMaxCrowdAgents);
  if (!(o.timeHorizon > 0 && o.timeHorizon <= 60))
    return "timeHorizon " + num(o.timeHorizon) + " must be above 0 and at most 60 seconds";
  if (!(o.obstacleHorizon > 0 && o.obstacleHorizon <= 60))
    return "obstacleHorizon " + num(o.obstacleHorizon) + " must be above 0 and at most 60 seconds";
  if (!(o.neighbourDistance > 0 && o.neighbourDistance <= 64))
    return "neighbourDistance " + num(o.neighbourDistance) +
           " must be above 0 and at most 64 cells";
  if (o.maxNeighbours < 0 || o.maxNeighbours > 64)
    return "maxNeighbours " + std::to_string(o.maxNeighbours) + " must be from 0 to 64";
  if (!(o.maxSubstep >= 0.001 && o.maxSubstep <= 0.25))
    return "maxSubstep " + num(o.maxSubstep) + " must be from 0.001 to 0.25 seconds";
  if (!(o.stuckTime > 0 && o.stuckTime <= 3600))
    return "stuckTime " + num(o.stuckTime) + " must be above 0 and at most 3600 seconds";
  if (o.maxReplansPerStep < 1 || o.maxReplansPerStep > 100000)
    return "maxReplansPerStep " + std::to_string(o.maxReplansPerStep) + " must be from 1 to 100000";
  return {};
}

Crowd::Crowd(Grid& grid, Footprints& footprints, const CrowdOptions& options)
    : grid_(grid),
      footprints_(footprints),
      options_(validateCrowdOptions(options).empty() ? options : CrowdOptions{}) {
  bucketsX_ = (grid_.width() + kBucket - 1) / kBucket;
  bucketsY_ = (grid_.height() + kBucket - 1) / kBucket;
  bucketStart_.assign(static_cast<std::size_t>(bucketsX_) * bucketsY_, 0);
  bucketEnd_.assign(bucketStart_.size(), 0);
  rulesSeen_ = grid_.rules().generation();
  lanes_.resize(1);
  lanes_[0].grid = &grid_;
  lanes_[0].footprints = &footprints_;
  blockedCells_.resize(kMaxCrowdLanes);
  grid_.addObserver(this);
}

Crowd::~Crowd() {
  for (std::size_t k = 1; k < lanes_.size(); ++k)
    if (lanes_[k].grid) lanes_[k].grid->removeObserver(lanes_[k].watch.get());
  grid_.removeObserver(this);
}

int Crowd::addLane(Grid& grid, Footprints& footprints, std::string& error) {
  error.clear();
  if (grid.width() != grid_.width() || grid.height() != grid_.height() ||
      &footprints.cells() != &grid) {
    error = "a lane's grid must be " + std::to_string(grid_.width()) + " x " +
            std::to_string(grid_.height()) + ", as the crowd's, with its own footprints";
    return -1;
  }
  int free = -1;
  for (std::size_t k = 0; k < lanes_.size(); ++k) {
    if (lanes_[k].grid == &grid) return static_cast<int>(k);
    if (!lanes_[k].grid && free < 0) free = static_cast<int>(k);
  }
  if (free < 0) {
    if (lanes_.size() >= static_cast<std::size_t>(kMaxCrowdLanes)) {
      error = "a crowd moves at most " + std::to_string(kMaxCrowdLanes) + " kinds of units";
      return -1;
    }
    free = static_cast<int>(lanes_.size());
    lanes_.emplace_back();
  }
  Lane& lane = lanes_[free];
  lane.grid = &grid;
  lane.footprints = &footprints;
  lane.agents = 0;
  lane.watch = std::make_unique<LaneWatch>();
  lane.watch->crowd = this;
  lane.watch->lane = free;
  grid.addObserver(lane.watch.get());
  return free;
}

std::string Crowd::removeLane(int lane) {
  if (lane <= 0 || lane >= static_cast<int>(lanes_.size()) || !lanes_[lane].grid)
    return "lane " + std::to_string(lane) + " is not a lane of this crowd that can be removed";
  if (lanes_[lane].agents > 0)
    return "lane " + std::to_string(lane) + " has " + std::to_string(lanes_[lane].agents) +
           " agents: remove them first";
  // Groups' fields of the lane go with it (no member is in it).
  for (Group& group : groups_)
    for (int n = 0; n <= kMaxUnitSize && !group.bySize.empty(); ++n)
      group.bySize[Group::key(lane, n)] = Group::Field{};
  lanes_[lane].grid->removeObserver(lanes_[lane].watch.get());
  lanes_[lane] = Lane{};
  blockedCells_[lane].clear();
  return {};
}

int Crowd::laneAgents(int lane) const {
  return lane >= 0 && lane < static_cast<int>(lanes_.size()) ? lanes_[lane].agents : 0;
}

const Grid& Crowd::planningGridFor(int lane, int unitSize) {
  return *lanes_[lane].footprints->positions(unitSize);
}

Diagonal Crowd::planDiagonal() const {
  return grid_.rules().anyEntryRule() ? Diagonal::Never : options_.diagonal;
}

std::string Crowd::checkId(int id) const {
  if (!alive(id)) return "agent id " + std::to_string(id) + " is not an agent of this crowd";
  return {};
}

std::string Crowd::checkPoint(double x, double y, const char* what) const {
  if (!finite(x) || !finite(y))
    return std::string(what) + " (" + num(x) + ", " + num(y) + ") is not a pair of finite numbers";
  if (x < 0 || y < 0 || x >= grid_.width() || y >= grid_.height())
    return std::string(what) + " (" + num(x) + ", " + num(y) + ") is outside the " +
           std::to_string(grid_.width()) + " x " + std::to_string(grid_.height()) + " grid";
  return {};
}

int Crowd::addAgent(const AgentParams& p, std::string& error) {
  error = checkPoint(p.x, p.y, "agent position");
  if (error.empty()) error = validateUnitSize(p.unitSize, grid_.shape());
  if (error.empty() && p.unitSize > 1 && grid_.hasRules())
    error = "unitSize " + std::to_string(p.unitSize) +
            ": agents bigger than one tile are not moved on a grid with entry rules or links";
  if (!error.empty()) return -1;
  const double half = p.unitSize * 0.5;
  const double radius = p.radius == 0 ? half - 0.1 : p.radius;
  if (!(radius > 0 && radius <= half)) {
    error =
        "radius " + num(p.radius) + " must be above 0 and at most unitSize / 2 (" + num(half) + ")";
    return -1;
  }
  if (!(p.maxSpeed > 0 && p.maxSpeed <= 1000)) {
    error = "maxSpeed " + num(p.maxSpeed) + " must be above 0 and at most 1000 cells a second";
    return -1;
  }
  if (!(p.maxAcceleration > 0 && p.maxAcceleration <= 1e6)) {
    error = "maxAcceleration " + num(p.maxAcceleration) + " must be above 0 and at most 1e6";
    return -1;
  }
  if (count_ >= options_.maxAgents) {
    error = "the crowd is full: maxAgents is " + std::to_string(options_.maxAgents);
    return -1;
  }
  if (!grid_.shape().square()) {
    error = "crowds need a square grid (orthogonal or isometric), not this shape";
    return -1;
  }
  if (p.lane < 0 || p.lane >= static_cast<int>(lanes_.size()) || !lanes_[p.lane].grid) {
    error = "lane " + std::to_string(p.lane) + " is not a lane of this crowd";
    return -1;
  }
  const Grid& positions = planningGridFor(p.lane, p.unitSize);
  double ax = p.x - (p.unitSize - 1) * 0.5, ay = p.y - (p.unitSize - 1) * 0.5;
  if (!positions.passable(static_cast<int>(std::floor(ax)), static_cast<int>(std::floor(ay)))) {
    error = "agent position (" + num(p.x) + ", " + num(p.y) + ") is inside a blocked cell" +
            (p.unitSize > 1 ? " (or its " + std::to_string(p.unitSize) + " x " +
                                  std::to_string(p.unitSize) + " footprint is)"
                            : std::string());
    return -1;
  }
  const double wallRadius = std::max(radius - (p.unitSize - 1) * 0.5, 0.05);
  walls::pushOut(positions, wallRadius, ax, ay, p.unitSize == 1);

  // The lowest free slot: none below firstFree_ (removals lower it).
  int id = firstFree_;
  while (id < slots() && alive_[id]) ++id;
  firstFree_ = id + 1;
  if (id == slots()) {
    alive_.push_back(0);
    for (auto* v : {&px_, &py_, &vx_, &vy_, &radius_, &maxSpeed_, &maxAccel_}) v->push_back(0);
    size_.push_back(1);
    lane_.push_back(0);
    state_.push_back(AgentState::Arrived);
    plans_.emplace_back();
    positionsOut_.resize(positionsOut_.size() + 2);
    velocitiesOut_.resize(velocitiesOut_.size() + 2);
  }
  alive_[id] = 1;
  px_[id] = ax + (p.unitSize - 1) * 0.5;
  py_[id] = ay + (p.unitSize - 1) * 0.5;
  vx_[id] = vy_[id] = 0;
  radius_[id] = radius;
  maxSpeed_[id] = p.maxSpeed;
  maxAccel_[id] = p.maxAcceleration;
  size_[id] = p.unitSize;
  lane_[id] = p.lane;
  ++lanes_[p.lane].agents;
  state_[id] = AgentState::Arrived;
  plans_[id] = Plan{};
  largestRadius_ = std::max(largestRadius_, radius);
  ++count_;
  publish(id);
  return id;
}

std::string Crowd::removeAgent(int id) {
  if (std::string e = checkId(id); !e.empty()) return e;
  leaveGroup(id);
  alive_[id] = 0;
  plans_[id] = Plan{};
  --lanes_[lane_[id]].agents;
  --count_;
  firstFree_ = std::min(firstFree_, id);
  positionsOut_[2 * id] = positionsOut_[2 * id + 1] = static_cast<float>(kNaN);
  velocitiesOut_[2 * id] = velocitiesOut_[2 * id + 1] = static_cast<float>(kNaN);
  return {};
}

void Crowd::leaveGroup(int id) {
  Plan& plan = plans_[id];
  if (plan.group < 0) return;
  Group& group = groups_[plan.group];
  if (--group.members == 0) group = Group{};  // frees its fields
  plan.group = -1;
}

std::string Crowd::setTarget(int id, double x, double y) {
  if (std::string e = checkId(id); !e.empty()) return e;
  if (std::string e = checkPoint(x, y, "target"); !e.empty()) return e;
  leaveGroup(id);
  Plan& plan = plans_[id];
  plan.hasTarget = true;
  const int n = size_[id];
  plan.goalX = x - (n - 1) * 0.5;
  plan.goalY = y - (n - 1) * 0.5;
  // A goal by a wall: where the disc can stand.
  walls::pushOut(planningGridFor(lane_[id], n), std::max(wallRadius(id), 0.05), plan.goalX,
                 plan.goalY);
  plan.replan = false;
  plan.best = std::numeric_limits<double>::infinity();
  plan.since = 0;
  planPath(id);
  return {};
}

std::string Crowd::setGroupTarget(const int32_t* ids, std::size_t count, double x, double y) {
  if (std::string e = checkPoint(x, y, "group target"); !e.empty()) return e;
  std::vector<uint8_t>& seen = groupMarks_;
  seen.assign(slots(), 0);
  for (std::size_t k = 0; k < count; ++k) {
    if (std::string e = checkId(ids[k]); !e.empty()) return e;
    if (seen[ids[k]]++) return "agent id " + std::to_string(ids[k]) + " appears twice";
  }
  if (count == 0) return {};
  for (std::size_t k = 0; k < count; ++k) leaveGroup(ids[k]);
  std::size_t g = 0;
  while (g < groups_.size() && groups_[g].members > 0) ++g;
  if (g == groups_.size()) groups_.emplace_back();
  Group& group = groups_[g];
  group = Group{};
  group.targetX = x;
  group.targetY = y;
  group.bySize.resize(static_cast<std::size_t>(kMaxCrowdLanes) * (kMaxUnitSize + 1));
  for (std::size_t k = 0; k < count; ++k) {
    const int id = ids[k];
    Plan& plan = plans_[id];
    plan = Plan{};
    plan.hasTarget = true;
    plan.group = static_cast<int>(g);
    ++group.members;
    group.maxRadius = std::max(group.maxRadius, radius_[id]);
    group.bySize[Group::key(lane_[id], size_[id])].used = true;
    state_[id] = AgentState::Moving;
  }
  // Arrival around the target: the radius of a disc the group fills packed at 90%.
  group.spread = group.maxRadius * std::sqrt(group.members / 0.9) + 0.5;
  for (std::size_t key = 0; key < group.bySize.size(); ++key)
    if (group.bySize[key].used) buildField(group, static_cast<int>(key));
  group.stale = false;
  for (std::size_t k = 0; k < count; ++k) {
    const int id = ids[k];
    const Group::Field& f = group.bySize[Group::key(lane_[id], size_[id])];
    plans_[id].goalX = f.goalX;
    plans_[id].goalY = f.goalY;
  }
  return {};
}

std::string Crowd::stop(int id) {
  if (std::string e = checkId(id); !e.empty()) return e;
  leaveGroup(id);
  plans_[id] = Plan{};
  state_[id] = AgentState::Arrived;
  return {};
}

std::string Crowd::setPosition(int id, double x, double y) {
  if (std::string e = checkId(id); !e.empty()) return e;
  if (std::string e = checkPoint(x, y, "agent position"); !e.empty()) return e;
  const int n = size_[id];
  const Grid& positions = planningGridFor(lane_[id], n);
  double ax = x - (n - 1) * 0.5, ay = y - (n - 1) * 0.5;
  if (!positions.passable(static_cast<int>(std::floor(ax)), static_cast<int>(std::floor(ay))))
    return "agent position (" + num(x) + ", " + num(y) + ") is inside a blocked cell";
  walls::pushOut(positions, std::max(wallRadius(id), 0.05), ax, ay, n == 1);
  px_[id] = ax + (n - 1) * 0.5;
  py_[id] = ay + (n - 1) * 0.5;
  vx_[id] = vy_[id] = 0;
  Plan& plan = plans_[id];
  plan.best = std::numeric_limits<double>::infinity();
  plan.since = 0;
  if (plan.hasTarget && plan.group < 0) planPath(id);
  if (plan.hasTarget && plan.group >= 0) state_[id] = AgentState::Moving;
  publish(id);
  return {};
}

std::string Crowd::setMaxSpeed(int id, double speed) {
  if (std::string e = checkId(id); !e.empty()) return e;
  if (!(speed > 0 && speed <= 1000))
    return "maxSpeed " + num(speed) + " must be above 0 and at most 1000 cells a second";
  maxSpeed_[id] = speed;
  return {};
}

std::string Crowd::setRadius(int id, double radius) {
  if (std::string e = checkId(id); !e.empty()) return e;
  const double half = size_[id] * 0.5;
  if (!(radius > 0 && radius <= half))
    return "radius " + num(radius) + " must be above 0 and at most unitSize / 2 (" + num(half) +
           ")";
  radius_[id] = radius;
  largestRadius_ = std::max(largestRadius_, radius);
  return {};
}

void Crowd::planPath(int id) {
  Plan& p = plans_[id];
  p.replan = false;
  const int n = size_[id];
  const double ax = px_[id] - (n - 1) * 0.5, ay = py_[id] - (n - 1) * 0.5;
  SearchOptions o;
  o.diagonal = planDiagonal();
  o.smooth = true;
  o.unitSize = n;
  const int sx = static_cast<int>(std::floor(ax)), sy = static_cast<int>(std::floor(ay));
  const int gx = static_cast<int>(std::floor(p.goalX)), gy = static_cast<int>(std::floor(p.goalY));
  ++plansRun_;
  const int lane = lane_[id];
  const Grid& positions = planningGridFor(lane, n);
  p.ruled = grid_.rules().anyEntryRule();
  if (!positions.passable(gx, gy) || (n > 1 && grid_.hasRules())) {
    result_.clear();
  } else if (n == 1) {
    searcher_.find(cellsOf(lane), sx, sy, gx, gy, o, result_);
  } else {
    searcher_.find(*lanes_[lane].footprints, sx, sy, gx, gy, o, result_);
  }
  p.waypoints.clear();
  p.watched.clear();
  p.jumps.clear();
  p.next = 0;
  if (!result_.ok() || result_.status != Status::Found) {
    state_[id] = AgentState::Unreachable;
    return;
  }
  // The smoothed corners after the start cell, then the goal point itself. A link's start is
  // a waypoint that knows where the link leads (the start cell too, when the path begins with
  // a link).
  const std::vector<int32_t>& path = result_.path;
  const std::size_t cells = path.size() / 2;
  auto linkFrom = [&](std::size_t j) -> int32_t {
    for (int32_t k : result_.links)
      if (static_cast<std::size_t>(k) == j && j + 1 < cells)
        return grid_.index(path[2 * j + 2], path[2 * j + 3]);
    return -1;
  };
  auto point = [&](double x, double y, int32_t jump) {
    p.waypoints.push_back(x);
    p.waypoints.push_back(y);
    p.jumps.push_back(jump);
  };
  if (!result_.links.empty() && result_.links.front() == 0)
    point(path[0] + 0.5, path[1] + 0.5, linkFrom(0));
  for (std::size_t j = 1; j + 1 < cells; ++j)
    point(path[2 * j] + 0.5, path[2 * j + 1] + 0.5, result_.links.empty() ? -1 : linkFrom(j));
  point(p.goalX, p.goalY, -1);
  p.watched = result_.rawPath.empty() ? result_.path : result_.rawPath;
  state_[id] = AgentState::Moving;
}

void Crowd::buildField(Group& group, int key) {
  Group::Field& f = group.bySize[key];
  const int n = key % (kMaxUnitSize + 1);
  const Grid& positions = planningGridFor(key / (kMaxUnitSize + 1), n);
  f.goalX = group.targetX - (n - 1) * 0.5;
  f.goalY = group.targetY - (n - 1) * 0.5;
  const int gx = static_cast<int>(std::floor(f.goalX)), gy = static_cast<int>(std::floor(f.goalY));
  FieldOptions o;
  o.diagonal = planDiagonal();
  const int32_t goal = positions.inside(gx, gy) ? positions.index(gx, gy) : -1;
  if (goal >= 0 && positions.passable(goal) && (n == 1 || !grid_.hasRules())) {
    walls::pushOut(positions, std::max(group.maxRadius - (n - 1) * 0.5, 0.05), f.goalX, f.goalY);
    fieldSearch_.flowField(positions, &goal, 1, o, f.field);
  } else {
    f.field.costs.assign(positions.size(), std::numeric_limits<float>::infinity());
    f.field.steps.assign(positions.size(), kNoStep);
    f.field.linkTo.clear();
  }
  f.ahead.assign(positions.size(), -1);
  f.built = true;
  ++fieldsBuilt_;
}

int Crowd::aheadOf(Group::Field& f, const Grid& positions, int cell) {
  int32_t& memo = f.ahead[cell];
  if (memo != -1) return memo;
  const int x0 = cell % positions.width(), y0 = cell / positions.width();
  int best = -2, x = x0, y = y0;
  // On a grid with entry rules cell by cell: a straight line could cross a one-way cell.
  const int most = grid_.rules().anyEntryRule() ? 1 : kLookAhead;
  for (int k = 0; k < most; ++k) {
    const uint8_t code = f.field.steps[positions.index(x, y)];
    if (code == kNoStep || code == kLinkStep) break;  // a link: walk to its start first
    x += kFieldSteps[code - 1].dx;
    y += kFieldSteps[code - 1].dy;
    // The first step is always walkable; later ones while the straight line is.
    if (k > 0 && lineCost(positions, options_.diagonal, x0, y0, x, y) <= 0) break;
    best = positions.index(x, y);
  }
  memo = best;
  return best;
}

void Crowd::cellChanged(int index, uint8_t from, uint8_t to) {
  laneCellChanged(0, index, from, to);
}

void Crowd::laneCellChanged(int lane, int index, uint8_t from, uint8_t to) {
  edited_ = true;
  const Grid& cells = cellsOf(lane);
  const bool was = cells.cost(from) > 0, now = cells.cost(to) > 0;
  if (was && !now) blockedCells_[lane].push_back(index);
  if (!was && now) opened_ = true;
  if (grid_.rules().entry(from) != grid_.rules().entry(to)) rulesEdited_ = true;
}

void Crowd::costChanged(int, double, double) {
  edited_ = true;
  everything_ = true;
}

void Crowd::allChanged() {
  edited_ = true;
  everything_ = true;
}

void Crowd::applyEdits() {
  if (!edited_) return;
  for (auto& cells : blockedCells_) std::sort(cells.begin(), cells.end());
  auto isBlocked = [&](int lane, int x, int y) {
    const std::vector<int32_t>& cells = blockedCells_[lane];
    return std::binary_search(cells.begin(), cells.end(), grid_.index(x, y));
  };
  for (int id = 0; id < slots(); ++id) {
    if (!alive_[id]) continue;
    const int n = size_[id];
    const Grid& positions = planningGridFor(lane_[id], n);
    // A wall built on the agent: out to the nearest open position.
    double ax = px_[id] - (n - 1) * 0.5, ay = py_[id] - (n - 1) * 0.5;
    if (!walls::pushOut(positions, std::max(wallRadius(id), 0.05), ax, ay)) {
      ax = px_[id] - (n - 1) * 0.5;
      ay = py_[id] - (n - 1) * 0.5;
      if (walls::nearestOpen(positions, ax, ay))
        walls::pushOut(positions, std::max(wallRadius(id), 0.05), ax, ay);
      vx_[id] = vy_[id] = 0;
    }
    px_[id] = ax + (n - 1) * 0.5;
    py_[id] = ay + (n - 1) * 0.5;
    Plan& plan = plans_[id];
    if (!plan.hasTarget || plan.group >= 0) continue;
    bool hit = everything_ || (opened_ && state_[id] == AgentState::Unreachable);
    // A rule edit: a step of the path refused now (or a plan made under other rules), or a way
    // that may have opened for an agent that had none.
    if (rulesEdited_ && !hit)
      hit = state_[id] == AgentState::Unreachable || !pathLegal(plan, cellsOf(lane_[id]));
    for (std::size_t k = 0; !hit && k + 1 < plan.watched.size(); k += 2)
      for (int dy = 0; dy < n && !hit; ++dy)
        for (int dx = 0; dx < n && !hit; ++dx)
          hit = isBlocked(lane_[id], plan.watched[k] + dx, plan.watched[k + 1] + dy);
    // The goal itself may have been walled in: unreachable shows at the re-plan.
    if (hit) plan.replan = true;
  }
  for (Group& group : groups_) {
    if (group.members == 0) continue;
    for (std::size_t key = 0; key < group.bySize.size(); ++key)
      if (group.bySize[key].used) buildField(group, static_cast<int>(key));
  }
  for (auto& cells : blockedCells_) cells.clear();
  opened_ = everything_ = edited_ = rulesEdited_ = false;
}

bool Crowd::pathLegal(const Plan& plan, const Grid& cells) const {
  const MovementRules& rules = cells.rules();
  if (plan.ruled != rules.anyEntryRule()) return false;
  const bool straight = planDiagonal() == Diagonal::Never;
  for (std::size_t k = 0; k + 3 < plan.watched.size(); k += 2) {
    const int x = plan.watched[k], y = plan.watched[k + 1];
    const int nx = plan.watched[k + 2], ny = plan.watched[k + 3];
    const int32_t from = cells.index(x, y), to = cells.index(nx, ny);
    if (!cells.passable(to)) return false;
    if (rules.anyLink() && rules.linkCost(from, to) >= 0) continue;
    const int step = walls::stepNumber(nx - x, ny - y);
    if (step < 0 || (straight && step >= 4)) return false;
    if (!((rules.entry(cells.get(nx, ny)) >> step) & 1)) return false;
  }
  return true;
}

bool Crowd::mayCross(const Grid& positions, int from, int to) const {
  if (from == to || !positions.rules().anyEntryRule()) return true;
  const int w = positions.width();
  const int dx = to % w - from % w, dy = to / w - from / w;
  if (std::abs(dx) + std::abs(dy) != 1) return false;  // corners and long jumps: never
  return positions.passable(to) &&
         ((positions.rules().entry(positions.data()[to]) >> walls::stepNumber(dx, dy)) & 1);
}

int32_t Crowd::jumpTarget(int id) {
  if (size_[id] != 1 || !grid_.rules().anyLink()) return -1;
  Plan& p = plans_[id];
  if (!p.hasTarget || state_[id] == AgentState::Arrived || state_[id] == AgentState::Unreachable)
    return -1;
  const int32_t here =
      grid_.index(static_cast<int>(std::floor(px_[id])), static_cast<int>(std::floor(py_[id])));
  int32_t to = -1;
  if (p.group < 0) {
    if (p.next >= p.jumps.size() || p.jumps[p.next] < 0) return -1;
    const int32_t start = grid_.index(static_cast<int>(std::floor(p.waypoints[2 * p.next])),
                                      static_cast<int>(std::floor(p.waypoints[2 * p.next + 1])));
    if (here != start) return -1;
    to = p.jumps[p.next];
  } else {
    const Group::Field& f = groups_[p.group].bySize[Group::key(lane_[id], 1)];
    if (!f.built || f.field.steps[here] != kLinkStep || f.field.linkTo.empty()) return -1;
    to = f.field.linkTo[here];
  }
  if (to < 0 || !cellsOf(lane_[id]).passable(to) || grid_.rules().linkCost(here, to) < 0) {
    if (p.group < 0) p.replan = true;  // the link went: a new plan at the next step
    return -1;
  }
  if (p.group < 0) ++p.next;
  return to;
}

std::string Crowd::step(double dt) {
  if (!(dt > 0) || !finite(dt) || dt > kMaxCrowdStep)
    return "dt " + num(dt) + " must be above 0 and at most " + num(kMaxCrowdStep) + " seconds";
  if (grid_.rules().generation() != rulesSeen_) {
    rulesSeen_ = grid_.rules().generation();
    edited_ = rulesEdited_ = true;
  }
  applyEdits();
  int replans = 0;
  for (int id = 0; id < slots() && replans < options_.maxReplansPerStep; ++id) {
    if (alive_[id] && plans_[id].replan) {
      planPath(id);
      ++replans;
    }
  }
  const int parts = std::max(1, static_cast<int>(std::ceil(dt / options_.maxSubstep)));
  const double h = dt / parts;
  for (int k = 0; k < parts; ++k) substep(h);
  for (int id = 0; id < slots(); ++id)
    if (alive_[id]) publish(id);
  return {};
}

void Crowd::publish(int id) {
  positionsOut_[2 * id] = static_cast<float>(px_[id]);
  positionsOut_[2 * id + 1] = static_cast<float>(py_[id]);
  velocitiesOut_[2 * id] = static_cast<float>(vx_[id]);
  velocitiesOut_[2 * id + 1] = static_cast<float>(vy_[id]);
}

void Crowd::rebuildBuckets() {
  // Only the buckets in use are touched (a 512 x 512 map has 65,536 of them): emptied from the
  // last sub-step's list, counted, then given their ranges in the order first met. Agents are
  // placed in id order, so each bucket lists its agents in id order.
  for (int32_t b : usedBuckets_) bucketStart_[b] = bucketEnd_[b] = 0;
  usedBuckets_.clear();
  agentBucket_.assign(slots(), -1);
  for (int id = 0; id < slots(); ++id) {
    if (!alive_[id]) continue;
    const int bx = std::clamp(static_cast<int>(px_[id]) / kBucket, 0, bucketsX_ - 1);
    const int by = std::clamp(static_cast<int>(py_[id]) / kBucket, 0, bucketsY_ - 1);
    const int b = by * bucketsX_ + bx;
    agentBucket_[id] = b;
    if (bucketEnd_[b]++ == 0) usedBuckets_.push_back(b);
  }
  int32_t at = 0;
  for (int32_t b : usedBuckets_) {
    const int32_t n = bucketEnd_[b];
    bucketStart_[b] = bucketEnd_[b] = at;  // bucketEnd_ is the fill point until all are placed
    at += n;
  }
  bucketAgents_.resize(count_);
  bucketX_.resize(count_);
  bucketY_.resize(count_);
  for (int id = 0; id < slots(); ++id) {
    if (agentBucket_[id] < 0) continue;
    const int32_t k = bucketEnd_[agentBucket_[id]]++;
    bucketAgents_[k] = id;
    bucketX_[k] = px_[id];  // beside the ids: the neighbour scan reads them in order
    bucketY_[k] = py_[id];
  }
}

void Crowd::findNeighbours(int id) {
  const int most = options_.maxNeighbours;
  int32_t* out = &neighbourStore_[static_cast<std::size_t>(id) * most];
  double* d2s = neighbourDistances_.data();
  int n = 0;
  const double range = options_.neighbourDistance;
  const double range2 = range * range;
  const double x = px_[id], y = py_[id];
  const int cx = agentBucket_[id] % bucketsX_, cy = agentBucket_[id] / bucketsX_;
  // Rings of buckets around the agent's, nearest first: a ring r lies at least (r - 1) buckets
  // away, so once that is past the range, or past the farthest of `most` found, none nearer is
  // left. The answer is the nearest `most` by (distance, id), whatever order they are seen in.
  for (int ring = 0; most > 0; ++ring) {
    if (ring > 0) {
      // The nearest a point of this ring can be: past the edges of the rings inside it.
      const double inner = (ring - 1) * static_cast<double>(kBucket);
      const double least = std::min({x - cx * kBucket, (cx + 1) * kBucket - x, y - cy * kBucket,
                                     (cy + 1) * kBucket - y}) +
                           inner;
      if (least >= range || (n == most && least * least > d2s[n - 1])) break;
    }
    if (cx - ring < 0 && cy - ring < 0 && cx + ring >= bucketsX_ && cy + ring >= bucketsY_) break;
    for (int by = cy - ring; by <= cy + ring; ++by) {
      if (by < 0 || by >= bucketsY_) continue;
      const bool edge = by == cy - ring || by == cy + ring;
      for (int bx = cx - ring; bx <= cx + ring; bx += edge || ring == 0 ? 1 : 2 * ring) {
        if (bx < 0 || bx >= bucketsX_) continue;
        const int b = by * bucketsX_ + bx;
        for (int k = bucketStart_[b]; k < bucketEnd_[b]; ++k) {
          const double dx = bucketX_[k] - x, dy = bucketY_[k] - y;
          const double d2 = dx * dx + dy * dy;
          if (d2 >= range2) continue;
          const int j = bucketAgents_[k];
          if (j == id) continue;
          if (n == most && (d2s[n - 1] < d2 || (d2s[n - 1] == d2 && out[n - 1] < j))) continue;
          // Insertion into the nearest `most`, by (distance, id).
          int pos = n < most ? n++ : most - 1;
          while (pos > 0 && (d2s[pos - 1] > d2 || (d2s[pos - 1] == d2 && out[pos - 1] > j))) {
            d2s[pos] = d2s[pos - 1];
            out[pos] = out[pos - 1];
            --pos;
          }
          d2s[pos] = d2;
          out[pos] = j;
        }
      }
    }
  }
  neighbourCount_[id] = n;
}

void Crowd::progress(int id, double measure, double dt) {
  Plan& p = plans_[id];
  if (measure < p.best - kProgress) {
    p.best = measure;
    p.since = 0;
    if (state_[id] == AgentState::Stuck) state_[id] = AgentState::Moving;
    return;
  }
  if (!(measure < p.best)) p.best = std::min(p.best, measure);
  p.since += dt;
  if (p.since < options_.stuckTime) return;
  p.since = 0;
  p.best = measure;
  const int n = size_[id];
  const double ax = px_[id] - (n - 1) * 0.5, ay = py_[id] - (n - 1) * 0.5;
  const double d = length(p.goalX - ax, p.goalY - ay);
  // Held off the goal by others standing there: as near as it gets.
  const double near = p.group >= 0 ? groups_[p.group].spread : 2 * radius_[id] + 0.5;
  if (d <= near) {
    state_[id] = AgentState::Arrived;
    return;
  }
  state_[id] = AgentState::Stuck;
  if (p.group < 0) p.replan = true;
}

void Crowd::giveWay(int id, double& wx, double& wy) {
  double ax = 0, ay = 0;
  const int32_t* list = &neighbourStore_[static_cast<std::size_t>(id) * options_.maxNeighbours];
  for (int k = 0; k < neighbourCount_[id]; ++k) {
    const int j = list[k];
    if (!plans_[j].hasTarget || state_[j] == AgentState::Arrived) continue;
    const double dx = px_[id] - px_[j], dy = py_[id] - py_[j];
    const double d = length(dx, dy);
    if (d < 1e-12 || d > radius_[id] + radius_[j] + 0.1) continue;
    if (vx_[j] * dx + vy_[j] * dy <= 0) continue;  // not coming this way
    ax += dx / d;
    ay += dy / d;
  }
  const double a = length(ax, ay);
  if (a < 1e-12) return;
  const double speed = 0.5 * maxSpeed_[id];
  wx = ax / a * speed;
  wy = ay / a * speed;
}

void Crowd::preferredVelocity(int id, double dt, double& wx, double& wy) {
  wx = wy = 0;
  Plan& p = plans_[id];
  if (!p.hasTarget) return giveWay(id, wx, wy);
  const int n = size_[id];
  const double ax = px_[id] - (n - 1) * 0.5, ay = py_[id] - (n - 1) * 0.5;
  const double toGoal = length(p.goalX - ax, p.goalY - ay);
  if (state_[id] == AgentState::Arrived) {
    // Pushed well away from where it stopped: walk back.
    const double near = p.group >= 0 ? groups_[p.group].spread + 1 : 2 * radius_[id] + 1;
    if (toGoal <= near) return giveWay(id, wx, wy);
    state_[id] = AgentState::Moving;
    p.best = std::numeric_limits<double>::infinity();
    p.since = 0;
    if (p.group < 0) planPath(id);
  }
  if (state_[id] == AgentState::Unreachable && p.group < 0) return;
  double tx, ty, measure;
  if (p.group < 0) {
    const std::size_t points = p.waypoints.size() / 2;
    if (points == 0) return;
    // Never past a link's start: the agent walks into its cell, then takes the link.
    while (p.next + 1 < points && p.jumps[p.next] < 0 &&
           length(p.waypoints[2 * p.next] - ax, p.waypoints[2 * p.next + 1] - ay) < kWaypointReach)
      ++p.next;
    tx = p.waypoints[2 * p.next];
    ty = p.waypoints[2 * p.next + 1];
    measure = length(tx - ax, ty - ay);
    for (std::size_t k = p.next + 1; k < points; ++k)
      measure += length(p.waypoints[2 * k] - p.waypoints[2 * k - 2],
                        p.waypoints[2 * k + 1] - p.waypoints[2 * k - 1]);
    if (toGoal < kArrive) {
      state_[id] = AgentState::Arrived;
      return;
    }
  } else {
    Group& group = groups_[p.group];
    Group::Field& f = group.bySize[Group::key(lane_[id], n)];
    const Grid& positions = planningGridFor(lane_[id], n);
    const int cx = static_cast<int>(std::floor(ax)), cy = static_cast<int>(std::floor(ay));
    const int cell = positions.index(cx, cy);
    const float cost = f.field.costs[cell];
    if (!std::isfinite(cost)) {
      state_[id] = AgentState::Unreachable;
      return;
    }
    if (state_[id] == AgentState::Unreachable) state_[id] = AgentState::Moving;
    if (toGoal < std::min(group.spread, 0.5)) {
      state_[id] = AgentState::Arrived;
      return;
    }
    const uint8_t here = f.field.steps[cell];
    // On a link's start: the move takes the link.
    const int ahead = here == kLinkStep ? cell : here == kNoStep ? -2 : aheadOf(f, positions, cell);
    if (ahead < 0) {
      tx = p.goalX;
      ty = p.goalY;
    } else {
      tx = ahead % positions.width() + 0.5;
      ty = ahead / positions.width() + 0.5;
    }
    measure = cost;
  }
  const double dx = tx - ax, dy = ty - ay;
  const double d = length(dx, dy);
  if (d < 1e-12) return;
  // Slow down to arrive: the speed from which maxAcceleration stops it within the distance
  // left, and never past the goal within this sub-step.
  const double brake = std::sqrt(2 * maxAccel_[id] * toGoal * 0.5);
  double speed = std::min({maxSpeed_[id], brake, toGoal / dt});
  wx = dx / d * speed;
  wy = dy / d * speed;
  progress(id, measure, dt);
}

void Crowd::newVelocity(int id, double wx, double wy, double dt, double& nx, double& ny) {
  orca::HalfPlane planes[walls::kMaxWallPlanes + 64];
  orca::HalfPlane scratch[walls::kMaxWallPlanes + 64];
  const int n = size_[id];
  const double ax = px_[id] - (n - 1) * 0.5, ay = py_[id] - (n - 1) * 0.5;
  const double rWall = std::max(wallRadius(id), 0.05);
  const double reach = std::min(rWall + maxSpeed_[id] * options_.obstacleHorizon, 2.0);
  const int hard = walls::planes(planningGridFor(lane_[id], n), ax, ay, rWall, reach,
                                 options_.obstacleHorizon, planes, n == 1);
  std::size_t count = static_cast<std::size_t>(hard);
  const int32_t* list = &neighbourStore_[static_cast<std::size_t>(id) * options_.maxNeighbours];
  for (int k = 0; k < neighbourCount_[id]; ++k) {
    const int j = list[k];
    double rx = px_[j] - px_[id], ry = py_[j] - py_[id];
    if (rx * rx + ry * ry < 1e-18) rx = j > id ? 1e-6 : -1e-6;  // same point: part by id
    planes[count++] =
        orca::agentPlane(rx, ry, vx_[id] - vx_[j], vy_[id] - vy_[j], radius_[id] + radius_[j],
                         options_.timeHorizon, dt, vx_[id], vy_[id], 0.5);
  }
  orca::solve(planes, count, static_cast<std::size_t>(hard), maxSpeed_[id], wx, wy, scratch, nx,
              ny);
  // What the agent can reach within the sub-step from its current velocity.
  const double cx = nx - vx_[id], cy = ny - vy_[id];
  const double change = length(cx, cy), most = maxAccel_[id] * dt;
  if (change > most) {
    nx = vx_[id] + cx * (most / change);
    ny = vy_[id] + cy * (most / change);
  }
}

void Crowd::substep(double h) {
  rebuildBuckets();
  newVx_.resize(slots());
  newVy_.resize(slots());
  neighbourStore_.resize(static_cast<std::size_t>(slots()) * options_.maxNeighbours);
  neighbourCount_.assign(slots(), 0);
  neighbourDistances_.resize(options_.maxNeighbours + 1);
  for (int id = 0; id < slots(); ++id)
    if (alive_[id]) findNeighbours(id);
  for (int id = 0; id < slots(); ++id) {
    if (!alive_[id]) continue;
    double wx, wy;
    preferredVelocity(id, h, wx, wy);
    newVelocity(id, wx, wy, h, newVx_[id], newVy_[id]);
  }
  const bool linked = grid_.rules().anyLink();
  for (int id = 0; id < slots(); ++id) {
    if (!alive_[id]) continue;
    const int n = size_[id];
    const Grid& positions = planningGridFor(lane_[id], n);
    const double ox = px_[id] - (n - 1) * 0.5, oy = py_[id] - (n - 1) * 0.5;
    const double r = std::max(wallRadius(id), 0.05);
    if (const int32_t to = linked ? jumpTarget(id) : -1; to >= 0) {
      // Across a link: to the same offset in the cell it leads to (within a quarter cell of its
      // centre, so that the walls there leave the centre in it), standing.
      double jx = to % grid_.width() + 0.5 + std::clamp(ox - std::floor(ox) - 0.5, -0.25, 0.25);
      double jy = to / grid_.width() + 0.5 + std::clamp(oy - std::floor(oy) - 0.5, -0.25, 0.25);
      if (!walls::pushOut(positions, r, jx, jy, true) ||
          grid_.index(static_cast<int>(std::floor(jx)), static_cast<int>(std::floor(jy))) != to) {
        jx = to % grid_.width() + 0.5;
        jy = to / grid_.width() + 0.5;
      }
      px_[id] = jx;
      py_[id] = jy;
      vx_[id] = vy_[id] = 0;
      plans_[id].best = std::numeric_limits<double>::infinity();
      plans_[id].since = 0;
      continue;
    }
    double ax = ox + newVx_[id] * h, ay = oy + newVy_[id] * h;
    double vx = newVx_[id], vy = newVy_[id];
    const bool ruled = n == 1 && grid_.rules().anyEntryRule();
    const int from =
        ruled ? grid_.index(static_cast<int>(std::floor(ox)), static_cast<int>(std::floor(oy))) : 0;
    // The move to (tx, ty), pushed out of the walls, if it ends open and (with entry rules) in
    // the same cell or one it may step into.
    auto tryMove = [&](double tx, double ty) {
      if (!walls::pushOut(positions, r, tx, ty, ruled)) return false;
      if (ruled && !mayCross(positions, from,
                             grid_.index(static_cast<int>(std::floor(tx)),
                                         static_cast<int>(std::floor(ty)))))
        return false;
      ax = tx;
      ay = ty;
      return true;
    };
    const double fx = ax, fy = ay;
    bool moved;
    if (!ruled) {
      moved = walls::pushOut(positions, r, ax, ay);  // as on any grid without entry rules
    } else {
      moved = tryMove(fx, fy) || tryMove(fx, oy) || tryMove(ox, fy);  // else slide along it
    }
    if (!moved) {
      // Its step would end inside a wall (or cross into a cell against its rule): it stays
      // (where it stood was open).
      ax = ox;
      ay = oy;
      vx = vy = 0;
    } else if (ax != ox + newVx_[id] * h || ay != oy + newVy_[id] * h) {
      vx = (ax - ox) / h;  // slid along the wall: the velocity it really had
      vy = (ay - oy) / h;
      if (ruled) {
        // No faster than it meant to go (a push off a one-way cell's wall is a shove, not speed).
        const double was = length(newVx_[id], newVy_[id]), now = length(vx, vy);
        if (now > was) {
          vx = was > 0 ? vx * (was / now) : 0;
          vy = was > 0 ? vy * (was / now) : 0;
        }
      }
    }
    px_[id] = ax + (n - 1) * 0.5;
    py_[id] = ay + (n - 1) * 0.5;
    vx_[id] = vx;
    vy_[id] = vy;
  }
  // Groups settle as a blob: touching a member that has arrived (and near the target) is
  // arriving.
  for (int id = 0; id < slots(); ++id) {
    if (!alive_[id] || state_[id] != AgentState::Moving || plans_[id].group < 0) continue;
    const Plan& p = plans_[id];
    const Group& group = groups_[p.group];
    const int n = size_[id];
    const double ax = px_[id] - (n - 1) * 0.5, ay = py_[id] - (n - 1) * 0.5;
    if (length(p.goalX - ax, p.goalY - ay) > group.spread) continue;
    const int32_t* list = &neighbourStore_[static_cast<std::size_t>(id) * options_.maxNeighbours];
    for (int k = 0; k < neighbourCount_[id]; ++k) {
      const int j = list[k];
      if (plans_[j].group != p.group || state_[j] != AgentState::Arrived) continue;
      if (length(px_[j] - px_[id], py_[j] - py_[id]) < radius_[id] + radius_[j] + 0.15) {
        state_[id] = AgentState::Arrived;
        break;
      }
    }
  }
}

}  // namespace tilepath
