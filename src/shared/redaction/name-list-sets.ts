import { NAME_LISTS } from './name-lists.data';
import { WORD_NAMES } from './name-vocabulary';

export type Lists = { given: Set<string>; family: Set<string>; common: Set<string> };
let lists: Lists | null = null;
/** The name lists (name-lists.data.ts, generated), split on first use: the scan pays for them, `--help` does not. */
export function nameLists(): Lists {
  lists ??= {
    given: new Set(NAME_LISTS.given.split(' ')),
    family: new Set(NAME_LISTS.family.split(' ')),
    common: new Set([...NAME_LISTS.common.split(' '), ...WORD_NAMES]),
  };
  return lists;
}
