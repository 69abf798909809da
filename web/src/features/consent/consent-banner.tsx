//! The cookie consent banner: a non-modal dialog with Accept all, Reject all and Preferences.

import { useEffect, useId, useRef, useState } from 'react';
import { acceptAllChoices, createDecision, rejectAllChoices } from './decision';
import { OPTIONAL_CATEGORIES, type ConsentChoices, type ConsentDecision, type OptionalCategory } from './types';
import './consent-banner.css';

export interface ConsentBannerProps {
  bannerVersion: string;
  /** Global Privacy Control: "Accept all" then leaves marketing and Google Ads off. */
  gpc?: boolean;
  /** Pre-fills the preferences view (a previous decision); otherwise nothing is ticked. */
  initial?: ConsentChoices;
  onDecision: (decision: ConsentDecision) => void;
  privacyPolicyUrl?: string;
  now?: () => number;
  newId?: () => string;
}

const LABELS: Record<OptionalCategory, { name: string; help: string }> = {
  analytics: { name: 'Analytics', help: 'Anonymous statistics about how the shop is used.' },
  marketing: { name: 'Marketing', help: 'Ad and social networks measure campaigns and show relevant ads.' },
  googleAds: { name: 'Google Ads', help: 'Google Ads measures ad conversions and shows relevant ads (Google Consent Mode).' },
  preferences: { name: 'Preferences', help: 'Remembers choices such as video playback and recommendations.' },
};

const NOTHING: ConsentChoices = { analytics: false, marketing: false, googleAds: false, preferences: false };

export function ConsentBanner(props: ConsentBannerProps) {
  const { bannerVersion, gpc = false, onDecision } = props;
  const [showPreferences, setShowPreferences] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(props.initial ?? NOTHING);
  const dialog = useRef<HTMLDivElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  useEffect(() => {
    if (showPreferences) firstChoice.current?.focus();
  }, [showPreferences]);

  const decide = (picked: ConsentChoices) =>
    onDecision(createDecision({ choices: picked, bannerVersion, gpc, now: props.now, newId: props.newId }));

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      tabIndex={-1}
      className="vitrine-consent"
    >
      <h2 id={`${id}-title`} className="vitrine-consent__title">
        Cookie consent
      </h2>
      <p id={`${id}-text`} className="vitrine-consent__text">
        We use necessary cookies to run the shop. With your permission we also use cookies for
        analytics, marketing, Google Ads and your preferences. You can change your choice at any time.
        {gpc && ' Your browser asks us not to share your data, so marketing and Google Ads stay off unless you switch them on.'}
        {props.privacyPolicyUrl && (
          <>
            {' '}
            <a href={props.privacyPolicyUrl}>Privacy policy</a>
          </>
        )}
      </p>
      {showPreferences && (
        <fieldset id={`${id}-prefs`} className="vitrine-consent__choices">
          <legend>Cookie categories</legend>
          <div className="vitrine-consent__choice">
            <input id={`${id}-necessary`} type="checkbox" checked disabled aria-describedby={`${id}-necessary-help`} />
            <label htmlFor={`${id}-necessary`}>Necessary</label>
            <p id={`${id}-necessary-help`}>Always on: cart, checkout, security and this choice.</p>
          </div>
          {OPTIONAL_CATEGORIES.map((category, index) => (
            <div key={category} className="vitrine-consent__choice">
              <input
                ref={index === 0 ? firstChoice : undefined}
                id={`${id}-${category}`}
                type="checkbox"
                checked={choices[category]}
                onChange={(e) => setChoices({ ...choices, [category]: e.target.checked })}
                aria-describedby={`${id}-${category}-help`}
              />
              <label htmlFor={`${id}-${category}`}>{LABELS[category].name}</label>
              <p id={`${id}-${category}-help`}>{LABELS[category].help}</p>
            </div>
          ))}
        </fieldset>
      )}
      <div className="vitrine-consent__actions">
        <button type="button" onClick={() => decide(acceptAllChoices(gpc))}>
          Accept all
        </button>
        <button type="button" onClick={() => decide(rejectAllChoices())}>
          Reject all
        </button>
        <button
          type="button"
          aria-expanded={showPreferences}
          aria-controls={showPreferences ? `${id}-prefs` : undefined}
          onClick={() => setShowPreferences(!showPreferences)}
        >
          Preferences
        </button>
        {showPreferences && (
          <button type="button" onClick={() => decide(choices)}>
            Save preferences
          </button>
        )}
      </div>
    </div>
  );
}
