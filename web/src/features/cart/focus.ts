//! Where keyboard focus goes when the element holding it disappears (a removed cart line).

/** After React has applied the change, moves focus to `target` if focus fell to the page body. */
export function refocusIfLost(target: () => HTMLElement | null | undefined): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) target()?.focus();
  }, 0);
}
