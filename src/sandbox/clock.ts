export type Clock = { now(): number };
export const systemClock: Clock = { now: () => Date.now() };
export const iso = (ms: number) => new Date(ms).toISOString();
