//! Slug cleaning for attribution values (spec §5), for grouping sources and campaigns in reports.

/**
 * Strips accents, turns spaces, dots and slashes into hyphens, keeps letters, digits,
 * underscore and hyphen, lowercases, and collapses repeated hyphens.
 */
export function cleanSlug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s./]/g, '-')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .toLowerCase()
    .replace(/-{2,}/g, '-');
}
