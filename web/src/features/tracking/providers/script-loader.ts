//! Inserts a third-party script at most once per URL and reports when it loads.

export type ScriptStatus = 'pending' | 'loaded' | 'failed';

const status = new WeakMap<HTMLScriptElement, ScriptStatus>();

export interface ScriptCallbacks {
  onLoad?: () => void;
  onError?: () => void;
}

/** The `<script>` already in the document for this exact URL, if any. */
export function findScript(doc: Document, url: string): HTMLScriptElement | undefined {
  return Array.from(doc.scripts).find((script) => script.getAttribute('src') === url);
}

/** Loading state of a script this module inserted ('loaded' for foreign scripts). */
export function scriptStatus(script: HTMLScriptElement): ScriptStatus {
  return status.get(script) ?? 'loaded';
}

/**
 * Inserts `<script async src=url>` unless the document already has one for the URL, and
 * calls back on load or error (immediately when the existing script already settled).
 */
export function loadScriptOnce(doc: Document, url: string, callbacks: ScriptCallbacks = {}): HTMLScriptElement {
  const existing = findScript(doc, url);
  if (existing) {
    const state = scriptStatus(existing);
    if (state === 'loaded') callbacks.onLoad?.();
    else if (state === 'failed') callbacks.onError?.();
    else watch(existing, callbacks);
    return existing;
  }
  const script = doc.createElement('script');
  script.async = true;
  script.src = url;
  status.set(script, 'pending');
  script.addEventListener('load', () => status.set(script, 'loaded'));
  script.addEventListener('error', () => status.set(script, 'failed'));
  watch(script, callbacks);
  (doc.head ?? doc.documentElement).appendChild(script);
  return script;
}

function watch(script: HTMLScriptElement, callbacks: ScriptCallbacks): void {
  if (callbacks.onLoad) script.addEventListener('load', callbacks.onLoad, { once: true });
  if (callbacks.onError) script.addEventListener('error', callbacks.onError, { once: true });
}
