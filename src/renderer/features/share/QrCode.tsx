import { useMemo } from 'react';
import { encodeQr } from '../../../shared/qr';

const QUIET = 4;

/**
 * A QR code drawn as SVG rects from the encoder's module matrix: one rect per horizontal run of dark
 * modules. Dark on light in both themes, with the standard quiet zone, so phones scan it.
 */
export function QrCode({ text, label, size = 168 }: { text: string; label: string; size?: number }) {
  const { n, runs } = useMemo(() => {
    const m = encodeQr(text);
    const out: { x: number; y: number; w: number }[] = [];
    m.forEach((row, y) => {
      let start = -1;
      for (let x = 0; x <= row.length; x++) {
        const dark = x < row.length && row[x];
        if (dark && start < 0) start = x;
        if (!dark && start >= 0) {
          out.push({ x: start + QUIET, y: y + QUIET, w: x - start });
          start = -1;
        }
      }
    });
    return { n: m.length + QUIET * 2, runs: out };
  }, [text]);
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      data-modules={n - QUIET * 2}
    >
      <rect className="qr-paper" x={0} y={0} width={n} height={n} />
      {runs.map((r) => (
        <rect key={`${r.y}-${r.x}`} className="qr-ink" x={r.x} y={r.y} width={r.w} height={1} />
      ))}
    </svg>
  );
}
