// Internal: what the saved format's two files (saved.cpp, saved_hierarchy.cpp) reach of the
// structures a save holds, each of which names SavedAccess its friend.
#pragma once

#include <memory>
#include <string>

#include "hierarchy/internal.hpp"
#include "tilepath/saved.hpp"

namespace tilepath {

// Reaches the private parts of the structures a save holds (each names it its friend).
struct SavedAccess {
  static void writeLabels(SavedWriter& w, const Components::Labels& l, uint8_t which);
  static bool readLabels(SavedReader& r, const Grid& grid, Components& components);
  static void writeComponents(SavedWriter& w, const Components& c);
  static bool readComponents(SavedReader& r, const Grid& grid, Components& components);
  static void writeUnitSize(SavedWriter& w, const Footprints& f, int n);
  static bool readUnitSize(SavedReader& r, const Grid& grid, Footprints& footprints);
  // The hierarchy's (saved_hierarchy.cpp), through SavedHierarchy.
  static std::string bringUpToDate(Hierarchy& h);
  static void writeHierarchy(SavedWriter& w, const Hierarchy& h);
  static bool readHierarchy(SavedReader& r, const Grid& grid, std::unique_ptr<Hierarchy>& out);
  static bool readLevel(SavedReader& r, const Grid& grid, Hierarchy& h, Hierarchy::Level& lv);
};

}  // namespace tilepath
