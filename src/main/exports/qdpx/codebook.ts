/**
 * The project's codebook: the study's codes (categories holding codes), one code per report theme, then
 * one per highlight tag not in the codebook (a tag or code that equals a theme title stays a separate
 * code). Codes are listed in that order, a tag's when a highlight first uses it.
 */
import type { CodeView } from '../../../shared/ipc/channels/codes';
import type { QdpxTheme } from './types';
import { el, textEl } from './xml';

const THEME_COLOR = '#3b6fd4';
const TAG_COLOR = '#d4883b';

const hexColor = (color: string | undefined) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : undefined);

export type Codebook = {
  /** The <Code> elements so far, in codebook order. */
  codes: string[];
  /** The GUID of a theme's code, added to the codebook. */
  themeCode(theme: QdpxTheme, index: number): string;
  /** The GUID of the code a tag names: the codebook's code of that name (any case), else a new one. */
  tagCode(tag: string, color: string | undefined): string;
};

export function createCodebook(book: CodeView[], g: (...parts: string[]) => string): Codebook {
  const codes: string[] = [];
  const tagGuids = new Map<string, string>();
  const codeEl = (c: CodeView, children: string[] = []) =>
    el('Code', { guid: g('code', c.id), name: c.name, isCodable: !c.is_category, color: hexColor(c.color) }, [
      ...(c.description.trim() ? [textEl('Description', c.description)] : []),
      ...children,
    ]);
  const categoryIds = new Set(book.filter((c) => c.is_category).map((c) => c.id));
  for (const c of book) {
    if (!c.is_category) tagGuids.set(c.name.toLowerCase(), g('code', c.id));
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
    tagCode(tag, color) {
      let guid = tagGuids.get(tag.toLowerCase());
      if (!guid) {
        guid = g('tag', tag);
        tagGuids.set(tag.toLowerCase(), guid);
        codes.push(el('Code', { guid, name: tag, isCodable: true, color: hexColor(color) ?? TAG_COLOR }));
      }
      return guid;
    },
  };
}
