// The map's shape in the controls: the shape picker of generated maps, the fields a grid of that
// shape is created with, and the line under the search options that says which neighbour rule
// the search uses. What the API does not use on a shape is disabled: the diagonal rule on
// hexagons (ignored there), smoothing on both shapes (refused there: paths go tile by tile).

import { generatedShape, isShaped } from './shape-draw.js';
import { $ } from './page.js';

/** The shape the picker asks generated maps to take, or null for squares. */
export function chosenShape() {
  const value = $('map-shape').value;
  if (value === 'orthogonal') return null;
  const [orientation, staggerAxis, staggerIndex] = value.split(':');
  return generatedShape(orientation, staggerAxis, staggerIndex);
}

/**
 * What createGrid and PathWorker.create take besides the cells, in Tiled's names: nothing for
 * square maps.
 */
export function gridShape(map) {
  if (!isShaped(map)) return {};
  const { orientation, staggerAxis, staggerIndex } = map.shape;
  return { orientation, staggerAxis, staggerIndex };
}

/** The cost factor of a step (dx, dy) to a neighbouring cell: √2 for diagonal steps. */
export function stepFactor(map, dx, dy) {
  if (!isShaped(map)) return dx && dy ? Math.SQRT2 : 1;
  if (map.shape.orientation === 'hexagonal') return 1;
  // Staggered: a step across an edge changes the row (column) by one; a corner step does not,
  // or skips one.
  const across = map.shape.staggerAxis === 'x' ? dx : dy;
  return across === 0 || Math.abs(across) === 2 ? Math.SQRT2 : 1;
}

const SHIFTED = { x: 'columns', y: 'rows' };

/**
 * Says which neighbour rule searches of this map use, and disables what does not apply (after
 * the search panel has enabled what the mode uses).
 */
export function showNeighbourRule(map) {
  const shape = isShaped(map) ? map.shape : null;
  const hex = shape?.orientation === 'hexagonal';
  const diagonal = $('opt-diagonal');
  diagonal.disabled = hex;
  diagonal.closest('label').classList.toggle('unused', hex);
  diagonal.title = hex ? 'Hexagons have no diagonal steps: the rule is ignored' : '';
  // The hierarchy (hpa) needs a square grid: offered on square maps only.
  const algorithm = $('opt-algorithm');
  const hpa = algorithm.querySelector('option[value="hpa"]');
  if (hpa) hpa.disabled = Boolean(shape);
  if (shape && algorithm.value === 'hpa') algorithm.value = 'astar';
  if (shape) {
    // Neither smoothing nor units bigger than one tile exist on these shapes (the API refuses
    // them by name).
    for (const id of ['opt-smooth', 'opt-unit']) {
      const control = $(id);
      control.disabled = true;
      control.closest('label').classList.add('unused');
    }
  }
  let text;
  if (!shape) {
    text =
      'Squares: 4 neighbours sharing an edge, and the 4 diagonals as the Diagonals rule allows.';
  } else {
    const which = `${shape.staggerIndex} ${SHIFTED[shape.staggerAxis]} shifted`;
    text = hex
      ? `Hexagons (${which}): 6 neighbours, each step costs the entered cell's cost. The ` +
        'Diagonals rule has no meaning here and is ignored.'
      : `Staggered diamonds (${which}): the 4 tiles sharing an edge are straight steps, the 4 ` +
        'sharing a corner are diagonal steps (√2 × cost), allowed as the Diagonals rule says ' +
        'with the two edge-sharing tiles beside the corner as its sides.';
    text += ' JPS runs as A* here, and paths are not smoothed (they go tile by tile).';
  }
  $('neighbour-rule').textContent = text;
}
