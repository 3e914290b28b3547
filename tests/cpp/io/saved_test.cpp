// Saved grids (tilepath/saved.hpp): what is loaded answers every query as the grid it was saved
// from, builds nothing to do so, stays current under the same edits, and a damaged or hostile
// buffer is refused with a message naming what is wrong.
#include "tilepath/saved.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <random>

#include "maps.hpp"
#include "same_rules.hpp"
#include "tilepath/fields.hpp"
#include "tilepath/movingai.hpp"
#include "tilepath/searcher.hpp"

using namespace tilepath;

namespace {

// A grid and what is derived from it, kept current as the wasm bindings keep theirs.
struct Prepared {
  Grid grid;
  Components labels;
  Footprints units;
  std::unique_ptr<Hierarchy> hierarchy;
  SavedHierarchy savedHierarchy{hierarchy};
  explicit Prepared(int w, int h, GridShape shape = {})
      : grid(w, h, shape), labels(grid), units(grid) {}
  SavedParts parts() { return {&labels, &units, &savedHierarchy}; }
  void set(int x, int y, uint8_t cls) {
    const int i = grid.index(x, y);
    const bool was = grid.passable(i);
    grid.set(x, y, cls);
    labels.cellChanged(i, was, grid.passable(i));
  }
  Hierarchy& hpa() {
    if (!hierarchy) hierarchy = std::make_unique<Hierarchy>(grid);
    return *hierarchy;
  }
  std::vector<uint8_t> save() {
    std::vector<uint8_t> out;
    REQUIRE(saveGrid(grid, parts(), out).empty());
    return out;
  }
};

std::unique_ptr<Prepared> load(const std::vector<uint8_t>& bytes) {
  SavedHeader header;
  const std::string error = readSavedHeader(bytes.data(), bytes.size(), header);
  INFO(error);
  REQUIRE(error.empty());
  auto p = std::make_unique<Prepared>(header.width, header.height, header.shape);
  REQUIRE(loadSaved(bytes.data(), bytes.size(), p->grid, p->parts()) == "");
  return p;
}

// Random weighted map: three cost classes (0: 1, 2: 3, 3: 7) and walls (class 1).
void weighted(Prepared& p, std::mt19937& rng, double walls) {
  std::uniform_real_distribution<double> unit(0, 1);
  for (int i = 0; i < p.grid.size(); ++i) {
    const double u = unit(rng);
    p.grid.data()[i] = u < walls ? 1 : u < walls + 0.2 ? 2 : u < walls + 0.3 ? 3 : 0;
  }
  p.grid.cellsChanged();
  p.labels.reset();
  p.grid.setCost(2, 3);
  p.grid.setCost(3, 7);
}

struct Query {
  int sx, sy, gx, gy;
};

// Every kind of answer on both, compared.
void sameAnswers(Prepared& a, Prepared& b, std::mt19937& rng, int queries, bool square) {
  Searcher searcher;
  std::uniform_int_distribution<int> px(0, a.grid.width() - 1), py(0, a.grid.height() - 1);
  int found = 0;
  for (int q = 0; q < queries; ++q) {
    const Query k{px(rng), py(rng), px(rng), py(rng)};
    for (Diagonal rule : {Diagonal::Never, Diagonal::NoCorners, Diagonal::Always}) {
      SearchOptions o;
      o.diagonal = rule;
      std::vector<Algorithm> algorithms{Algorithm::AStar};
      if (square) algorithms.push_back(Algorithm::Hpa);
      for (Algorithm algorithm : algorithms) {
        o.algorithm = algorithm;
        SearchResult ra, rb;
        searcher.find(a.grid, k.sx, k.sy, k.gx, k.gy, o, ra,
                      algorithm == Algorithm::Hpa ? &a.hpa() : nullptr);
        searcher.find(b.grid, k.sx, k.sy, k.gx, k.gy, o, rb,
                      algorithm == Algorithm::Hpa ? &b.hpa() : nullptr);
        REQUIRE(ra.error == rb.error);
        REQUIRE(ra.status == rb.status);
        REQUIRE(ra.path == rb.path);
        REQUIRE(ra.cost == rb.cost);
        found += ra.status == Status::Found;
      }
      const int from = a.grid.index(k.sx, k.sy), to = a.grid.index(k.gx, k.gy);
      REQUIRE(a.labels.canReach(from, to, rule) == b.labels.canReach(from, to, rule));
      if (square) {
        o.algorithm = Algorithm::AStar;
        for (int n : {2, 3}) {
          o.unitSize = n;
          const int sx = std::min(k.sx, a.grid.width() - n),
                    sy = std::min(k.sy, a.grid.height() - n);
          const SearchResult ua = searcher.find(a.units, sx, sy, k.gx, k.gy, o);
          const SearchResult ub = searcher.find(b.units, sx, sy, k.gx, k.gy, o);
          REQUIRE(ua.path == ub.path);
          Components* ca = a.units.components(n);
          Components* cb = b.units.components(n);
          const Grid* pos = a.units.positions(n);
          const int gx = std::min(k.gx, pos->width() - 1), gy = std::min(k.gy, pos->height() - 1);
          REQUIRE(ca->canReach(pos->index(sx, sy), pos->index(gx, gy), rule) ==
                  cb->canReach(pos->index(sx, sy), pos->index(gx, gy), rule));
        }
      }
    }
    FieldSearch fields;
    FlowField fa, fb;
    const int32_t goal = a.grid.index(k.gx, k.gy);
    FieldOptions fo;
    fo.diagonal = Diagonal::NoCorners;
    fields.flowField(a.grid, &goal, 1, fo, fa);
    fields.flowField(b.grid, &goal, 1, fo, fb);
    REQUIRE(fa.costs == fb.costs);
    REQUIRE(fa.steps == fb.steps);
  }
  CHECK(found > queries / 4);  // not vacuous: most maps have paths
}

// Prepares what a game would before saving: labels, two unit sizes with labels, hpa.
void prepareAll(Prepared& p, bool square) {
  REQUIRE(p.labels.prepare(Diagonal::NoCorners, SIZE_MAX / 4));
  REQUIRE(p.labels.prepare(Diagonal::Always, SIZE_MAX / 4));
  if (!square) return;
  for (int n : {2, 3}) REQUIRE(p.units.components(n) != nullptr);
  for (int n : {2, 3}) p.units.components(n)->prepare(Diagonal::NoCorners, SIZE_MAX / 4);
  for (Diagonal rule : {Diagonal::Never, Diagonal::NoCorners, Diagonal::Always})
    REQUIRE(p.hpa().update(rule) >= 0);
}

}  // namespace

TEST_CASE("a loaded grid answers every query as the saved one, with nothing built", "[saved]") {
  std::mt19937 rng(7);
  for (GridShape shape :
       {GridShape{}, GridShape{Orientation::Hexagonal, StaggerAxis::Y, StaggerIndex::Odd},
        GridShape{Orientation::Staggered, StaggerAxis::X, StaggerIndex::Even}}) {
    const bool square = shape.square();
    INFO("orientation " << static_cast<int>(shape.orientation));
    Prepared original(90, 70, shape);
    weighted(original, rng, 0.2);
    prepareAll(original, square);
    const std::vector<uint8_t> bytes = original.save();
    auto loaded = load(bytes);
    // The same state: saving the loaded grid gives the same bytes.
    REQUIRE(loaded->save() == bytes);
    const uint64_t floodedBefore = loaded->labels.cellsFlooded();
    sameAnswers(original, *loaded, rng, 40, square);
    // Nothing was built by those queries: no flood, no position computed, no cluster rebuilt.
    CHECK(loaded->labels.cellsFlooded() == floodedBefore);
    CHECK(loaded->units.positionsComputed() == 0);
    if (square) {
      for (Diagonal rule : {Diagonal::Never, Diagonal::NoCorners, Diagonal::Always})
        CHECK(loaded->hpa().update(rule) == 0);
    }
  }
}

TEST_CASE("edits after loading keep every structure current, as on the saved grid", "[saved]") {
  std::mt19937 rng(11);
  Prepared original(80, 80);
  weighted(original, rng, 0.15);
  prepareAll(original, true);
  auto loaded = load(original.save());
  std::uniform_int_distribution<int> px(0, 79), cls(0, 3);
  for (int round = 0; round < 4; ++round) {
    for (int e = 0; e < 60; ++e) {
      const int x = px(rng), y = px(rng);
      const auto c = static_cast<uint8_t>(cls(rng));
      original.set(x, y, c);
      loaded->set(x, y, c);
    }
    sameAnswers(original, *loaded, rng, 15, true);
  }
  // And both agree with a grid made afresh from the edited cells (A* is exact: same costs).
  Prepared fresh(80, 80);
  std::copy(loaded->grid.data(), loaded->grid.data() + loaded->grid.size(), fresh.grid.data());
  fresh.grid.cellsChanged();
  fresh.grid.setCost(2, 3);
  fresh.grid.setCost(3, 7);
  Searcher searcher;
  SearchOptions o;
  o.diagonal = Diagonal::NoCorners;
  for (int q = 0; q < 30; ++q) {
    const int sx = px(rng), sy = px(rng), gx = px(rng), gy = px(rng);
    const SearchResult a = searcher.find(loaded->grid, sx, sy, gx, gy, o);
    const SearchResult b = searcher.find(fresh.grid, sx, sy, gx, gy, o);
    REQUIRE(a.status == b.status);
    REQUIRE(a.cost == Approx(b.cost));
    REQUIRE(loaded->labels.canReach(loaded->grid.index(sx, sy), loaded->grid.index(gx, gy),
                                    Diagonal::NoCorners) ==
            fresh.labels.canReach(fresh.grid.index(sx, sy), fresh.grid.index(gx, gy),
                                  Diagonal::NoCorners));
  }
}

TEST_CASE("a saved Moving AI map with its hierarchy loads and answers as the original", "[saved]") {
  std::string error;
  std::ifstream in(TILEPATH_DEFAULT_MOVINGAI "/den011d.map");
  auto map = movingai::readMap(in, "den011d.map", error);
  REQUIRE(map.has_value());
  Prepared original(map->width(), map->height());
  std::copy(map->data(), map->data() + map->size(), original.grid.data());
  original.grid.cellsChanged();
  prepareAll(original, true);
  auto loaded = load(original.save());
  std::mt19937 rng(3);
  sameAnswers(original, *loaded, rng, 30, true);
}

namespace {

std::string loadError(const std::vector<uint8_t>& bytes) {
  SavedHeader header;
  std::string error = readSavedHeader(bytes.data(), bytes.size(), header);
  if (!error.empty()) return error;
  Prepared p(header.width, header.height, header.shape);
  return loadSaved(bytes.data(), bytes.size(), p.grid, p.parts());
}

// The body changed and the checksum made to match again (a hand-made buffer).
void resum(std::vector<uint8_t>& bytes) {
  const uint64_t length = bytes.size() - kSavedHeaderBytes;
  std::memcpy(bytes.data() + 16, &length, 8);
  const uint64_t sum = savedChecksum(bytes.data() + kSavedHeaderBytes, length);
  std::memcpy(bytes.data() + 24, &sum, 8);
}

}  // namespace

TEST_CASE("truncated, corrupted, other-version and hostile buffers are refused by name",
          "[saved]") {
  std::mt19937 rng(5);
  Prepared original(40, 36);
  weighted(original, rng, 0.2);
  prepareAll(original, true);
  const std::vector<uint8_t> bytes = original.save();

  for (std::size_t cut = 0; cut < bytes.size(); cut += 1 + cut / 8) {
    const std::vector<uint8_t> shorter(bytes.begin(), bytes.begin() + cut);
    const std::string error = loadError(shorter);
    INFO(cut << ": " << error);
    CHECK((error.find("truncated") != std::string::npos ||
           error.find("too short") != std::string::npos));
  }
  for (std::size_t at = kSavedHeaderBytes; at < bytes.size(); at += 97) {
    std::vector<uint8_t> bad = bytes;
    bad[at] ^= 0x10;
    CHECK(loadError(bad).find("checksum does not match") != std::string::npos);
  }
  std::vector<uint8_t> other = bytes;
  other[8] = 2;
  CHECK(loadError(other).find("format version 2, but this tilepath reads version 1") !=
        std::string::npos);
  std::vector<uint8_t> notOurs = bytes;
  notOurs[0] = 'X';
  CHECK(loadError(notOurs).find("not a saved grid") != std::string::npos);

  // An unknown section, well formed and summed: named.
  std::vector<uint8_t> newer = bytes;
  for (char c : std::string("ZZZZ")) newer.push_back(static_cast<uint8_t>(c));
  for (int k = 0; k < 8; ++k) newer.push_back(0);
  resum(newer);
  CHECK(loadError(newer).find("unknown section 'ZZZZ'") != std::string::npos);

  // Sizes that would exhaust memory: a grid of 2^30 cells, a vector of 2^60 entries.
  std::vector<uint8_t> huge = bytes;
  const int32_t side = 1 << 15;
  std::memcpy(huge.data() + kSavedHeaderBytes + 12, &side, 4);
  resum(huge);
  CHECK(loadError(huge).find("saved grid, section GRID: ") == 0);
  // Every 8-byte count in the body set to 2^60 in turn (summed): refused, never allocated.
  int refused = 0;
  for (std::size_t at = kSavedHeaderBytes; at + 8 <= bytes.size(); at += 8) {
    std::vector<uint8_t> bad = bytes;
    const uint64_t big = uint64_t{1} << 60;
    std::memcpy(bad.data() + at, &big, 8);
    resum(bad);
    refused += !loadError(bad).empty();
  }
  CHECK(refused > 50);

  // A label out of range on an open cell, or a label on a blocked one (summed): the cell named.
  const std::string tag = "LABL";
  const auto section = std::search(bytes.begin(), bytes.end(), tag.begin(), tag.end());
  REQUIRE(section != bytes.end());
  // The tag, the length (u64), the count of labellings and which one (u8 each), the labels' count.
  const std::size_t labels = static_cast<std::size_t>(section - bytes.begin()) + 4 + 8 + 1 + 1 + 8;
  for (const bool open : {true, false}) {
    int cell = 0;
    while (original.grid.passable(cell) != open) ++cell;
    std::vector<uint8_t> bad = bytes;
    const int32_t label = open ? 1 << 30 : 0;
    std::memcpy(bad.data() + labels + 4 * cell, &label, 4);
    resum(bad);
    const std::string error = loadError(bad);
    INFO(error);
    CHECK(error.find("cell " + std::to_string(cell) + " has label " + std::to_string(label)) !=
          std::string::npos);
  }
}

namespace {

// Random entry rules on classes 0, 2, 3 and random links (some one-way, some removed again).
void randomRules(Grid& grid, std::mt19937& rng) {
  const int count = MovementRules::directionCount(grid.shape());
  std::uniform_int_distribution<int> mask(1, (1 << count) - 1), px(0, grid.width() - 1),
      py(0, grid.height() - 1), cost(0, 12);
  for (int cls : {2, 3}) REQUIRE(grid.setEntry(cls, static_cast<uint8_t>(mask(rng))).empty());
  std::vector<int32_t> ids;
  for (int k = 0; k < 30; ++k) {
    int32_t id = 0;
    REQUIRE(
        grid.addLink(px(rng), py(rng), px(rng), py(rng), cost(rng) / 2.0, k % 3 == 0, id).empty());
    ids.push_back(id);
  }
  for (int k = 0; k < 5; ++k)
    REQUIRE(grid.removeLink(ids[static_cast<std::size_t>(k * 5)]).empty());
}

// The byte where the RULE section's body begins (it is written last).
std::size_t rulesAt(const std::vector<uint8_t>& bytes) {
  std::size_t at = kSavedHeaderBytes;
  while (std::memcmp(bytes.data() + at, "RULE", 4) != 0) {
    uint64_t n;
    std::memcpy(&n, bytes.data() + at + 4, 8);
    at += 12 + static_cast<std::size_t>(n);
    REQUIRE(at + 12 <= bytes.size());
  }
  return at + 12;
}

}  // namespace

TEST_CASE("entry rules and links are saved and loaded with the grid, on every shape", "[saved]") {
  std::mt19937 rng(31);
  const GridShape shapes[] = {
      {},
      {Orientation::Hexagonal, StaggerAxis::Y, StaggerIndex::Odd},
      {Orientation::Staggered, StaggerAxis::X, StaggerIndex::Even},
  };
  for (const GridShape& shape : shapes) {
    const bool square = shape.square();
    Prepared original(34, 30, shape);
    weighted(original, rng, 0.15);
    randomRules(original.grid, rng);
    prepareAll(original, square);
    const std::vector<uint8_t> bytes = original.save();
    auto loaded = load(bytes);
    testing::requireSameRules(original.grid.rules(), loaded->grid.rules());
    REQUIRE(loaded->grid.hasRules());
    sameAnswers(original, *loaded, rng, 20, square);
    // The same rule and cell edits on both keep them equal.
    std::uniform_int_distribution<int> px(0, 33), py(0, 29), cls(0, 3);
    for (int round = 0; round < 3; ++round) {
      for (Prepared* p : {&original, loaded.get()}) {
        std::mt19937 same(static_cast<unsigned>(round));
        std::uniform_int_distribution<int> sx(0, 33), sy(0, 29), c(0, 3);
        for (int k = 0; k < 20; ++k) p->set(sx(same), sy(same), static_cast<uint8_t>(c(same)));
        int32_t id = 0;
        REQUIRE(p->grid.addLink(sx(same), sy(same), sx(same), sy(same), 1, false, id).empty());
        REQUIRE(p->grid.setEntry(2, round == 1 ? MovementRules::kAnyDirection : 3).empty());
      }
      testing::requireSameRules(original.grid.rules(), loaded->grid.rules());
      sameAnswers(original, *loaded, rng, 10, square);
    }
  }
}

TEST_CASE("a damaged RULE section is refused by name, the grid left without it", "[saved]") {
  std::mt19937 rng(32);
  Prepared original(20, 16);
  weighted(original, rng, 0.1);
  randomRules(original.grid, rng);
  const std::vector<uint8_t> bytes = original.save();
  const std::size_t body = rulesAt(bytes);
  const std::size_t firstLink = body + 256 + 4 + 4;
  auto damaged = [&](auto change) {
    std::vector<uint8_t> bad = bytes;
    change(bad);
    resum(bad);
    return loadError(bad);
  };
  auto put = [](std::vector<uint8_t>& b, std::size_t at, auto value) {
    std::memcpy(b.data() + at, &value, sizeof(value));
  };
  CHECK(damaged([&](auto& b) { b[body + 2] = 0; }).find("class 2 has entry mask 0") !=
        std::string::npos);
  CHECK(damaged([&](auto& b) {
          put(b, body + 256 + 4, uint32_t{1} << 30);
        }).find("links, more than its bytes do") != std::string::npos);
  CHECK(damaged([&](auto& b) {
          put(b, firstLink + 4, int32_t{20 * 16});
        }).find("link start cell index 320 is outside the grid") != std::string::npos);
  CHECK(damaged([&](auto& b) {
          put(b, firstLink + 8, int32_t{-1});
        }).find("link end cell index -1") != std::string::npos);
  const std::string nan = damaged([&](auto& b) { put(b, firstLink + 12, std::nan("")); });
  INFO(nan);
  CHECK(nan.find("link cost must be a finite number >= 0, got") != std::string::npos);
  CHECK(damaged([&](auto& b) { b[firstLink + 20] = 2; }).find("one-way flag is 2") !=
        std::string::npos);
  CHECK(damaged([&](auto& b) {
          int32_t id;
          std::memcpy(&id, b.data() + firstLink, 4);
          put(b, firstLink + 21, id);
        }).find("is taken") != std::string::npos);
  CHECK(damaged([&](auto& b) {
          put(b, firstLink, int32_t{0});
        }).find("link id must be a positive integer, got 0") != std::string::npos);
  // Two RULE sections.
  CHECK(damaged([&](auto& b) {
          const std::vector<uint8_t> again(b.begin() + static_cast<std::ptrdiff_t>(body - 12),
                                           b.end());
          b.insert(b.end(), again.begin(), again.end());
          const uint64_t length = b.size() - kSavedHeaderBytes;
          std::memcpy(b.data() + 16, &length, 8);
        }).find("more than one RULE section") != std::string::npos);
}
