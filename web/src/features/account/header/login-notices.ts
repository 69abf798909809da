//! The login popup's notices (spec §2 "Login popup: opens automatically when it contains
//! notices"). A refused login from the header keeps its message here for the tab's session, so
//! the popup opens by itself with it on the next page load, as WooCommerce's popup does after a
//! failed login posted from the header; a login, or closing the popup, clears them.

const KEY = 'vitrine_login_notices';
const MAX = 3;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readLoginNotices(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string').slice(-MAX) : [];
  } catch {
    return [];
  }
}

export function addLoginNotice(message: string): string[] {
  const next = [...readLoginNotices().filter((n) => n !== message), message].slice(-MAX);
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the notice is shown now, just not after a reload.
  }
  return next;
}

export function clearLoginNotices(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing stored then.
  }
}
