//! URL helpers for click triggers: file extensions, file names and URL-rule matching.

/** The path's last segment without query and fragment. */
function lastSegment(link: string): string {
  let out = link;
  const hash = out.indexOf('#');
  if (hash !== -1) out = out.slice(0, hash);
  const query = out.indexOf('?');
  if (query !== -1) out = out.slice(0, query);
  return out.slice(out.lastIndexOf('/') + 1);
}

/** The extension after the last dot of the file name, or '' (`/a/report.v2.pdf?x` → `pdf`). */
export function linkExtension(link: string): string {
  const file = lastSegment(link);
  return file.includes('.') ? file.slice(file.lastIndexOf('.') + 1) : '';
}

/** The file name when it has an extension, else ''. */
export function linkFilename(link: string): string {
  const file = lastSegment(link);
  return file.includes('.') ? file : '';
}

/** Drops scheme, `www.` and leading slashes, and anything from `/#` on. */
export function removeUrlDomain(url: string): string {
  const cut = url.indexOf('/#');
  const base = cut === -1 ? url : url.slice(0, cut);
  return base.replace('http://', '').replace('https://', '').replace('www.', '').trim().replace(/^\/+/, '');
}

export type UrlRule = 'match' | 'contains';

export interface UrlTrigger {
  value: string;
  rule: UrlRule;
}

/** `*` or an empty value matches every link; otherwise exact match or containment. */
export function matchesUrlTrigger(href: string, trigger: UrlTrigger): boolean {
  if (trigger.value === '*' || trigger.value === '') return true;
  const base = removeUrlDomain(href);
  const wanted = removeUrlDomain(trigger.value);
  return trigger.rule === 'match' ? base === wanted : base.includes(wanted);
}
