/**
 * The project's codebook: the study's codes (categories holding codes), one code per report theme, then
 * one per code a coding carries that the codebook given does not list (a code that equals a theme title
 * stays a separate code). Codes are listed in that order, a coding's code when a coding first uses it.
 * Codes are matched by id, never by name: two codes whose names differ only in case stay two codes.
 */
import type { CodeView } from '../../../shared/ipc/channels/codes';
import type { QdpxTheme } from './types';
import { el, textEl } from './xml';

const THEME_COLOR = '#3b6fd4';
const TAG_COLOR = '#d4883b';
/** The code an uncoded highlight is exported under (QDA tools keep only coded selections). */
const UNCODED_NAME = 'Highlights';

const hexColor = (color: string | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : undefined);

export type Codebook = {
  /** The <Code> elements so far, in codebook order. */
  codes: string[];
  /** The GUID of a theme's code, added to the codebook. */
  themeCode(theme: QdpxTheme, index: number): string;
  /** The GUID of a coding's code, by its id: the codebook's code, else one added for it. */
  codeFor(code: CodingCode): string;
  /** The GUID of the code that uncoded highlights are exported under, added when first asked for. */
  uncodedCode(): string;
};

/** A code as a coding carries it (`HighlightView['codes']`). */
export type CodingCode = { id: string; name: string; color: string };

export function createCodebook(book: CodeView[], g: (...parts: string[]) => string): Codebook {
  const codes: string[] = [];
  /** The GUIDs of the codes so far, by code id. */
  const guids = new Map<string, string>();
  let uncoded: string | null = null;
  const codeEl = (c: CodeView, children: string[] = []) =>
    el('Code', { guid: g('code', c.id), name: c.name, isCodable: !c.is_category, color: hexColor(c.color) }, [
      ...(c.description.trim() ? [textEl('Description', c.description)] : []),
      ...children,
    ]);
  const categoryIds = new Set(book.filter((c) => c.is_category).map((c) => c.id));
  for (const c of book) {
    if (!c.is_category) guids.set(c.id, g('code', c.id));
    if (c.is_category)
      codes.push(
        codeEl(
          c,
          book.filter((k) => k.parent_id === c.id && !k.is_category).map((k) => codeEl(k)),
        ),
      );
    else if (!c.parent_id || !categoryIds.has(c.parent_id)) codes.push(codeEl(c));
  }
  return {
    codes,
    themeCode(theme, ti) {
      const codeGuid = g('theme', String(ti), theme.title);
      const desc = theme.summary?.trim() ? [textEl('Description', theme.summary)] : [];
      codes.push(el('Code', { guid: codeGuid, name: theme.title.trim() || `Theme ${ti + 1}`, isCodable: true, color: THEME_COLOR }, desc));
      return codeGuid;
    },
    codeFor(code) {
      let guid = guids.get(code.id);
      if (!guid) {
        guid = g('code', code.id);
        guids.set(code.id, guid);
        codes.push(el('Code', { guid, name: code.name, isCodable: true, color: hexColor(code.color) ?? TAG_COLOR }));
      }
      return guid;
    },
    uncodedCode() {
      if (uncoded === null) {
        uncoded = g('tag', UNCODED_NAME);
        codes.push(el('Code', { guid: uncoded, name: UNCODED_NAME, isCodable: true, color: TAG_COLOR }));
      }
      return uncoded;
    },
  };
}
