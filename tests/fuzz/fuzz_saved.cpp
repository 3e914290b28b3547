// libFuzzer target: loading saved grids (tilepath/saved.hpp). The first byte picks how the rest is
// read: odd, as a whole saved buffer (header included: its checks are fuzzed); even, as the body
// of one, given a header with the right length and checksum (so that the sections' own checks
// are fuzzed, as a buffer made by hand would reach them). A buffer is either refused with a short
// message that names the saved grid, or loaded; a loaded grid then answers queries of every kind,
// takes edits, and saves as bytes that load again. Nothing may crash, read out of bounds (the
// sanitizers watch) or abort.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/saved.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;
using fuzz::require;

namespace {

void refused(const std::string& error) {
  require(error.rfind("saved grid", 0) == 0 && error.size() < 300,
          "an error not naming the saved grid, or too long: " + error);
}

void use(Grid& grid, Components& labels, Footprints& units, std::unique_ptr<Hierarchy>& hierarchy) {
  Searcher searcher;
  const int w = grid.width(), h = grid.height();
  const int ends[][4] = {{0, 0, w - 1, h - 1}, {w / 2, h / 2, 0, h - 1}, {w - 1, 0, w / 3, h / 2}};
  for (int round = 0; round < 2; ++round) {
    for (const auto& e : ends) {
      for (Diagonal rule : {Diagonal::Never, Diagonal::NoCorners, Diagonal::Always}) {
        SearchOptions o;
        o.diagonal = rule;
        SearchResult r;
        searcher.find(grid, e[0], e[1], e[2], e[3], o, r);
        if (hierarchy) {
          o.algorithm = Algorithm::Hpa;
          searcher.find(grid, e[0], e[1], e[2], e[3], o, r, hierarchy.get());
          o.algorithm = Algorithm::AStar;
        }
        labels.canReach(grid.index(e[0], e[1]), grid.index(e[2], e[3]), rule);
        for (int n = 2; n <= 3; ++n) {
          if (!grid.shape().square() || !units.fits(n)) continue;
          o.unitSize = n;
          searcher.find(units, 0, 0, e[2], e[3], o, r);
          const Grid* positions = units.positions(n);
          Components* c = units.components(n);
          if (positions && c) c->canReach(0, positions->size() - 1, rule);
        }
      }
      FieldSearch fields;
      FlowField field;
      const int32_t goal = grid.index(e[2], e[3]);
      fields.flowField(grid, &goal, 1, {}, field);
    }
    // Edits after loading: a diagonal line of walls, then of open cells, told to the labels.
    for (int k = 0; k < std::min(w, h); k += 2) {
      const int i = grid.index(k, k);
      const bool was = grid.passable(i);
      grid.set(k, k, round == 0 ? 1 : 0);
      labels.cellChanged(i, was, grid.passable(i));
    }
  }
  std::vector<uint8_t> again;
  SavedHierarchy saved(hierarchy);
  require(saveGrid(grid, {&labels, &units, &saved}, again).empty(), "a loaded grid cannot save");
  SavedHeader header;
  require(readSavedHeader(again.data(), again.size(), header).empty(), "a save does not read");
  Grid copy(header.width, header.height, header.shape);
  Components copyLabels(copy);
  Footprints copyUnits(copy);
  std::unique_ptr<Hierarchy> copyHierarchy;
  SavedHierarchy copySaved(copyHierarchy);
  const std::string error =
      loadSaved(again.data(), again.size(), copy, {&copyLabels, &copyUnits, &copySaved});
  require(error.empty(), "a save of a loaded grid does not load: " + error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::vector<uint8_t> bytes;
  if (data[0] & 1) {
    bytes.assign(data + 1, data + size);
  } else {
    const std::size_t body = size - 1;
    bytes.resize(kSavedHeaderBytes + body);
    std::memcpy(bytes.data(), "TILEPATH", 8);
    const uint32_t version = kSavedVersion, flags = 0;
    const uint64_t length = body, sum = savedChecksum(data + 1, body);
    std::memcpy(bytes.data() + 8, &version, 4);
    std::memcpy(bytes.data() + 12, &flags, 4);
    std::memcpy(bytes.data() + 16, &length, 8);
    std::memcpy(bytes.data() + 24, &sum, 8);
    if (body) std::memcpy(bytes.data() + kSavedHeaderBytes, data + 1, body);
  }
  SavedHeader header;
  std::string error = readSavedHeader(bytes.data(), bytes.size(), header);
  if (!error.empty()) return refused(error), 0;
  Grid grid(header.width, header.height, header.shape);
  Components labels(grid);
  Footprints units(grid);
  std::unique_ptr<Hierarchy> hierarchy;
  SavedHierarchy saved(hierarchy);
  std::vector<SavedProfile> profiles;
  error = loadSaved(bytes.data(), bytes.size(), grid, {&labels, &units, &saved, &profiles});
  if (!error.empty()) return refused(error), 0;
  for (const SavedProfile& p : profiles) {
    require(!p.name.empty() && p.name.size() <= 64, "a profile name past the checks");
    for (double cost : p.costs)
      require(cost == 0 || (cost > 0 && cost <= Grid::kMaxCost), "a cost");
  }
  use(grid, labels, units, hierarchy);
  return 0;
}
