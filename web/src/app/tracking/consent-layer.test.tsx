import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentDecision } from '@/features/consent';
import { ConsentLayer } from './consent-layer';
import type { TrackingRuntime } from './runtime';

function fakeRuntime(needsBanner: boolean) {
  const decisions: ConsentDecision[] = [];
  const runtime = {
    config: { consent: { bannerVersion: '2026-11', defaultDenied: true } },
    consent: { decision: () => null },
    gpc: false,
    needsBanner: () => needsBanner,
    decide: async (d: ConsentDecision) => void decisions.push(d),
  } as unknown as TrackingRuntime;
  return { runtime, decisions };
}

describe('ConsentLayer', () => {
  it('asks until the visitor decides, then goes away', async () => {
    const { runtime, decisions } = fakeRuntime(true);
    render(<ConsentLayer runtime={runtime} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject all' }));
    expect(screen.queryByRole('dialog', { name: 'Cookie consent' })).toBeNull();
    expect(decisions.map((d) => d.choices)).toEqual([{ analytics: false, marketing: false, googleAds: false, preferences: false }]);
    expect(decisions[0]?.bannerVersion).toBe('2026-11');
  });

  it('stays hidden with a valid decision (or the banner switched off)', () => {
    render(<ConsentLayer runtime={fakeRuntime(false).runtime} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
