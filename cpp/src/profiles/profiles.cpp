// Movement profiles: the cells' edits, which reach every profile in use, and a profile's grid and
// derived structures made on first use. The tables themselves are in tables.cpp.
#include "tilepath/profiles.hpp"

#include <cstring>

namespace tilepath {

uint8_t* Profiles::data() {
  return cells_.data();
}

// --- edits of the cells ---

void Profiles::setCell(int index, uint8_t cls) {
  const int x = index % cells_.width(), y = index / cells_.width();
  forEachInUse([&](Profile& p) { p.grid->set(x, y, cls); });
}

std::string Profiles::apply(const uint32_t* indices, const uint8_t* classes, std::size_t count) {
  const auto limit = static_cast<uint32_t>(cells_.size());
  for (std::size_t k = 0; k < count; ++k)  // checked first, so that a bad index applies nothing
    if (indices[k] >= limit) return cells_.apply(indices, classes, count);
  for (std::size_t k = 0; k < count; ++k) setCell(static_cast<int>(indices[k]), classes[k]);
  return {};
}

void Profiles::fillRect(int x, int y, int w, int h, uint8_t cls) {
  forEachInUse([&](Profile& p) { p.grid->fillRect(x, y, w, h, cls); });
}

void Profiles::cellsChanged() {
  forEachInUse([&](Profile& p) {
    if (p.own) std::memcpy(p.own->data(), cells_.data(), static_cast<std::size_t>(cells_.size()));
    p.grid->cellsChanged();
  });
}

// --- what a profile derives ---

void Profiles::use(Profile& p) {
  if (p.grid) return;
  p.own = std::make_unique<Grid>(cells_.width(), cells_.height(), cells_.shape());
  // The table first, while every cell is class 0 (only class 0's cost can move bits), then the
  // cells in one bulk write: one pass over the bits.
  for (int cls = 0; cls < Grid::kClasses; ++cls) p.own->setCost(cls, p.costs[cls]);
  std::memcpy(p.own->data(), cells_.data(), static_cast<std::size_t>(cells_.size()));
  p.own->cellsChanged();
  p.own->setRules(cells_.rules());  // the map's entry rules and links
  p.grid = p.own.get();
  p.components = std::make_unique<WatchedComponents>(*p.grid);
  p.footprints = std::make_unique<Footprints>(*p.grid);
}

}  // namespace tilepath
