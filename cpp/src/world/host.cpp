#include "tilepath/host.hpp"

#include <chrono>

namespace tilepath::host {

namespace {
Memory& installed() {
  static Memory memory;
  return memory;
}
double (*&clock())() {
  static double (*now)() = nullptr;
  return now;
}
}  // namespace

void setMemory(const Memory& memory) {
  installed() = memory;
}

bool roomFor(double needed, std::initializer_list<double> blocks) {
  const Memory& m = installed();
  return (m.room == nullptr || m.room(needed)) && (m.fits == nullptr || m.fits(blocks));
}

std::string memoryError(const char* what, double needed) {
  const Memory& m = installed();
  if (m.error) return m.error(what, needed);
  return std::string("not enough memory for ") + what + ": needs about " +
         std::to_string(static_cast<long long>(needed / (1 << 20)) + 1) + " MB more";
}

void setClock(double (*nowMs)()) {
  clock() = nowMs;
}

double nowMs() {
  if (clock()) return clock()();
  using namespace std::chrono;
  static const steady_clock::time_point start = steady_clock::now();
  return duration<double, std::milli>(steady_clock::now() - start).count();
}

}  // namespace tilepath::host
