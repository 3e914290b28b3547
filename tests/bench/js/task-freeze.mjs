// What freezing a search task costs (docs/scheduler.md): a Dijkstra task stepped past the cheap
// restart (5,000 cells), an edit beside its start, then the step(1) that freezes it on a copy of
// the grid, against a plain step(1); medians of 15, per map side and unit size.
//   node tests/bench/js/task-freeze.mjs
import { createPathfinder } from '../../../js/node.js';

const tp = await createPathfinder();
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
const micros = (since) => Number(process.hrtime.bigint() - since) / 1e3;
for (const unitSize of [1, 2]) {
  for (const side of [512, 1024, 2048]) {
    const grid = tp.createGrid(side, side);
    const plain = [];
    const freezing = [];
    for (let round = 0; round < 15; round++) {
      const task = grid.startSearch(1, 1, side - 3, side - 3, { algorithm: 'dijkstra', unitSize });
      task.step(5000);
      let since = process.hrtime.bigint();
      task.step(1);
      plain.push(micros(since));
      grid.setCell(0, 1, 1); // beside the start: an edit that matters
      since = process.hrtime.bigint();
      task.step(1);
      freezing.push(micros(since));
      grid.setCell(0, 1, 0);
      task.cancel();
    }
    console.log(
      `unitSize ${unitSize}, ${side} x ${side}: step(1) ${median(plain).toFixed(1)} us, ` +
        `the step that freezes ${median(freezing).toFixed(1)} us`,
    );
    grid.dispose();
  }
}
