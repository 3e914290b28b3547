// embind bindings of a crowd (tilepath/crowd.hpp): marshalling only. Numbers in, an error
// string out (empty when done); positions and velocities are read by JS straight from the heap
// (positionsAddress, a float each) and copied out, never kept as views.
#include "tilepath/crowd.hpp"

#include <emscripten/bind.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tilepath/format.hpp"

using namespace tilepath;

namespace {

CrowdOptions crowdOptions(int maxAgents, int diagonal, double timeHorizon, double obstacleHorizon,
                          double neighbourDistance, int maxNeighbours, double maxSubstep,
                          double stuckTime, int maxReplansPerStep) {
  CrowdOptions o;
  o.maxAgents = maxAgents;
  o.diagonal = diagonal >= 0 && diagonal <= 3 ? static_cast<Diagonal>(diagonal) : Diagonal::Never;
  o.timeHorizon = timeHorizon;
  o.obstacleHorizon = obstacleHorizon;
  o.neighbourDistance = neighbourDistance;
  o.maxNeighbours = maxNeighbours;
  o.maxSubstep = maxSubstep;
  o.stuckTime = stuckTime;
  o.maxReplansPerStep = maxReplansPerStep;
  return o;
}

}  // namespace

class WasmCrowd {
 public:
  // `cells` and `footprints`: WasmGrid::cellsObject() and footprintsObject() of a live grid.
  WasmCrowd(uintptr_t cells, uintptr_t footprints, int maxAgents, int diagonal, double timeHorizon,
            double obstacleHorizon, double neighbourDistance, int maxNeighbours, double maxSubstep,
            double stuckTime, int maxReplansPerStep)
      : crowd_(*reinterpret_cast<Grid*>(cells), *reinterpret_cast<Footprints*>(footprints),
               crowdOptions(maxAgents, diagonal, timeHorizon, obstacleHorizon, neighbourDistance,
                            maxNeighbours, maxSubstep, stuckTime, maxReplansPerStep)) {}

  static std::string checkOptions(int maxAgents, int diagonal, double timeHorizon,
                                  double obstacleHorizon, double neighbourDistance,
                                  int maxNeighbours, double maxSubstep, double stuckTime,
                                  int maxReplansPerStep) {
    if (diagonal < 0 || diagonal > 3) return "unknown diagonal code " + std::to_string(diagonal);
    return validateCrowdOptions(crowdOptions(maxAgents, diagonal, timeHorizon, obstacleHorizon,
                                             neighbourDistance, maxNeighbours, maxSubstep,
                                             stuckTime, maxReplansPerStep));
  }

  // CrowdOptions' defaults, the one place JS learns them from: "name value" pairs, spaces
  // between, in the constructor's order (diagonal as its code).
  static std::string defaultOptions() {
    const CrowdOptions o;
    return "maxAgents " + std::to_string(o.maxAgents) + " diagonal " +
           std::to_string(static_cast<int>(o.diagonal)) + " timeHorizon " +
           formatPrecise(o.timeHorizon) + " obstacleHorizon " + formatPrecise(o.obstacleHorizon) +
           " neighbourDistance " + formatPrecise(o.neighbourDistance) + " maxNeighbours " +
           std::to_string(o.maxNeighbours) + " maxSubstep " + formatPrecise(o.maxSubstep) +
           " stuckTime " + formatPrecise(o.stuckTime) + " maxReplansPerStep " +
           std::to_string(o.maxReplansPerStep) + " maxStep " + formatPrecise(kMaxCrowdStep);
  }

  // The new id, or -1 with lastError() set.
  int addAgent(double x, double y, double radius, double maxSpeed, double maxAcceleration,
               int unitSize, int lane) {
    AgentParams p;
    p.x = x;
    p.y = y;
    p.radius = radius;
    p.maxSpeed = maxSpeed;
    p.maxAcceleration = maxAcceleration;
    p.unitSize = unitSize;
    p.lane = lane;
    return crowd_.addAgent(p, error_);
  }
  // Another kind of unit (Crowd::addLane): `cells` and `footprints` of a profile of the same
  // live grid (WasmGrid::cellsObject(slot), footprintsObject(slot)). The lane, or -1 with
  // lastError() set.
  int addLane(uintptr_t cells, uintptr_t footprints) {
    return crowd_.addLane(*reinterpret_cast<Grid*>(cells),
                          *reinterpret_cast<Footprints*>(footprints), error_);
  }
  std::string removeLane(int lane) { return crowd_.removeLane(lane); }
  int laneAgents(int lane) const { return crowd_.laneAgents(lane); }
  std::string lastError() const { return error_; }
  std::string removeAgent(int id) { return crowd_.removeAgent(id); }
  std::string setTarget(int id, double x, double y) { return crowd_.setTarget(id, x, y); }
  // Room for `count` ids: JS writes them at idsAddress(), then calls setGroupTarget.
  uintptr_t reserveIds(int count) {
    ids_.resize(count > 0 ? count : 0);
    return reinterpret_cast<uintptr_t>(ids_.data());
  }
  std::string setGroupTarget(int count, double x, double y) {
    if (count < 0 || static_cast<std::size_t>(count) > ids_.size())
      return "id count " + std::to_string(count) + " exceeds the reserved buffer";
    return crowd_.setGroupTarget(ids_.data(), count, x, y);
  }
  std::string stop(int id) { return crowd_.stop(id); }
  std::string setPosition(int id, double x, double y) { return crowd_.setPosition(id, x, y); }
  std::string setMaxSpeed(int id, double speed) { return crowd_.setMaxSpeed(id, speed); }
  std::string setRadius(int id, double radius) { return crowd_.setRadius(id, radius); }
  std::string step(double dt) { return crowd_.step(dt); }
  int slots() const { return crowd_.slots(); }
  int agentCount() const { return crowd_.agentCount(); }
  uintptr_t positionsAddress() const { return reinterpret_cast<uintptr_t>(crowd_.positions()); }
  uintptr_t velocitiesAddress() const { return reinterpret_cast<uintptr_t>(crowd_.velocities()); }
  // An index of kAgentStateNames, or -1 when `id` is no agent.
  int state(int id) const { return crowd_.alive(id) ? static_cast<int>(crowd_.state(id)) : -1; }
  double plans() const { return static_cast<double>(crowd_.plans()); }
  double fields() const { return static_cast<double>(crowd_.fields()); }

 private:
  Crowd crowd_;
  std::string error_;
  std::vector<int32_t> ids_;
};

EMSCRIPTEN_BINDINGS(tilepath_crowd) {
  emscripten::class_<WasmCrowd>("Crowd")
      .constructor<uintptr_t, uintptr_t, int, int, double, double, double, int, double, double,
                   int>()
      .class_function("checkOptions", &WasmCrowd::checkOptions)
      .class_function("defaultOptions", &WasmCrowd::defaultOptions)
      .function("addAgent", &WasmCrowd::addAgent)
      .function("lastError", &WasmCrowd::lastError)
      .function("addLane", &WasmCrowd::addLane)
      .function("removeLane", &WasmCrowd::removeLane)
      .function("laneAgents", &WasmCrowd::laneAgents)
      .function("removeAgent", &WasmCrowd::removeAgent)
      .function("setTarget", &WasmCrowd::setTarget)
      .function("reserveIds", &WasmCrowd::reserveIds)
      .function("setGroupTarget", &WasmCrowd::setGroupTarget)
      .function("stop", &WasmCrowd::stop)
      .function("setPosition", &WasmCrowd::setPosition)
      .function("setMaxSpeed", &WasmCrowd::setMaxSpeed)
      .function("setRadius", &WasmCrowd::setRadius)
      .function("step", &WasmCrowd::step)
      .function("slots", &WasmCrowd::slots)
      .function("agentCount", &WasmCrowd::agentCount)
      .function("positionsAddress", &WasmCrowd::positionsAddress)
      .function("velocitiesAddress", &WasmCrowd::velocitiesAddress)
      .function("state", &WasmCrowd::state)
      .function("plans", &WasmCrowd::plans)
      .function("fields", &WasmCrowd::fields);
}
