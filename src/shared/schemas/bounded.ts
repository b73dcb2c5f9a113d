/**
 * Open maps from the service (participant custom fields, screener answers) can hold anything: a value a
 * hundred thousand levels deep would overflow the stack of a naive walk or JSON.stringify, and a 10 MB
 * string would sit in every list and export. Values are kept as display text within these bounds, and
 * what was cut says so in the text itself, so nothing is silently shortened.
 */
export const BOUNDS = { depth: 8, chars: 10_000, keys: 200, items: 200 } as const;

export const CUT_MARK = '… (cut:';

/** A string within `chars` characters, ending in a cut mark that says how much was left out. */
export function boundedString(s: string, chars: number = BOUNDS.chars): { text: string; cut: boolean } {
  if (s.length <= chars) return { text: s, cut: false };
  return { text: `${s.slice(0, chars)}${CUT_MARK} ${s.length - chars} more characters)`, cut: true };
}

/**
 * Any JSON-like value as JSON text, never deeper than BOUNDS.depth (deeper parts become a cut mark), with
 * at most BOUNDS.keys keys and BOUNDS.items items per level, and BOUNDS.chars characters overall. The
 * walk is bounded by the depth limit, so it cannot overflow the stack, and cycles cannot loop.
 */
export function boundedJson(value: unknown): { text: string; cut: boolean } {
  let cut = false;
  let budget = BOUNDS.chars * 2;
  const seen = new Set<object>();
  const walk = (v: unknown, depth: number): string => {
    if (budget <= 0) {
      cut = true;
      return '"…"';
    }
    let out: string;
    if (v === null || typeof v === 'number' || typeof v === 'boolean') out = JSON.stringify(v) ?? 'null';
    else if (typeof v === 'string') {
      const b = boundedString(v);
      cut ||= b.cut;
      out = JSON.stringify(b.text);
    } else if (typeof v !== 'object') out = 'null';
    else if (depth >= BOUNDS.depth || seen.has(v)) {
      cut = true;
      out = JSON.stringify(`${CUT_MARK} nested too deeply)`);
    } else {
      seen.add(v);
      if (Array.isArray(v)) {
        const parts = v.slice(0, BOUNDS.items).map((x) => walk(x, depth + 1));
        if (v.length > BOUNDS.items) {
          cut = true;
          parts.push(JSON.stringify(`${CUT_MARK} ${v.length - BOUNDS.items} more items)`));
        }
        out = `[${parts.join(',')}]`;
      } else {
        const keys = Object.keys(v);
        const parts = keys
          .slice(0, BOUNDS.keys)
          .map((k) => `${JSON.stringify(boundedString(k, 200).text)}:${walk((v as Record<string, unknown>)[k], depth + 1)}`);
        if (keys.length > BOUNDS.keys) {
          cut = true;
          parts.push(`${JSON.stringify(CUT_MARK)}:${JSON.stringify(`${keys.length - BOUNDS.keys} more keys)`)}`);
        }
        out = `{${parts.join(',')}}`;
      }
      seen.delete(v);
    }
    budget -= out.length;
    return out;
  };
  const text = walk(value, 0);
  const b = boundedString(text);
  return { text: b.text, cut: cut || b.cut };
}
