/** A stand-in for a tilepath Grid that records what the engine adapters tell it. */
export function recordingGrid(width, height, cells) {
  const data = cells ? Uint8Array.from(cells) : new Uint8Array(width * height);
  const calls = [];
  return {
    width,
    height,
    calls,
    data,
    get: (x, y) => data[y * width + x],
    set(x, y, cls) {
      calls.push(['set', x, y, cls]);
      data[y * width + x] = cls;
    },
    setCost: (cls, cost) => calls.push(['setCost', cls, cost]),
  };
}
