//! Roving-tabindex arithmetic for a radio group (pure).

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/** Direction of a key in a radio group: +1, -1, or 0 for keys the group does not handle. */
export function arrowDirection(key: string): 1 | -1 | 0 {
  if (NEXT.has(key)) return 1;
  if (PREVIOUS.has(key)) return -1;
  return 0;
}

/**
 * The next selectable option from `current` in `direction`, wrapping around; options that
 * cannot be selected are skipped. Null when nothing else is selectable.
 */
export function nextSelectable(
  options: readonly string[],
  selectable: (option: string) => boolean,
  current: string,
  direction: 1 | -1,
): string | null {
  const n = options.length;
  const start = options.indexOf(current);
  for (let step = 1; step <= n; step++) {
    const option = options[(((start + direction * step) % n) + n) % n];
    if (option !== undefined && option !== current && selectable(option)) return option;
  }
  return null;
}

/** The one option reachable by Tab: the checked one, else the first selectable. */
export function tabStop(options: readonly string[], selectable: (o: string) => boolean, checked: string): string | null {
  if (checked !== '' && options.includes(checked)) return checked;
  return options.find(selectable) ?? null;
}
