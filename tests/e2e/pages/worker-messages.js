// What the worker tests record of a posted message, in Node and in pages alike (no Node
// built-ins): its size, and a summary to compare whole, field by field.

/** Bytes a message carries: typed arrays and buffers by size, 8 per number, 1 per character. */
export function bytesOf(value) {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 8;
  if (typeof value === 'string') return value.length;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return value.byteLength;
  return Object.entries(value).reduce((sum, [key, item]) => sum + key.length + bytesOf(item), 0);
}

/**
 * Every field of a message the client posts, with arrays reduced to their counts (measure it
 * before postMessage: a transfer empties them). A field added to the protocol and not here
 * shows up as `unexpected`, so a comparison of whole summaries notices it.
 */
export function summarize(message) {
  const { type } = message;
  if (type === 'init') {
    const { type: _, width, height, cells, offset, costs, loadOptions, ...rest } = message;
    const { orientation, staggerAxis, staggerIndex, ...unexpected } = rest;
    return {
      type,
      width,
      height,
      cells: cells ? cells.byteLength : null,
      offset,
      costs: costs ? costs.length / 2 : 0,
      loadOptions,
      shape: `${orientation} ${staggerAxis} ${staggerIndex}`,
      ...(Object.keys(unexpected).length ? { unexpected } : {}),
    };
  }
  if (type === 'update') {
    const {
      type: _,
      seq,
      cells,
      indices,
      values,
      costs,
      requests,
      options,
      cancel,
      ...unexpected
    } = message;
    return {
      type,
      seq,
      level: cells ? cells.byteLength : 0,
      cells: indices.length,
      values: values.length,
      costs: costs ? costs.length / 2 : 0,
      requests: requests ? requests.length / 7 : 0,
      options: options ? options.length : 0,
      cancel: cancel ? cancel.length : 0,
      ...(Object.keys(unexpected).length ? { unexpected } : {}),
    };
  }
  return { type, unexpected: message };
}
