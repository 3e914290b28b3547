// Movement profiles: the tables (adding, replacing, deleting, naming) and what a profile holds.
// Run once per table edit or per query's memory check, so compiled for size (CMakeLists.txt);
// the edits that reach every profile in use, and the per-query accessors, are in profiles.cpp.
#include <algorithm>
#include <cmath>

#include "tilepath/hierarchy.hpp"
#include "tilepath/profiles.hpp"

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

// Where Hierarchy is a complete type, for the profiles' unique_ptr.
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
  first->components = std::make_unique<WatchedComponents>(cells_);
  first->footprints = std::make_unique<Footprints>(cells_);
}

Profiles::~Profiles() = default;

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
    p.grid->setCost(cls, cost);  // its observers hear of it (the labels relabel if they must)
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
  if (k < 0) return "unknown profile " + quoted(name);  // (unknownProfile: with the closest)
  slots_[k].reset();
  ++tableVersion_;
  return {};
}

std::size_t Profiles::bytesToMake() const {
  return static_cast<std::size_t>(cells_.size()) + cells_.bitsetBytes() + sizeof(Grid) +
         sizeof(Components) + sizeof(Footprints);
}

Hierarchy& Profiles::hierarchy(int k) {
  Profile& p = used(k);
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
  if (p.components) bytes += p.components->components().memoryBytes();
  if (p.footprints) bytes += p.footprints->memoryBytes();
  if (p.hierarchy) bytes += p.hierarchy->memoryBytes();
  return bytes;
}

std::string Profiles::setEntry(int cls, uint8_t mask) {
  return editRules([&](Grid& g) { return g.setEntry(cls, mask); });
}
std::string Profiles::setEntry(int cls, std::string_view directions) {
  return editRules([&](Grid& g) { return g.setEntry(cls, directions); });
}
std::string Profiles::addLink(int ax, int ay, int bx, int by, double cost, bool oneWay,
                              int32_t& id) {
  // The map's grid chooses the id (when 0); each profile's grid is given the same one.
  return editRules([&](Grid& g) { return g.addLink(ax, ay, bx, by, cost, oneWay, id); });
}
std::string Profiles::removeLink(int32_t id) {
  return editRules([&](Grid& g) { return g.removeLink(id); });
}

}  // namespace tilepath
