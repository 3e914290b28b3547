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
  if (!labels.built) build(labels);
  return labels;
}

std::size_t Components::bytesToBuild(Diagonal rule) const {
  const Labels& labels = labels_[rule == Diagonal::Always ? 1 : 0];
  if (labels.built) return 0;
  const auto cells = static_cast<std::size_t>(grid_.size());
  return cells * (2 * sizeof(int32_t) + sizeof(int32_t) + 1);
}

std::size_t Components::memoryBytes() const {
  std::size_t bytes = queue_.capacity() * sizeof(int32_t);
  for (const Labels& l : labels_)
    bytes += (l.label.capacity() + l.parent.capacity() + l.closed.capacity()) * sizeof(int32_t) +
             l.dirty.capacity();
  return bytes;
}

void Components::reset() {
  for (Labels& labels : labels_) labels.built = false;
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

void Components::flood(Labels& labels, int cell, int32_t id) {
  queue_.clear();
  queue_.push_back(cell);
  labels.label[cell] = id;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    forEachNeighbour(labels, queue_[head], [&](int next) {
      if (labels.label[next] == id) return;
      labels.label[next] = id;
      queue_.push_back(next);
    });
  }
  flooded_ += queue_.size();
}

void Components::build(Labels& labels) {
  const int n = grid_.size();
  labels.label.assign(n, -1);
  labels.parent.clear();
  labels.dirty.clear();
  labels.closed.clear();
  for (int i = 0; i < n; ++i)
    if (labels.label[i] < 0 && grid_.passable(i)) flood(labels, i, newLabel(labels));
  labels.built = true;
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
      if (mayCut(labels, cell)) {
        labels.dirty[r] = 1;
        labels.closed.push_back(cell);
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
  if (!grid_.passable(to)) return false;
  if (from == to) return true;
  Labels& labels = ensure(rule);
  if (grid_.passable(from)) return joined(labels, from, to);
  bool reached = false;
  forEachStep(grid_, rule, from % grid_.width(), from / grid_.width(),
              [&](int next, double, uint8_t) { reached = reached || joined(labels, next, to); });
  return reached;
}

}  // namespace tilepath
