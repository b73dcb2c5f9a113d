import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../errors';

/**
 * Prints HTML to PDF with a headless Chromium or Google Chrome, for hosts without Electron's printToPDF:
 * the browser test host and the CLI. The report HTML is self-contained: no scripts, and its CSP
 * (`default-src 'none'`, inline styles only) stops any script or fetch, so printing it loads nothing.
 * (Chromium's scriptEnabled=false switch would be belt and braces, but headless printing then writes no file.)
 */

const CANDIDATES: Record<string, string[]> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/usr/bin/microsoft-edge',
  ],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
  ],
};

/** The browser to print with: FIELDWORK_CHROMIUM (or CHROMIUM_PATH) when set, else a usual install place. */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  platform: string = process.platform,
  exists: (p: string) => boolean = existsSync,
): string | null {
  for (const name of ['FIELDWORK_CHROMIUM', 'CHROMIUM_PATH']) {
    const p = env[name];
    if (p) return exists(p) ? p : null;
  }
  return (CANDIDATES[platform] ?? []).find(exists) ?? null;
}

export type ChromiumPdfOptions = { executable?: string | null; timeoutMs?: number; signal?: AbortSignal };

export async function chromiumPrintToPdf(html: string, o: ChromiumPdfOptions = {}): Promise<Uint8Array> {
  const executable = o.executable === undefined ? findChromium() : o.executable;
  if (!executable) {
    throw new AppError(
      'pdf_unavailable',
      'A PDF needs Chromium, Google Chrome or Microsoft Edge, and none was found. Install one (or set FIELDWORK_CHROMIUM to its path), or export the report as HTML and print that to PDF.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'fieldwork-pdf-'));
  try {
    const input = join(dir, 'report.html');
    const output = join(dir, 'report.pdf');
    writeFileSync(input, html);
    const args = [
      '--headless',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--no-pdf-header-footer',
      `--user-data-dir=${join(dir, 'profile')}`,
      `--print-to-pdf=${output}`,
      pathToFileURL(input).href,
    ];
    // Chromium refuses to start its sandbox as root (containers, CI); the page has no scripts to contain.
    if (typeof process.getuid === 'function' && process.getuid() === 0) args.unshift('--no-sandbox');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-2000);
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
      const onAbort = () => child.kill('SIGKILL');
      o.signal?.addEventListener('abort', onAbort, { once: true });
      child.on('error', (e) => {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
        reject(new AppError('pdf_failed', `Could not start ${executable} to print the PDF (${e.message}). Export the report as HTML and print that instead.`));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
        if (o.signal?.aborted) reject(new AppError('cancelled', 'The export was cancelled.'));
        else if (code === 0 && existsSync(output)) resolve();
        else
          reject(
            new AppError('pdf_failed', `The browser could not print the PDF (exit ${code ?? 'killed'}). Export the report as HTML and print that instead.`, {
              stderr: stderr.trim().split('\n').slice(-3).join('\n'),
            }),
          );
      });
    });
    const pdf = readFileSync(output);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new AppError('pdf_failed', 'The browser wrote something that is not a PDF. Export the report as HTML and print that instead.');
    return new Uint8Array(pdf);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
