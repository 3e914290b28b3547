#include "tilepath/format.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

namespace tilepath {
namespace {

// A finite double's magnitude as it is exactly in decimal: `digits` (no leading zeros, "0" for
// zero) times 10^-scale. A double is m * 2^e with m < 2^53: for e < 0 that is m * 5^-e / 10^-e,
// so only multiplications are needed (at most 1074 factors of 5: some 770 digits).
struct Decimal {
  std::string digits;
  int scale = 0;
};

Decimal exactDecimal(uint64_t bits) {
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  uint64_t mantissa = bits & ((uint64_t{1} << 52) - 1);
  if (biased != 0) mantissa |= uint64_t{1} << 52;
  int exponent = (biased != 0 ? biased : 1) - 1075;
  while (mantissa != 0 && (mantissa & 1) == 0 && exponent < 0) {
    mantissa >>= 1;
    ++exponent;
  }
  constexpr uint32_t kBase = 1000000000;  // nine decimal digits a limb, least significant first
  std::vector<uint32_t> limbs;
  for (; mantissa != 0; mantissa /= kBase) limbs.push_back(static_cast<uint32_t>(mantissa % kBase));
  // Multiplies by `factor` `count` times, `step` factors (at most 2^29 or 5^13 together) at once.
  auto multiply = [&limbs](uint32_t factor, int count, int step) {
    while (count > 0) {
      const int now = count < step ? count : step;
      uint64_t by = 1;
      for (int i = 0; i < now; ++i) by *= factor;
      uint64_t carry = 0;
      for (uint32_t& limb : limbs) {
        const uint64_t product = limb * by + carry;
        limb = static_cast<uint32_t>(product % kBase);
        carry = product / kBase;
      }
      for (; carry != 0; carry /= kBase) limbs.push_back(static_cast<uint32_t>(carry % kBase));
      count -= now;
    }
  };
  Decimal d;
  if (exponent > 0) multiply(2, exponent, 29);
  if (exponent < 0) {
    multiply(5, -exponent, 13);
    d.scale = -exponent;
  }
  if (limbs.empty()) limbs.push_back(0);
  for (std::size_t i = limbs.size(); i-- > 0;) {
    char nine[9];
    uint32_t limb = limbs[i];
    for (int k = 8; k >= 0; --k, limb /= 10) nine[k] = static_cast<char>('0' + limb % 10);
    int from = 0;
    if (i + 1 == limbs.size())
      while (from < 8 && nine[from] == '0') ++from;
    d.digits.append(nine + from, nine + 9);
  }
  return d;
}

// Keeps the first `keep` digits, rounded to nearest by those dropped, ties to even (as printf
// rounds the exact value). A carry out of the first digit makes the result one digit longer.
void roundTo(std::string& digits, std::size_t keep) {
  if (keep >= digits.size()) return;
  const char next = digits[keep];
  const bool after = digits.find_first_not_of('0', keep + 1) != std::string::npos;
  const bool odd = keep > 0 && (digits[keep - 1] - '0') % 2 == 1;
  const bool up = next > '5' || (next == '5' && (after || odd));
  digits.resize(keep);
  if (!up) return;
  std::size_t i = keep;
  while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
  if (i > 0)
    ++digits[i - 1];
  else
    digits.insert(digits.begin(), '1');
}

// The sign into `out`; then "inf" or "nan" for what has no digits (true), or the magnitude's exact
// decimal into `d` (false).
bool special(double v, std::string& out, Decimal& d) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  if (bits >> 63) out = "-";
  if (((bits >> 52) & 0x7ff) != 0x7ff) {
    d = exactDecimal(bits);
    return false;
  }
  out += (bits & ((uint64_t{1} << 52) - 1)) != 0 ? "nan" : "inf";
  return true;
}

}  // namespace

std::string formatFixed(double v) {
  constexpr int kDecimals = 6;
  std::string out;
  Decimal d;
  if (special(v, out, d)) return out;
  // The value times 10^6, rounded to a whole number.
  if (d.scale <= kDecimals) {
    d.digits.append(static_cast<std::size_t>(kDecimals - d.scale), '0');
  } else {
    const long long keep = static_cast<long long>(d.digits.size()) - (d.scale - kDecimals);
    if (keep < 0) d.digits.insert(0, static_cast<std::size_t>(-keep), '0');
    roundTo(d.digits, keep < 0 ? 0 : static_cast<std::size_t>(keep));
  }
  std::string& n = d.digits;
  n.erase(0, n.find_first_not_of('0') == std::string::npos ? n.size() : n.find_first_not_of('0'));
  if (n.size() < kDecimals + 1) n.insert(0, kDecimals + 1 - n.size(), '0');
  n.insert(n.size() - kDecimals, 1, '.');
  return out + n;
}

std::string formatPrecise(double v) {
  constexpr int kDigits = 17;
  std::string out;
  Decimal d;
  if (special(v, out, d)) return out;
  if (d.digits == "0") return out + "0";
  // The exponent of the first digit, as %e would print it after rounding.
  int exponent = static_cast<int>(d.digits.size()) - 1 - d.scale;
  roundTo(d.digits, kDigits);
  if (d.digits.size() > kDigits) {
    d.digits.resize(kDigits);
    ++exponent;
  }
  std::string& s = d.digits;
  s.resize(s.find_last_not_of('0') + 1);  // %g drops trailing zeros (and then a lone point)
  std::string text;
  if (exponent >= -4 && exponent < kDigits) {
    if (exponent < 0) {
      text = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + s;
    } else {
      const auto whole = static_cast<std::size_t>(exponent) + 1;
      if (s.size() < whole) s.append(whole - s.size(), '0');
      text = s.substr(0, whole);
      if (s.size() > whole) text += "." + s.substr(whole);
    }
  } else {
    text = s.substr(0, 1);
    if (s.size() > 1) text += "." + s.substr(1);
    text += exponent < 0 ? "e-" : "e+";
    const int magnitude = exponent < 0 ? -exponent : exponent;
    if (magnitude < 10) text += '0';
    std::string power;
    for (int m = magnitude; m > 0; m /= 10)
      power.insert(power.begin(), static_cast<char>('0' + m % 10));
    text += power;
  }
  return out + text;
}

}  // namespace tilepath
