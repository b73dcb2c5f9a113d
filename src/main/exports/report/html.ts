/**
 * Report as one self-contained HTML file: inline CSS, no scripts, no external resources (fonts, images,
 * links), so it opens anywhere offline and the same file prints to PDF (Electron's printToPDF, Chromium's
 * in tests) through its print stylesheet. Every string from the service is HTML-escaped.
 */
import { escapeHtml } from '../../output/html';
import { compactText, oneLine } from '../../output/text';
import { citation, locationOf, metaRows, percent, reportTitle, themesByFrequency, type ReportExportInput } from './common';

/** Escaped text whose line breaks are kept as <br>. */
function block(text: string): string {
  return escapeHtml(compactText(text)).replace(/\n/g, '<br>');
}

const CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #5b636e; --rule: #d9dde3; --accent: #3f5bd8; --bar: #e8ecf7; }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: var(--ink); font: 15px/1.55 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 3rem 1.5rem 4rem; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 .75rem; }
h2 { font-size: 1.15rem; margin: 2.25rem 0 .75rem; padding-bottom: .35rem; border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.02rem; margin: 0; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; color: var(--muted); font-size: .9rem; }
dl.meta dt { font-weight: 600; }
dl.meta dd { margin: 0; }
.theme { padding: 1.1rem 0 1.25rem; border-bottom: 1px solid var(--rule); break-inside: avoid-page; }
.theme-head { display: flex; align-items: baseline; gap: .75rem; }
.theme-head h3 { flex: 1; }
.share { font-variant-numeric: tabular-nums; font-weight: 600; color: var(--accent); }
.bar { height: 4px; background: var(--bar); border-radius: 2px; margin: .45rem 0 .6rem; }
.bar span { display: block; height: 100%; background: var(--accent); border-radius: 2px; }
blockquote { margin: .6rem 0 0; padding: .35rem 0 .35rem .9rem; border-left: 3px solid var(--rule); break-inside: avoid; }
blockquote p { margin: 0; }
blockquote cite { display: block; margin-top: .2rem; font-style: normal; font-size: .82rem; color: var(--muted); }
.empty { color: var(--muted); font-style: italic; }
@page { size: A4; margin: 18mm 16mm; }
@media print {
  body { font-size: 10.5pt; }
  main { max-width: none; padding: 0; }
  h2 { break-after: avoid; }
  .bar, .bar span { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`.trim();

export function renderReportHtml(input: ReportExportInput): string {
  const r = input.report;
  const title = escapeHtml(reportTitle(input));
  const meta = metaRows(input)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(oneLine(v))}</dd>`)
    .join('');
  const themes = themesByFrequency(r)
    .map(({ theme, index }) => {
      const share = percent(theme.frequency);
      const quotes = theme.quotes
        .map((quote, q) => {
          const loc = locationOf(input, index, q);
          const cite = loc ? `<cite>${escapeHtml(citation(loc))}</cite>` : '';
          return `<blockquote><p>${block(quote)}</p>${cite}</blockquote>`;
        })
        .join('\n');
      const summary = theme.summary.trim() ? `<p>${block(theme.summary)}</p>` : '';
      return [
        '<section class="theme">',
        `<div class="theme-head"><h3>${escapeHtml(oneLine(theme.title) || 'Untitled theme')}</h3><span class="share">${share}</span></div>`,
        `<div class="bar" aria-hidden="true"><span style="width:${share}"></span></div>`,
        summary,
        quotes,
        '</section>',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${title}</title>
<style>
${CSS}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<dl class="meta">${meta}</dl>
<h2>Summary</h2>
${r.summary && r.summary.trim() ? `<p>${block(r.summary)}</p>` : '<p class="empty">No summary.</p>'}
<h2>Themes</h2>
${themes || '<p class="empty">No themes.</p>'}
</main>
</body>
</html>
`;
}
