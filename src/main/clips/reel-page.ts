/**
 * The reel page for stakeholders (issue 14 §1): one index.html beside reel.<ext> and reel.vtt, opened
 * from disk by any browser with no server. Inline CSS, no script at all, and a Content-Security-Policy
 * that lets the page load nothing but its own video and captions. Every string from the service or the
 * researcher is HTML-escaped.
 *
 * The captions are carried in the page as a data: URL (the same bytes as reel.vtt beside it): a page
 * opened from disk is its own unique origin in Chromium, which refuses to load <track src="reel.vtt">
 * from a file: URL ("file: URLs are treated as unique security origins"), while the video itself loads.
 */
import { escapeHtml } from '../output/html';

export type ReelQuote = {
  /** Where the quote's clip starts and ends in the reel, in ms. */
  startMs: number;
  endMs: number;
  code: string | null;
  /** The participant's label as the export shows it ("P03", or "Ana Souza (P03)" with participant data). */
  participant: string;
  text: string;
};

export type ReelPageInput = {
  title: string;
  /** The reel's file name beside the page, e.g. "reel.webm". */
  video: string;
  /** The reel's WebVTT, as written to reel.vtt. */
  vtt: string;
  quotes: ReelQuote[];
  /** Lines shown under the video: cuts snapped to keyframes, clips left out, redaction. */
  notes: string[];
};

/** The reel's type by its extension; a sound-only reel (sound-only.ts) still plays in <video>, which shows its captions. */
const MIME: Record<string, string> = {
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  mka: 'audio/x-matroska',
};

/** Only the page's own inline styles, its video (same folder) and its captions (a data: URL) may load. */
export const REEL_PAGE_CSP = "default-src 'none'; media-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** "1:05" or "1:02:03". */
export function reelTime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

const CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #5b636e; --rule: #d9dde3; --accent: #3f5bd8; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 2rem 1.25rem; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
video { width: 100%; background: #000; border-radius: 6px; }
.notes { color: var(--muted); font-size: 0.9rem; padding-left: 1.2rem; }
ol.quotes { list-style: none; padding: 0; margin: 1.5rem 0 0; }
ol.quotes li { border-top: 1px solid var(--rule); padding: 0.9rem 0; }
.meta { color: var(--muted); font-size: 0.9rem; display: flex; gap: 0.75rem; flex-wrap: wrap; }
.time { font-variant-numeric: tabular-nums; color: var(--accent); font-weight: 600; }
blockquote { margin: 0.35rem 0 0; white-space: pre-wrap; }
`;

function dataUrl(vtt: string): string {
  return `data:text/vtt;charset=utf-8;base64,${Buffer.from(vtt, 'utf8').toString('base64')}`;
}

export function renderReelPage(input: ReelPageInput): string {
  const ext = input.video.split('.').pop()?.toLowerCase() ?? '';
  const type = MIME[ext];
  const quotes = input.quotes
    .map(
      (q) => `<li>
<div class="meta"><span class="time">${escapeHtml(reelTime(q.startMs))}–${escapeHtml(reelTime(q.endMs))}</span><span class="participant">${escapeHtml(q.participant)}</span>${
        q.code ? `<span class="code">${escapeHtml(q.code)}</span>` : ''
      }</div>
<blockquote>${escapeHtml(q.text)}</blockquote>
</li>`,
    )
    .join('\n');
  const notes = input.notes.length ? `<ul class="notes">${input.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(REEL_PAGE_CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(input.title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${escapeHtml(input.title)}</h1>
<video controls preload="metadata">
<source src="${escapeHtml(encodeURIComponent(input.video))}"${type ? ` type="${type}"` : ''}>
<track kind="captions" src="${dataUrl(input.vtt)}" srclang="en" label="Captions" default>
</video>
${notes}
<ol class="quotes">
${quotes}
</ol>
</body>
</html>
`;
}
