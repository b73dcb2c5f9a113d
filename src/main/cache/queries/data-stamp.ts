import type { CacheDb } from '../open';
import { stmt } from './stmt';

/**
 * Changes whenever the cache's data may have changed: a write by this connection (total_changes) or by
 * another process (data_version). What is kept under one stamp is forgotten under the next.
 */
export function dataStamp(db: CacheDb): string {
  const [changes, version] = stmt(db, 'SELECT total_changes(), data_version FROM pragma_data_version').raw(true).get() as [number, number];
  return `${changes}/${version}`;
}

/**
 * A memo per connection, emptied whenever the data may have changed (dataStamp), holding at most `max`
 * entries (the oldest go first). For what searches ask again and again while nothing is written.
 */
export function stampedMemo<V>(max: number): (db: CacheDb) => { get(key: string): V | undefined; set(key: string, value: V): void } {
  const memos = new WeakMap<CacheDb, { stamp: string; values: Map<string, V> }>();
  return (db) => {
    const stamp = dataStamp(db);
    let memo = memos.get(db);
    if (memo?.stamp !== stamp) memos.set(db, (memo = { stamp, values: new Map() }));
    const values = memo.values;
    return {
      get: (key) => values.get(key),
      set: (key, value) => {
        if (values.size >= max) values.delete(values.keys().next().value!);
        values.set(key, value);
      },
    };
  };
}
