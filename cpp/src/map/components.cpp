// Union-find over flood-filled labels: opening joins labels, closing marks a label for a lazy
// re-flood (see components.hpp for what each costs).
#include "tilepath/components.hpp"

#include <algorithm>
#include <cstdlib>

#include "tilepath/fields.hpp"

namespace tilepath {

template <typename Fn>
void Components::forEachNeighbour(const Labels& labels, int cell, Fn&& fn) const {
  const int x = cell % grid_.width(), y = cell / grid_.width();
  if (!grid_.shape().square()) {  // staggered and hexagonal grids: the shape's steps
    ShapedStep steps[8];
    const int n = shapedStepsFrom(grid_, labels.allDiagonals ? Diagonal::Always : Diagonal::Never,
                                  x, y, false, steps);
    for (int k = 0; k < n; ++k) fn(steps[k].index);
    return;
  }
  for (int k = 0; k < 8; ++k) {
    const FieldStep s = kFieldSteps[k];
    if (k % 2 == 1 && !labels.allDiagonals) continue;  // odd codes are the diagonals
    if (grid_.passable(x + s.dx, y + s.dy)) fn(grid_.index(x + s.dx, y + s.dy));
  }
}

Components::Labels& Components::ensure(Diagonal rule) {
  Labels& labels = labels_[rule == Diagonal::Always ? 1 : 0];
  labels.allDiagonals = rule == Diagonal::Always;
  // Every re-flood and lone opened cell takes a new label: start afresh when they pile up.
  if (labels.built && labels.parent.size() > 2 * static_cast<std::size_t>(grid_.size()) + 64)
    labels.built = false;
  if (!labels.built) {
    if (!labels.building) startBuild(labels);
    buildSome(labels, kWholeMap);  // a direct query finishes a sliced build at once
  }
  return labels;
}

bool Components::ready(Diagonal rule) const {
  const Labels& labels = labels_[rule == Diagonal::Always ? 1 : 0];
  return labels.built && labels.closed.empty() &&
         labels.parent.size() <= 2 * static_cast<std::size_t>(grid_.size()) + 64;
}

bool Components::prepare(Diagonal rule, std::size_t budget) {
  Labels& labels = labels_[rule == Diagonal::Always ? 1 : 0];
  labels.allDiagonals = rule == Diagonal::Always;
  if (ready(rule)) return true;
  // A pending repair is done as a build afresh, so that it too goes in slices.
  if (!labels.building) startBuild(labels);
  return buildSome(labels, budget) && ready(rule);
}

double Components::progress(Diagonal rule) const {
  if (ready(rule)) return 1;
  const Labels& labels = labels_[rule == Diagonal::Always ? 1 : 0];
  return labels.building && grid_.size() > 0 ? 0.999 * labels.scan / grid_.size() : 0;
}

std::size_t Components::bytesToBuild(Diagonal rule) const {
  const Labels& labels = labels_[rule == Diagonal::Always ? 1 : 0];
  if (labels.built || labels.building) return 0;
  // A label a cell, and a union-find entry and a dirty byte a component: at most half the
  // cells (a checkerboard), a vector's doubling making room for all of them.
  const auto cells = static_cast<std::size_t>(grid_.size());
  return cells * sizeof(int32_t) + (cells + 64) * (sizeof(int32_t) + 1);
}

std::size_t Components::memoryBytes() const {
  std::size_t bytes = 0;
  for (const Labels& l : labels_)
    bytes +=
        (l.label.capacity() + l.parent.capacity() + l.closed.capacity() + l.frontier.capacity()) *
            sizeof(int32_t) +
        l.dirty.capacity();
  return bytes;
}

void Components::reset() {
  for (Labels& labels : labels_) labels.built = labels.building = false;
}

void Components::release() {
  for (Labels& labels : labels_) labels = Labels{};
}

int32_t Components::newLabel(Labels& labels) {
  const auto id = static_cast<int32_t>(labels.parent.size());
  labels.parent.push_back(id);
  labels.dirty.push_back(0);
  return id;
}

int32_t Components::root(Labels& labels, int32_t label) {
  std::vector<int32_t>& parent = labels.parent;
  while (parent[label] != label) {
    parent[label] = parent[parent[label]];  // path halving
    label = parent[label];
  }
  return label;
}

std::size_t Components::spread(Labels& labels, std::size_t budget) {
  std::vector<int32_t>& frontier = labels.frontier;
  const int32_t id = labels.floodLabel;
  std::size_t done = 0;
  for (; done < budget && labels.frontierHead < frontier.size(); ++done) {
    forEachNeighbour(labels, frontier[labels.frontierHead++], [&](int next) {
      if (labels.label[next] == id) return;
      labels.label[next] = id;
      frontier.push_back(next);
    });
    // The cells expanded are dropped now and then: the frontier holds the flood's front (about
    // a side of the map on open ground), not the whole component: 4 bytes a cell saved.
    if (labels.frontierHead >= 4096 && 2 * labels.frontierHead >= frontier.size()) {
      frontier.erase(frontier.begin(), frontier.begin() + labels.frontierHead);
      labels.frontierHead = 0;
    }
  }
  flooded_ += done;
  if (labels.frontierHead == frontier.size()) {
    frontier.clear();
    labels.frontierHead = 0;
  }
  return done;
}

void Components::flood(Labels& labels, int cell, int32_t id) {
  labels.floodLabel = id;
  labels.label[cell] = id;
  labels.frontier.push_back(cell);
  spread(labels, kWholeMap);
}

void Components::startBuild(Labels& labels) {
  labels.label.assign(grid_.size(), -1);
  labels.parent.clear();
  labels.dirty.clear();
  labels.closed.clear();
  labels.frontier.clear();
  labels.frontierHead = 0;
  labels.built = false;
  labels.building = true;
  labels.scan = 0;
}

bool Components::buildSome(Labels& labels, std::size_t budget) {
  const int n = grid_.size();
  std::size_t done = 0;
  while (done < budget) {
    done += spread(labels, budget - done);
    if (!labels.frontier.empty()) break;  // the budget ran out inside a flood
    // On to the next unlabelled open cell: passing a cell costs an eighth of flooding one.
    const int from = labels.scan;
    const auto room = std::min<std::size_t>(8 * (budget - done) + 8, static_cast<std::size_t>(n));
    const int stop =
        static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(n), from + room));
    while (labels.scan < stop && (labels.label[labels.scan] >= 0 || !grid_.passable(labels.scan)))
      ++labels.scan;
    done += static_cast<std::size_t>(labels.scan - from) / 8 + 1;
    if (labels.scan >= n) {
      labels.building = false;
      labels.built = true;
      labels.frontier.shrink_to_fit();
      return true;
    }
    if (labels.scan >= stop) continue;
    labels.floodLabel = newLabel(labels);
    labels.label[labels.scan] = labels.floodLabel;
    labels.frontier.push_back(labels.scan);
  }
  return false;
}

// Cells a sliced build has not reached may change freely (it will see them as they are), and a
// cell opened beside the flood under way joins it; an edit to what it has labelled starts it
// again. So the edits of a game (doors, units) rarely undo a build in slices.
bool Components::keepBuilding(Labels& labels, int cell, bool isPassable) {
  if (labels.label[cell] >= 0) return false;  // a labelled cell closed: its region may be cut
  if (!isPassable) return true;               // closed before the build reached it
  bool besideFlood = false, besideDone = false;
  const bool flooding = !labels.frontier.empty();
  forEachNeighbour(labels, cell, [&](int next) {
    if (labels.label[next] < 0) return;
    (flooding && labels.label[next] == labels.floodLabel ? besideFlood : besideDone) = true;
  });
  if (besideDone) return false;  // a region already labelled grows
  if (besideFlood) {
    labels.label[cell] = labels.floodLabel;
    labels.frontier.push_back(cell);
    return true;
  }
  return cell >= labels.scan;  // the scan will find it
}

void Components::build(Labels& labels) {
  startBuild(labels);
  buildSome(labels, kWholeMap);
}

// Each piece of a cut component touches one of the cells closed in it, so flooding from their
// neighbours relabels every piece; a piece none of them touches is the whole component, uncut.
void Components::refloodSplit(Labels& labels) {
  const auto fresh = static_cast<int32_t>(labels.parent.size());
  for (int cell : labels.closed) {
    auto seed = [&](int next) {
      if (labels.label[next] < fresh) flood(labels, next, newLabel(labels));
    };
    if (grid_.passable(cell)) seed(cell);  // opened again since
    forEachNeighbour(labels, cell, seed);
  }
  labels.closed.clear();
  std::fill(labels.dirty.begin(), labels.dirty.end(), 0);
}

// Whether closing `cell` may cut its component: its open neighbours are not all joined through
// the ring of eight cells around it.
bool Components::mayCut(const Labels& labels, int cell) const {
  // The ring test below knows square neighbours only: on other shapes every closing may cut.
  if (!grid_.shape().square()) return true;
  const int x = cell % grid_.width(), y = cell / grid_.width();
  bool open[8];
  int group[8];
  for (int k = 0; k < 8; ++k) {
    open[k] = grid_.passable(x + kFieldSteps[k].dx, y + kFieldSteps[k].dy);
    group[k] = k;
  }
  auto find = [&group](int k) {
    while (group[k] != k) k = group[k];
    return k;
  };
  for (int a = 0; a < 8; ++a) {
    for (int b = a + 1; b < 8; ++b) {
      if (!open[a] || !open[b]) continue;
      const int dx = std::abs(kFieldSteps[a].dx - kFieldSteps[b].dx);
      const int dy = std::abs(kFieldSteps[a].dy - kFieldSteps[b].dy);
      const bool adjacent = labels.allDiagonals ? dx <= 1 && dy <= 1 : dx + dy == 1;
      if (adjacent) group[find(a)] = find(b);
    }
  }
  int first = -1;
  for (int k = 0; k < 8; ++k) {
    if (!open[k] || (k % 2 == 1 && !labels.allDiagonals)) continue;
    if (first < 0)
      first = find(k);
    else if (find(k) != first)
      return true;
  }
  return false;
}

void Components::cellChanged(int cell, bool wasPassable, bool isPassable) {
  if (wasPassable == isPassable) return;
  for (Labels& labels : labels_) {
    if (labels.building) {
      if (!keepBuilding(labels, cell, isPassable)) labels.building = false;  // starts again
      continue;
    }
    if (!labels.built) continue;
    if (isPassable) {
      int32_t joinedRoot = -1;
      forEachNeighbour(labels, cell, [&](int next) {
        if (labels.label[next] < 0) labels.built = false;  // an edit went unreported
        if (!labels.built) return;
        const int32_t r = root(labels, labels.label[next]);
        if (joinedRoot < 0) {
          joinedRoot = r;
        } else if (r != joinedRoot) {
          labels.parent[r] = joinedRoot;
          labels.dirty[joinedRoot] |= labels.dirty[r];
        }
      });
      if (labels.built) labels.label[cell] = joinedRoot >= 0 ? joinedRoot : newLabel(labels);
    } else if (labels.label[cell] < 0) {
      labels.built = false;  // an edit went unreported
    } else {
      const int32_t r = root(labels, labels.label[cell]);
      labels.label[cell] = -1;
      // Invariant (4) of components.hpp: in a dirty root every closing is a seed.
      if (labels.dirty[r] || mayCut(labels, cell)) {
        labels.dirty[r] = 1;
        labels.closed.push_back(cell);
        // More seeds than cells: labelling afresh at the next query is cheaper.
        if (labels.closed.size() > static_cast<std::size_t>(grid_.size())) labels.built = false;
      }
    }
  }
}

bool Components::joined(Labels& labels, int a, int b) {
  // An open cell without a label means an edit was not reported: label everything afresh
  // rather than follow a label that is not there.
  if (labels.label[a] < 0 || labels.label[b] < 0) build(labels);
  int32_t ra = root(labels, labels.label[a]), rb = root(labels, labels.label[b]);
  if (labels.dirty[ra] || labels.dirty[rb]) {
    refloodSplit(labels);
    ra = root(labels, labels.label[a]);
    rb = root(labels, labels.label[b]);
  }
  return ra == rb;
}

bool Components::canReach(int from, int to, Diagonal rule) {
  if (from == to) return true;  // even on a blocked cell: findPath(s, s) is found at cost 0
  if (!grid_.passable(to)) return false;
  Labels& labels = ensure(rule);
  if (grid_.passable(from)) return joined(labels, from, to);
  bool reached = false;
  forEachStep(grid_, rule, from % grid_.width(), from / grid_.width(),
              [&](int next, double, uint8_t) { reached = reached || joined(labels, next, to); });
  return reached;
}

}  // namespace tilepath
