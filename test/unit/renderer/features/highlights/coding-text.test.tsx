// Who coded a segment and when, how a coding is named in the margin, and what the chosen coding lets one do.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HighlightView } from '../../../../../src/shared/ipc/channels/highlights';
import { codedBy, codingName, shortQuote } from '../../../../../src/renderer/features/highlights/coding-text';
import { SelectedCoding } from '../../../../../src/renderer/features/viewer/SelectedCoding';
import { formatDateTime } from '../../../../../src/renderer/lib/format';

const coding: HighlightView = {
  id: 'h1',
  project_id: 'p1',
  interview_id: 'iv-1',
  start_turn: 3,
  start_offset: 0,
  end_turn: 3,
  end_offset: 40,
  start_ms: 83_000,
  quote: 'It was too dear for what came in the box each week',
  note: '',
  codes: [{ id: 'c1', name: 'Price', color: '#3b6fd4' }],
  coder: null,
  created_at: '2026-11-26T09:01:00Z',
  updated_at: '2026-11-26T09:01:00Z',
  participant_name: 'Ana Silva',
  code: 'P07',
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const panel = (h: HighlightView, canMove = false) =>
  renderToStaticMarkup(
    <SelectedCoding
      highlight={h}
      researcherName="Dana Reyes"
      canMove={canMove}
      onRecode={() => undefined}
      onMove={async () => undefined}
      onRemove={async () => undefined}
      onSeek={() => undefined}
      onClose={() => undefined}
    />,
  );

describe('coding text', () => {
  it('cuts a long quote at a word, with an ellipsis', () => {
    expect(shortQuote('too dear')).toBe('too dear');
    expect(shortQuote(coding.quote)).toBe('It was too dear for what came in…');
    expect(shortQuote('  many\n spaces  ')).toBe('many spaces');
  });

  it("names a coding by code, words and coder: the researcher's by their name, or You", () => {
    expect(codingName('Price', coding, 'Dana Reyes')).toBe("Price: 'It was too dear for what came in…' by Dana Reyes");
    expect(codingName('Price', coding, '  ')).toBe("Price: 'It was too dear for what came in…' by You");
    expect(codingName('Price', { ...coding, coder: 'AI report' }, 'Dana Reyes')).toBe("Price: 'It was too dear for what came in…' by AI report");
  });

  it('says who coded it and when, and when it was changed since', () => {
    expect(codedBy(coding, '')).toBe(`Coded by You · ${formatDateTime(coding.created_at)}`);
    expect(codedBy({ ...coding, updated_at: '2026-11-27T10:00:00Z' }, 'Dana')).toBe(
      `Coded by Dana · ${formatDateTime(coding.created_at)} · changed ${formatDateTime('2026-11-27T10:00:00Z')}`,
    );
  });
});

describe('the chosen coding', () => {
  it('shows its codes, coder and time; the researcher can recode, move (once words are selected) and remove it', () => {
    const html = panel(coding);
    expect(text(html)).toContain(`Coded by Dana Reyes · ${formatDateTime(coding.created_at)}`);
    expect(text(html)).toContain('Price');
    expect(html).toMatch(/<button[^>]*>Recode…<\/button>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Move coding here<\/button>/);
    expect(text(html)).toContain('To move or resize it, select the words it should cover.');
    expect(panel(coding, true)).not.toMatch(/disabled=""[^>]*>Move coding here/);
  });

  it("shows another coder's coding as they coded it: no recode or move, only remove", () => {
    const html = panel({ ...coding, coder: 'AI report' });
    expect(text(html)).toContain('Coded by AI report');
    expect(html).not.toContain('Recode…');
    expect(html).not.toContain('Move coding here');
    expect(html).toContain('Remove…');
    expect(text(html)).toContain("AI report's coding is shown as they coded it.");
  });
});
