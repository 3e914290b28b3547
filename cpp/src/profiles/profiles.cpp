#include "tilepath/profiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "tilepath/hierarchy.hpp"

namespace tilepath {

namespace {

// Edits (insertions, deletions, substitutions) turning a into b, letters compared in any case:
// the measure of "did you mean", as js/core/checks.js misspeltName measures it.
std::size_t editDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] =
          std::min({row[j] + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) != lower(b[j - 1]))});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string quoted(std::string_view name) {
  return "'" + std::string(name) + "'";
}

}  // namespace

Profiles::CostTable Profiles::defaultTable() {
  CostTable table{};
  table[0] = 1.0;
  return table;
}

Profiles::Profiles(int width, int height, GridShape shape) : cells_(width, height, shape) {
  auto& first = slots_[0];
  first = std::make_unique<Profile>();
  first->name = std::string(kDefault);
  first->order = added_++;
  first->grid = &cells_;
  first->components = std::make_unique<Components>(cells_);
  first->footprints = std::make_unique<Footprints>(cells_);
}

Profiles::~Profiles() = default;

uint8_t* Profiles::data() {
  return cells_.data();
}

// --- edits of the cells ---

void Profiles::setCell(int index, uint8_t cls) {
  const int x = index % cells_.width(), y = index / cells_.width();
  forEachInUse([&](Profile& p) {
    const bool was = p.grid->passable(index);
    p.grid->set(x, y, cls);
    p.components->cellChanged(index, was, p.grid->passable(index));
  });
}

std::string Profiles::apply(const uint32_t* indices, const uint8_t* classes, std::size_t count) {
  const auto limit = static_cast<uint32_t>(cells_.size());
  for (std::size_t k = 0; k < count; ++k)  // checked first, so that a bad index applies nothing
    if (indices[k] >= limit) return cells_.apply(indices, classes, count);
  for (std::size_t k = 0; k < count; ++k) setCell(static_cast<int>(indices[k]), classes[k]);
  return {};
}

void Profiles::fillRect(int x, int y, int w, int h, uint8_t cls) {
  const int x0 = std::max(x, 0), y0 = std::max(y, 0);
  const int x1 =
      static_cast<int>(std::min<long long>(static_cast<long long>(x) + w, cells_.width()));
  const int y1 =
      static_cast<int>(std::min<long long>(static_cast<long long>(y) + h, cells_.height()));
  if (x1 <= x0 || y1 <= y0) return;
  // A large rectangle relabels everything at the next query rather than cell by cell.
  if (static_cast<double>(x1 - x0) * (y1 - y0) > 4096) {
    forEachInUse([&](Profile& p) {
      p.grid->fillRect(x, y, w, h, cls);
      p.components->reset();
    });
    return;
  }
  for (int row = y0; row < y1; ++row)
    for (int col = x0; col < x1; ++col) setCell(cells_.index(col, row), cls);
}

void Profiles::cellsChanged() {
  forEachInUse([&](Profile& p) {
    if (p.own) std::memcpy(p.own->data(), cells_.data(), static_cast<std::size_t>(cells_.size()));
    p.grid->cellsChanged();
    p.components->reset();
  });
}

// --- the tables ---

std::string Profiles::checkName(std::string_view name) {
  // Printable ASCII: names cross to JS and back in error messages as Latin-1 (bindings.cpp).
  const bool printable =
      std::all_of(name.begin(), name.end(), [](char c) { return c >= ' ' && c <= '~'; });
  if (name.empty() || name.size() > kMaxNameLength || !printable)
    return "profile name must be 1 to " + std::to_string(kMaxNameLength) +
           " printable ASCII characters, got " + quoted(name);
  return {};
}

int Profiles::slot(std::string_view name) const {
  for (int k = 0; k < kMaxProfiles; ++k)
    if (slots_[k] && slots_[k]->name == name) return k;
  return -1;
}

std::vector<std::string> Profiles::names() const {
  std::vector<const Profile*> live;
  for (const auto& p : slots_)
    if (p) live.push_back(p.get());
  std::sort(live.begin(), live.end(),
            [](const Profile* a, const Profile* b) { return a->order < b->order; });
  std::vector<std::string> out;
  for (const Profile* p : live) out.push_back(p->name);
  return out;
}

std::string Profiles::unknownProfile(std::string_view name) const {
  const std::vector<std::string> known = names();
  // The closest name at most two edits away, the first added on a tie.
  std::string closest;
  std::size_t best = 3;
  for (const std::string& k : known) {
    const std::size_t d = editDistance(name, k);
    if (d < best) {
      closest = k;
      best = d;
    }
  }
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return "unknown profile " + quoted(name) + " (" +
         (closest.empty() ? "" : "did you mean " + quoted(closest) + "? ") + "profiles: " + list +
         "; add one with setProfile(name, costs))";
}

std::string Profiles::set(std::string_view name, const CostTable& costs) {
  std::string error = checkName(name);
  if (!error.empty()) return error;
  for (int cls = 0; cls < Grid::kClasses; ++cls) {
    error = Grid::validateCost(cls, costs[cls]);
    if (!error.empty())
      return "profile " + quoted(name) + ", class " + std::to_string(cls) + ": " + error;
  }
  int k = slot(name);
  if (k < 0) {
    for (k = 0; k < kMaxProfiles && slots_[k]; ++k) {
    }
    if (k == kMaxProfiles)
      return "a grid holds at most " + std::to_string(kMaxProfiles) +
             " profiles ('default' included): delete one with deleteProfile(name) before adding " +
             quoted(name);
    slots_[k] = std::make_unique<Profile>();
    slots_[k]->name = std::string(name);
    slots_[k]->order = added_++;
    slots_[k]->costs = defaultTable();
  }
  for (int cls = 0; cls < Grid::kClasses; ++cls) setCost(k, cls, costs[cls]);
  ++tableVersion_;
  return {};
}

std::string Profiles::setCost(int k, int cls, double cost) {
  if (!live(k)) return "no profile in slot " + std::to_string(k);
  std::string error = Grid::validateCost(cls, cost);
  if (!error.empty()) return error;
  Profile& p = at(k);
  if (!p.grid) {
    p.costs[cls] = std::isinf(cost) ? 0.0 : cost;
  } else {
    const bool was = p.grid->cost(cls) > 0;
    p.grid->setCost(cls, cost);
    // A class turned open or blocked changes every cell of it: relabelled at the next query.
    if (was != (p.grid->cost(cls) > 0) && p.grid->count(cls) > 0) p.components->reset();
  }
  ++tableVersion_;
  return {};
}

double Profiles::cost(int k, int cls) const {
  if (!live(k) || cls < 0 || cls >= Grid::kClasses) return 0;
  const Profile& p = at(k);
  return p.grid ? p.grid->cost(cls) : p.costs[cls];
}

std::string Profiles::remove(std::string_view name) {
  if (name == kDefault)
    return "profile 'default' is the grid's own table and cannot be deleted (set its costs with "
           "setCost, or replace it with setProfile('default', costs))";
  const int k = slot(name);
  if (k < 0) return unknownProfile(name);
  slots_[k].reset();
  ++tableVersion_;
  return {};
}

// --- what a profile derives ---

std::size_t Profiles::bytesToUse(int k) const {
  if (!live(k) || at(k).grid) return 0;
  return static_cast<std::size_t>(cells_.size()) + cells_.bitsetBytes() + sizeof(Grid) +
         sizeof(Components) + sizeof(Footprints);
}

void Profiles::use(Profile& p) {
  if (p.grid) return;
  p.own = std::make_unique<Grid>(cells_.width(), cells_.height(), cells_.shape());
  // The table first, while every cell is class 0 (only class 0's cost can move bits), then the
  // cells in one bulk write: one pass over the bits.
  for (int cls = 0; cls < Grid::kClasses; ++cls) p.own->setCost(cls, p.costs[cls]);
  std::memcpy(p.own->data(), cells_.data(), static_cast<std::size_t>(cells_.size()));
  p.own->cellsChanged();
  p.grid = p.own.get();
  p.components = std::make_unique<Components>(*p.grid);
  p.footprints = std::make_unique<Footprints>(*p.grid);
}

Grid& Profiles::grid(int k) {
  use(at(k));
  return *at(k).grid;
}

Components& Profiles::components(int k) {
  use(at(k));
  return *at(k).components;
}

Footprints& Profiles::footprints(int k) {
  use(at(k));
  return *at(k).footprints;
}

Hierarchy& Profiles::hierarchy(int k) {
  Profile& p = at(k);
  use(p);
  if (!p.hierarchy) p.hierarchy = std::make_unique<Hierarchy>(*p.grid);
  return *p.hierarchy;
}

Hierarchy* Profiles::hierarchyIfMade(int k) const {
  return live(k) ? at(k).hierarchy.get() : nullptr;
}

std::size_t Profiles::memoryBytes(int k) const {
  if (!live(k)) return 0;
  const Profile& p = at(k);
  std::size_t bytes = 0;
  if (p.own) bytes += static_cast<std::size_t>(p.own->size()) + p.own->bitsetBytes();
  if (p.components) bytes += p.components->memoryBytes();
  if (p.footprints) bytes += p.footprints->memoryBytes();
  if (p.hierarchy) bytes += p.hierarchy->memoryBytes();
  return bytes;
}

}  // namespace tilepath
