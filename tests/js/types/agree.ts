// The hand-written declarations (js/index.d.ts) held against the code (js/core/grid.js, js/node.js,
// checked from their JSDoc) and against the C++ names (dist/contract.d.mts, generated). Any
// disagreement is a tsc error in `npm test` (tests/js/types/types.test.mjs). Never run.
import type * as Declared from '../../../js/index.js';
import type { Grid as DeclaredGrid, Pathfinder } from '../../../js/index.js';
import { makeLoader, type Grid as RealGrid } from '../../../js/core/grid.js';
import { createPathfinder as nodeCreatePathfinder } from '../../../js/node.js';
import {
  ENUM_OPTIONS,
  FACING,
  OPTIONS,
  REASON,
  SHAPES,
  STATUS,
  TRACE,
} from '../../../dist/contract.mjs';
import factory from '../../../dist/tilepath.mjs';

// Exactly the same set of values, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type UserNames<K extends keyof typeof ENUM_OPTIONS> = Exclude<
  (typeof ENUM_OPTIONS)[K]['names'][number],
  ''
>;

// The names of the table's options that a query takes (cpp/include/tilepath/options.hpp).
type OptionsOf<Q extends string> = (typeof OPTIONS)[number] extends infer O
  ? O extends { name: infer N; queries: readonly (infer E)[] }
    ? Q extends E
      ? N
      : never
    : never
  : never;
type Declares<T> = Exclude<keyof T, 'signal'>;
// Each query's options declared in js/index.d.ts are exactly the table's: a row added there
// without its declaration (or the reverse) fails here.
export const options: [
  Same<OptionsOf<'path'>, Declares<Declared.SearchOptions>>,
  Same<OptionsOf<'repair'>, Declares<Declared.RepairOptions>>,
  Same<OptionsOf<'field'>, Declares<Declared.FieldOptions>>,
  Same<OptionsOf<'reach'>, Declares<Declared.ReachOptions>>,
  Same<OptionsOf<'rectangles'>, Declares<Declared.RectangleOptions>>,
] = [true, true, true, true, true];

export const names: [
  Same<UserNames<'algorithm'>, Declared.Algorithm>,
  Same<UserNames<'diagonal'>, Declared.Diagonal>,
  Same<UserNames<'heuristic'>, Declared.HeuristicName>,
  Same<UserNames<'goal'>, Declared.GoalMode>,
  Same<(typeof STATUS)[number], Declared.Status>,
  Same<Exclude<(typeof REASON)[number], ''>, Declared.Reason>,
  Same<(typeof FACING)[number][number] | Declared.ShapeDirection, Declared.Direction>,
  Same<keyof typeof ENUM_OPTIONS, keyof Pathfinder['optionValues']>,
  Same<
    (typeof SHAPES.directions)[Exclude<keyof typeof SHAPES.directions, 'square'>][number],
    Declared.ShapeDirection
  >,
  Same<
    (typeof SHAPES.directions)['square'][number],
    Exclude<(typeof FACING)[number][number], 'none'>
  >,
  Same<(typeof SHAPES.orientations)[number], Declared.Orientation>,
  Same<(typeof SHAPES.staggerAxes)[number], Declared.StaggerAxis>,
  Same<(typeof SHAPES.staggerIndices)[number], Declared.StaggerIndex>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true];
// The trace record README and PathResult.traceEvents describe: kind, x, y, g, h.
export const traceRecord: Same<typeof TRACE.fields, ['kind', 'x', 'y', 'g', 'h']> = true;

// The real loaders have the declared signature (both ways: no parameter or result differs).
const browserLoader = makeLoader(factory);
export const loaders: [
  Same<typeof browserLoader, typeof Declared.createPathfinder>,
  Same<typeof nodeCreatePathfinder, typeof Declared.createPathfinder>,
] = [true, true];

// The real grid (core/grid.js's class, which `implements` the declared Grid) has no public member the
// declaration lacks: a method added to the code must be declared too.
export const members: Same<keyof RealGrid, keyof DeclaredGrid> = true;
