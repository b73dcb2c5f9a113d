import { migration as m0001 } from './0001-service-data';
import { migration as m0002 } from './0002-search-index';
import { migration as m0003 } from './0003-user-data';
import { migration as m0004 } from './0004-local-jobs';
import { migration as m0005 } from './0005-quotes-update-trigger';
import { migration as m0006 } from './0006-pending-index-order';
import { migration as m0007 } from './0007-search-vocabulary';
import { migration as m0008 } from './0008-deferred-turn-index';
import { migration as m0009 } from './0009-turn-time-known';
import { migration as m0010 } from './0010-side-reads';
import { migration as m0011 } from './0011-highlight-search';
import { migration as m0012 } from './0012-launch-charges';
import { migration as m0013 } from './0013-credits-unstated';
import { migration as m0014 } from './0014-report-versions';
import { migration as m0015 } from './0015-codebook';
import { migration as m0016 } from './0016-redaction';
import { migration as m0017 } from './0017-reels';
import { migration as m0018 } from './0018-question-index';
import { migration as m0019 } from './0019-turn-key-index';
import { migration as m0020 } from './0020-participant-codes';
import { migration as m0021 } from './0021-redaction-contact-kinds';
import { migration as m0022 } from './0022-redaction-reviewed';
import { migration as m0023 } from './0023-turn-insert-indexing';
import type { Migration } from './types';

/** In order; a new step is a new file appended here, never an edit to an applied one. */
export const MIGRATIONS: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
];
export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
