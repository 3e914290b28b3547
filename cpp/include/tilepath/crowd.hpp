// A crowd: agents on a grid that follow their own paths or a group's shared flow field, avoid
// one another by reciprocal velocity obstacles (ORCA: van den Berg, Guy, Lin, Manocha,
// "Reciprocal n-Body Collision Avoidance", 2011) and treat blocked cells as static obstacles.
//
// Positions are in cells as doubles: cell (x, y) spans [x, x + 1) x [y, y + 1). An agent of unit
// size n is a disc of its radius (at most n / 2) whose footprint is the n x n cells around its
// centre; it plans on the grid's Footprints of size n and its wall tests run there, on its
// "anchor" (centre - (n - 1) / 2), which must lie in an open position.
//
// Guarantees (checked by tests/cpp/crowd):
//  - after every step no agent's anchor (its centre, for size 1) is in a blocked position;
//  - a disc overlaps a blocked cell by at most kWallTolerance;
//  - the same agents, edits and step sizes give bit-identical positions on every build: agents
//    are updated in id order, neighbours sorted by (distance, id), walls by (distance, cell), a
//    step's velocities all computed before any agent moves, no libm call but the exactly
//    rounded ones (sqrt, floor, ceil, fabs: the same on every IEEE platform), no contraction
//    into fused multiply-adds (CMakeLists.txt);
//  - a step of dt runs ceil(dt / maxSubstep) equal sub-steps, so a large dt never scatters;
//  - on a grid with entry rules (tilepath/movement_rules.hpp) the cell under an agent's centre
//    changes, from one sub-step to the next, only to an orthogonal neighbour whose class may be
//    entered by that step, or across a link: an agent whose plan takes a link (A to B) walks
//    into cell A and is then moved to cell B (velocity zero), at the same offset from the
//    centre (at most 0.25 cells), and goes on from there. Plans on such a grid use straight
//    steps only (a disc crosses cell edges, not corners). Agents bigger than one tile are
//    refused on a grid with rules (as searches refuse them) and stand unreachable while rules
//    added later last.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tilepath/fields.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"
#include "tilepath/searcher.hpp"

namespace tilepath {

enum class AgentState : uint8_t { Moving, Arrived, Stuck, Unreachable };
inline constexpr std::string_view kAgentStateNames[] = {"moving", "arrived", "stuck",
                                                        "unreachable"};

struct CrowdOptions {
  // Agent slots (ids 0 .. maxAgents - 1), 1 .. kMaxCrowdAgents.
  int maxAgents = 10000;
  Diagonal diagonal = Diagonal::NoCorners;
  // ORCA's horizons (seconds): other agents are avoided for timeHorizon ahead, walls for
  // obstacleHorizon.
  double timeHorizon = 1.0;
  double obstacleHorizon = 0.25;
  // Other agents within this distance (cells, centre to centre) are considered, the nearest
  // maxNeighbours of them.
  double neighbourDistance = 3.0;
  int maxNeighbours = 8;
  // The longest sub-step (seconds): step(dt) runs ceil(dt / maxSubstep) equal ones.
  double maxSubstep = 1.0 / 30;
  // No progress (a quarter cell) for this long (seconds) re-plans the agent and marks it stuck.
  double stuckTime = 2.0;
  // Re-plans (of agents whose path an edit blocked, or stuck ones) run per step at most, in id
  // order; the others keep their old path until their turn.
  int maxReplansPerStep = 32;
};

inline constexpr int kMaxCrowdAgents = 100000;
// The longest step(dt) accepted (seconds): a game that was paused should not replay minutes.
inline constexpr double kMaxCrowdStep = 10.0;
// How far a disc may overlap a blocked cell after a step (cells).
inline constexpr double kWallTolerance = 1e-6;

// Empty when usable, else a message naming the bad value.
std::string validateCrowdOptions(const CrowdOptions& options);

struct AgentParams {
  double x = 0, y = 0;  // centre, in cells
  // Disc radius in cells, (0, unitSize / 2]; 0 = the default, unitSize / 2 - 0.1 (0.4 for one
  // cell), which keeps a wall radius of 0.4 for every size.
  double radius = 0;
  double maxSpeed = 4;          // cells per second, (0, 1000]
  double maxAcceleration = 20;  // cells per second squared, (0, 1e6]
  int unitSize = 1;             // 1 .. kMaxUnitSize
  // The lane it plans and meets walls in (Crowd::addLane): 0, the crowd's own grid, by default.
  int lane = 0;
};

// The most lanes (kinds of units: movement profiles) one crowd moves.
inline constexpr int kMaxCrowdLanes = 8;

class Crowd : public GridObserver {
 public:
  // Watches `grid` (whose footprints `footprints` are) until destroyed: both must outlive it.
  // Check the options with validateCrowdOptions first; bad ones are replaced by the defaults.
  Crowd(Grid& grid, Footprints& footprints, const CrowdOptions& options = {});
  ~Crowd() override;
  Crowd(const Crowd&) = delete;
  Crowd& operator=(const Crowd&) = delete;

  const CrowdOptions& options() const { return options_; }

  // Kinds of units in one crowd. A lane is a grid over the same cells with its own cost table
  // (a movement profile's sibling grid, tilepath/profiles.hpp) and its footprints: an agent of
  // that lane plans, and meets walls, there, and avoids every agent of the crowd whatever its
  // lane. Lane 0 is the constructor's. Both must outlive the lane (removeLane, or the crowd).
  // Returns the lane (the one it already is, for a grid the crowd has), or -1 with `error`: a
  // grid of another size, or past kMaxCrowdLanes.
  int addLane(Grid& grid, Footprints& footprints, std::string& error);
  // Forgets a lane no agent is in (lane 0 cannot be); an error naming it otherwise.
  std::string removeLane(int lane);
  // Agents in a lane (0 for a lane that does not exist).
  int laneAgents(int lane) const;
  int lane(int id) const { return lane_[id]; }

  // The new agent's id (the lowest free slot), or -1 with `error` naming the bad value.
  int addAgent(const AgentParams& params, std::string& error);
  // Each returns an empty string, or an error naming the bad value (nothing changed then).
  std::string removeAgent(int id);
  // Its own path to the point (x, y): planned now; `unreachable` when no path exists.
  std::string setTarget(int id, double x, double y);
  // One flow field to (x, y) shared by the agents (per unit size among them).
  std::string setGroupTarget(const int32_t* ids, std::size_t count, double x, double y);
  // Stops following: the agent stands (state arrived) and still gives way to others.
  std::string stop(int id);
  // Moves the agent there at once (velocity zero), keeping its target (re-planned).
  std::string setPosition(int id, double x, double y);
  std::string setMaxSpeed(int id, double speed);
  std::string setRadius(int id, double radius);
  std::string step(double dt);

  // Slots in use: ids are below this. Removed agents' slots read NaN until reused.
  int slots() const { return static_cast<int>(alive_.size()); }
  int agentCount() const { return count_; }
  bool alive(int id) const { return id >= 0 && id < slots() && alive_[id]; }
  // x0, y0, x1, y1, ... per slot (centres), as floats; velocities likewise (cells per second).
  const float* positions() const { return positionsOut_.data(); }
  const float* velocities() const { return velocitiesOut_.data(); }
  double x(int id) const { return px_[id]; }
  double y(int id) const { return py_[id]; }
  double vx(int id) const { return vx_[id]; }
  double vy(int id) const { return vy_[id]; }
  double radius(int id) const { return radius_[id]; }
  int unitSize(int id) const { return size_[id]; }
  AgentState state(int id) const { return state_[id]; }
  // Searches and flow fields run so far (tests, benchmarks).
  uint64_t plans() const { return plansRun_; }
  uint64_t fields() const { return fieldsBuilt_; }
  // The error of an id, empty when `id` names a live agent.
  std::string checkId(int id) const;

  void cellChanged(int index, uint8_t from, uint8_t to) override;
  void costChanged(int cls, double from, double to) override;
  void allChanged() override;

 private:
  struct Plan {
    bool hasTarget = false;
    int group = -1;                 // index into groups_, or -1 for its own path
    double goalX = 0, goalY = 0;    // the goal of its anchor
    std::vector<double> waypoints;  // anchor-space points (own path), the goal last
    std::vector<int32_t> watched;   // the raw path's positions (own path)
    // Per waypoint: the cell index a link leads to from the waypoint's cell, or -1.
    std::vector<int32_t> jumps;
    std::size_t next = 0;  // waypoint being walked to
    bool replan = false;
    bool ruled = false;  // planned under entry rules (straight steps, cell by cell)
    double best = std::numeric_limits<double>::infinity();  // best progress measure
    double since = 0;                                       // seconds without progress
  };
  struct Group {
    int members = 0;
    static int key(int lane, int size) { return lane * (kMaxUnitSize + 1) + size; }
    double targetX = 0, targetY = 0;
    double spread = 0;  // arrival radius around the target
    double maxRadius = 0;
    bool stale = true;
    // Per lane and unit size (key): the field over its position grid, and a look-ahead cell per
    // position
    // (-1 = not yet computed, -2 = none).
    struct Field {
      bool used = false;
      bool built = false;
      double goalX = 0, goalY = 0;
      FlowField field;
      std::vector<int32_t> ahead;
    };
    std::vector<Field> bySize;
  };

  // The one place where an agent's planning grid is chosen: the positions of its unit size in
  // its lane.
  const Grid& planningGridFor(int lane, int unitSize);
  const Grid& cellsOf(int lane) const { return *lanes_[lane].grid; }
  std::string checkPoint(double x, double y, const char* what) const;
  void planPath(int id);
  void leaveGroup(int id);
  void buildField(Group& group, int key);
  int aheadOf(Group::Field& field, const Grid& positions, int cell);
  void applyEdits();
  // Whether the steps of an own path (Plan::watched) are all still allowed by the grid's rules.
  bool pathLegal(const Plan& plan, const Grid& cells) const;
  // Whether the centre may go from cell `from` to cell `to` (indices) in one sub-step.
  bool mayCross(const Grid& positions, int from, int to) const;
  // The cell a link takes the agent to from where it stands now, or -1.
  int32_t jumpTarget(int id);
  // The diagonal rule of the agent's plans: the crowd's, or straight steps on rule grids.
  Diagonal planDiagonal() const;
  void substep(double dt);
  void preferredVelocity(int id, double dt, double& wx, double& wy);
  // A standing agent steps aside from moving ones pressing into it (else a single standing
  // disc would block a corridor for good: ORCA alone only keeps them from touching).
  void giveWay(int id, double& wx, double& wy);
  void progress(int id, double measure, double dt);
  // The nearest maxNeighbours others within neighbourDistance, by (distance, id), into
  // neighbourStore_ (maxNeighbours a slot) and neighbourCount_: once a sub-step, before any
  // agent moves.
  void findNeighbours(int id);
  void newVelocity(int id, double wx, double wy, double dt, double& nx, double& ny);
  // Pushes the anchor (ax, ay) of a size-`size` agent of wall radius `r` out of blocked
  // positions; false when it stays inside one.
  bool pushOut(const Grid& positions, double r, double& ax, double& ay) const;
  bool nearestOpen(const Grid& positions, double& ax, double& ay) const;
  double wallRadius(int id) const { return radius_[id] - (size_[id] - 1) * 0.5; }
  void publish(int id);
  void rebuildBuckets();

  Grid& grid_;
  Footprints& footprints_;
  // Lane k > 0 hears of its grid's edits through its own observer, which passes them on with k.
  struct LaneWatch : GridObserver {
    Crowd* crowd = nullptr;
    int lane = 0;
    void cellChanged(int index, uint8_t from, uint8_t to) override {
      crowd->laneCellChanged(lane, index, from, to);
    }
    void costChanged(int cls, double from, double to) override {
      crowd->costChanged(cls, from, to);
    }
    void allChanged() override { crowd->allChanged(); }
  };
  struct Lane {
    Grid* grid = nullptr;  // null: a free lane
    Footprints* footprints = nullptr;
    int agents = 0;
    std::unique_ptr<LaneWatch> watch;
  };
  std::vector<Lane> lanes_;
  void laneCellChanged(int lane, int index, uint8_t from, uint8_t to);
  CrowdOptions options_;
  Searcher searcher_;
  SearchResult result_;
  FieldSearch fieldSearch_;

  // Per slot, structure of arrays.
  std::vector<uint8_t> alive_;
  std::vector<double> px_, py_, vx_, vy_, radius_, maxSpeed_, maxAccel_;
  std::vector<int> size_, lane_;
  std::vector<AgentState> state_;
  std::vector<Plan> plans_;
  std::vector<float> positionsOut_, velocitiesOut_;
  int count_ = 0;
  std::vector<Group> groups_;

  // The neighbour buckets (kBucket cells square): bucket b's agents are bucketAgents_[
  // bucketStart_[b] .. bucketEnd_[b]), in id order, rebuilt each sub-step (rebuildBuckets).
  static constexpr int kBucket = 2;
  int bucketsX_ = 0, bucketsY_ = 0;
  std::vector<int32_t> bucketStart_, bucketEnd_, bucketAgents_, agentBucket_, usedBuckets_;
  std::vector<double> bucketX_, bucketY_;  // the positions of bucketAgents_, in its order
  double largestRadius_ = 0;

  // Edits seen since the last step: cells turned blocked (per lane), whether any opened, any
  // wholesale.
  std::vector<std::vector<int32_t>> blockedCells_;
  bool opened_ = false;
  bool everything_ = false;
  bool edited_ = false;
  // The rules' generation last seen, and whether a cell turned to a class of another entry rule.
  uint64_t rulesSeen_ = 0;
  bool rulesEdited_ = false;

  std::vector<double> newVx_, newVy_;
  std::vector<int32_t> neighbourStore_, neighbourCount_;
  std::vector<double> neighbourDistances_;
  int firstFree_ = 0;                // no free slot below it
  std::vector<uint8_t> groupMarks_;  // setGroupTarget's check for ids given twice
  uint64_t plansRun_ = 0;
  uint64_t fieldsBuilt_ = 0;
};

}  // namespace tilepath
