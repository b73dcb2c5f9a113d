// Writes test/fixtures/redaction-eval/labelled.json from the set's *.txt sources (run after editing them:
// `npx tsx scripts/redaction-eval-json.ts`); the set's test fails while the two disagree.
import { writeFileSync } from 'node:fs';
import { EVAL_JSON, evalSetJson, loadEvalSet } from '../test/support/redaction-eval-set';

writeFileSync(EVAL_JSON, evalSetJson(loadEvalSet()));
console.log(`Wrote ${EVAL_JSON}`);
