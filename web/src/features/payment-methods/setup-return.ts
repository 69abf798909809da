//! The add page's return from 3-D Secure: the provider appends `setup_intent`,
//! `setup_intent_client_secret` and `redirect_status` to the query, and the hash carries the
//! shop's return data (spec §3, `type: setup`; `replace` for "Change").

export interface SetupReturn {
  setupIntent: string;
  clientSecret: string;
  /** The saved card this one replaces ("Change"), if any. */
  replace: string | null;
}

function decodeHashData(hash: string): Record<string, unknown> | null {
  const prefix = '#response=';
  if (!hash.startsWith(prefix)) return null;
  try {
    const binary = atob(decodeURIComponent(hash.slice(prefix.length).trim()));
    const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The setup to finish, or null when the address is not a setup's return (never throws). */
export function setupReturnFrom(search: string, hash: string): SetupReturn | null {
  const query = new URLSearchParams(search);
  const setupIntent = query.get('setup_intent') ?? '';
  const clientSecret = query.get('setup_intent_client_secret') ?? '';
  const data = decodeHashData(hash);
  if (!setupIntent.startsWith('seti_') || !clientSecret || data?.type !== 'setup') return null;
  const replace = typeof data.replace === 'string' && data.replace.startsWith('pm_') ? data.replace : null;
  return { setupIntent, clientSecret, replace };
}
