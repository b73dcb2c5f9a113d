import { resolve } from 'node:path';

/** The repository's root, for tests that read its files. A module of its own so unit files need not load the browser harness for it. */
export const ROOT = resolve(__dirname, '../..');
