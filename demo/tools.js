// The tool buttons (route, pan, one per terrain to paint with) and the brush size.

import { TERRAIN } from './terrain.js';
import { $, showValue } from './page.js';

export class ToolPanel {
  /** @param {(tool: string) => void} onChange the chosen tool changed */
  constructor(onChange) {
    this.tool = 'route';
    this.brush = Number($('brush').value);
    this.onChange = onChange;
    const brush = $('brush');
    showValue(brush, (v) => `${v}×${v}`);
    brush.addEventListener('input', () => (this.brush = Number(brush.value)));
    const tools = [
      {
        id: 'route',
        label: 'Route',
        icon: '⚑',
        title: 'Click to set start and goal; drag S or G',
      },
      { id: 'pan', label: 'Pan', icon: '✥', title: 'Drag to move the view' },
      ...TERRAIN.map((t) => ({
        id: `paint:${t.id}`,
        label: t.name,
        color: t.color,
        title: `Paint ${t.name}`,
      })),
    ];
    for (const tool of tools) $('tools').append(this.buildButton(tool));
    this.showChosen();
  }

  buildButton(tool) {
    const button = document.createElement('button');
    button.setAttribute('role', 'radio');
    button.dataset.tool = tool.id;
    button.title = tool.title;
    if (tool.color) {
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = tool.color;
      button.append(swatch);
    } else {
      const icon = document.createElement('span');
      icon.textContent = tool.icon;
      button.append(icon);
    }
    button.append(tool.label);
    button.addEventListener('click', () => this.choose(tool.id));
    return button;
  }

  choose(id) {
    this.tool = id;
    this.showChosen();
    this.onChange(id);
  }

  showChosen() {
    for (const b of $('tools').children)
      b.setAttribute('aria-checked', String(b.dataset.tool === this.tool));
  }

  /** The class the paint tool lays down, or null when the tool is not a paint tool. */
  get paintClass() {
    return this.tool.startsWith('paint:') ? Number(this.tool.slice(6)) : null;
  }

  /** Brush width in cells while painting, else 1 (the hover square's size). */
  get brushSize() {
    return this.paintClass === null ? 1 : this.brush;
  }
}
