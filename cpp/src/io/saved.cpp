// The saved format of tilepath/saved.hpp: a grid and the structures prepared on it, written as
// they are in memory (so loading copies, and builds nothing), and read back with every index
// checked against what it points into, so that a buffer that passes the checksum but was made
// by hand still cannot make a later query read outside an array.
#include "tilepath/saved.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "io/saved_access.hpp"
#include "tilepath/format.hpp"

namespace tilepath {

namespace {

constexpr char kMagic[8] = {'T', 'I', 'L', 'E', 'P', 'A', 'T', 'H'};
constexpr char kGridTag[4] = {'G', 'R', 'I', 'D'};
constexpr char kLabelsTag[4] = {'L', 'A', 'B', 'L'};
constexpr char kUnitTag[4] = {'U', 'N', 'I', 'T'};
constexpr char kHierarchyTag[4] = {'H', 'I', 'E', 'R'};
constexpr char kProfilesTag[4] = {'P', 'R', 'O', 'F'};
constexpr char kRulesTag[4] = {'R', 'U', 'L', 'E'};
// A link as the RULE section holds it: id, a, b (i32), cost (f64), one way (u8).
constexpr std::size_t kSavedLinkBytes = 4 + 4 + 4 + 8 + 1;
// More than any grid may hold (profiles.hpp: 8 with 'default'); the names' longest length.
constexpr uint32_t kMostSavedProfiles = 64;
constexpr uint8_t kLongestProfileName = 64;

// 64 bits over the body, a word at a time in four independent lanes (one chain of multiplies
// would wait on itself; a byte at a time would be most of a load's time).
uint64_t checksum(const uint8_t* p, std::size_t n) {
  constexpr uint64_t k1 = 0x9e3779b97f4a7c15ull, k2 = 0xc2b2ae3d27d4eb4full;
  uint64_t lane[4] = {k1 ^ n, k2, k1 + k2, ~k1};
  auto mix = [](uint64_t& h, uint64_t word) {
    h ^= word * k2;
    h = (h << 31 | h >> 33) * k1;
  };
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    uint64_t words[4];
    std::memcpy(words, p + i, 32);
    for (int k = 0; k < 4; ++k) mix(lane[k], words[k]);
  }
  uint64_t h = lane[0];
  for (int k = 1; k < 4; ++k) mix(h, lane[k]);
  for (; i + 8 <= n; i += 8) {
    uint64_t word;
    std::memcpy(&word, p + i, 8);
    mix(h, word);
  }
  uint64_t tail = 0;
  for (std::size_t k = 0; i < n; ++i, ++k) tail |= static_cast<uint64_t>(p[i]) << (8 * k);
  mix(h, tail);
  h ^= h >> 29;
  h *= k2;
  return h ^ (h >> 32);
}

std::string tagName(const uint8_t* tag) {
  std::string name;
  for (int k = 0; k < 4; ++k) {
    const char c = static_cast<char>(tag[k]);
    name += c >= 32 && c < 127 ? std::string(1, c) : "\\x" + std::to_string(tag[k]);
  }
  return name;
}

// Writes a section: its tag, its length (patched once the body is written), its body.
template <typename Body>
void section(SavedWriter& w, const char (&tag)[4], Body body) {
  w.putBytes(tag, 4);
  const std::size_t at = w.bytes().size();
  w.put<uint64_t>(0);
  body(w);
  const uint64_t length = w.bytes().size() - at - 8;
  std::memcpy(w.bytes().data() + at, &length, 8);
}

struct Section {
  const uint8_t* tag;
  const uint8_t* data;
  std::size_t size;
};

// The header checked and the body cut into sections; an error names what is wrong.
std::string readSections(const uint8_t* data, std::size_t size, std::vector<Section>& out,
                         bool summed) {
  if (data == nullptr || size < kSavedHeaderBytes)
    return "saved grid: " + std::to_string(size) + " bytes is too short for a saved grid (" +
           std::to_string(kSavedHeaderBytes) + " bytes of header at least): truncated?";
  if (std::memcmp(data, kMagic, 8) != 0)
    return "saved grid: these bytes are not a saved grid (they do not begin with TILEPATH)";
  uint32_t version, flags;
  uint64_t length, sum;
  std::memcpy(&version, data + 8, 4);
  std::memcpy(&flags, data + 12, 4);
  std::memcpy(&length, data + 16, 8);
  std::memcpy(&sum, data + 24, 8);
  if (version != kSavedVersion)
    return "saved grid: format version " + std::to_string(version) +
           ", but this tilepath reads version " + std::to_string(kSavedVersion) +
           " only: save the grid again with this version";
  if (flags != 0) return "saved grid: unknown flags " + std::to_string(flags) + " in the header";
  if (length != size - kSavedHeaderBytes)
    return "saved grid: the header says " + std::to_string(length) + " bytes follow it, but " +
           std::to_string(size - kSavedHeaderBytes) + " do (" +
           (length > size - kSavedHeaderBytes ? "truncated" : "extra bytes at the end") + ")";
  const uint8_t* body = data + kSavedHeaderBytes;
  if (!summed && checksum(body, static_cast<std::size_t>(length)) != sum)
    return "saved grid: the checksum does not match: the bytes were corrupted (or changed) "
           "after saving";
  std::size_t at = 0;
  while (at < length) {
    if (length - at < 12)
      return "saved grid: a section header at byte " + std::to_string(at) + " is cut short";
    uint64_t n;
    std::memcpy(&n, body + at + 4, 8);
    if (n > length - at - 12)
      return "saved grid: section '" + tagName(body + at) + "' says it holds " + std::to_string(n) +
             " bytes, more than are left";
    out.push_back({body + at, body + at + 12, static_cast<std::size_t>(n)});
    at += 12 + static_cast<std::size_t>(n);
  }
  for (const Section& s : out) {
    if (std::memcmp(s.tag, kGridTag, 4) != 0 && std::memcmp(s.tag, kLabelsTag, 4) != 0 &&
        std::memcmp(s.tag, kUnitTag, 4) != 0 && std::memcmp(s.tag, kHierarchyTag, 4) != 0 &&
        std::memcmp(s.tag, kProfilesTag, 4) != 0 && std::memcmp(s.tag, kRulesTag, 4) != 0)
      return "saved grid: unknown section '" + tagName(s.tag) +
             "' (saved by a newer tilepath? this one reads GRID, LABL, UNIT, HIER, PROF and "
             "RULE)";
  }
  if (out.empty() || std::memcmp(out[0].tag, kGridTag, 4) != 0)
    return "saved grid: its first section must be GRID";
  for (std::size_t k = 1; k < out.size(); ++k)
    if (std::memcmp(out[k].tag, kGridTag, 4) == 0) return "saved grid: more than one GRID section";
  return {};
}

struct GridRecord {
  int32_t width, height;
  uint8_t orientation, staggerAxis, staggerIndex, unused;
};

// The GRID section's fixed part, checked: sides, shape, and that the cells are all there.
bool readGridRecord(SavedReader& r, std::size_t sectionSize, SavedHeader& header) {
  GridRecord g{};
  if (!r.get(g)) return false;
  const std::string sizeError = Grid::validateSize(g.width, g.height);
  if (!(sizeError.empty() || r.fail(sizeError))) return false;
  const std::string shapeError = validateShape(g.orientation, g.staggerAxis, g.staggerIndex);
  if (!(shapeError.empty() || r.fail(shapeError))) return false;
  const std::size_t cells = static_cast<std::size_t>(g.width) * g.height;
  if (!(sectionSize == sizeof(GridRecord) + Grid::kClasses * sizeof(double) + cells ||
        r.fail("holds " + std::to_string(sectionSize) + " bytes, not those of a " +
               std::to_string(g.width) + " x " + std::to_string(g.height) + " grid")))
    return false;
  header.width = g.width;
  header.height = g.height;
  header.shape = {static_cast<Orientation>(g.orientation), static_cast<StaggerAxis>(g.staggerAxis),
                  static_cast<StaggerIndex>(g.staggerIndex)};
  return true;
}

// Whether the union-find parents all lead to a root (no cycle), in O(labels).
bool parentsEndAtRoots(const std::vector<int32_t>& parent) {
  std::vector<uint8_t> state(parent.size(), 0);  // 0 unknown, 1 on the walk, 2 leads to a root
  std::vector<int32_t> walk;
  for (std::size_t start = 0; start < parent.size(); ++start) {
    walk.clear();
    auto at = static_cast<int32_t>(start);
    while (state[at] == 0 && parent[at] != at) {
      state[at] = 1;
      walk.push_back(at);
      at = parent[at];
    }
    if (state[at] == 1) return false;
    state[at] = 2;
    for (int32_t k : walk) state[k] = 2;
  }
  return true;
}

}  // namespace

// --- labels -----------------------------------------------------------------------------------

void SavedAccess::writeLabels(SavedWriter& w, const Components::Labels& l, uint8_t which) {
  w.put(which);
  w.putVector(l.label);
  w.putVector(l.parent);
  w.putVector(l.dirty);
  w.putVector(l.closed);
}

bool SavedAccess::readLabels(SavedReader& r, const Grid& grid, Components& components) {
  uint8_t which = 0;
  if (!r.get(which) || !(which < 2 || r.fail("labelling " + std::to_string(which) + " is unknown")))
    return false;
  Components::Labels l;
  l.allDiagonals = which == 1;
  const auto n = static_cast<uint64_t>(grid.size());
  if (!r.getVector(l.label, n, "a labelling") || !r.getVector(l.parent, 2 * n + 65, "its roots") ||
      !r.getVector(l.dirty, 2 * n + 65, "its dirty roots") ||
      !r.getVector(l.closed, 4 * n, "its closed cells"))
    return false;
  if (!(l.label.size() == n || r.fail("a labelling of " + std::to_string(l.label.size()) +
                                      " cells on a grid of " + std::to_string(n))) ||
      !(l.dirty.size() == l.parent.size() || r.fail("its dirty roots do not match its roots")))
    return false;
  const auto labels = static_cast<int32_t>(l.parent.size());
  // Every cell checked in one pass without branches (a fifth of a 2048 x 2048 load cell by
  // cell); the cell to name is looked for only when one is wrong.
  bool openClass[Grid::kClasses];
  for (int cls = 0; cls < Grid::kClasses; ++cls) openClass[cls] = grid.cost(cls) > 0;
  const uint8_t* const cells = grid.data();
  bool allFit = true;
  for (uint64_t i = 0; i < n; ++i) {
    const int32_t label = l.label[i];
    allFit &= openClass[cells[i]] ? static_cast<uint32_t>(label) < static_cast<uint32_t>(labels)
                                  : label == -1;
  }
  for (uint64_t i = 0; !allFit && i < n; ++i) {
    const int32_t label = l.label[i];
    const bool open = grid.passable(static_cast<int>(i));
    if (!((open ? label >= 0 && label < labels : label == -1) ||
          r.fail("cell " + std::to_string(i) + " has label " + std::to_string(label) +
                 (open ? ", not one of its " + std::to_string(labels) : " though blocked"))))
      return false;
  }
  for (int32_t p : l.parent)
    if (!((p >= 0 && p < labels) || r.fail("a root " + std::to_string(p) + " out of range")))
      return false;
  if (!(parentsEndAtRoots(l.parent) || r.fail("its roots go round in a cycle"))) return false;
  for (int32_t c : l.closed)
    if (!((c >= 0 && static_cast<uint64_t>(c) < n) ||
          r.fail("a closed cell " + std::to_string(c) + " outside the grid")))
      return false;
  l.built = true;
  components.labels_[which] = std::move(l);
  return true;
}

void SavedAccess::writeComponents(SavedWriter& w, const Components& c) {
  uint8_t count = 0;
  for (const auto& l : c.labels_) count += l.built && !l.building;
  w.put(count);
  for (uint8_t k = 0; k < 2; ++k)
    if (c.labels_[k].built && !c.labels_[k].building) writeLabels(w, c.labels_[k], k);
}

bool SavedAccess::readComponents(SavedReader& r, const Grid& grid, Components& components) {
  uint8_t count = 0;
  if (!r.get(count) || !(count <= 2 || r.fail(std::to_string(count) + " labellings"))) return false;
  for (uint8_t k = 0; k < count; ++k)
    if (!readLabels(r, grid, components)) return false;
  return true;
}

// --- unit sizes -------------------------------------------------------------------------------

void SavedAccess::writeUnitSize(SavedWriter& w, const Footprints& f, int n) {
  const Footprints::Size& size = f.sizes_[n];
  w.put(static_cast<uint8_t>(n));
  w.put<uint64_t>(size.lastUse);
  w.put<uint64_t>(f.uses_);
  w.putBytes(size.grid->data(), static_cast<std::size_t>(size.grid->size()));
  w.put<uint8_t>(size.components ? 1 : 0);
  if (size.components) writeComponents(w, size.components->components());
}

bool SavedAccess::readUnitSize(SavedReader& r, const Grid& grid, Footprints& f) {
  uint8_t n = 0;
  uint64_t lastUse = 0, uses = 0;
  if (!r.get(n) || !r.get(lastUse) || !r.get(uses)) return false;
  const std::string error = validateUnitSize(n, grid.shape());
  if (!((n >= 2 && error.empty()) ||
        r.fail(error.empty() ? "unit size 1 has no positions" : error)) ||
      !(f.fits(n) || r.fail("unit size " + std::to_string(n) + " does not fit in the grid")) ||
      !(!f.sizes_[n].grid || f.sizes_[n].stale ||
        r.fail("unit size " + std::to_string(n) + " is saved twice")))
    return false;
  const int pw = grid.width() - n + 1, ph = grid.height() - n + 1;
  if (!(r.remaining() >= static_cast<std::size_t>(pw) * ph + 1 ||
        r.fail("the positions of unit size " + std::to_string(n) + " are cut short")))
    return false;
  auto positions = std::make_unique<Grid>(pw, ph);
  for (int cls = 0; cls < Grid::kClasses; ++cls) positions->setCost(cls, grid.cost(cls));
  r.getBytes(positions->data(), static_cast<std::size_t>(pw) * ph);
  positions->cellsChanged();
  Footprints::Size& size = f.sizes_[n];
  size.components.reset();
  size.grid = std::move(positions);
  size.stale = false;
  size.lastUse = lastUse;
  f.uses_ = std::max(f.uses_, uses);
  uint8_t hasLabels = 0;
  if (!r.get(hasLabels)) return false;
  if (hasLabels) {
    size.components = std::make_unique<WatchedComponents>(*size.grid);
    if (!readComponents(r, *size.grid, size.components->components())) return false;
  }
  return true;
}

// --- the whole ---------------------------------------------------------------------------------

uint64_t savedChecksum(const uint8_t* body, std::size_t size) {
  return checksum(body, size);
}

namespace {

// The PROF section: names and tables checked (a name's characters and its uniqueness are the
// profiles' own check, when the loader sets them).
bool readProfiles(SavedReader& r, std::vector<SavedProfile>& out) {
  if (!out.empty()) return r.fail("more than one PROF section");
  uint32_t count = 0;
  if (!r.get(count)) return false;
  if (count == 0 || count > kMostSavedProfiles ||
      count > r.remaining() / (1 + sizeof(SavedProfile::costs)))
    return r.fail("it says it holds " + std::to_string(count) + " profiles");
  out.resize(count);
  for (SavedProfile& p : out) {
    uint8_t length = 0;
    if (!r.get(length)) return false;
    if (length == 0 || length > kLongestProfileName)
      return r.fail("a profile name of " + std::to_string(length) + " bytes");
    p.name.resize(length);
    if (!r.getBytes(p.name.data(), length) || !r.getBytes(p.costs, sizeof(p.costs))) return false;
    for (int cls = 0; cls < Grid::kClasses; ++cls) {
      const double cost = p.costs[cls];
      if (!(cost == 0 || (cost > 0 && cost <= Grid::kMaxCost)))
        return r.fail("profile class " + std::to_string(cls) + " has cost " + formatPrecise(cost) +
                      ", which no cost table holds");
    }
  }
  return true;
}

// The RULE section (entry rules and links, movement_rules.hpp): the 256 classes' entry masks,
// the id the next link gets (i32), the links' count (u32), then each link.
void writeRules(SavedWriter& w, const MovementRules& rules) {
  for (int cls = 0; cls < Grid::kClasses; ++cls) w.put(rules.entry(cls));
  w.put<int32_t>(rules.nextId());
  w.put(static_cast<uint32_t>(rules.links().size()));
  for (const CellLink& l : rules.links()) {
    w.put<int32_t>(l.id);
    w.put<int32_t>(l.a);
    w.put<int32_t>(l.b);
    w.put<double>(l.cost);
    w.put<uint8_t>(l.oneWay ? 1 : 0);
  }
}

// Read and checked whole (MovementRules::assign), then given to the grid; a second RULE section
// is refused.
bool readRules(SavedReader& r, Grid& grid, bool& seen) {
  if (seen) return r.fail("more than one RULE section");
  seen = true;
  uint8_t entry[Grid::kClasses];
  int32_t nextId = 0;
  uint32_t count = 0;
  if (!r.getBytes(entry, sizeof(entry)) || !r.get(nextId) || !r.get(count)) return false;
  if (count > r.remaining() / kSavedLinkBytes)
    return r.fail("it says it holds " + std::to_string(count) + " links, more than its bytes do");
  std::vector<CellLink> links(count);
  for (CellLink& l : links) {
    uint8_t oneWay = 0;
    r.get(l.id);
    r.get(l.a);
    r.get(l.b);
    r.get(l.cost);
    r.get(oneWay);
    if (oneWay > 1) return r.fail("a link's one-way flag is " + std::to_string(oneWay));
    l.oneWay = oneWay == 1;
  }
  MovementRules rules;
  const std::string error =
      rules.assign(grid.shape(), entry, std::move(links), nextId, grid.size());
  if (!error.empty()) return r.fail(error);
  grid.setRules(rules);
  return true;
}

}  // namespace

std::string saveGrid(const Grid& grid, const SavedParts& parts, std::vector<uint8_t>& out) {
  const bool hierarchy = parts.hierarchy && parts.hierarchy->hierarchy;
  if (hierarchy) {
    std::string error = parts.hierarchy->bringUpToDate();
    if (!error.empty()) return error;
  }
  SavedWriter w;
  section(w, kGridTag, [&](SavedWriter& s) {
    const GridShape& shape = grid.shape();
    s.put(GridRecord{grid.width(), grid.height(), static_cast<uint8_t>(shape.orientation),
                     static_cast<uint8_t>(shape.staggerAxis),
                     static_cast<uint8_t>(shape.staggerIndex), 0});
    for (int cls = 0; cls < Grid::kClasses; ++cls) s.put(grid.cost(cls));
    s.putBytes(grid.data(), static_cast<std::size_t>(grid.size()));
  });
  if (parts.labels)
    section(w, kLabelsTag, [&](SavedWriter& s) { SavedAccess::writeComponents(s, *parts.labels); });
  if (parts.unitSizes)
    for (int n = 2; n <= kMaxUnitSize; ++n) {
      if (parts.unitSizes->built(n))
        section(w, kUnitTag,
                [&](SavedWriter& s) { SavedAccess::writeUnitSize(s, *parts.unitSizes, n); });
    }
  if (hierarchy) section(w, kHierarchyTag, [&](SavedWriter& s) { parts.hierarchy->write(s); });
  if (parts.profiles && !parts.profiles->empty())
    section(w, kProfilesTag, [&](SavedWriter& s) {
      s.put(static_cast<uint32_t>(parts.profiles->size()));
      for (const SavedProfile& p : *parts.profiles) {
        s.put(static_cast<uint8_t>(p.name.size()));
        s.putBytes(p.name.data(), p.name.size());
        s.putBytes(p.costs, sizeof(p.costs));
      }
    });
  // (Also when every link was removed: the next id is the grid's still.)
  if (grid.hasRules() || grid.rules().nextId() > 1)
    section(w, kRulesTag, [&](SavedWriter& s) { writeRules(s, grid.rules()); });
  const std::vector<uint8_t>& body = w.bytes();
  out.clear();
  out.reserve(kSavedHeaderBytes + body.size());
  out.insert(out.end(), kMagic, kMagic + 8);
  auto put = [&out](const auto& value) {
    const auto* p = reinterpret_cast<const uint8_t*>(&value);
    out.insert(out.end(), p, p + sizeof(value));
  };
  put(kSavedVersion);
  put(uint32_t{0});
  put(static_cast<uint64_t>(body.size()));
  put(checksum(body.data(), body.size()));
  out.insert(out.end(), body.begin(), body.end());
  return {};
}

std::string readSavedHeader(const uint8_t* data, std::size_t size, SavedHeader& header) {
  std::vector<Section> sections;
  std::string error = readSections(data, size, sections, false);
  if (!error.empty()) return error;
  SavedReader r(sections[0].data, sections[0].size, "saved grid, section GRID");
  readGridRecord(r, sections[0].size, header);
  return r.error();
}

std::string loadSaved(const uint8_t* data, std::size_t size, Grid& grid, const SavedParts& parts,
                      bool summed) {
  std::vector<Section> sections;
  std::string error = readSections(data, size, sections, summed);
  if (!error.empty()) return error;
  SavedHeader header;
  {
    SavedReader r(sections[0].data, sections[0].size, "saved grid, section GRID");
    if (!readGridRecord(r, sections[0].size, header)) return r.error();
    if (header.width != grid.width() || header.height != grid.height())
      return "saved grid: a " + std::to_string(header.width) + " x " +
             std::to_string(header.height) + " grid cannot load into a " +
             std::to_string(grid.width()) + " x " + std::to_string(grid.height()) + " one";
    for (int cls = 0; cls < Grid::kClasses; ++cls) {
      double cost = 0;
      r.get(cost);
      // A save holds what a table holds: 0 (blocked) or a cost in (0, kMaxCost].
      if (!(cost == 0 || (cost > 0 && cost <= Grid::kMaxCost)))
        return "saved grid, section GRID: class " + std::to_string(cls) + " has cost " +
               formatPrecise(cost) + ", which no cost table holds";
      error = grid.setCost(cls, cost);
      if (!error.empty())
        return "saved grid, section GRID: class " + std::to_string(cls) + ": " + error;
    }
    std::memcpy(grid.data(),
                sections[0].data + sizeof(GridRecord) + Grid::kClasses * sizeof(double),
                static_cast<std::size_t>(grid.size()));
    grid.cellsChanged();
  }
  if (parts.labels) parts.labels->reset();
  bool rules = false;
  for (std::size_t k = 1; k < sections.size(); ++k) {
    const Section& s = sections[k];
    SavedReader r(s.data, s.size, "saved grid, section " + tagName(s.tag));
    // A section of a part not asked for is skipped (a native user may load the cells alone).
    bool read = false, ok = true;
    // The rules belong to the grid (as its cells do): always read.
    if (std::memcmp(s.tag, kRulesTag, 4) == 0) {
      read = true;
      ok = readRules(r, grid, rules);
    } else if (std::memcmp(s.tag, kLabelsTag, 4) == 0 && parts.labels) {
      read = true;
      ok = SavedAccess::readComponents(r, grid, *parts.labels);
    } else if (std::memcmp(s.tag, kUnitTag, 4) == 0 && parts.unitSizes) {
      read = true;
      ok = SavedAccess::readUnitSize(r, grid, *parts.unitSizes);
    } else if (std::memcmp(s.tag, kProfilesTag, 4) == 0 && parts.profiles) {
      read = true;
      ok = readProfiles(r, *parts.profiles);
    } else if (std::memcmp(s.tag, kHierarchyTag, 4) == 0 && parts.hierarchy) {
      read = true;
      ok = (!parts.hierarchy->hierarchy || r.fail("more than one hierarchy")) &&
           parts.hierarchy->read(r, grid);
    }
    if (!ok) return r.error();
    if (read && r.remaining() != 0)
      return "saved grid, section " + tagName(s.tag) + ": " + std::to_string(r.remaining()) +
             " bytes left over at its end";
  }
  return {};
}

}  // namespace tilepath
