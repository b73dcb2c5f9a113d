import { z } from 'zod';

// Every tolerant reader starts from `z.unknown().optional()`: in zod 4 a key whose schema is a bare
// `z.unknown().transform(...)` is required, and a service that omits it would fail the whole parse.

/**
 * A server enum that never crashes the client: values outside the known set become `'unknown'`,
 * so a new status on the service degrades to "unknown" in the UI instead of failing a whole sync.
 * Matching ignores case because the spec mixes UPPER (statuses) and lower (modes) spellings.
 */
export function tolerantEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const byFolded = new Map<string, T[number]>(values.map((v) => [v.toLowerCase(), v]));
  return z
    .unknown()
    .optional()
    .transform((raw): T[number] | 'unknown' => {
      if (typeof raw !== 'string') return 'unknown';
      return byFolded.get(raw.trim().toLowerCase()) ?? 'unknown';
    });
}

/** A string the spec promises but a real service may send as null or omit. */
export const looseString = z
  .unknown()
  .optional()
  .transform((v): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null));

/** An integer that may arrive as a numeric string. */
export const looseInt = z
  .unknown()
  .optional()
  .transform((v): number | null => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : null;
  });

/**
 * A list whose items are read one by one: an item that does not parse (a bad id, say) is left out and
 * counted, so one odd record never costs the rest of its page. The caller reports `rejected`.
 */
export function keepGoodItems<S extends z.ZodType>(item: S) {
  return z.array(z.unknown()).transform((xs) => {
    const items: z.output<S>[] = [];
    let rejected = 0;
    for (const x of xs) {
      const r = item.safeParse(x);
      if (r.success) items.push(r.data);
      else rejected++;
    }
    return { items, rejected };
  });
}

/** Keys that would rewrite an object's prototype if copied naively. */
export const POISON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A list of strings where a service might send null, omit it, or slip in non-strings. */
export const looseStringList = z
  .array(z.unknown())
  .nullable()
  .optional()
  .transform((xs) => (xs ?? []).filter((x): x is string => typeof x === 'string'));
