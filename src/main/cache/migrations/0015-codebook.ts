import { randomUUID } from 'node:crypto';
import type { Migration } from './types';

/**
 * A codebook (issue 13 §1). The free tags on highlights become codes: each project's distinct tags, one
 * code each (tags that differ only in ASCII case, such as "Price" and "price", become one code, as code
 * names are unique per project without regard to case), with a colour from the palette in the order the
 * tags were first used. Every highlight keeps every tag it had, now as a link to its code, so nothing is
 * lost. A highlight is a coded segment; `coder` says whose: NULL for the workspace's own researcher (so a
 * later change of the researcher's name needs no rewrite), else an imported coder or "AI report".
 *
 * Codes and their links are the researcher's, like highlights: no foreign key to service tables, so no
 * sync can touch them. The highlight search index's tag column now reads the code names, and triggers on
 * the link table and on a code's rename keep it current, finding index rows through an indexed map.
 *
 * The palette is written out here, not imported, so this step never changes once applied.
 */
const PALETTE = ['#3b6fd4', '#d4883b', '#2e9e6a', '#c2417a', '#7a5bd0', '#b59a1f', '#1f9bb5', '#d4553b', '#5f8a2e', '#8a5a3c', '#4b5dbf', '#b5478f'];

const codeNames = `coalesce((SELECT group_concat(name, ' · ') FROM (SELECT c.name FROM highlight_codes hc JOIN codes c ON c.id = hc.code_id WHERE hc.highlight_id = %ID% ORDER BY c.name)), '')`;
const namesOf = (id: string) => codeNames.replace('%ID%', id);

export const migration: Migration = {
  version: 15,
  name: 'codebook',
  up(db) {
    db.exec(`
      CREATE TABLE codes (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        name TEXT NOT NULL CHECK (length(trim(name)) > 0),
        color TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        parent_id TEXT REFERENCES codes(id) ON DELETE SET NULL,
        is_category INTEGER NOT NULL DEFAULT 0 CHECK (is_category IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX codes_project_name ON codes(project_id, name COLLATE NOCASE);
      CREATE INDEX codes_parent ON codes(parent_id);
      CREATE TABLE highlight_codes (
        highlight_id TEXT NOT NULL REFERENCES highlights(id) ON DELETE CASCADE,
        code_id TEXT NOT NULL REFERENCES codes(id) ON DELETE CASCADE,
        PRIMARY KEY (highlight_id, code_id)
      ) WITHOUT ROWID;
      CREATE INDEX highlight_codes_code ON highlight_codes(code_id, highlight_id);
      ALTER TABLE highlights ADD COLUMN coder TEXT;
      CREATE INDEX highlights_project_coder ON highlights(project_id, coder);
    `);

    // Each project's tags, the first spelling of each (case-folded) name by first use.
    const tags = db
      .prepare(
        `SELECT h.project_id AS project_id, t.tag AS tag, min(h.created_at) AS first_used
         FROM highlight_tags t JOIN highlights h ON h.id = t.highlight_id
         GROUP BY h.project_id, t.tag ORDER BY h.project_id, first_used, t.tag`,
      )
      .all() as { project_id: string; tag: string; first_used: string }[];
    const insertCode = db.prepare(
      'INSERT INTO codes (id, project_id, name, color, description, parent_id, is_category, created_at, updated_at) VALUES (?, ?, ?, ?, ?, NULL, 0, ?, ?)',
    );
    const byKey = new Map<string, string>();
    const perProject = new Map<string, number>();
    for (const t of tags) {
      const key = `${t.project_id}\u0000${t.tag.toLowerCase()}`;
      if (byKey.has(key)) continue;
      const n = perProject.get(t.project_id) ?? 0;
      perProject.set(t.project_id, n + 1);
      const id = randomUUID();
      insertCode.run(id, t.project_id, t.tag.trim() || t.tag, PALETTE[n % PALETTE.length]!, '', t.first_used, t.first_used);
      byKey.set(key, id);
    }
    const links = db
      .prepare(
        'SELECT t.highlight_id AS highlight_id, t.tag AS tag, h.project_id AS project_id FROM highlight_tags t JOIN highlights h ON h.id = t.highlight_id',
      )
      .all() as { highlight_id: string; tag: string; project_id: string }[];
    const link = db.prepare('INSERT OR IGNORE INTO highlight_codes (highlight_id, code_id) VALUES (?, ?)');
    for (const l of links) link.run(l.highlight_id, byKey.get(`${l.project_id}\u0000${l.tag.toLowerCase()}`)!);

    // The search index's rows are found by the FTS rowid kept in an indexed map: a lookup on the index's own
    // highlight_id column (UNINDEXED) reads every row, which made each coding's trigger scan the whole index.
    db.exec(`
      DROP TRIGGER highlight_tags_fts_ai;
      DROP TRIGGER highlight_tags_fts_ad;
      DROP TRIGGER highlights_fts_ai;
      DROP TRIGGER highlights_fts_au;
      DROP TRIGGER highlights_fts_ad;
      DROP TABLE highlight_tags;
      CREATE TABLE highlight_search_rows (
        highlight_id TEXT PRIMARY KEY,
        fts_rowid INTEGER NOT NULL UNIQUE
      ) WITHOUT ROWID;
      INSERT INTO highlight_search_rows (highlight_id, fts_rowid) SELECT highlight_id, rowid FROM highlights_fts;
      CREATE TRIGGER highlights_fts_ai AFTER INSERT ON highlights BEGIN
        INSERT INTO highlight_search_rows (highlight_id, fts_rowid)
          VALUES (new.id, (SELECT coalesce(max(fts_rowid), 0) + 1 FROM highlight_search_rows));
        INSERT INTO highlights_fts(rowid, highlight_id, quote, note, tags)
          VALUES ((SELECT fts_rowid FROM highlight_search_rows WHERE highlight_id = new.id), new.id, new.quote, new.note, ${namesOf('new.id')});
      END;
      CREATE TRIGGER highlights_fts_au AFTER UPDATE OF quote, note ON highlights BEGIN
        UPDATE highlights_fts SET quote = new.quote, note = new.note
          WHERE rowid = (SELECT fts_rowid FROM highlight_search_rows WHERE highlight_id = new.id);
      END;
      CREATE TRIGGER highlights_fts_ad AFTER DELETE ON highlights BEGIN
        DELETE FROM highlights_fts WHERE rowid = (SELECT fts_rowid FROM highlight_search_rows WHERE highlight_id = old.id);
        DELETE FROM highlight_search_rows WHERE highlight_id = old.id;
      END;
      CREATE TRIGGER highlight_codes_fts_ai AFTER INSERT ON highlight_codes BEGIN
        UPDATE highlights_fts SET tags = ${namesOf('new.highlight_id')}
          WHERE rowid = (SELECT fts_rowid FROM highlight_search_rows WHERE highlight_id = new.highlight_id);
      END;
      CREATE TRIGGER highlight_codes_fts_ad AFTER DELETE ON highlight_codes BEGIN
        UPDATE highlights_fts SET tags = ${namesOf('old.highlight_id')}
          WHERE rowid = (SELECT fts_rowid FROM highlight_search_rows WHERE highlight_id = old.highlight_id);
      END;
      CREATE TRIGGER codes_fts_au AFTER UPDATE OF name ON codes BEGIN
        UPDATE highlights_fts SET tags = ${namesOf('highlights_fts.highlight_id')}
          WHERE rowid IN (SELECT m.fts_rowid FROM highlight_codes hc JOIN highlight_search_rows m ON m.highlight_id = hc.highlight_id WHERE hc.code_id = new.id);
      END;
      UPDATE highlights_fts SET tags = ${namesOf('highlights_fts.highlight_id')};
    `);
  },
};
