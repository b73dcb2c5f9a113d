/** Declared for vitest.config.mts (the lists are plain JS so eslint.config.mjs can import them too). */
export declare const ISOLATED_UNIT: string[];
export declare const UNIT_OUT_OF_PROCESS: string[];
export declare const INTEGRATION_ISOLATED: string[];
