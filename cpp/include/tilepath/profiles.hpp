// Movement profiles: several cost tables over the classes of one map, so that boats, soldiers
// and cavalry search the same cells each with their own costs. The map's cells are held once
// here ('default' is the grid's own table); each other profile, once a query uses it, keeps a
// sibling Grid with the same cells and its own table, and beside it everything a query derives
// from a table: reachability labels (Components), the positions of big units (Footprints), the
// hpa hierarchy, the passability bits and the uniform-cost test JPS and BFS use. Every search,
// field and range then runs unchanged on the profile's grid.
//
// Why a sibling grid rather than a table passed to each search: the derived structures are
// built from the passability bits and the cost summary of a Grid, and every one of them is
// already kept current by the Grid's observers; a sibling costs ~1.25 bytes a cell (the cells
// and the bits, more once its labels or unit sizes are built) and no search changes. A profile
// no query has used yet is only its table (2 KB).
//
// Every edit of the cells goes through this class (setCell, apply, fillRect, cellsChanged),
// which forwards it to each profile in use through forEachInUse: a grid's cells can then never
// differ between profiles. Every structure derived from a profile's grid (its labels, unit
// positions, hierarchy) hears of the grid's edits one way: as a GridObserver of it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tilepath/components.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/grid.hpp"

namespace tilepath {

class Hierarchy;

class Profiles {
 public:
  // 'default' included. Each profile in use holds a grid's worth of cells and bits, and the
  // search state is shared, so 8 tables keep a 4096 x 4096 map within wasm32's memory.
  static constexpr int kMaxProfiles = 8;
  // The longest name, in bytes (names are for people and error messages).
  static constexpr std::size_t kMaxNameLength = 64;
  static constexpr std::string_view kDefault = "default";
  using CostTable = std::array<double, Grid::kClasses>;
  // The core's default table: class 0 costs 1, every other class is blocked.
  static CostTable defaultTable();

  // The cells, every one class 0, under the default table; sizes as Grid's.
  Profiles(int width, int height, GridShape shape = {});
  ~Profiles();
  Profiles(const Profiles&) = delete;
  Profiles& operator=(const Profiles&) = delete;

  // The cells under the 'default' table (profile slot 0).
  const Grid& cells() const { return *slots_[0]->grid; }
  // For bulk writes of the cells (the bindings copy a whole grid in): call cellsChanged() after.
  uint8_t* data();

  // --- edits of the cells: each reaches every profile in use ---
  void setCell(int index, uint8_t cls);
  // As Grid::apply: an error naming the first bad index (nothing applied), or empty.
  std::string apply(const uint32_t* indices, const uint8_t* classes, std::size_t count);
  // Clipped to the grid.
  void fillRect(int x, int y, int w, int h, uint8_t cls);
  void cellsChanged();

  // --- the tables; a profile is named, or by slot (0 = 'default', stable for its life) ---
  // Adds the profile `name`, or replaces its table; an error naming the bad value, and nothing
  // changed, for a bad name or cost, or a profile past kMaxProfiles.
  std::string set(std::string_view name, const CostTable& costs);
  // As Grid::setCost, on one profile (slot must be live).
  std::string setCost(int slot, int cls, double cost);
  double cost(int slot, int cls) const;  // 0 when blocked
  // Deletes a profile and everything derived from it; 'default' cannot be. An unknown name is
  // "unknown profile 'x'" (unknownProfile(name) adds the closest name: the wasm build leaves that
  // out, as JS words the same message itself).
  std::string remove(std::string_view name);
  // A profile's slot, or -1.
  int slot(std::string_view name) const;
  bool live(int slot) const {
    return slot >= 0 && slot < kMaxProfiles && slots_[static_cast<std::size_t>(slot)] != nullptr;
  }
  const std::string& name(int slot) const { return slots_[static_cast<std::size_t>(slot)]->name; }
  // Names in the order they were added ('default' first).
  std::vector<std::string> names() const;
  // "unknown profile 'bota' (did you mean 'boat'? profiles: default, boat; add one with
  // setProfile(name, costs))": the closest name at most two edits away, as JS's misspeltName.
  std::string unknownProfile(std::string_view name) const;

  // --- what a profile derives, made on first use (slot must be live) ---
  // Bytes use(slot) would allocate now: 0 once the profile is in use (and for 'default').
  // (Inline, as the accessors below: every query asks them, most often of a profile in use.)
  std::size_t bytesToUse(int slot) const { return inUse(slot) ? 0 : bytesToMake(); }
  bool inUse(int slot) const { return live(slot) && slots_[slot]->grid != nullptr; }
  // The profile's grid (its sibling made now if it is not in use yet).
  Grid& grid(int slot) { return *used(slot).grid; }
  Components& components(int slot) { return used(slot).components->components(); }
  Footprints& footprints(int slot) { return *used(slot).footprints; }
  // Its hpa hierarchy, made on first ask (built per rule by its first query).
  Hierarchy& hierarchy(int slot);
  Hierarchy* hierarchyIfMade(int slot) const;
  // Entry rules and links (movement_rules.hpp) belong to the map, not to a table: set on the
  // cells and given to every profile in use (and to each profile when it comes into use).
  std::string setEntry(int cls, uint8_t mask);
  std::string setEntry(int cls, std::string_view directions);
  std::string addLink(int ax, int ay, int bx, int by, double cost, bool oneWay, int32_t& id);
  std::string removeLink(int32_t id);

  // Where a profile in use keeps its hierarchy (null until made), for a saved grid's reader
  // (saved.hpp), which makes it when the save holds one.
  std::unique_ptr<Hierarchy>& hierarchyHolder(int slot) { return used(slot).hierarchy; }
  // Bytes a profile holds beyond its table: its sibling grid, labels, unit positions, hierarchy.
  std::size_t memoryBytes(int slot) const;
  // Counts edits of the tables (set, setCost, remove): with cells().version(), tells whether a
  // cached answer may be stale.
  uint64_t tableVersion() const { return tableVersion_; }

 private:
  struct Profile {
    std::string name;
    uint64_t order = 0;         // when it was added, for names()
    CostTable costs{};          // the table while not in use (the grid's once it is)
    std::unique_ptr<Grid> own;  // the sibling grid (null for 'default', and until used)
    Grid* grid = nullptr;       // own, or the cells for 'default'; null until used
    // After the grid: destroyed first, while the grid they watch still exists.
    std::unique_ptr<WatchedComponents> components;
    std::unique_ptr<Footprints> footprints;
    std::unique_ptr<Hierarchy> hierarchy;
  };
  Profile& at(int slot) { return *slots_[static_cast<std::size_t>(slot)]; }
  const Profile& at(int slot) const { return *slots_[static_cast<std::size_t>(slot)]; }
  void use(Profile& p);
  Profile& used(int slot) {
    Profile& p = at(slot);
    if (!p.grid) use(p);
    return p;
  }
  // What making a profile's grid allocates.
  std::size_t bytesToMake() const;
  // The one way an edit reaches the profiles: `edit(profile)` for each profile in use.
  template <typename Edit>
  void forEachInUse(Edit edit) {
    for (auto& p : slots_)
      if (p && p->grid) edit(*p);
  }
  static std::string checkName(std::string_view name);
  // A rule edit made on the map's grid and, when it succeeds, the same edit on every profile's
  // own grid (one edit each, not a copy of every rule: a map of many links stays linear).
  template <typename Edit>
  std::string editRules(Edit edit) {
    std::string error = edit(cells_);
    if (error.empty())
      forEachInUse([&](Profile& p) {
        if (p.own) edit(*p.own);
      });
    return error;
  }

  Grid cells_;  // 'default' (declared first: the observers in slots_ are destroyed before it)
  std::array<std::unique_ptr<Profile>, kMaxProfiles> slots_;
  uint64_t added_ = 0;
  uint64_t tableVersion_ = 0;
};

}  // namespace tilepath
