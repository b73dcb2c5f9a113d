/** What every benchmark row and contender shares. A row is a module in bench/rows/ that returns a BenchRow. */

/** One goal of a row, e.g. "≤ 1.3× the raw limit"; pass is null when it could not be judged. */
export type Goal = { text: string; pass: boolean | null };

export type BenchRow = {
  id: string;
  what: string;
  /** Each cell is a list of lines, printed one under the other. */
  value: string[];
  baselines: string[];
  ratio: string[];
  goals: Goal[];
  /** Extra lines printed under the table (breakdowns, request counts, caveats). */
  notes: string[];
};

export type SeededSandbox = {
  baseUrl: string;
  apiKey: string;
  organisationId: string;
  projectId: string;
  interviews: number;
  turns: number;
  pageSize: number;
  pages: number;
  dataFile: string;
  reused: boolean;
  /** The sandbox process, for its CPU time. */
  pid: number;
};

export type PhaseTiming = { label: string; ms: number };

export type BenchContext = {
  /** The repository root (where package.json is). */
  root: string;
  /** A fresh temporary directory for this run (caches, naive output). */
  runDir: string;
  sandbox: SeededSandbox;
  concurrency: number;
  /** Write a CPU profile of every contender child into this folder (--cpu-prof). */
  cpuProfDir: string | null;
  /** The bundled cache worker the contenders use (see lib/build.ts). */
  workerPath: string;
  /** Times a step, prints it as it finishes, and keeps it for the phase list. */
  phase<T>(label: string, fn: () => Promise<T>): Promise<T>;
  say(line: string): void;
  /** Artifacts one row leaves for a later one (the synced cache, the full sync time). */
  shared: Map<string, unknown>;
};

export type Row = (ctx: BenchContext) => Promise<BenchRow>;

/** Handed to a contender running in its own process: marks let it record the peak RSS at a point. */
export type Probe = {
  /** Records the peak RSS so far under this label. */
  mark(label: string): void;
};

export type RssReport = {
  /** Highest process.memoryUsage().rss seen by the 20 ms sampler. */
  peak_bytes: number;
  /** The kernel's high-water mark (process.resourceUsage().maxRSS), which also catches spikes between samples. */
  max_rss_bytes: number;
  samples: number;
  marks: Record<string, number>;
  /** CPU time (user + system, every thread of the process) at each mark, and at the end. */
  cpu_ms_marks: Record<string, number>;
  cpu_ms: number;
};
