/* eslint-disable no-console -- a command-line tool talks on stdout */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { issueKey, listOrgs, createOrganisation } from './store/orgs';
import { seedDemo } from './seed/demo';
import { startSandbox } from './server';
import { DEFAULT_BALANCE_CENTS, DEFAULT_TRIAL_CREDITS } from './domain/billing';

const USAGE = `Usage: npm run sandbox -- [--port N] [--data FILE|:memory:] [--json] [--seed none|demo] [--ai on|off]
                          [--report-ms N] [--rate-limit CAPACITY/PER_SECOND|off]

Starts the Research Interview Service sandbox on loopback and prints its base URL, an organisation ID
and an API key. State is kept in --data (default .fieldwork-dev/sandbox.db) and survives restarts.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      data: { type: 'string', default: '.fieldwork-dev/sandbox.db' },
      json: { type: 'boolean', default: false },
      seed: { type: 'string', default: 'none' },
      ai: { type: 'string', default: 'on' },
      'report-ms': { type: 'string' },
      'rate-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`--port must be a port number, not "${values.port}".`);
  if (!['none', 'demo'].includes(values.seed)) usage('--seed must be none or demo.');
  if (!['on', 'off'].includes(values.ai)) usage('--ai must be on or off.');
  let rateLimit: { capacity: number; refillPerSecond: number } | null | undefined;
  if (values['rate-limit'] === 'off') rateLimit = null;
  else if (values['rate-limit']) {
    const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(values['rate-limit']);
    if (!m) usage('--rate-limit must look like 120/40 (capacity/refill per second) or off.');
    rateLimit = { capacity: Number(m[1]), refillPerSecond: Number(m[2]) };
  }
  const dataFile = values.data === ':memory:' ? ':memory:' : resolve(values.data);
  if (dataFile !== ':memory:') mkdirSync(dirname(dataFile), { recursive: true });

  const sandbox = await startSandbox({
    dataFile,
    port,
    aiEnabled: values.ai === 'on',
    ...(values['report-ms'] ? { reportDurationMs: Number(values['report-ms']) } : {}),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
  }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE') usage(`Port ${port} is in use. Pick another with --port, or --port 0 for any free port.`);
    throw e;
  });
  const { db, clock, media } = sandbox.context;
  const now = new Date(clock.now()).toISOString();
  let organisationId: string;
  let apiKey: string;
  if (values.seed === 'demo') {
    const seeded = await seedDemo(sandbox.baseUrl, media);
    organisationId = seeded.organisation_id;
    apiKey = seeded.api_key;
  } else {
    const existing = listOrgs(db)[0];
    if (existing) {
      // Keys are stored hashed, so a restarted sandbox issues a fresh key for the same organisation.
      organisationId = existing.id;
      apiKey = issueKey(db, existing.id, now);
    } else {
      const created = createOrganisation(db, { name: 'Sandbox organisation', balance_cents: DEFAULT_BALANCE_CENTS, trial_credits: DEFAULT_TRIAL_CREDITS }, now);
      organisationId = created.organisation_id;
      apiKey = created.api_key;
    }
  }
  if (values.json) {
    console.log(JSON.stringify({ base_url: sandbox.baseUrl, organisation_id: organisationId, api_key: apiKey }));
  } else {
    console.log(`Research Interview Service sandbox
  base URL:        ${sandbox.baseUrl}
  organisation ID: ${organisationId}
  API key:         ${apiKey}
  data:            ${dataFile}
  sample videos:   ${media.videos.length}

Try:  curl -H "x-api-key: ${apiKey}" ${sandbox.baseUrl}/v1/credits
Stop with Ctrl+C.`);
  }
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function usage(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

main().catch((e: unknown) => {
  console.error(`The sandbox could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
