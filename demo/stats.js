// Live numbers for the HUD: a frame-time graph (the proof that the main thread stays smooth) and
// events-per-second counters.

/** Counts events over the last second. */
export class RateCounter {
  constructor() {
    this.times = [];
    this.weights = [];
  }

  add(count = 1, now = performance.now()) {
    this.times.push(now);
    this.weights.push(count);
  }

  perSecond(now = performance.now()) {
    while (this.times.length && now - this.times[0] > 1000) {
      this.times.shift();
      this.weights.shift();
    }
    let sum = 0;
    for (const w of this.weights) sum += w;
    return sum;
  }
}

/**
 * Bars of the last N frame times, with 16.7 ms (60 fps) and 33 ms lines. Frames while `starting`
 * (the page compiling its modules and the wasm, generating and drawing the first map) are grey,
 * and left out of worst(): they say nothing of how searches treat the main thread.
 */
export class FrameGraph {
  constructor(canvas, samples = 180) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.times = new Float32Array(samples);
    this.startUp = new Uint8Array(samples); // 1: the frame ran while starting
    this.work = new Float32Array(samples); // ms of measured work in the frame (a crowd's step)
    this.pendingWork = 0;
    this.starting = true;
    this.head = 0;
    this.count = 0;
    this.frames = 0;
    this.lastStamp = 0;
  }

  /** Call once per animation frame with its timestamp; returns the frame time in ms. */
  tick(stamp) {
    const dt = this.lastStamp ? stamp - this.lastStamp : 16.7;
    this.lastStamp = stamp;
    this.times[this.head] = dt;
    this.startUp[this.head] = this.starting ? 1 : 0;
    this.work[this.head] = this.pendingWork;
    this.pendingWork = 0;
    this.head = (this.head + 1) % this.times.length;
    this.count = Math.min(this.count + 1, this.times.length);
    this.frames++;
    return dt;
  }

  /** Counts `ms` of work (a crowd's step) in the frame now running: drawn in blue at its bar's
   * foot. */
  addWork(ms) {
    this.pendingWork += ms;
  }

  lastFrame() {
    return this.count ? this.times[(this.head - 1 + this.times.length) % this.times.length] : NaN;
  }

  /** The longest frame among the last `n`, start-up frames aside. */
  worst(n = 60) {
    let worst = 0;
    for (let k = 1; k <= Math.min(n, this.count); k++) {
      const at = (this.head - k + this.times.length) % this.times.length;
      if (!this.startUp[at] && this.times[at] > worst) worst = this.times[at];
    }
    return worst;
  }

  /** True while the graph still shows start-up frames. */
  showsStartUp() {
    for (let k = 1; k <= this.count; k++)
      if (this.startUp[(this.head - k + this.times.length) % this.times.length]) return true;
    return false;
  }

  /** The frames shown, oldest first: [ms, start-up] pairs (the browser tests read them). */
  shown() {
    const n = this.times.length;
    return Array.from({ length: this.count }, (_, k) => {
      const at = (this.head - this.count + k + n) % n;
      return [this.times[at], this.startUp[at] === 1];
    });
  }

  draw() {
    const { canvas, ctx } = this;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(canvas.clientWidth * dpr);
    const h = Math.round(canvas.clientHeight * dpr);
    if (!w || !h) return;
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const maxMs = 50;
    const y = (ms) => h - (Math.min(ms, maxMs) / maxMs) * h;
    ctx.clearRect(0, 0, w, h);
    ctx.fillStyle = 'rgba(255,255,255,0.05)';
    ctx.fillRect(0, 0, w, h);
    const n = this.times.length;
    const bar = w / n;
    for (let k = 0; k < this.count; k++) {
      const at = (this.head - this.count + k + n) % n;
      const v = this.times[at];
      ctx.fillStyle = this.startUp[at]
        ? '#6b7285'
        : v <= 20
          ? '#3ecf6e'
          : v <= 34
            ? '#f2c84b'
            : '#ff5a4f';
      const top = y(v);
      ctx.fillRect((n - this.count + k) * bar, top, Math.max(1, bar - 0.3), h - top);
      if (this.work[at] > 0) {
        // The frame's measured work (drawn in the frame after it ran: the work of frame k
        // counts in the tick that ends it).
        const workTop = y(this.work[at]);
        ctx.fillStyle = '#4aa3ff';
        ctx.fillRect((n - this.count + k) * bar, workTop, Math.max(1, bar - 0.3), h - workTop);
      }
    }
    ctx.strokeStyle = 'rgba(255,255,255,0.45)';
    ctx.lineWidth = 1;
    ctx.setLineDash([3 * dpr, 3 * dpr]);
    for (const ms of [16.7, 33.3]) {
      ctx.beginPath();
      ctx.moveTo(0, Math.round(y(ms)) + 0.5);
      ctx.lineTo(w, Math.round(y(ms)) + 0.5);
      ctx.stroke();
    }
    ctx.setLineDash([]);
  }
}

export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

export function formatMs(ms) {
  if (ms == null || !Number.isFinite(ms)) return '–';
  return ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : Math.round(ms).toString();
}

/** 12,345: commas between thousands, as toLocaleString('en-US') writes them, without it: its
 * first call loads the locale data, 20 ms or more of the page's start-up. */
export function formatInt(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}
