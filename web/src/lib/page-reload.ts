//! A full reload of the current page, behind a module so tests can see it asked for.

/** Reloads the document at its current address (a fresh module map, fresh scripts). */
export function reloadPage(): void {
  window.location.reload();
}
