//! Where the switcher's parts go (spec §9): the sidebar expands on tap instead of hover at a
//! window width of 768 px or less, and a dropdown opens upward once its trigger sits below the
//! window's vertical middle.

/** Widest window (px) at which the sidebar is a tap target rather than a hover target. */
export const SIDEBAR_TAP_MAX_WIDTH = 768;
export const SIDEBAR_TAP_QUERY = `(max-width: ${SIDEBAR_TAP_MAX_WIDTH}px)`;

/** The fraction of the window's height past which a dropdown opens upward. */
export const UPWARD_FRACTION = 0.5;

/**
 * Whether a dropdown whose trigger's top edge is at `triggerTop` (px from the window's top)
 * opens upward: only when it is strictly below the middle, so a trigger right on the line opens
 * downward as the plugin's `offset().top - scrollTop() > height / 2` does.
 */
export function opensUpward(triggerTop: number, windowHeight: number): boolean {
  return triggerTop > windowHeight * UPWARD_FRACTION;
}
