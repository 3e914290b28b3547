// The wasm host (wasm_host.hpp): memory checks and the clock, installed for the core at load.
#include "wasm_host.hpp"

#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <malloc.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <iterator>

#include "tilepath/host.hpp"
#include "tilepath/searcher.hpp"

#define TILEPATH_SMALL __attribute__((minsize))

namespace tilepath::wasm {

// The wasm memory's limit (MAXIMUM_MEMORY), fixed at build time: asked of JS once.
double heapMax() {
  static const double max = static_cast<double>(emscripten_get_heap_max());
  return max;
}

// Bytes malloc could hand out before the wasm memory reaches its maximum, if the free ones were
// one block: a quick first check. Free holes between live grids count here, so it can pass
// where a large block cannot be had: fits() then tries for real.
static double freeBytes() {
  const double inUse = static_cast<double>(mallinfo().uordblks);
  return heapMax() - inUse;
}

// Room kept free for the JS side's copies of results and for fragmentation.
constexpr double kMemoryMargin = 32.0 * (1 << 20);

// Whether `needed` bytes and the reserve fit by freeBytes()'s measure. mallinfo() walks the whole
// heap (microseconds: more than a short search), so the bytes above the heap's top (sbrk(0)),
// which malloc has never handed out, are asked first: they are a lower bound of freeBytes(), as
// every byte in use lies below the top. Only a heap grown near the limit takes the walk.
bool roomFor(double needed) {
  const double wanted = needed + kMemoryMargin;
  const double top = static_cast<double>(reinterpret_cast<uintptr_t>(sbrk(0)));
  return wanted <= heapMax() - top || wanted <= freeBytes();
}

// The clock of result.built: milliseconds since the module loaded. Its start is read by a static
// initializer that runs before the registrations (EMSCRIPTEN_BINDINGS, below): both builds then
// import emscripten_get_now at the same place, as their glues must be the same
// (js/tools/build.mjs), whichever of its callers the build without big maps leaves out.
const double kModuleLoaded = emscripten_get_now();
double nowMs() {
  return emscripten_get_now() - kModuleLoaded;
}

// What the build without big maps answers for them.
TILEPATH_SMALL std::string noBigMaps(const char* what) {
  return std::string(what) +
         " is one of the big-map features, which this build (tilepath.wasm) leaves out: load "
         "tilepath-bigmaps.wasm instead, with createPathfinder({ bigMaps: true }) (for a "
         "PathWorker, loadOptions: { bigMaps: true })";
}

TILEPATH_SMALL std::string memoryError(const char* what, double needed) {
  return std::string("not enough wasm memory for ") + what + ": needs about " +
         std::to_string(static_cast<long long>(needed / (1 << 20)) + 1) + " MB more and a " +
         std::to_string(static_cast<long long>(kMemoryMargin / (1 << 20))) + " MB reserve, " +
         std::to_string(static_cast<long long>(freeBytes() / (1 << 20))) +
         " MB left of the 2 GB wasm limit (dispose grids you no longer need)";
}

// Whether blocks of these sizes can all be allocated at once right now. Running out inside the
// core (a std::vector, built without exceptions) would abort the instance, so what is about to be
// allocated is tried first with malloc, which returns null instead (memory growth makes
// ABORTING_MALLOC 0), and given back; the core's allocations then get that space.
bool fits(std::initializer_list<double> blocks) {
  // No allocation of its own: searches call this every time. Volatile, so that the trial
  // allocations are made: where fits({b}) was inlined (the growth check below), clang removed a
  // malloc whose block was only compared with null and freed, and the check always passed.
  void* volatile held[8] = {};
  std::size_t count = 0;
  bool ok = blocks.size() <= std::size(held);
  for (double bytes : blocks) {
    if (!ok) break;
    if (bytes <= 0) continue;
    void* block = bytes < heapMax() ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
    ok = block != nullptr;
    if (ok) held[count++] = block;
  }
  for (std::size_t i = 0; i < count; ++i) std::free(held[i]);
  return ok;
}

// Searches ask before their open list or queue grows mid-search (doubling): a refusal ends the
// search with an error rather than a failed allocation, which would abort the instance. So a
// search allocates what it uses, not room for every cell on its open list at once.
[[maybe_unused]] const bool kGrowthChecked = (Searcher::setRoomCheck([](std::size_t bytes) {
                                                const double b = static_cast<double>(bytes);
                                                return roomFor(b) && fits({b});
                                              }),
                                              true);

// Every query of the core (World) asks the same checks before it builds anything large, and
// times what it builds on the module's clock.
[[maybe_unused]] const bool kHostInstalled =
    (host::setMemory({roomFor, fits, memoryError}), host::setClock(nowMs), true);

}  // namespace tilepath::wasm
