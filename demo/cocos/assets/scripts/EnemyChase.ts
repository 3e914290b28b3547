// Cocos Creator 3.8 component: an enemy that chases the player around the walls of a TiledMap,
// its paths computed off the main thread by tilepath's PathWorker (a wx worker in WeChat builds,
// in-thread where no worker can be had).
//
// Scene: a TiledMap node with a tile layer "Walls" (any tile = wall, or tile properties
// blocked/cost/pathClass set in Tiled); the enemy and the player are children of the map node.
import { _decorator, Component, Node, TiledMap, Vec3, sys } from 'cc';
import { PathWorker } from 'tilepath/worker';
import { readCocosLayer, bindCocosLayer, cocosTileSpace } from 'tilepath/cocos';
import { createWeChatPathWorker } from 'tilepath/wechat';
import type { TileSpace } from 'tilepath/tiled';

const { ccclass, property } = _decorator;

@ccclass('EnemyChase')
export class EnemyChase extends Component {
  @property(TiledMap) map: TiledMap | null = null;
  @property(Node) player: Node | null = null;
  @property wallLayer = 'Walls';
  /** Pixels per second. */
  @property speed = 120;
  /** Seconds between path requests. */
  @property repathEvery = 0.25;

  private pathWorker: PathWorker | Awaited<ReturnType<typeof createWeChatPathWorker>> | null = null;
  private space: TileSpace | null = null;
  private binding: { unbind(): void } | null = null;
  private waypoints: { x: number; y: number }[] = [];
  private sinceRepath = 0;
  private request: AbortController | null = null;

  async start() {
    if (!this.map || !this.player) throw new Error('EnemyChase: set map and player');
    const grid = readCocosLayer(this.map, { layer: this.wallLayer });
    const options = {
      width: grid.width,
      height: grid.height,
      cells: grid.cells,
      costs: grid.costs,
    };
    this.pathWorker =
      sys.platform === sys.Platform.WECHAT_GAME
        ? await createWeChatPathWorker({
            ...options,
            onFallback: (why) => console.warn('tilepath in-thread:', why),
          })
        : await PathWorker.create(options);
    // Doors, destroyed walls...: every setTileGIDAt on the layer now reaches the worker as a delta.
    this.binding = bindCocosLayer(this.map, this.pathWorker, { layer: this.wallLayer });
    this.space = cocosTileSpace(this.map, { layer: this.wallLayer });
  }

  update(dt: number) {
    if (!this.pathWorker || !this.space || !this.player) return;
    this.sinceRepath += dt;
    if (this.sinceRepath >= this.repathEvery) {
      this.sinceRepath = 0;
      this.repath();
    }
    this.follow(dt);
  }

  private repath() {
    const space = this.space!;
    const from = space.worldToCell(this.node.position.x, this.node.position.y);
    const to = space.worldToCell(this.player!.position.x, this.player!.position.y);
    if (!space.contains(from.x, from.y) || !space.contains(to.x, to.y)) return;
    // Only the newest request matters: cancel the one still in flight.
    this.request?.abort();
    const request = (this.request = new AbortController());
    this.pathWorker!.findPath(from.x, from.y, to.x, to.y, {
      diagonal: 'noCorners',
      goal: 'nearest',
      smooth: true,
      signal: request.signal,
    })
      .then((result) => {
        if (request.signal.aborted || result.status === 'none') return;
        // Skip the cell the enemy stands on; walk to the centres of the others.
        this.waypoints = space.pathToWorld(result.path).slice(1);
      })
      .catch((error) => {
        if (error.name !== 'AbortError') console.error(error);
      });
  }

  private follow(dt: number) {
    let budget = this.speed * dt;
    const position = this.node.position.clone();
    while (budget > 0 && this.waypoints.length) {
      const target = this.waypoints[0];
      const dx = target.x - position.x;
      const dy = target.y - position.y;
      const distance = Math.hypot(dx, dy);
      if (distance <= budget) {
        position.set(target.x, target.y, position.z);
        this.waypoints.shift();
        budget -= distance;
      } else {
        position.add(new Vec3((dx / distance) * budget, (dy / distance) * budget, 0));
        budget = 0;
      }
    }
    this.node.setPosition(position);
  }

  onDestroy() {
    this.request?.abort();
    this.binding?.unbind();
    this.pathWorker?.terminate();
  }
}
