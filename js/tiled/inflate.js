// zlib / gzip inflate with an output limit. Tiled says how many tiles a layer holds, so the
// output size is known before inflating: the stream is fed in small pieces and stopped as soon
// as it produces more than that, so a decompression bomb costs a few milliseconds, not gigabytes.
// Synchronous on purpose (fflate's streaming classes): WeChat mini-games have no
// DecompressionStream.

import { Gunzip, Unzlib } from '../../dist/fflate.mjs';

// Deflate expands at most ~1032:1, so one piece can overshoot the limit by at most ~8 MB.
const PIECE = 8192;

class TooLarge extends Error {}

/**
 * Inflates `bytes` (zlib or gzip) into `out`, whose length is the exact expected size.
 * Returns the number of bytes produced (less than out.length when the data is short); throws a
 * RangeError as soon as the data would produce more.
 */
export function inflateInto(bytes, compression, out, where) {
  let written = 0;
  const onData = (chunk) => {
    if (chunk.length > out.length - written) throw new TooLarge();
    out.set(chunk, written);
    written += chunk.length;
  };
  const stream = compression === 'zlib' ? new Unzlib(onData) : new Gunzip(onData);
  try {
    if (bytes.length === 0) stream.push(bytes, true);
    for (let at = 0; at < bytes.length; at += PIECE) {
      stream.push(bytes.subarray(at, at + PIECE), at + PIECE >= bytes.length);
    }
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new RangeError(
        `${where}: ${compression} data inflates to more than the ${out.length} bytes ` +
          `(${out.length / 4} tiles) the layer says it holds; stopped there`,
      );
    }
    throw new TypeError(`${where}: ${compression} data cannot be decompressed (${error.message})`);
  }
  return written;
}
