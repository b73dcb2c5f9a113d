/* eslint-disable no-console -- a command-line tool talks on stdout */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../main/core';
import { createMemoryDesktop } from '../main/desktop/ports';
import { createLogger, stderrSink } from '../main/logging/logger';
import { installProcessGuard } from '../main/logging/process-guard';
import { createMemoryStore } from '../main/secrets/memory-store';
import { startTestHost, testHostMediaUrl } from './host';

/** `npm run browser`: the real renderer in a browser, against the embedded demo sandbox. Development and tests only. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5180' },
      data: { type: 'string', default: '.fieldwork-dev/browser-profile' },
      fresh: { type: 'boolean', default: false },
    },
  });
  const root = resolve(__dirname, '../..');
  const rendererDir = join(root, 'out/renderer');
  const bridgeScript = join(root, 'out/test-host/bridge.js');
  if (!existsSync(join(rendererDir, 'index.html')) || !existsSync(bridgeScript)) {
    console.error('The renderer is not built. Run it through `npm run browser`, which builds first.');
    process.exit(2);
  }
  const dataDir = resolve(values.data);
  if (values.fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // A browser has no OS folder picker: "Choose folder…" answers with this folder in the profile.
  const exportsDir = join(dataDir, 'exports');
  mkdirSync(exportsDir, { recursive: true });
  const log = createLogger(stderrSink);
  installProcessGuard(log);
  const core = createCore({
    desktop: createMemoryDesktop({ defaultFolder: exportsDir }),
    dataDir,
    mediaDir: join(root, 'resources/sample-media'),
    secrets: createMemoryStore(null),
    log,
    version: 'browser-harness',
    platform: process.platform,
    cacheWorker: { path: join(root, 'src/main/cache/worker-dev.cjs') },
    mediaUrl: testHostMediaUrl,
  });
  const host = await startTestHost({ core, rendererDir, bridgeScript, port: Number(values.port) }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE') {
      console.error(`Port ${values.port} is in use; pick another with --port.`);
      process.exit(2);
    }
    throw e;
  });
  console.log(`Fieldwork in the browser harness: ${host.url}\nProfile: ${dataDir} (--fresh starts over)\nExports go to ${exportsDir}\nStop with Ctrl+C.`);
  const stop = () =>
    void host
      .close()
      .then(() => core.close())
      .then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
