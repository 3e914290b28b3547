// The part of LayaAir's global `Laya` namespace the example scripts in demo/laya use, taken from
// the engine's own sources (the IDE generates the full declarations; npm has none). Compiled only
// when LAYAAIR_SRC is set: 'layaair/*' maps to that src/layaAir, 'laya-tiledmap/*' to its
// laya/map/ (3.0-3.2) or laya/legacy/tiledmap/ (3.3).
import type * as Engine from 'layaair/Laya';
import type * as Decorators from 'layaair/Decorators';
import type { LayaEnv as LayaEnvClass } from 'layaair/LayaEnv';
import type { Script as ScriptClass } from 'layaair/laya/components/Script';
import type { Sprite as SpriteClass } from 'layaair/laya/display/Sprite';
import type { Rectangle as RectangleClass } from 'layaair/laya/maths/Rectangle';
import type { Browser as BrowserClass } from 'layaair/laya/utils/Browser';
import type { Handler as HandlerClass } from 'layaair/laya/utils/Handler';
import type { TiledMap as TiledMapClass } from 'laya-tiledmap/TiledMap';

declare global {
  namespace Laya {
    const regClass: typeof Decorators.regClass;
    const property: typeof Decorators.property;
    const stage: typeof Engine.stage;
    const timer: typeof Engine.timer;
    const loader: typeof Engine.loader;
    const LayaEnv: typeof LayaEnvClass;
    const Browser: typeof BrowserClass;
    const Script: typeof ScriptClass;
    type Script = ScriptClass;
    const Sprite: typeof SpriteClass;
    type Sprite = SpriteClass;
    const Rectangle: typeof RectangleClass;
    type Rectangle = RectangleClass;
    const Handler: typeof HandlerClass;
    type Handler = HandlerClass;
    const TiledMap: typeof TiledMapClass;
    type TiledMap = TiledMapClass;
  }
}
