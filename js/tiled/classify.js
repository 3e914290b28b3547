// Tile classification: a GID and what its tileset says about it -> the class byte of a cell.
// No parsing and no inflate here: the Cocos and Laya adapters classify the engine's own tiles
// with this module alone.

import { shown } from './values.js';

/** Tiled stores flips and rotations in the top 4 bits of a GID. */
export const FLIPPED_HORIZONTALLY = 0x80000000;
export const FLIPPED_VERTICALLY = 0x40000000;
export const FLIPPED_DIAGONALLY = 0x20000000;
export const ROTATED_HEXAGONAL_120 = 0x10000000;
export const GID_MASK = 0x0fffffff;

/** The class the default convention gives to a tile that says nothing (any tile = wall). */
export const DEFAULT_TILE_CLASS = 1;

/** The classes a tile or shape without properties gets, by what its layer holds. */
const PLAIN_CLASS = { walls: DEFAULT_TILE_CLASS, floor: 0 };

/** Checks `tiles: 'walls' | 'floor'` (what a tile without properties means). */
export function checkTilesMeaning(value, where = 'options.tiles') {
  if (value === undefined) return 'walls';
  if (value !== 'walls' && value !== 'floor') {
    throw new TypeError(
      `${where} must be 'walls' (a tile is a wall) or 'floor' (a tile is floor, empty is void), got ${shown(value)}`,
    );
  }
  return value;
}

/**
 * The documented property convention: { cls } for a fixed class, { cls, cost } for a class with
 * a cost, { cost } for a cost that needs a class of its own. `what` names the thing in errors
 * ("tile GID 7", "object 12").
 */
export function conventionOf(what, info, tiles = 'walls') {
  const pick = (key) => {
    if (info.properties[key] !== undefined) return info.properties[key];
    return info.tileset?.properties?.[key];
  };
  const pathClass = pick('pathClass');
  let blocked = pick('blocked');
  const collides = pick('collides');
  const cost = pick('cost');
  const entry = pick('entry');
  if (entry !== undefined && (typeof entry !== 'string' || entry.trim() === '')) {
    throw new TypeError(
      `${what}: property entry must be a string of direction names like "right,down", got ${shown(entry)}`,
    );
  }
  if (entry !== undefined && blocked !== true && pathClass === undefined) {
    // A one-way tile needs a class of its own, whose entry rule it sets (not class 0's).
    return { cost: cost ?? 1, entry: normalEntry(entry) };
  }
  if (
    pathClass !== undefined &&
    (!Number.isInteger(pathClass) || pathClass < 0 || pathClass > 255)
  ) {
    throw new RangeError(
      `${what}: property pathClass must be an integer 0..255, got ${shown(pathClass)}`,
    );
  }
  if (blocked !== undefined && typeof blocked !== 'boolean') {
    throw new TypeError(`${what}: property blocked must be a bool, got ${shown(blocked)}`);
  }
  if (collides !== undefined && typeof collides !== 'boolean') {
    throw new TypeError(`${what}: property collides must be a bool, got ${shown(collides)}`);
  }
  // `collides` is the name Phaser's world uses for the same thing; `blocked` wins when both are set.
  blocked ??= collides;
  if (cost !== undefined && (typeof cost !== 'number' || !(cost > 0) || !Number.isFinite(cost))) {
    throw new RangeError(
      `${what}: property cost must be a number > 0 (use blocked for walls), got ${shown(cost)}`,
    );
  }
  if (pathClass !== undefined)
    return entry === undefined
      ? { cls: pathClass, cost, explicit: true }
      : { cls: pathClass, cost, explicit: true, entry: normalEntry(entry) };
  if (blocked === true) return { cls: DEFAULT_TILE_CLASS };
  if (cost !== undefined) return cost === 1 ? { cls: 0 } : { cost };
  if (blocked === false) return { cls: 0 };
  // Collision Editor shapes (read.js works out what they say): after the properties, which win.
  if (info.collision === 'blocks') return { cls: DEFAULT_TILE_CLASS };
  if (info.collision === 'open') return { cls: 0 };
  return { cls: PLAIN_CLASS[tiles] };
}

/** "right, down" -> "right,down": one spelling per rule, so equal rules share a class. */
const normalEntry = (entry) =>
  entry
    .split(',')
    .map((d) => d.trim())
    .join(',');

const RULE_PROPERTIES = ['pathClass', 'blocked', 'collides', 'cost', 'entry'];
/** `cost.NAME` and `blocked.NAME`: a movement profile's cost of the tile (docs/profiles.md). */
const PROFILE_PROPERTY = /^(cost|blocked)\.(.+)$/;
const PROFILE_NAME = /^[\x20-\x7e]{1,64}$/;

/**
 * The movement profiles' costs a tile's (or its tileset's) properties give: name -> cost,
 * Infinity where `blocked.NAME` is true; `cost.NAME` wins over `blocked.NAME` = false (which
 * alone means 1). Empty when it has none.
 */
export function profileCostsOf(what, info) {
  /** @type {Map<string, { cost?: number, blocked?: boolean }>} */
  const said = new Map();
  for (const properties of [info.tileset?.properties, info.properties]) {
    for (const [key, value] of Object.entries(properties ?? {})) {
      const match = PROFILE_PROPERTY.exec(key);
      if (!match) continue;
      const [, kind, name] = match;
      if (!PROFILE_NAME.test(name) || name === 'default') {
        throw new RangeError(
          `${what}: property ${shown(key)} names no profile (1 to 64 printable ASCII characters, ` +
            "not 'default': the plain cost and blocked properties are the default profile's)",
        );
      }
      if (
        kind === 'cost' &&
        (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
      ) {
        throw new RangeError(
          `${what}: property ${key} must be a number > 0 (use blocked.${name} for walls), got ${shown(value)}`,
        );
      }
      if (kind === 'blocked' && typeof value !== 'boolean') {
        throw new TypeError(`${what}: property ${key} must be a bool, got ${shown(value)}`);
      }
      said.set(name, { ...said.get(name), [kind === 'cost' ? 'cost' : 'blocked']: value });
    }
  }
  const costs = new Map();
  for (const [name, { cost, blocked }] of said) costs.set(name, cost ?? (blocked ? Infinity : 1));
  return costs;
}

/** Whether the tile (or its tileset) has one of the convention's properties. */
export function hasRuleProperties(info) {
  const has = (properties) =>
    Object.keys(properties ?? {}).some(
      (key) => RULE_PROPERTIES.includes(key) || PROFILE_PROPERTY.test(key),
    );
  return has(info.properties) || has(info.tileset?.properties);
}

/** A tile that says nothing: no convention property and no collision shapes that count. */
export const saysNothing = (info) => !hasRuleProperties(info) && !info.collision;

/** A class returned by a caller's classOf: an integer 0..255, or a RangeError naming the call. */
export function checkedClass(cls, call) {
  if (!Number.isInteger(cls) || cls < 0 || cls > 255) {
    throw new RangeError(`${call} returned ${shown(cls)}; a class is an integer 0..255`);
  }
  return cls;
}

const SMALL_GIDS = 1 << 16;

/** The distinct tiles (flip bits masked) of a layer, in increasing GID order. */
function distinctTiles(gids) {
  const small = new Uint8Array(SMALL_GIDS);
  const large = new Set();
  for (let i = 0; i < gids.length; i++) {
    const gid = gids[i] & GID_MASK;
    if (gid < SMALL_GIDS) small[gid] = 1;
    else large.add(gid);
  }
  const out = [];
  for (let gid = 0; gid < SMALL_GIDS; gid++) if (small[gid]) out.push(gid);
  return out.concat([...large].sort((p, q) => p - q));
}

const NO_TILE = Object.freeze({ id: -1, tileset: null, properties: Object.freeze({}), type: '' });

/**
 * Maps raw GIDs (flags included) to cell classes, caching per GID. Used by readTiledLayer and by
 * the Cocos/Laya adapters, which keep one alive to classify tiles the game places later.
 * `tiles: 'floor'` makes a tile without properties floor (class 0) and an empty cell void
 * (class 1); 'walls' (default) the other way round.
 * @param {{ classOf?: Function, tileInfo?: (gid: number) => object, onCost?: (cls: number, cost: number) => void, onEntry?: (cls: number, entry: string) => void, tiles?: 'walls' | 'floor' }} options
 */
export function createTileClassifier({ classOf, tileInfo, onCost, onEntry, tiles } = {}) {
  if (classOf !== undefined && typeof classOf !== 'function') {
    throw new TypeError('classOf must be a function (gid, properties, tile) => class 0..255');
  }
  const meaning = checkTilesMeaning(tiles);
  const info = tileInfo ?? ((gid) => ({ id: gid, tileset: null, properties: {}, type: '' }));
  // masked gid -> class, one cache per meaning of a plain tile ('walls' | 'floor')
  const caches = { walls: new Map(), floor: new Map() };
  const costs = new Map(); // class -> cost (from the default convention)
  const costClass = new Map(); // cost (and entry rule, "cost|entry") -> class allocated for it
  const entries = new Map(); // class -> entry rule ("right,down") from the property entry
  const reserved = new Set([0, DEFAULT_TILE_CLASS]); // classes claimed by pathClass or a cost
  /** @type {Map<string, Map<number, number>>} */
  const profileCosts = new Map(); // profile -> class -> cost (cost.NAME, blocked.NAME)
  const profiledClass = new Map(); // a profiled tile's signature -> the class allocated for it

  const record = (what, cls, cost) => {
    if (cost !== undefined) {
      const known = costs.get(cls);
      if (known !== undefined && known !== cost) {
        throw new RangeError(
          `${what}: class ${cls} already has cost ${known}, this one says ${cost}`,
        );
      }
      if (known === undefined) {
        costs.set(cls, cost);
        costClass.set(cost, cls);
        onCost?.(cls, cost);
      }
    }
    reserved.add(cls);
  };

  const recordEntry = (what, cls, entry) => {
    const known = entries.get(cls);
    if (known !== undefined && known !== entry) {
      throw new RangeError(
        `${what}: class ${cls} already has entry ${JSON.stringify(known)}, this one says ${JSON.stringify(entry)}`,
      );
    }
    if (known === undefined) {
      entries.set(cls, entry);
      onEntry?.(cls, entry);
    }
  };

  const allocate = (what, cost, entry) => {
    const key = entry === undefined ? cost : `${cost}|${entry}`;
    let cls = costClass.get(key);
    if (cls !== undefined) return cls;
    for (cls = 2; cls < 256 && reserved.has(cls); cls++);
    if (cls === 256) throw new RangeError(`${what}: no class left for cost ${cost} (256 classes)`);
    if (entry === undefined) record(what, cls, cost);
    else {
      // Its cost is its own: a one-way class shares no cost entry with the plain class.
      costs.set(cls, cost);
      onCost?.(cls, cost);
      reserved.add(cls);
      recordEntry(what, cls, entry);
    }
    costClass.set(key, cls);
    return cls;
  };

  /** Records profile `name`'s cost of class `cls`; one class, one cost per profile. */
  const recordProfile = (what, cls, name, cost) => {
    let table = profileCosts.get(name);
    if (!table) profileCosts.set(name, (table = new Map()));
    const known = table.get(cls);
    if (known !== undefined && known !== cost) {
      throw new RangeError(
        `${what}: class ${cls} already costs ${known} for profile '${name}', this one says ${cost}`,
      );
    }
    table.set(cls, cost);
  };

  /**
   * A tile with profile costs: its own class (shared only with tiles that say the same for every
   * profile and the default), unless pathClass fixes it.
   */
  const classOfProfiled = (what, rule, costsOf) => {
    let cls = rule.cls;
    if (rule.explicit) {
      if (rule.cost !== undefined) record(what, cls, rule.cost);
      else reserved.add(cls);
    } else {
      const base = rule.cls === undefined ? rule.cost : rule.cls === 0 ? 1 : Infinity;
      const signature = JSON.stringify([base, [...costsOf].sort(), rule.entry ?? null]);
      cls = profiledClass.get(signature);
      if (cls === undefined) {
        for (cls = 2; cls < 256 && reserved.has(cls); cls++);
        if (cls === 256) throw new RangeError(`${what}: no class left for its profiles' costs`);
        reserved.add(cls);
        if (Number.isFinite(base)) costs.set(cls, base); // not costClass: plain tiles stay apart
        profiledClass.set(signature, cls);
      }
    }
    for (const [name, cost] of costsOf) recordProfile(what, cls, name, cost);
    if (rule.entry !== undefined) recordEntry(what, cls, rule.entry);
    return cls;
  };

  /** The class the convention gives to a thing with these properties (tiles and shapes alike). */
  const classOfRule = (what, rule, info) => {
    const costsOf = info ? profileCostsOf(what, info) : new Map();
    if (costsOf.size) return classOfProfiled(what, rule, costsOf);
    if (rule.cls === undefined) return allocate(what, rule.cost, rule.entry);
    if (rule.cost !== undefined) record(what, rule.cls, rule.cost);
    else reserved.add(rule.cls);
    if (rule.entry !== undefined) recordEntry(what, rule.cls, rule.entry);
    return rule.cls;
  };

  const classify = (gid, tiles) => {
    /** @type {{ gid: number, properties?: Record<string, unknown> }} */
    const tile = { gid, ...info(gid) };
    if (classOf) return checkedClass(classOf(gid, tile.properties, tile), `classOf(${gid})`);
    return classOfRule(`tile GID ${gid}`, conventionOf(`tile GID ${gid}`, tile, tiles), tile);
  };

  const emptyClass = (tiles) => {
    if (classOf) return checkedClass(classOf(0, {}, { gid: 0, ...NO_TILE }), 'classOf(0)');
    return tiles === 'floor' ? DEFAULT_TILE_CLASS : 0;
  };

  const classOfGid = (gid, tiles) => {
    const cache = caches[tiles];
    let cls = cache.get(gid);
    if (cls === undefined) {
      cls = gid === 0 ? emptyClass(tiles) : classify(gid, tiles);
      cache.set(gid, cls);
    }
    return cls;
  };

  /**
   * Classifies the distinct GIDs of a layer up front so that cost classes are numbered by
   * ascending cost, whatever the order the tiles appear in. Returns them.
   */
  let lastTiles = [];
  const prepare = (gids, tiles, withEmpty) => {
    lastTiles = distinctTiles(gids);
    const distinct = lastTiles.filter((gid) => gid !== 0 || withEmpty);
    if (!classOf) {
      // Explicit classes first, so allocated cost classes avoid them.
      const costOnly = [];
      for (const gid of distinct) {
        if (gid === 0) continue;
        const tile = { gid, ...info(gid) };
        const rule = conventionOf(`tile GID ${gid}`, tile, tiles);
        if (profileCostsOf(`tile GID ${gid}`, tile).size) continue; // after the plain ones
        if (rule.cls === undefined) costOnly.push([gid, rule.cost]);
        else classOfGid(gid, tiles);
      }
      costOnly.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
      for (const [gid] of costOnly) classOfGid(gid, tiles);
    }
    for (const gid of distinct) classOfGid(gid, tiles);
  };

  return {
    /** Class of a raw GID (flip bits are ignored). */
    classOf(rawGid, tiles = meaning) {
      return classOfGid((rawGid & GID_MASK) >>> 0, checkTilesMeaning(tiles));
    },
    /** Classify these GIDs now, so cost classes are numbered by cost, not by order of appearance. */
    prepare(gids, tiles = meaning) {
      prepare(gids, checkTilesMeaning(tiles), true);
    },
    /**
     * Classes of a whole layer of GIDs, one byte per cell. `paint(cells, index, cls)` instead
     * writes only the cells that hold a tile (combining layers): empty cells are left alone.
     */
    classesOf(gids, tiles = meaning, paint) {
      tiles = checkTilesMeaning(tiles);
      prepare(gids, tiles, !paint);
      // Maps use few tiles with small GIDs: a table indexed by GID beats a Map per cell.
      const table = new Int16Array(SMALL_GIDS).fill(-1);
      for (const [gid, cls] of caches[tiles]) if (gid < SMALL_GIDS) table[gid] = cls;
      const cells = paint ? undefined : new Uint8Array(gids.length);
      for (let i = 0; i < gids.length; i++) {
        const gid = gids[i] & GID_MASK;
        if (paint && gid === 0) continue;
        const known = gid < SMALL_GIDS ? table[gid] : -1;
        const cls = known >= 0 ? known : classOfGid(gid, tiles);
        if (paint) paint(i, cls);
        else cells[i] = cls;
      }
      return cells;
    },
    /**
     * Class of a map object without a tile, by the same convention as tiles (`what` names it in
     * errors); `tiles` says what an object without properties is.
     */
    classOfProperties(what, properties, tiles = meaning, tileset = null) {
      const info = { properties, tileset };
      return classOfRule(what, conventionOf(what, info, checkTilesMeaning(tiles)), info);
    },
    /** The distinct GIDs (flags masked, 0 included) of the layer classesOf or prepare saw last. */
    get lastTiles() {
      return lastTiles;
    },
    /** Costs the tile properties gave, { [class]: cost }: the shape PathWorker.create takes. */
    get costs() {
      return Object.fromEntries(costs);
    },
    /**
     * The movement profiles the tiles' cost.NAME / blocked.NAME properties gave,
     * { name: { [class]: cost } }: each over the default costs above, for setProfile.
     */
    get profiles() {
      const out = {};
      for (const [name, own] of profileCosts)
        out[name] = { ...Object.fromEntries(costs), ...Object.fromEntries(own) };
      return out;
    },
    /** Entry rules the tile property `entry` gave, { [class]: "right,down" } (setEntry's). */
    get entry() {
      return Object.fromEntries(entries);
    },
  };
}
