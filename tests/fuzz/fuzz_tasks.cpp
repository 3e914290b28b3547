// libFuzzer target: resumable searches (SearchTask) across random edits. The input draws a grid
// of at most 24 x 24, then runs up to four tasks at once (units of 1 to 3 tiles, random
// options), each stepped in random slices with cell edits and cost changes between the steps.
// Whenever a task finishes, its answer must be the one a fresh search gives on the grid as it is
// at that step (status, reason, path, cost), and its path must be legal step by step under its
// diagonal rule, checked here with a rule of its own; or, when the task says its answer is
// outdated (it froze under edits), the one a fresh search gives on the grid as it was
// editsSince() edits earlier (kept here by version), with stillLegal() agreeing with that rule
// on the grid as it is. No task restarts more than twice.
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/options.hpp"
#include "tilepath/result.hpp"
#include "tilepath/search_task.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;

namespace {

using fuzz::Bytes;
using fuzz::require;

constexpr int kClassesUsed = 4;

// A unit's path, step by step: each step to one of the eight neighbours, into an open position
// (every cell of the unit's footprint open; the start may be closed: the unit stands there), a
// diagonal only as the rule allows of the two side positions. Smoothed paths skip cells, so they
// are not walked.
bool legalSteps(const Grid& grid, Diagonal rule, int n, const std::vector<int32_t>& path) {
  auto open = [&](int x, int y) {
    for (int yy = y; yy < y + n; ++yy)
      for (int xx = x; xx < x + n; ++xx)
        if (!grid.inside(xx, yy) || !(grid.cost(grid.get(xx, yy)) > 0)) return false;
    return true;
  };
  for (std::size_t k = 2; k + 1 < path.size(); k += 2) {
    const int px = path[k - 2], py = path[k - 1], x = path[k], y = path[k + 1];
    const int dx = x - px, dy = y - py;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0) || !open(x, y)) return false;
    if (dx != 0 && dy != 0) {
      const bool a = open(px + dx, py), b = open(px, py + dy);
      if (!fuzz::diagonalAllowedHere(rule, a, b)) return false;
    }
  }
  return true;
}

struct Job {
  std::unique_ptr<SearchTask> task;
  int sx, sy, gx, gy;
  SearchOptions options;
};

void edit(Bytes& in, Grid& grid) {
  const int w = grid.width(), h = grid.height();
  const int kind = in.below(8);
  if (kind == 0) {
    grid.setCost(in.below(kClassesUsed), fuzz::kCosts[in.below(8)]);
  } else {
    const int x = in.below(w), y = in.below(h);
    grid.set(x, y, static_cast<uint8_t>(kind < 5 ? in.below(kClassesUsed) : 0));
  }
}

// The grid at every version a task may answer for.
struct History {
  std::vector<Grid> grids;
  void note(const Grid& grid) {
    if (grids.empty() || grids.back().version() != grid.version()) grids.push_back(grid);
  }
  Grid* at(uint64_t version) {
    for (Grid& g : grids)
      if (g.version() == version) return &g;
    return nullptr;
  }
};

void check(const Job& job, Footprints& footprints, Searcher& fresh, History& history) {
  const SearchTask& task = *job.task;
  const SearchResult& got = task.result();
  require(task.restarts() <= 2, "a task restarted more than twice");
  SearchResult expected;
  Grid* then =
      task.outdated() ? history.at(footprints.cells().version() - task.editsSince()) : nullptr;
  require(!task.outdated() || then != nullptr, "an outdated answer names no grid it was for");
  if (then) {
    Footprints old(*then);
    fresh.find(old, job.sx, job.sy, job.gx, job.gy, job.options, expected);
  } else {
    fresh.find(footprints, job.sx, job.sy, job.gx, job.gy, job.options, expected);
  }
  require(got.error == expected.error, "a task's error differs from a fresh search's");
  require(got.status == expected.status, "a task's status differs from a fresh search's");
  require(got.reason == expected.reason, "a task's reason differs from a fresh search's");
  require(got.path == expected.path, "a task's path differs from a fresh search's");
  require(got.cost == expected.cost, "a task's cost differs from a fresh search's");
  if (job.options.smooth || got.status == Status::None || !got.ok()) return;
  std::vector<int32_t> walk;
  if (!job.options.includeStart) walk = {job.sx, job.sy};
  walk.insert(walk.end(), got.path.begin(), got.path.end());
  const bool legal =
      legalSteps(footprints.cells(), job.options.diagonal, job.options.unitSize, walk);
  if (task.outdated())
    require(task.stillLegal() == legal, "an outdated answer's stillLegal is wrong");
  else
    require(legal, "a task's path takes an illegal step on the grid as it is");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  Bytes in{data, size};
  const int w = 2 + in.below(23), h = 2 + in.below(23);
  Grid grid(w, h);
  const int palette = 1 + in.below(kClassesUsed);
  for (int i = 0; i < w * h; i += 4) {
    const uint8_t bits = in.next();
    for (int k = 0; k < 4 && i + k < w * h; ++k)
      grid.set((i + k) % w, (i + k) / w, static_cast<uint8_t>(((bits >> (2 * k)) & 3) % palette));
  }
  double mirrored[Grid::kClasses] = {};
  fuzz::readCosts(in, grid, mirrored, kClassesUsed);
  Footprints footprints(grid);
  Searcher fresh;
  History history;
  history.note(grid);
  std::vector<Job> jobs;
  int rounds = 0;
  while (!in.empty() && rounds++ < 400) {
    const int what = in.below(6);
    if (what == 0 && jobs.size() < 4) {
      Job job;
      uint8_t flags = 0;
      job.options = fuzz::readSearchOptions(in, flags);
      job.options.trace = false;  // traces are compared by the Catch2 tests; they slow this down
      job.options.unitSize = 1 + in.below(3);
      if (job.options.unitSize > w || job.options.unitSize > h) job.options.unitSize = 1;
      const int n = job.options.unitSize;
      job.sx = in.below(w - n + 1);
      job.sy = in.below(h - n + 1);
      job.gx = in.below(w - n + 1);
      job.gy = in.below(h - n + 1);
      // Hpa does not run in slices (the task says so): every other algorithm does.
      job.task =
          std::make_unique<SearchTask>(footprints, job.sx, job.sy, job.gx, job.gy, job.options);
      jobs.push_back(std::move(job));
    } else if (what <= 2) {
      edit(in, grid);
      history.note(grid);
    } else if (!jobs.empty()) {
      const std::size_t k = in.below(static_cast<int>(jobs.size()));
      if (jobs[k].task->step(static_cast<uint32_t>(in.below(12)))) {
        check(jobs[k], footprints, fresh, history);
        jobs.erase(jobs.begin() + static_cast<std::ptrdiff_t>(k));
      }
    }
  }
  // The rest to the end, on the grid as it is now.
  for (Job& job : jobs) {
    job.task->step(0);
    check(job, footprints, fresh, history);
  }
  return 0;
}
