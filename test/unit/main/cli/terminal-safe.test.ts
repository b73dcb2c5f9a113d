// The CLI prints service text; nothing in it may drive the terminal.
import { describe, expect, it } from 'vitest';
import { escapeJsonText, Output, terminalSafe } from '../../../../src/main/cli/output';

const HOSTILE = [
  ['a title-setting OSC ended by BEL', '\u001b]0;pwned\u0007Title', 'Title'],
  ['an OSC 8 hyperlink ended by ST', '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\', 'click'],
  ['a screen clear (CSI)', 'A\u001b[2JB', 'AB'],
  ['a colour with parameters', '\u001b[38;5;196mred\u001b[0m', 'red'],
  ['a C1 CSI', 'A\u009b31mB', 'AB'],
  ['a lone ESC at the end', 'AB\u001b', 'AB'],
  ['a charset designation (ESC ( 0)', 'A\u001b(0B', 'AB'],
  ['a two-byte escape (ESC c resets the terminal)', 'A\u001bcB', 'AB'],
  ['BEL and backspace', 'A\u0007\u0008B', 'AB'],
  ['a carriage return that would overwrite the line', 'safe\rEVIL', 'safeEVIL'],
  ['DEL and C1 controls', 'A\u007f\u0085\u008dB', 'AB'],
  ['bidi overrides and isolates', 'A\u202eevil\u202c\u2066x\u2069\u200fB', 'AevilxB'],
] as const;

describe('terminalSafe', () => {
  it.each(HOSTILE)('strips %s', (_name, input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });

  it('keeps ordinary text, line feeds, tabs and non-Latin scripts', () => {
    expect(terminalSafe('Preço\tمرحبا\n日本語 — ok')).toBe('Preço\tمرحبا\n日本語 — ok');
  });

  it('every human line and warning goes through it; JSON escapes what JSON.stringify leaves raw', () => {
    const out: string[] = [];
    const err: string[] = [];
    const o = new Output({ write: (s) => out.push(s) }, { write: (s) => err.push(s) }, false, {});
    for (const [, input] of HOSTILE) o.line(`Study: ${input}`);
    o.warn('\u001b[2Jwarning\u009b');
    const printed = out.join('') + err.join('');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point here
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    const json = escapeJsonText(JSON.stringify({ title: 'A\u202eB\u0085C' }));
    expect(json).toBe('{"title":"A\\u202eB\\u0085C"}');
    expect(JSON.parse(json)).toEqual({ title: 'A\u202eB\u0085C' });
  });
});
