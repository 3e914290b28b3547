// window.tilepathDemo: what the browser tests read of the page (what it shows, in numbers), and
// how they aim a click at a cell. Read-only: the tests drive the page through its controls.

/**
 * @param {{ level: import('./level.js').Level, route: import('./route.js').Route,
 *   view: import('./view.js').MapView, modes: import('./modes.js').ModeSwitch,
 *   hud: import('./hud.js').Hud }} parts
 * @param {Promise<void>} ready resolves once the page has its first map and path
 */
export function installTestHook({ level, route, view, modes, hud }, ready) {
  const { path, agents, defence, tactics, crowd } = modes.modes;
  const canvas = view.canvas;
  const toClient = (p) => {
    const rect = canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  };
  window.tilepathDemo = {
    ready,
    /** Crowd mode: its units' states, positions and step times, as numbers. */
    crowd: {
      counts: () => crowd.counts(),
      units: () => crowd.ids.length,
      bigUnits: () => crowd.ids.filter((id) => crowd.sizes[id] > 1).length,
      positions: () => Array.from(crowd.positions),
      steps: () => crowd.steps,
      medianStepMs: () => crowd.medianStepMs(),
      workShown: () => Array.from(hud.graph.work).filter((ms) => ms > 0).length,
    },
    /** The last path query answered and shown in path mode. */
    get last() {
      if (!path.last) return null;
      const { query, result, ms, where } = path.last;
      return {
        query: { ...query, options: { ...query.options } },
        status: result.status,
        reason: result.reason ?? null,
        // What the "last search" box says, as a person reads it.
        shown: {
          status: document.getElementById('stat-status').textContent,
          reason: document.getElementById('stat-reason').textContent,
        },
        path: Array.from(result.path),
        rawPath: result.rawPath ? Array.from(result.rawPath) : null,
        links: result.links ? Array.from(result.links) : [],
        cost: result.cost,
        expanded: result.expanded,
        ms,
        where,
      };
    },
    /** Resolves when no path query is waiting or running. */
    settled: () => path.settled(),
    get mode() {
      return modes.name;
    },
    get map() {
      const m = level.map;
      return (
        m && {
          name: m.name,
          width: m.width,
          height: m.height,
          shape: m.shape ?? null,
          links: (m.links ?? []).map((l) => ({ ...l })),
        }
      );
    },
    cells: () => Array.from(level.map.cells),
    costTable: () => level.engine.costTable(),
    workerStats: () => level.engine?.workerStats(),
    get route() {
      return { start: { ...route.start }, goal: { ...route.goal } };
    },
    /** Page coordinates of the middle of the arc drawn for a link step between two cells. */
    arcToClient: (x0, y0, x1, y1) => toClient(view.arcMiddle(x0, y0, x1, y1)),
    /** Page coordinates of a cell's centre. */
    cellToClient: (x, y) => toClient(view.cellCenter(x, y)),
    /** Page coordinates of the disk drawn for a marker on cell (x, y), and its radius. */
    markerDisk(x, y) {
      return { ...toClient(view.markerCenter(x, y)), r: view.markerRadius() };
    },
    /** Page rectangle of the whole map as drawn. */
    mapRect() {
      const { x, y } = toClient({ x: view.ox, y: view.oy });
      return { x, y, width: view.extentX * view.zoom, height: view.extentY * view.zoom };
    },
    /** Hexagonal and staggered maps: CSS pixels per map pixel of Tiled's layout (the mapRect's
     * corner is map pixel 0, 0). */
    get tileScale() {
      return view.shape ? view.zoom / view.shape.unit : null;
    },
    get zoom() {
      return view.zoom;
    },
    /** A Tiled map's tiles as drawn: whether they are shown, how many, and where (view units). */
    get tileArt() {
      const art = view.art;
      if (!art) return null;
      const { x, y, w, h, pixels, drawn, undrawn, unplaced } = art;
      return { shown: view.tilesShown, x, y, w, h, pixels, drawn, undrawn, unplaced };
    },
    get frames() {
      return hud.graph.frames;
    },
    worstFrame: (n) => hud.graph.worst(n),
    /** The frame graph's bars, oldest first: [ms, ran while the page was starting]. */
    shownFrames: () => hud.graph.shown(),
    get agentPlans() {
      return agents.plans;
    },
    agentCounts: () => agents.crowd?.counts() ?? null,
    /** Mean distance in cells from the units to (x, y). */
    agentDistance: (x, y) => agents.meanDistance(x, y),
    /** Tower defence: the exits and the field shown, once no field is waiting or running. */
    defence: {
      settled: () => defence.settled(),
      get exits() {
        return defence.exits.map((e) => ({ ...e }));
      },
      field() {
        const last = defence.last;
        if (!last) return null;
        const { exits, options, result, ms, where } = last;
        return {
          exits,
          options: { ...options },
          costs: Array.from(result.costs, (c) => (c === Infinity ? null : c)),
          directions: Array.from(result.directions),
          ms,
          where,
        };
      },
      get fields() {
        return defence.fields;
      },
      counts: () => defence.wave?.counts() ?? null,
      /** Mean field cost from the walking units' cells to their exit. */
      meanCost: () => defence.meanCostToExit(),
    },
    /** Tactics: the unit, its range as shown, and the route to the hovered cell. */
    tactics: {
      settled: () => tactics.settled(),
      get unit() {
        return tactics.unit && { ...tactics.unit };
      },
      range() {
        const last = tactics.last;
        if (!last) return null;
        const { unit, options, result, ms, where } = last;
        return {
          unit,
          options: { ...options },
          costs: Array.from(result.costs, (c) => (c === Infinity ? null : c)),
          cells: Array.from(result.cells),
          ms,
          where,
        };
      },
      get ranges() {
        return tactics.ranges;
      },
      get hovered() {
        const h = tactics.hovered;
        return h && { x: h.x, y: h.y, cost: h.cost, path: Array.from(h.path) };
      },
    },
  };
}
