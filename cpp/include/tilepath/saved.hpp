// A grid saved with everything prepared on it (its reachability labels, the position grids of
// the unit sizes in use and their labels, the hpa hierarchy), so that a game builds these once,
// offline or at the first run, and loads a level without building them again.
//
// The format (little-endian throughout):
//   header   "TILEPATH" (8 bytes), format version (u32), flags (u32, 0), body length (u64),
//            checksum of the body (u64, saved.cpp's checksum())
//   body     sections, each a tag of 4 ASCII bytes, a length (u64) and that many bytes:
//            "GRID" (first, once: sides, shape, cost table, cells), "LABL" (a labelling of the
//            cells), "UNIT" (one unit size's positions and labels), "HIER" (the hierarchy),
//            "PROF" (movement profiles: a count (u32), then each one's name (a length byte and
//            that many bytes) and 256 costs (f64); what they derive is built again on use),
//            "RULE" (entry rules and links: 256 entry masks (u8), the next link id (i32), a
//            count (u32) and each link's id, cells a and b (i32), cost (f64), one way (u8)).
// A reader refuses an unknown tag or version naming it, so new sections come with a new
// version or a tag older readers refuse by name. Lengths
// are checked against the bytes present before anything is allocated: a hostile buffer cannot
// make a reader allocate more than a small multiple of its own size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "tilepath/components.hpp"
#include "tilepath/footprints.hpp"
#include "tilepath/grid.hpp"
#include "tilepath/hierarchy.hpp"

namespace tilepath {

constexpr uint32_t kSavedVersion = 1;
constexpr std::size_t kSavedHeaderBytes = 32;

// What a saved grid is, read from its header and GRID section (checksum included).
struct SavedHeader {
  int width = 0, height = 0;
  GridShape shape;
};

class SavedReader;
class SavedWriter;

// A grid's hierarchy as a save sees it: made by loadSaved when the save holds one. Its functions
// are virtual (saved_hierarchy.cpp), so that a program that never constructs one links none of
// the hierarchy's code (tilepath.wasm, the build without big maps).
class SavedHierarchy {
 public:
  explicit SavedHierarchy(std::unique_ptr<Hierarchy>& hierarchy) : hierarchy(hierarchy) {}
  virtual ~SavedHierarchy() = default;
  // Every built rule's graph brought up to date (what its next query would do); an error when
  // one could not grow.
  virtual std::string bringUpToDate();
  virtual void write(SavedWriter& w) const;
  virtual bool read(SavedReader& r, const Grid& grid);
  std::unique_ptr<Hierarchy>& hierarchy;
};

// The structures derived from one grid that a save holds; any may be null (not saved, or not
// loaded: its section is skipped).
// A movement profile beside the grid's own table (profiles.hpp), as a save holds it.
struct SavedProfile {
  std::string name;
  double costs[Grid::kClasses] = {};  // 0 = blocked
};

struct SavedParts {
  Components* labels = nullptr;
  Footprints* unitSizes = nullptr;
  SavedHierarchy* hierarchy = nullptr;
  // Written when not empty; filled on load (left empty when the save holds none).
  std::vector<SavedProfile>* profiles = nullptr;
};

// Writes `grid` and what `parts` hold into `out`. A hierarchy is brought up to date first (what
// its next query would do), so the save holds no half-done work; labellings being built in
// slices are left out (built again on first use after loading). Returns an error when a
// hierarchy could not be brought up to date (memory), else empty.
std::string saveGrid(const Grid& grid, const SavedParts& parts, std::vector<uint8_t>& out);

// Checks a saved buffer's header, checksum and GRID section: empty and `header` filled, or an
// error naming what is wrong (truncated, another version, a corrupted byte, an unknown section).
std::string readSavedHeader(const uint8_t* data, std::size_t size, SavedHeader& header);

// Loads a saved buffer into a grid made with readSavedHeader's sides and shape, with nothing
// else done to it yet, and the structures of `parts` made over that grid. Returns an error
// (the grid and parts are then in an unspecified but safe state: throw them away) or empty.
// `summed`: readSavedHeader has checked these very bytes' checksum (not computed again).
std::string loadSaved(const uint8_t* data, std::size_t size, Grid& grid, const SavedParts& parts,
                      bool summed = false);

// The header's checksum of a body (for tools and tests that build or mend a saved buffer).
uint64_t savedChecksum(const uint8_t* body, std::size_t size);

// The byte streams the sections are written with and read from.
class SavedWriter {
 public:
  template <typename T>
  void put(const T& value) {
    putBytes(&value, sizeof(T));
  }
  // A count (u64), then the values.
  template <typename T>
  void putVector(const std::vector<T>& values) {
    put<uint64_t>(values.size());
    putBytes(values.data(), values.size() * sizeof(T));
  }
  void putBytes(const void* bytes, std::size_t count) {
    const auto* p = static_cast<const uint8_t*>(bytes);
    out_.insert(out_.end(), p, p + count);
  }
  std::vector<uint8_t>& bytes() { return out_; }

 private:
  std::vector<uint8_t> out_;
};

class SavedReader {
 public:
  SavedReader(const uint8_t* data, std::size_t size, std::string what)
      : p_(data), end_(data + size), what_(std::move(what)) {}
  template <typename T>
  bool get(T& value) {
    return getBytes(&value, sizeof(T));
  }
  bool getBytes(void* out, std::size_t count) {
    if (!take(count)) return false;
    std::memcpy(out, p_ - count, count);
    return true;
  }
  // A count and that many values; refused when the count is above `most` or the bytes are not
  // there (checked before allocating).
  template <typename T>
  bool getVector(std::vector<T>& values, uint64_t most, const char* name) {
    uint64_t count = 0;
    if (!get(count)) return false;
    if (count > most || count > remaining() / sizeof(T)) {
      return fail(std::string(name) + " holds " + std::to_string(count) + " entries, more than " +
                  (count > most ? "it can (" + std::to_string(most) + ")"
                                : "the bytes left in the section"));
    }
    values.resize(static_cast<std::size_t>(count));
    if (count)
      std::memcpy(static_cast<void*>(values.data()), p_,
                  static_cast<std::size_t>(count) * sizeof(T));
    p_ += count * sizeof(T);
    return true;
  }
  // Always false; the first failure's `why` becomes error() (checks read `ok || r.fail(...)`,
  // so that a message is only made for a failure).
  bool fail(const std::string& why) {
    if (error_.empty()) error_ = what_ + ": " + why;
    return false;
  }
  std::size_t remaining() const { return static_cast<std::size_t>(end_ - p_); }
  const std::string& error() const { return error_; }
  bool ok() const { return error_.empty(); }

 private:
  bool take(std::size_t n) {
    if (remaining() < n) return fail("ends early (truncated)");
    p_ += n;
    return true;
  }
  const uint8_t* p_;
  const uint8_t* end_;
  std::string what_;
  std::string error_;
};

}  // namespace tilepath
