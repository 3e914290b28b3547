#!/bin/sh
# tilepath's JPS against warthog's jps2 (online, block-based, intercardinal pruning) on the same
# Moving AI problems, natively (warthog.cpp says what each side's timed call does).
#   WARTHOG_DIR=/path/to/folder tests/bench/native/warthog.sh [ROUNDS] [MAP...]
# WARTHOG_DIR holds warthog-core/ and warthog-jps/ (github.com/ShortestPathLab, sources kept
# out of this repository). Both are compiled as tilepath is (g++ -O3 -DNDEBUG, no -march) into
# $WARTHOG_BUILD (default $WARTHOG_DIR/build-tilepath), with build/native/libtilepath_core.a
# (npm run build). Without WARTHOG_DIR it prints one line and exits 0. Maps: tests/data/movingai
# unless given (a MAP needs MAP.scen beside it). STRIDE=n: every n-th problem.
set -e
if [ -z "$WARTHOG_DIR" ]; then
  echo "warthog jps2 comparison: skipped (set WARTHOG_DIR to a folder with warthog-core and warthog-jps)"
  exit 0
fi
root=$(cd "$(dirname "$0")/../../.." && pwd)
core="$WARTHOG_DIR/warthog-core"
jps="$WARTHOG_DIR/warthog-jps"
out="${WARTHOG_BUILD:-$WARTHOG_DIR/build-tilepath}"
lib="$root/build/native/libtilepath_core.a"
for d in "$core/include/warthog" "$jps/include/jps"; do
  [ -d "$d" ] || { echo "warthog.sh: $d is missing (WARTHOG_DIR=$WARTHOG_DIR)" >&2; exit 1; }
done
[ -f "$lib" ] || { echo "warthog.sh: $lib is missing (run npm run build)" >&2; exit 1; }
CXX="${CXX:-g++}"
flags="-std=c++20 -O3 -DNDEBUG -w"
mkdir -p "$out/include/warthog" "$out/obj"
# The header warthog's CMake would configure (no optional instruction sets).
cat > "$out/include/warthog/config.h.new" <<'H'
#ifndef WARTHOG_APP_CONFIG_H
#define WARTHOG_APP_CONFIG_H
#define WARTHOG_VERSION "tilepath-bench"
#endif
H
cmp -s "$out/include/warthog/config.h.new" "$out/include/warthog/config.h" ||
  mv "$out/include/warthog/config.h.new" "$out/include/warthog/config.h"
rm -f "$out/include/warthog/config.h.new"
incs="-I$out/include -I$core/include -I$jps/include"
objs=""
for src in $(find "$core/src" "$jps/src" -name '*.cpp' | sort); do
  obj="$out/obj/$(echo "$src" | sed "s|^$WARTHOG_DIR/||; s|/|_|g").o"
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ]; then
    $CXX $flags $incs -c "$src" -o "$obj"
  fi
  objs="$objs $obj"
done
bin="$out/warthog-bench"
if [ ! -f "$bin" ] || [ "$root/tests/bench/native/warthog.cpp" -nt "$bin" ] || [ "$lib" -nt "$bin" ]; then
  $CXX $flags $incs -I"$root/cpp/include" -I"$root/tests/bench/native" \
    "$root/tests/bench/native/warthog.cpp" $objs "$lib" -o "$bin"
fi
rounds=3
case "$1" in
  '' | *[!0-9]*) ;;
  *) rounds=$1; shift ;;
esac
if [ $# -eq 0 ]; then
  set -- $(ls "$root"/tests/data/movingai/*.map)
fi
echo "warthog jps2 vs tilepath JPS, natively: $rounds rounds, least per problem over the rounds, medians over problems (us)"
exec "$bin" "$rounds" "$@"
