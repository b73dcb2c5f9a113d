/** Declared for vitest.config.mts (the list is plain JS so eslint.config.mjs can import it too). */
export declare const ISOLATED_UNIT: string[];
