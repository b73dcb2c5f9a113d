export const ms = (x: number) =>
  x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : x >= 10 ? `${x.toFixed(0)} ms` : `${x.toFixed(2)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const num = (n: number) => n.toLocaleString('en-US');
export const ratio = (x: number) => `${x.toFixed(2)}×`;
export const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Prints a line on stdout (the bench is a command-line tool). */
export function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}
