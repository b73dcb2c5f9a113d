import type { BenchRow } from './types';

const HEADERS = ['#', 'What', 'Value', 'Baseline(s)', 'Ratio', 'Goal', 'Result'];

function cells(r: BenchRow): string[][] {
  return [
    [r.id],
    [r.what],
    r.value,
    r.baselines,
    r.ratio,
    r.goals.map((g) => g.text),
    r.goals.map((g) => (g.pass === null ? 'n/a' : g.pass ? 'PASS' : 'MISS')),
  ];
}

/** A plain-text table; a cell of several lines spreads over several text lines. */
export function textTable(rows: BenchRow[]): string {
  const body = rows.map(cells);
  const widths = HEADERS.map((h, c) => Math.max(h.length, ...body.flatMap((r) => r[c]!.map((l) => l.length))));
  const fmt = (parts: string[]) => `| ${parts.map((p, c) => p.padEnd(widths[c]!)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const lines = [fmt(HEADERS), rule];
  for (const r of body) {
    const height = Math.max(...r.map((c) => c.length));
    for (let i = 0; i < height; i++) lines.push(fmt(r.map((c) => c[i] ?? '')));
    lines.push(rule);
  }
  return lines.join('\n');
}

const md = (s: string) => s.replace(/\|/g, '\\|');

export function markdownTable(rows: BenchRow[]): string {
  const lines = [`| ${HEADERS.join(' | ')} |`, `|${HEADERS.map(() => '---').join('|')}|`];
  for (const r of rows) {
    lines.push(
      `| ${cells(r)
        .map((c) =>
          c
            .filter((l) => l !== '')
            .map((l) => md(l).replace(/^(PASS|MISS)$/, '**$1**'))
            .join('<br>'),
        )
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** PASS when every goal passed, MISS when any missed. */
export function verdict(r: BenchRow): 'PASS' | 'MISS' | 'n/a' {
  if (r.goals.some((g) => g.pass === false)) return 'MISS';
  if (r.goals.some((g) => g.pass === null)) return 'n/a';
  return 'PASS';
}
