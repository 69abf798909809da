import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConsentBanner } from './consent-banner';
import type { ConsentDecision } from './types';

function setup(props: Partial<Parameters<typeof ConsentBanner>[0]> = {}) {
  const decisions: ConsentDecision[] = [];
  render(
    <ConsentBanner
      bannerVersion="5"
      onDecision={(d) => decisions.push(d)}
      now={() => 1000}
      newId={() => 'id-1'}
      {...props}
    />,
  );
  return { decisions, user: userEvent.setup() };
}

describe('ConsentBanner', () => {
  it('is a dialog named Cookie consent that takes focus', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Cookie consent' });
    expect(dialog).toHaveFocus();
    for (const name of ['Accept all', 'Reject all', 'Preferences']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('accepts every category with Accept all', async () => {
    const { decisions, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(decisions).toEqual([
      {
        id: 'id-1',
        choices: { analytics: true, marketing: true, googleAds: true, preferences: true },
        bannerVersion: '5',
        decidedAt: 1000,
        gpc: false,
      },
    ]);
  });

  it('leaves marketing off with Accept all under Global Privacy Control', async () => {
    const { decisions, user } = setup({ gpc: true });
    expect(screen.getByRole('dialog')).toHaveTextContent('marketing and Google Ads stay off');
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(decisions[0]?.choices.marketing).toBe(false);
    expect(decisions[0]?.choices.googleAds).toBe(false);
    expect(decisions[0]?.gpc).toBe(true);
  });

  it('rejects every optional category with Reject all', async () => {
    const { decisions, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(decisions[0]?.choices).toEqual({ analytics: false, marketing: false, googleAds: false, preferences: false });
  });

  it('shows unticked category checkboxes and saves the chosen ones', async () => {
    const { decisions, user } = setup();
    const toggle = screen.getByRole('button', { name: 'Preferences' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const necessary = screen.getByRole('checkbox', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    const analytics = screen.getByRole('checkbox', { name: 'Analytics' });
    expect(analytics).toHaveFocus();
    for (const name of ['Analytics', 'Marketing', 'Google Ads', 'Preferences']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    await user.click(analytics);
    await user.click(screen.getByRole('checkbox', { name: 'Preferences' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(decisions[0]?.choices).toEqual({ analytics: true, marketing: false, googleAds: false, preferences: true });
  });

  it('asks Google Ads apart from marketing (spec §6), with its own labelled checkbox', async () => {
    const { decisions, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const googleAds = screen.getByRole('checkbox', { name: 'Google Ads' });
    expect(googleAds).toHaveAccessibleDescription(/Google Ads measures ad conversions/);
    await user.click(screen.getByRole('checkbox', { name: 'Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(decisions[0]?.choices).toEqual({ analytics: false, marketing: true, googleAds: false, preferences: false });
  });

  it('lets a GPC visitor switch marketing on explicitly', async () => {
    const { decisions, user } = setup({ gpc: true });
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    await user.click(screen.getByRole('checkbox', { name: 'Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(decisions[0]?.choices.marketing).toBe(true);
  });

  it('pre-fills the preferences view with a previous decision', async () => {
    const { user } = setup({ initial: { analytics: true, marketing: false, googleAds: true, preferences: true } });
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    expect(screen.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Google Ads' })).toBeChecked();
  });

  it('works with the keyboard alone', async () => {
    const { decisions, user } = setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Accept all' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reject all' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('checkbox', { name: 'Analytics' })).toHaveFocus();
    await user.keyboard(' ');
    // Marketing, Google Ads, Preferences, then Accept all, Reject all, Preferences and Save preferences.
    for (let i = 0; i < 7; i += 1) await user.tab();
    expect(screen.getByRole('button', { name: 'Save preferences' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(decisions[0]?.choices).toEqual({ analytics: true, marketing: false, googleAds: false, preferences: false });
  });

  it('links the privacy policy when given', () => {
    setup({ privacyPolicyUrl: '/privacy-policy/' });
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy/');
  });
});
