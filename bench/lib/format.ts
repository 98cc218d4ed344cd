/** Plain-text tables and number formats for what bench, load and audit print (pure). */

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  // Text in the first column reads left-aligned; numbers right-aligned.
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export const fmt = {
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-'),
  ms: (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-'),
  ratio: (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : '-'),
  pct: (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(1)}%` : '-'),
  kb: (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '-'),
  mb: (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : '-'),
  statuses: (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ') || 'none',
};

export const section = (title: string) => `\n== ${title}\n`;
