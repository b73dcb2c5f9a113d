/**
 * The colours new codes take, in turn, so neighbouring codes differ. Each is readable as a chip border and
 * a margin bar on both themes. A researcher can pick any `#rrggbb`.
 */
export const CODE_PALETTE = [
  '#3b6fd4',
  '#d4883b',
  '#2e9e6a',
  '#c2417a',
  '#7a5bd0',
  '#b59a1f',
  '#1f9bb5',
  '#d4553b',
  '#5f8a2e',
  '#8a5a3c',
  '#4b5dbf',
  '#b5478f',
] as const;

/** The first palette colour no code uses yet; once all are used, the palette again in turn. */
export function nextCodeColor(used: readonly string[]): string {
  const taken = new Set(used.map((c) => c.toLowerCase()));
  return CODE_PALETTE.find((c) => !taken.has(c)) ?? CODE_PALETTE[used.length % CODE_PALETTE.length]!;
}

/** The coder name Fieldwork gives codings made from the AI report's themes. */
export const AI_REPORT_CODER = 'AI report';

/** How a coder is shown: a segment's `coder` is null for this workspace's researcher, named by the settings. */
export const coderLabel = (coder: string | null, researcherName: string): string => coder ?? (researcherName.trim() || 'You');
