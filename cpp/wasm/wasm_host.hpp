// The wasm host's memory policy and clock (tilepath/host.hpp), installed for the core at load:
// how much of the 2 GB wasm memory is left, whether blocks can be had now (tried with malloc,
// which returns null where a failed std::vector allocation would abort the instance), the
// message a refusal gives, and the module's clock. The bindings ask the same checks for the
// buffers JS writes into.
#pragma once

#include <initializer_list>
#include <string>

namespace tilepath::wasm {

// The wasm memory's limit (MAXIMUM_MEMORY).
double heapMax();
// Whether `needed` bytes and a reserve fit by a quick measure.
bool roomFor(double needed);
// Whether blocks of these sizes can all be allocated at once right now.
bool fits(std::initializer_list<double> blocks);
std::string memoryError(const char* what, double needed);
// What the build without big maps answers for them.
std::string noBigMaps(const char* what);
// Milliseconds since the module loaded.
double nowMs();

}  // namespace tilepath::wasm
