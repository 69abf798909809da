import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPointerEvent } from './testing/pointer-events';
import { placeTooltip } from './tooltip-bubble';
import { Tooltip } from './tooltip';

beforeAll(installPointerEvent);

function renderTooltip(describe = true) {
  render(
    <Tooltip text="Free returns within 30 days" describe={describe}>
      {(trigger) => (
        <button {...trigger} type="button">
          Returns
        </button>
      )}
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Returns' });
}

describe('Tooltip', () => {
  it('loads nothing until the first hover, then shows the bubble describing the trigger', async () => {
    const button = renderTooltip();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-describedby');

    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    const tooltip = await screen.findByRole('tooltip', { name: 'Free returns within 30 days' });
    expect(button).toHaveAccessibleDescription('Free returns within 30 days');
    expect(tooltip).toHaveAttribute('data-visible', 'true');
  });

  it('shows for keyboard focus, hides on blur and on Escape', async () => {
    const user = userEvent.setup();
    const button = renderTooltip();
    await user.tab();
    expect(button).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveAttribute('data-visible', 'true');
    await user.keyboard('{Escape}');
    expect(tooltip).toHaveAttribute('data-visible', 'false');
    await user.tab({ shift: true });
    await user.tab();
    expect(tooltip).toHaveAttribute('data-visible', 'true');
    act(() => button.blur());
    expect(tooltip).toHaveAttribute('data-visible', 'false');
  });

  it('does not pop up for a tap', async () => {
    const button = renderTooltip();
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    await act(async () => {});
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('does not repeat an icon button’s name as its description', async () => {
    const button = renderTooltip(false);
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await screen.findByRole('tooltip');
    expect(button).not.toHaveAttribute('aria-describedby');
  });
});

describe('placeTooltip', () => {
  const anchor = { top: 300, left: 500, width: 48, height: 48 };
  const bubble = { width: 100, height: 24 };

  it('centres the bubble above its anchor', () => {
    expect(placeTooltip(anchor, bubble, 1280)).toEqual({ top: 268, left: 474, placement: 'top' });
  });

  it('goes below when there is no room above', () => {
    expect(placeTooltip({ ...anchor, top: 10 }, bubble, 1280)).toMatchObject({ top: 66, placement: 'bottom' });
  });

  it('stays inside the window at both edges', () => {
    expect(placeTooltip({ ...anchor, left: 0 }, bubble, 1280).left).toBe(8);
    expect(placeTooltip({ ...anchor, left: 1250 }, bubble, 1280).left).toBe(1172);
  });
});
