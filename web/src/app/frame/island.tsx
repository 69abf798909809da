//! An island: a part of the server's frame (header, footer, the containers around `<main>`) that
//! React draws from the one root (ADR 0040). The server marks each place with
//! `data-island="{name}"` (crates/vitrine-http/src/storefront/frame.rs) and fills it with what
//! shows before the app starts; the island's first commit puts React's markup in and, in the same
//! frame (a layout effect, before the paint), removes the server's, so nothing flashes or moves.
//! Focus inside the server's part moves to the element of the same id in React's (the search
//! field keeps focus and caret).

import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const ISLAND_ATTRIBUTE = 'data-island';

/** The island's place in the document, or null when this page's frame has none. */
export function islandTarget(name: string, doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="${name}"]`);
}

interface Taken {
  target: HTMLElement;
  server: ChildNode[];
}

function take(name: string, replaces?: string): Taken | null {
  const target = islandTarget(name);
  if (!target) return null;
  const elsewhere = replaces ? Array.from(document.querySelectorAll(replaces)) : [];
  return { target, server: [...Array.from(target.childNodes), ...elsewhere] };
}

/** Removes the server's nodes, carrying focus (and an input's caret) to React's element of the same id. */
export function replaceServerNodes(server: readonly ChildNode[], target: HTMLElement): void {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && server.some((node) => node.contains(active)) ? active : null;
  const selection = focused instanceof HTMLInputElement ? ([focused.selectionStart, focused.selectionEnd] as const) : null;
  for (const node of server) node.remove();
  if (!focused?.id) return;
  const next = target.ownerDocument.getElementById(focused.id);
  if (!next || !target.contains(next)) return;
  next.focus({ preventScroll: true });
  if (selection && next instanceof HTMLInputElement && selection[0] !== null) {
    try {
      next.setSelectionRange(selection[0], selection[1] ?? selection[0]);
    } catch {
      // Not a text input: focus is enough.
    }
  }
}

/** Whether the document is the server's frame (it has islands); the Vite dev page and unit tests have none. */
function serverFrame(): boolean {
  return document.querySelector(`[${ISLAND_ATTRIBUTE}]`) !== null;
}

/**
 * Draws `children` into the server's place named `name`. Without a server frame (the Vite dev
 * page, unit tests) they render where the island stands; in a server frame without that place
 * (the coming-soon page has no header) nothing renders.
 */
interface IslandProps {
  name: string;
  /** Server nodes outside the place that the island replaces too (the cookie banner: `#root > .vitrine-consent`). */
  replaces?: string;
  children: ReactNode;
}

export function Island({ name, replaces, children }: IslandProps) {
  const [taken] = useState<Taken | 'inline' | null>(() => take(name, replaces) ?? (serverFrame() ? null : 'inline'));
  useLayoutEffect(() => {
    if (taken && taken !== 'inline') replaceServerNodes(taken.server, taken.target);
  }, [taken]);
  if (taken === 'inline') return children;
  return taken ? createPortal(children, taken.target) : null;
}

/** What the server's part held when the app started (read during the first render, while it is still there). */
export function serverValue(selector: string): string | undefined {
  const element = document.querySelector(selector);
  return element instanceof HTMLInputElement ? element.value : undefined;
}
