import { packSearchHits, unpackSearchHits } from './queries/search-wire';

/**
 * Results that cross from the cache thread to main in another shape, because structured clone is slow
 * for their usual shape: packed in the worker, unpacked in main before the caller sees them. An
 * operation not listed crosses as it is. The in-process cache never packs.
 */
type Codec = { pack(value: unknown): unknown; unpack(value: unknown): unknown };
const codecs: Record<string, Codec> = {
  'search.query': {
    pack: (v) => packSearchHits(v as Parameters<typeof packSearchHits>[0]),
    unpack: (v) => unpackSearchHits(v as Parameters<typeof unpackSearchHits>[0]),
  },
};

export const packResult = (op: string, value: unknown): unknown => (Object.hasOwn(codecs, op) ? codecs[op]!.pack(value) : value);
export const unpackResult = (op: string, value: unknown): unknown => (Object.hasOwn(codecs, op) ? codecs[op]!.unpack(value) : value);
