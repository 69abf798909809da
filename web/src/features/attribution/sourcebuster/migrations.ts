//! sourcebuster's one migration (1.0.0-beta, id 1418474375998): `|` → `|||` and the marker cookie.

import { DELIMITER, readContainer, writeContainer, type WriteTarget } from './codec';

const MIGRATION_ID = '1418474375998';
const COOKIE = 'sbjs_migrations';
const MIGRATED = [
  'sbjs_current',
  'sbjs_current_add',
  'sbjs_first',
  'sbjs_first_add',
  'sbjs_session',
  'sbjs_udata',
  'sbjs_promo',
] as const;

export interface MigrationContext {
  target: WriteTarget;
  /** Cookie lifetime in minutes. */
  lifetime: number;
  href: string;
}

/** Replaces single `|` separators with `|||`, leaving `||` and `|||` runs alone. */
export function widenDelimiters(value: string): string {
  return value.replace(/(\|)?\|(\|)?/g, (match, before?: string, after?: string) =>
    before || after ? match : DELIMITER,
  );
}

/**
 * A new visitor (no `sbjs_first`, no marker) only gets the marker; a pre-1.0 visitor has every
 * container rewritten and the session reset to `pgs=0` before the marker is written.
 */
export function runMigrations({ target, lifetime, href }: MigrationContext): void {
  const { jar } = target;
  if (readContainer(jar, COOKIE)) return;
  if (!readContainer(jar, 'sbjs_first')) {
    writeContainer(target, COOKIE, `${MIGRATION_ID}=1`, lifetime);
    return;
  }
  try {
    for (const name of MIGRATED) {
      const value = readContainer(jar, name);
      if (!value) continue;
      jar.remove(name, { domain: `.${target.domain}`, path: '/' });
      jar.remove(name, { path: '/' });
      writeContainer(target, name, widenDelimiters(value), lifetime);
    }
    if (readContainer(jar, 'sbjs_session')) {
      writeContainer(target, 'sbjs_session', `pgs=0${DELIMITER}cpg=${href}`, lifetime);
    }
    writeContainer(target, COOKIE, `${MIGRATION_ID}=1`, lifetime);
  } catch {
    writeContainer(target, COOKIE, `${MIGRATION_ID}=0`, lifetime);
  }
}
