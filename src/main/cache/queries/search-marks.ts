/**
 * Control characters that never occur in text, so the renderer can mark matches without parsing HTML. A module
 * of their own, importing nothing: the CLI's output code needs them on every run, `--help` included, and the
 * search queries beside them load the contract (and zod).
 */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';
