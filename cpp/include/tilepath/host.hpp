// What the program tilepath runs in provides: how much memory is left, and a clock. A host with
// a hard memory limit (wasm: 2 GB, and running out inside the core, built without exceptions,
// aborts the instance) installs checks that are asked before every large allocation, so a query
// that would not fit is refused with memoryError's message instead; natively nothing is
// installed and every check passes. One memory policy for every query (World), the searcher's
// open list (Searcher::setRoomCheck) and every derived structure a query builds.
#pragma once

#include <initializer_list>
#include <string>

namespace tilepath::host {

struct Memory {
  // Whether `bytes` and the host's reserve fit by a quick measure (no allocation).
  bool (*room)(double bytes) = nullptr;
  // Whether blocks of these sizes can all be allocated at once right now (tried for real).
  bool (*fits)(std::initializer_list<double> blocks) = nullptr;
  // "not enough memory for <what>: needs about N MB ..." in the host's words.
  std::string (*error)(const char* what, double needed) = nullptr;
};

// Installs the host's checks (once, before any query).
void setMemory(const Memory& memory);
// room(needed) && fits(blocks): whether a query needing `needed` bytes, whose large blocks are
// `blocks`, may run now.
bool roomFor(double needed, std::initializer_list<double> blocks);
// roomFor(bytes, {bytes}): one block.
inline bool roomFor(double bytes) {
  return roomFor(bytes, {bytes});
}
std::string memoryError(const char* what, double needed);

// Milliseconds from a fixed start (the host's clock when installed; steady_clock natively): what
// result.built's times are measured with.
void setClock(double (*nowMs)());
double nowMs();

}  // namespace tilepath::host
