// Entry rules and links (tilepath/movement_rules.hpp): drawn maps for each behaviour, bad input,
// and every algorithm, corner rule, shape and goal mode against a reference Dijkstra of this
// file (its own neighbours, its own direction names from the tiles' screen positions, its own
// link steps) on random maps with random edits between queries, and on Moving AI maps.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <queue>
#include <random>
#include <set>

#include "maps.hpp"
#include "shape_reference.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/search_task.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using namespace tilepath::testing;

namespace {

// --- the reference ---

// The direction a step moves, named from the two tiles' centres on screen (y down): square grids
// by the sign of each axis ("right", "downLeft", ...); staggered and hexagonal grids by the
// nearest of the eight compass points.
std::string directionOf(const GridShape& shape, int x0, int y0, int x1, int y1) {
  if (shape.square()) {
    static const char* kNames[3][3] = {
        {"upLeft", "up", "upRight"}, {"left", "", "right"}, {"downLeft", "down", "downRight"}};
    return kNames[(y1 > y0) - (y1 < y0) + 1][(x1 > x0) - (x1 < x0) + 1];
  }
  auto centre = [&](int x, int y, double& X, double& Y) {
    const bool byRows = shape.staggerAxis == StaggerAxis::Y;
    const double shift = shiftedLine(shape, byRows ? y : x) ? 0.5 : 0;
    const double across = shape.hexagonal() ? std::sqrt(3.0) / 2 : 0.5;
    if (byRows) {
      X = x + shift;
      Y = y * across;
    } else {
      X = x * across;
      Y = y + shift;
    }
  };
  double X0, Y0, X1, Y1;
  centre(x0, y0, X0, Y0);
  centre(x1, y1, X1, Y1);
  const double angle = std::atan2(Y1 - Y0, X1 - X0) * 180 / M_PI;  // 0 east, 90 south
  static const char* kCompass[8] = {"east", "southeast", "south", "southwest",
                                    "west", "northwest", "north", "northeast"};
  const int k = static_cast<int>(std::lround((angle < 0 ? angle + 360 : angle) / 45)) % 8;
  return kCompass[k];
}

struct RefLink {
  int a, b;
  double cost;
  bool oneWay;
};

// The rules as the test keeps them: allowed directions per class (absent: any).
struct RefRules {
  std::map<int, std::set<std::string>> entry;
  std::map<int, RefLink> links;  // by id
  bool allows(int cls, const std::string& direction) const {
    const auto it = entry.find(cls);
    return it == entry.end() || it->second.count(direction) > 0;
  }
};

struct RefMove {
  int to;
  double length;  // the step's length, or the link's cost
  bool link;
};

std::vector<RefMove> referenceSteps(const Grid& grid, const RefRules& rules, Diagonal rule, int i) {
  const int w = grid.width(), x = i % w, y = i / w;
  const GridShape& shape = grid.shape();
  auto open = [&](int cx, int cy) { return grid.passable(cx, cy); };
  std::vector<RefMove> out;
  std::vector<Move> moves;
  if (shape.square()) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if ((dx == 0 && dy == 0) || !open(x + dx, y + dy)) continue;
        if (dx != 0 && dy != 0) {
          const bool a = open(x + dx, y), b = open(x, y + dy);
          if (rule == Diagonal::Never || (rule == Diagonal::NoCorners && !(a && b)) ||
              (rule == Diagonal::OneObstacle && !(a || b)))
            continue;
        }
        moves.push_back({{x + dx, y + dy}, dx && dy ? std::sqrt(2.0) : 1.0});
      }
  } else {
    moves = referenceMoves(shape, rule, x, y, open);
  }
  for (const Move& m : moves)
    if (rules.allows(grid.get(m.to.x, m.to.y), directionOf(shape, x, y, m.to.x, m.to.y)))
      out.push_back({grid.index(m.to.x, m.to.y), m.length, false});
  for (const auto& [id, l] : rules.links) {
    if (l.a == i && grid.passable(l.b)) out.push_back({l.b, l.cost, true});
    if (!l.oneWay && l.b == i && grid.passable(l.a)) out.push_back({l.a, l.cost, true});
  }
  return out;
}

// Cost from cell s to every cell; with `bfs` every step counts its length and a link 1.
std::vector<double> referenceCosts(const Grid& grid, const RefRules& rules, Diagonal rule, int s,
                                   bool bfs = false) {
  std::vector<double> dist(grid.size(), INFINITY);
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  dist[s] = 0;
  open.push({0, s});
  while (!open.empty()) {
    const auto [d, c] = open.top();
    open.pop();
    if (d > dist[c]) continue;
    for (const RefMove& m : referenceSteps(grid, rules, rule, c)) {
      const double step =
          m.link ? (bfs ? 1.0 : m.length) : m.length * (bfs ? 1.0 : grid.cellCost(m.to));
      if (d + step < dist[m.to]) open.push({dist[m.to] = d + step, m.to});
    }
  }
  return dist;
}

// Checks a path step by step: each step a reference step (grid steps entering allowed cells;
// link steps exactly at the positions `links` lists). Returns its cost (bfs: its step count as
// bfs weighs it), or -1 with the reason.
double checkedCost(const Grid& grid, const RefRules& rules, Diagonal rule,
                   const std::vector<int32_t>& path, const std::vector<int32_t>& links,
                   std::string& why, bool bfs = false) {
  std::set<int> linkAt(links.begin(), links.end());
  double cost = 0;
  for (std::size_t k = 2; k + 1 < path.size(); k += 2) {
    const int from = grid.index(path[k - 2], path[k - 1]), to = grid.index(path[k], path[k + 1]);
    const bool link = linkAt.count(static_cast<int>(k / 2 - 1)) > 0;
    double best = INFINITY;
    for (const RefMove& m : referenceSteps(grid, rules, rule, from))
      if (m.to == to && m.link == link)
        best = std::min(
            best, m.link ? (bfs ? 1.0 : m.length) : m.length * (bfs ? 1.0 : grid.cellCost(to)));
    if (best == INFINITY) {
      why = std::string(link ? "no link" : "no allowed step") + " at step " +
            std::to_string(k / 2) + " (" + pathText({path[k - 2], path[k - 1]}) + " -> " +
            pathText({path[k], path[k + 1]}) + ")";
      return -1;
    }
    cost += best;
  }
  return cost;
}

bool near(double a, double b) {
  return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(b));
}

}  // namespace

TEST_CASE("a cell with entry ['right'] is entered from its left neighbour only", "[rules]") {
  Grid grid = drawn({
      "....",
      ".2..",
      "....",
  });
  grid.setCost(2, 1);
  REQUIRE(grid.setEntry(2, "right").empty());
  Searcher searcher;
  SearchOptions o;
  o.diagonal = Diagonal::Always;
  // From the left: one straight step.
  CHECK(searcher.find(grid, 0, 1, 1, 1, o).path == std::vector<int32_t>{0, 1, 1, 1});
  // From above it must go round to (0, 1) first; diagonally it is refused too.
  const SearchResult above = searcher.find(grid, 1, 0, 1, 1, o);
  CHECK(pathText(above.path) == "1,0 0,1 1,1");
  const SearchResult diagonal = searcher.find(grid, 2, 2, 1, 1, o);
  CHECK(pathText(diagonal.path) == "2,2 1,2 0,1 1,1");
  // Leaving it is any direction.
  CHECK(searcher.find(grid, 1, 1, 1, 0, o).path.size() == 4);
}

TEST_CASE("a conveyor row carries a unit one way only", "[rules]") {
  Grid grid = drawn({
      "#####",
      ".222.",
      "#####",
  });
  grid.setCost(2, 0.5);
  REQUIRE(grid.setEntry(2, "right").empty());
  Searcher searcher;
  const SearchResult east = searcher.find(grid, 0, 1, 4, 1, {});
  CHECK(east.status == Status::Found);
  CHECK(east.cost == Approx(2.5));
  const SearchResult west = searcher.find(grid, 4, 1, 0, 1, {});
  CHECK(west.status == Status::None);
  CHECK(west.reason == Reason::Unreachable);
}

TEST_CASE("a path through a teleporter has its two ends next to each other and a link position",
          "[rules]") {
  Grid grid = drawn({
      "..#..",
      "..#..",
      "..#..",
  });
  int32_t id = 0;
  REQUIRE(grid.addLink(1, 1, 3, 1, 0.5, true, id).empty());
  CHECK(id == 1);
  Searcher searcher;
  const SearchResult r = searcher.find(grid, 0, 0, 4, 2, {});
  REQUIRE(r.status == Status::Found);
  CHECK(pathText(r.path) == "0,0 1,0 1,1 3,1 4,1 4,2");
  CHECK(r.links == std::vector<int32_t>{2});
  CHECK(r.cost == Approx(4.5));
  // One way: there is no way back.
  CHECK(searcher.find(grid, 4, 2, 0, 0, {}).status == Status::None);
  // Without the start in the path the positions count from its second cell.
  SearchOptions o;
  o.includeStart = false;
  CHECK(searcher.find(grid, 0, 0, 4, 2, o).links == std::vector<int32_t>{1});
  // JPS and hpa give way to A*, and say so.
  o.algorithm = Algorithm::JPS;
  CHECK(searcher.find(grid, 0, 0, 4, 2, o).algorithm == Algorithm::AStar);
  o.algorithm = Algorithm::Hpa;
  const SearchResult hpa = searcher.find(grid, 0, 0, 4, 2, o);
  CHECK(hpa.algorithm == Algorithm::AStar);
  CHECK(hpa.status == Status::Found);
  REQUIRE(grid.removeLink(id).empty());
  CHECK(searcher.find(grid, 0, 0, 4, 2, {}).status == Status::None);
}

TEST_CASE("smoothing never smooths across a link", "[rules]") {
  Grid grid = drawn({
      ".....#.....",
      ".....#.....",
      ".....#.....",
  });
  int32_t id = 0;
  REQUIRE(grid.addLink(4, 0, 6, 2, 1, false, id).empty());
  Searcher searcher;
  SearchOptions o;
  o.diagonal = Diagonal::NoCorners;
  o.smooth = true;
  const SearchResult r = searcher.find(grid, 0, 2, 10, 0, o);
  REQUIRE(r.status == Status::Found);
  REQUIRE(r.links.size() == 1);
  const int k = r.links[0];
  CHECK(pathText({r.path[2 * k], r.path[2 * k + 1], r.path[2 * k + 2], r.path[2 * k + 3]}) ==
        "4,0 6,2");
}

TEST_CASE("bad entry rules and links are refused with the value named, nothing changed",
          "[rules]") {
  Grid grid(5, 4);
  const uint64_t version = grid.version();
  std::string error = grid.setEntry(0, "right,sideways");
  CHECK(error.find("'sideways'") != std::string::npos);
  CHECK(error.find("'downRight'") != std::string::npos);
  CHECK(grid.setEntry(256, "right").find("256") != std::string::npos);
  Grid hex(5, 4, {Orientation::Hexagonal, StaggerAxis::Y, StaggerIndex::Odd});
  error = hex.setEntry(0, "right");
  CHECK(error.find("'right'") != std::string::npos);
  CHECK(error.find("'northeast'") != std::string::npos);
  CHECK(hex.setEntry(0, "east, northwest").empty());
  int32_t id = 0;
  CHECK(grid.addLink(5, 0, 1, 1, 1, false, id).find("ax must be an integer from 0 to 4, got 5") !=
        std::string::npos);
  CHECK(grid.addLink(0, 0, 1, 4, 1, false, id).find("by") != std::string::npos);
  CHECK(grid.addLink(0, 0, 1, 1, -1, false, id).find("-1") != std::string::npos);
  CHECK(grid.addLink(0, 0, 1, 1, NAN, false, id).find("nan") != std::string::npos);
  CHECK(!grid.addLink(0, 0, 1, 1, INFINITY, false, id).empty());
  CHECK(grid.removeLink(7).find("7") != std::string::npos);
  CHECK(grid.version() == version);
  CHECK(!grid.hasRules());
  id = 0;
  REQUIRE(grid.addLink(0, 0, 1, 1, 0, false, id).empty());
  REQUIRE(grid.removeLink(id).empty());
  CHECK(grid.removeLink(id).find(std::to_string(id)) != std::string::npos);
  // Units bigger than a cell are refused on a grid with rules.
  REQUIRE(grid.addLink(0, 0, 3, 3, 1, false, id = 0).empty());
  Footprints footprints(grid);
  SearchOptions o;
  o.unitSize = 2;
  Searcher searcher;
  CHECK(searcher.find(footprints, 0, 0, 3, 2, o).error.find("unitSize 2") != std::string::npos);
}

TEST_CASE(
    "every algorithm, corner rule, shape and goal mode matches the reference Dijkstra "
    "with random entry rules and links under random edits",
    "[rules][property]") {
  const GridShape shapes[] = {
      {},
      {Orientation::Staggered, StaggerAxis::Y, StaggerIndex::Odd},
      {Orientation::Staggered, StaggerAxis::X, StaggerIndex::Even},
      {Orientation::Hexagonal, StaggerAxis::Y, StaggerIndex::Odd},
      {Orientation::Hexagonal, StaggerAxis::X, StaggerIndex::Even},
  };
  std::mt19937 rng(29);
  Searcher searcher;
  FieldSearch fields;
  int found = 0, linked = 0, checkedFields = 0;
  for (const GridShape& shape : shapes) {
    for (int map = 0; map < 6; ++map) {
      const int w = 12 + map, h = 10 + map % 3;
      Grid grid(w, h, shape);
      RefRules ref;
      std::uniform_int_distribution<int> cls(0, 4), xs(0, w - 1), ys(0, h - 1);
      for (int i = 0; i < grid.size(); ++i) grid.data()[i] = static_cast<uint8_t>(cls(rng) % 5);
      grid.cellsChanged();
      grid.setCost(1, 0);  // walls
      grid.setCost(2, 2);
      grid.setCost(3, 1);
      grid.setCost(4, 1.5);
      const int directions = MovementRules::directionCount(shape);
      auto randomEntry = [&](int c) {
        std::string names;
        std::set<std::string> set;
        for (int d = 0; d < directions; ++d)
          if (rng() % 3 == 0) {
            const std::string name(MovementRules::directionName(shape, d));
            names += (names.empty() ? "" : ",") + name;
            set.insert(name);
          }
        if (names.empty()) return;
        REQUIRE(grid.setEntry(c, names).empty());
        ref.entry[c] = set;
      };
      auto randomLink = [&]() {
        int32_t id = 0;
        const int ax = xs(rng), ay = ys(rng), bx = xs(rng), by = ys(rng);
        const double cost = (rng() % 8) * 0.5;
        const bool oneWay = rng() % 2 == 0;
        REQUIRE(grid.addLink(ax, ay, bx, by, cost, oneWay, id).empty());
        ref.links[id] = {grid.index(ax, ay), grid.index(bx, by), cost, oneWay};
      };
      randomEntry(3);
      randomEntry(4);
      for (int k = 0; k < 4; ++k) randomLink();
      for (int query = 0; query < 30; ++query) {
        // An edit between queries: a cell, a cost, an entry rule, a link added or removed.
        switch (rng() % 5) {
          case 0:
            grid.set(xs(rng), ys(rng), static_cast<uint8_t>(cls(rng)));
            break;
          case 1:
            grid.setCost(2, 1 + rng() % 4);
            break;
          case 2:
            grid.setEntry(3, MovementRules::kAnyDirection);
            ref.entry.erase(3);
            randomEntry(3);
            break;
          case 3:
            randomLink();
            break;
          default:
            if (!ref.links.empty()) {
              const int id = ref.links.begin()->first;
              REQUIRE(grid.removeLink(id).empty());
              ref.links.erase(id);
            }
        }
        const int sx = xs(rng), sy = ys(rng), gx = xs(rng), gy = ys(rng);
        const Diagonal rule =
            shape.hexagonal() ? Diagonal::Never : static_cast<Diagonal>(rng() % 4);
        const std::vector<double> dist = referenceCosts(grid, ref, rule, grid.index(sx, sy));
        const std::vector<double> steps = referenceCosts(grid, ref, rule, grid.index(sx, sy), true);
        for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::BFS, Algorithm::JPS,
                            Algorithm::Hpa}) {
          SearchOptions o;
          o.algorithm = a;
          o.diagonal = rule;
          o.goal = query % 3 == 0 ? GoalMode::Nearest : GoalMode::Exact;
          if (a == Algorithm::Hpa && (o.goal != GoalMode::Exact || !shape.square())) continue;
          const SearchResult r = searcher.find(grid, sx, sy, gx, gy, o);
          INFO("shape " << static_cast<int>(shape.orientation) << " map " << map << " query "
                        << query << " algorithm " << static_cast<int>(a) << " rule "
                        << static_cast<int>(rule) << " from " << sx << "," << sy << " to " << gx
                        << "," << gy << " path " << pathText(r.path));
          INFO(r.error);
          REQUIRE(r.ok());
          CHECK(r.algorithm != Algorithm::JPS);
          CHECK(r.algorithm != Algorithm::Hpa);
          const double best = dist[grid.index(gx, gy)];
          const bool reachable =
              (sx == gx && sy == gy) || (best < INFINITY && grid.passable(gx, gy));
          if (o.goal == GoalMode::Exact) CHECK((r.status == Status::Found) == reachable);
          if (r.status != Status::Found) continue;
          std::string why;
          const bool bfs = r.algorithm == Algorithm::BFS;
          const double walked = checkedCost(grid, ref, rule, r.path, r.links, why, bfs);
          INFO(why);
          REQUIRE(walked >= 0);
          CHECK(near(checkedCost(grid, ref, rule, r.path, r.links, why), r.cost));
          const int end = grid.index(r.endX, r.endY);
          CHECK(near(walked, bfs ? steps[end] : dist[end]));
          if (o.goal == GoalMode::Exact) CHECK(end == grid.index(gx, gy));
          ++found;
          linked += !r.links.empty();
        }
        // The adjacent goal mode: ends next to the goal, optimal among such ends.
        SearchOptions adjacent;
        adjacent.diagonal = rule;
        adjacent.goal = GoalMode::Adjacent;
        const SearchResult r = searcher.find(grid, sx, sy, gx, gy, adjacent);
        if (r.status == Status::Found && !(sx == gx && sy == gy)) {
          std::string why;
          const double walked = checkedCost(grid, ref, rule, r.path, r.links, why);
          INFO(why);
          CHECK(near(walked, dist[grid.index(r.endX, r.endY)]));
        }
        // Ranges and fields: the reference's costs from the start, and to the goal.
        FieldOptions fo;
        fo.diagonal = rule;
        MovementRange range;
        fields.reachable(grid, sx, sy, fo, range);
        REQUIRE(range.error.empty());
        for (int i = 0; i < grid.size(); ++i) {
          INFO("range cell " << i);
          CHECK((range.costs[i] == INFINITY) == (dist[i] == INFINITY));
          if (dist[i] < INFINITY) CHECK(range.costs[i] == Approx(dist[i]).epsilon(1e-5));
        }
        if (grid.passable(gx, gy)) {
          const int32_t goal = grid.index(gx, gy);
          FlowField field;
          fields.flowField(grid, &goal, 1, fo, field);
          REQUIRE(field.error.empty());
          for (int i = 0; i < grid.size(); i += 7) {
            if (!grid.passable(i)) continue;
            const double to = referenceCosts(grid, ref, rule, i)[goal];
            INFO("field cell " << i);
            CHECK((field.costs[i] == INFINITY) == (to == INFINITY));
            if (to < INFINITY) CHECK(field.costs[i] == Approx(to).epsilon(1e-5));
            // Its step is a legal one, a link step to a link's end.
            if (to < INFINITY && i != goal) {
              const uint8_t code = field.steps[i];
              int next = -1;
              if (code == kLinkStep) {
                next = field.linkTo[i];
              } else if (code != kNoStep) {
                next =
                    grid.index(i % w + kFieldSteps[code - 1].dx, i / w + kFieldSteps[code - 1].dy);
              }
              bool legal = false;
              for (const RefMove& m : referenceSteps(grid, ref, rule, i))
                legal = legal || (m.to == next && m.link == (code == kLinkStep));
              CHECK(legal);
              ++checkedFields;
            }
          }
        }
      }
    }
  }
  CHECK(found > 1500);
  CHECK(linked > 100);
  CHECK(checkedFields > 500);
}

TEST_CASE("A* equals Dijkstra with links and one-way classes on Moving AI maps",
          "[rules][movingai]") {
  const std::string folder = movingai::dataFolder(TILEPATH_DEFAULT_MOVINGAI);
  std::mt19937 rng(2029);
  Searcher searcher;
  int compared = 0, viaLinks = 0;
  for (const char* name : {"den011d.map", "arena.map", "maze512-1-0.map"}) {
    std::string error;
    auto grid = movingai::loadMap(folder + "/" + name, error);
    REQUIRE(grid);
    auto problems = movingai::loadScenario(folder + "/" + std::string(name) + ".scen", error);
    REQUIRE(problems);
    // Ten teleporters between random open cells, cheap enough to matter.
    std::vector<int> open;
    for (int i = 0; i < grid->size(); ++i)
      if (grid->passable(i)) open.push_back(i);
    for (int k = 0; k < 10; ++k) {
      const int a = open[rng() % open.size()], b = open[rng() % open.size()];
      int32_t id = 0;
      REQUIRE(grid->addLink(a % grid->width(), a / grid->width(), b % grid->width(),
                            b / grid->width(), 2.0 + rng() % 5, k % 3 == 0, id)
                  .empty());
    }
    for (std::size_t p = 0; p < problems->size(); p += problems->size() / 40 + 1) {
      const auto& q = (*problems)[p];
      for (Diagonal rule : {Diagonal::NoCorners, Diagonal::Never}) {
        SearchOptions a, d;
        a.diagonal = d.diagonal = rule;
        d.algorithm = Algorithm::Dijkstra;
        const SearchResult ra = searcher.find(*grid, q.startX, q.startY, q.goalX, q.goalY, a);
        const SearchResult rd = searcher.find(*grid, q.startX, q.startY, q.goalX, q.goalY, d);
        INFO(name << " problem " << p);
        REQUIRE(ra.status == rd.status);
        CHECK(ra.cost == Approx(rd.cost).epsilon(1e-9));
        // Never dearer than without links (Moving AI's optimum, octile without corner cuts).
        if (rule == Diagonal::NoCorners) CHECK(ra.cost <= q.optimal + 1e-3);
        CHECK(ra.expanded <= rd.expanded);
        viaLinks += !ra.links.empty();
        ++compared;
      }
    }
  }
  CHECK(compared > 200);
  CHECK(viaLinks > 20);
}

TEST_CASE("a paused search begins again when entry rules or links change", "[rules][task]") {
  Grid grid = drawn({
      "..........",
      "#########.",
      "..........",
  });
  SearchOptions o;
  o.algorithm = Algorithm::AStar;  // paused after 3 cells (jump points would be done by then)
  SearchTask task(grid, 0, 0, 0, 2, o);
  REQUIRE_FALSE(task.step(3));
  int32_t id = 0;
  REQUIRE(grid.addLink(0, 0, 0, 2, 1, false, id).empty());
  while (!task.step(3)) {
  }
  CHECK(task.restarts() == 1);
  CHECK(task.result().cost == Approx(1));
  CHECK(task.result().links == std::vector<int32_t>{0});
}
