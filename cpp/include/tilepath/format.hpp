// Numbers in messages, without printf (which would put C's whole float formatting, some 8 KB,
// in the wasm): the same text as the standard library's, exactly, for every double.
#pragma once

#include <string>

namespace tilepath {

// As std::to_string(double), i.e. "%f": "2.500000", "-inf", "nan".
std::string formatFixed(double v);
// As "%.17g": every digit needed to read the double back, "1e+308", "0.10000000000000001".
std::string formatPrecise(double v);

}  // namespace tilepath
