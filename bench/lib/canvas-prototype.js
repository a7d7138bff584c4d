// The canvas-cells prototype of bench/canvas-cells-probe.ts: runs in the page. Draws on
// scroll, in the scroll event's task. Plain JavaScript: added as a script tag.
window.__canvasPrototype = (data) => {
  const ROW = 36;
  const { columns, rows, names } = data;
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
  const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const text = (type, value) => {
    if (value === null || value === undefined) return '';
    if (type === 'NUMBER') return money.format(value);
    if (type === 'DATETIME') return moment.format(new Date(value));
    if (type === 'BOOLEAN') return value ? '✓' : '';
    if (type === 'REFERENCE') return names[value] ?? '…';
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };
  const scroller = document.createElement('div');
  scroller.style.cssText = 'position:fixed;inset:0;overflow:auto';
  const spacer = document.createElement('div');
  spacer.style.height = `${rows.length * ROW}px`;
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:sticky;top:0;display:block';
  const width = innerWidth;
  const height = innerHeight;
  const ratio = devicePixelRatio;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  spacer.style.marginTop = `-${height}px`;
  // The accessible layer: the rows in view as the canvas's fallback content.
  const grid = document.createElement('div');
  grid.setAttribute('role', 'grid');
  grid.setAttribute('aria-rowcount', String(rows.length + 1));
  const visible = Math.ceil(height / ROW) + 1;
  const cellsOf = [];
  const rowEls = [];
  for (let r = 0; r < visible; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    const cells = [];
    for (let c = 0; c < columns.length; c++) {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.tabIndex = -1;
      row.append(cell);
      cells.push(cell);
    }
    grid.append(row);
    rowEls.push(row);
    cellsOf.push(cells);
  }
  canvas.append(grid);
  scroller.append(canvas, spacer);
  document.body.style.margin = '0';
  document.body.append(scroller);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('no 2d context');
  context.scale(ratio, ratio);
  context.font = '14px system-ui, sans-serif';
  context.textBaseline = 'middle';
  let shownFirst = -1;
  const draw = () => {
    const top = scroller.scrollTop;
    const first = Math.floor(top / ROW);
    const offset = first * ROW - top;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.strokeStyle = '#f1f5f9';
    context.beginPath();
    for (let r = 0; r < visible; r++) {
      const y = offset + (r + 1) * ROW - 0.5;
      context.moveTo(0, y);
      context.lineTo(width, y);
    }
    let x = 0;
    for (const column of columns) {
      context.save();
      context.beginPath();
      context.rect(x, 0, column.width, height);
      context.clip();
      context.fillStyle = '#0f172a';
      for (let r = 0; r < visible; r++) {
        const record = rows[first + r];
        if (!record) break;
        context.fillText(text(column.type, record[column.name]), x + 8, offset + r * ROW + ROW / 2);
      }
      context.restore();
      x += column.width;
      context.moveTo(x - 0.5, 0);
      context.lineTo(x - 0.5, height);
    }
    context.stroke();
    if (first !== shownFirst) {
      shownFirst = first;
      for (let r = 0; r < visible; r++) {
        const record = rows[first + r];
        rowEls[r]?.setAttribute('aria-rowindex', String(first + r + 2));
        const cells = cellsOf[r] ?? [];
        for (let c = 0; c < columns.length; c++) {
          const column = columns[c];
          const cell = cells[c];
          if (cell && column)
            cell.textContent = record ? text(column.type, record[column.name]) : '';
        }
      }
    }
  };
  scroller.addEventListener('scroll', draw, { passive: true });
  draw();
};
