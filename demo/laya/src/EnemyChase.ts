// LayaAir 3 script: an enemy that chases the player around the walls of a Tiled map shown with
// Laya.TiledMap, paths computed by tilepath's PathWorker (a wx worker in WeChat builds,
// in-thread where there is none, as in LayaNative).
//
// The map is a Tiled JSON (Laya.TiledMap reads JSON with CSV data) with a tile layer "Walls".
// The enemy and the player are children of the "Walls" MapLayer, so their x, y are map pixels.
import { PathWorker } from 'tilepath/worker';
import { readLayaLayer, bindLayaLayer, layaTileSpace } from 'tilepath/laya';
import { createWeChatPathWorker } from 'tilepath/wechat';
import type { TileSpace } from 'tilepath/tiled';

const { regClass, property } = Laya;

@regClass()
export class EnemyChase extends Laya.Script {
  @property({ type: String }) mapUrl = 'resources/arena.json';
  @property({ type: String }) wallLayer = 'Walls';
  @property({ type: Laya.Sprite }) player: Laya.Sprite | null = null;
  /** Pixels per second. */
  @property({ type: Number }) speed = 120;

  private tiledMap = new Laya.TiledMap();
  private pathWorker: PathWorker | Awaited<ReturnType<typeof createWeChatPathWorker>> | null = null;
  private binding: { refresh(x: number, y: number): void; resync(): void } | null = null;
  private space: TileSpace | null = null;
  private waypoints: { x: number; y: number }[] = [];
  private request: AbortController | null = null;

  onAwake(): void {
    const stage = Laya.stage;
    this.tiledMap.createMap(
      this.mapUrl,
      new Laya.Rectangle(0, 0, stage.width, stage.height),
      Laya.Handler.create(this, this.onMapReady),
    );
  }

  private async onMapReady(): Promise<void> {
    // The same JSON Laya loaded: tilepath reads tile properties (blocked, cost, pathClass) from it.
    const json = await Laya.loader.fetch(this.mapUrl, 'json');
    const grid = readLayaLayer(this.tiledMap, { layer: this.wallLayer, json });
    const options = {
      width: grid.width,
      height: grid.height,
      cells: grid.cells,
      costs: grid.costs,
    };
    const onWeChat = Laya.Browser.onMiniGame || Laya.LayaEnv?.isConch;
    this.pathWorker = onWeChat
      ? await createWeChatPathWorker({
          ...options,
          onFallback: (why) => console.warn('tilepath in-thread:', why),
        })
      : await PathWorker.create(options);
    // Laya's MapLayer cannot be told to change a tile: after the game changes its layer data
    // (a door opens), it calls this.binding.refresh(x, y) and the worker gets one delta.
    this.binding = bindLayaLayer(this.tiledMap, this.pathWorker, { layer: this.wallLayer, json });
    this.space = layaTileSpace(this.tiledMap);
    Laya.timer.loop(250, this, this.repath);
  }

  private repath(): void {
    const space = this.space;
    const me = this.owner as Laya.Sprite;
    if (!space || !this.player || !this.pathWorker) return;
    const from = space.worldToCell(me.x, me.y);
    const to = space.worldToCell(this.player.x, this.player.y);
    if (!space.contains(from.x, from.y) || !space.contains(to.x, to.y)) return;
    this.request?.abort();
    const request = (this.request = new AbortController());
    this.pathWorker
      .findPath(from.x, from.y, to.x, to.y, {
        diagonal: 'noCorners',
        goal: 'nearest',
        smooth: true,
        signal: request.signal,
      })
      .then((result) => {
        if (!request.signal.aborted && result.status !== 'none')
          this.waypoints = space.pathToWorld(result.path).slice(1);
      })
      .catch((error) => {
        if (error.name !== 'AbortError') console.error(error);
      });
  }

  onUpdate(): void {
    const me = this.owner as Laya.Sprite;
    let budget = (this.speed * Laya.timer.delta) / 1000;
    while (budget > 0 && this.waypoints.length) {
      const target = this.waypoints[0];
      const dx = target.x - me.x;
      const dy = target.y - me.y;
      const distance = Math.hypot(dx, dy);
      if (distance <= budget) {
        me.pos(target.x, target.y);
        this.waypoints.shift();
        budget -= distance;
      } else {
        me.pos(me.x + (dx / distance) * budget, me.y + (dy / distance) * budget);
        budget = 0;
      }
    }
  }

  onDestroy(): void {
    Laya.timer.clearAll(this);
    this.request?.abort();
    this.pathWorker?.terminate();
    this.tiledMap.destroy();
  }
}
