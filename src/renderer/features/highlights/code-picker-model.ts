import type { CodeView } from '../../../shared/ipc/channels/codes';
import type { CodeChoice } from '../../../shared/ipc/channels/highlights';

/** What the picker needs of a code: categories are listed in the codebook but never applied. */
export type PickableCode = Pick<CodeView, 'id' | 'name' | 'color' | 'codings' | 'is_category'>;

/** One row of the picker's list: a code of the codebook, or "Create code 'X'" for a name it does not have. */
export type PickerOption = { kind: 'code'; code: PickableCode; number: number | null } | { kind: 'create'; name: string };

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
const byUse = (a: PickableCode, b: PickableCode) => b.codings - a.codings || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * The codes number keys 1–9 apply: the nine with the most codings, ties by name, so the numbers stay put
 * while the researcher codes (they move only when a count overtakes another).
 */
export function mostUsed(codes: readonly PickableCode[], n = 9): PickableCode[] {
  return codes
    .filter((c) => !c.is_category)
    .sort(byUse)
    .slice(0, n);
}

/**
 * Type-ahead: the codes whose name starts with what is typed, then those with a word starting with it, then
 * those containing it, each group most used first; case and accents aside. Categories are left out.
 */
export function matchCodes(codes: readonly PickableCode[], query: string): PickableCode[] {
  const q = fold(query.trim());
  const usable = codes.filter((c) => !c.is_category);
  if (!q) return [...usable].sort(byUse);
  const rank = (c: PickableCode): number => {
    const name = fold(c.name);
    if (name.startsWith(q)) return 0;
    if (name.split(/[\s\-_/]+/).some((w) => w.startsWith(q))) return 1;
    return name.includes(q) ? 2 : -1;
  };
  return usable
    .map((c) => ({ c, r: rank(c) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || byUse(a.c, b.c))
    .map((x) => x.c);
}

/**
 * The picker's list for what is typed: with nothing typed, every code with the most used numbered 1–9;
 * with a query, its matches, and "Create" last when no code (nor category) has that name already.
 */
export function pickerOptions(codes: readonly PickableCode[], query: string): PickerOption[] {
  const numbers = new Map(mostUsed(codes).map((c, i) => [c.id, i + 1]));
  const typed = query.trim();
  if (!typed) {
    const top = mostUsed(codes);
    const rest = matchCodes(codes, '').filter((c) => !numbers.has(c.id));
    return [...top, ...rest].map((code) => ({ kind: 'code', code, number: numbers.get(code.id) ?? null }));
  }
  const options: PickerOption[] = matchCodes(codes, typed).map((code) => ({ kind: 'code', code, number: null }));
  if (!codes.some((c) => same(c.name, typed))) options.push({ kind: 'create', name: typed.slice(0, MAX_CODE_NAME) });
  return options;
}

export const MAX_CODE_NAME = 80;
export const MAX_CODES = 40;

/** A category typed by name: it cannot be applied, and the picker says so instead of offering to create it. */
export function categoryNamed(codes: readonly PickableCode[], query: string): PickableCode | null {
  const typed = query.trim();
  return (typed && codes.find((c) => c.is_category && same(c.name, typed))) || null;
}

/**
 * A code chosen in the picker: a codebook code by its id (`name` is how it was spelled when chosen, shown
 * until the codebook says otherwise), or a new code the researcher named (`id` null), created on apply.
 */
export type ChosenCode = { id: string; name: string } | { id: null; name: string };

/** What a name typed or picked stands for: the codebook's code of that name (typing "price" picks "Price"), else a new code. */
export function choiceFor(codes: readonly PickableCode[], name: string): ChosenCode {
  const n = name.trim().slice(0, MAX_CODE_NAME);
  const c = codes.find((k) => !k.is_category && same(k.name, n));
  return c ? { id: c.id, name: c.name } : { id: null, name: n };
}

const sameChoice = (a: ChosenCode, b: ChosenCode) => (a.id !== null || b.id !== null ? a.id === b.id : same(a.name, b.name));

/** Adds a choice, or takes it away when it is there already: a code by its id, a new code by its name (any case). */
export function toggleCode(chosen: readonly ChosenCode[], pick: ChosenCode): ChosenCode[] {
  if (pick.id === null && !pick.name.trim()) return [...chosen];
  if (chosen.some((c) => sameChoice(c, pick))) return chosen.filter((c) => !sameChoice(c, pick));
  return chosen.length >= MAX_CODES ? [...chosen] : [...chosen, pick];
}

/** The choices as they travel: codebook codes by id, new ones by name. */
export function codeChoice(chosen: readonly ChosenCode[]): CodeChoice {
  return { code_ids: chosen.flatMap((c) => (c.id === null ? [] : [c.id])), new_codes: chosen.flatMap((c) => (c.id === null ? [c.name] : [])) };
}

function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
