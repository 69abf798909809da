//! A transient notification (spec §9 "Notification default 3000 ms"): a polite status region
//! that is always in the page (so assistive technology hears what appears in it), showing each
//! new message for NOTIFICATION_MS and then emptying itself. The cart's changes ("… has been
//! added to your cart.", "Cart updated.") are shown with it on every page.

import { useEffect, useState } from 'react';
import './notification.css';

export const NOTIFICATION_MS = 3000;

export interface NotificationMessage {
  text: string;
  /** New per message, so the same text twice shows (and is timed) again. */
  id: number;
}

export function Notification({ message, className }: { message: NotificationMessage | null; className?: string }) {
  const [expired, setExpired] = useState<number | null>(null);
  const id = message?.text ? message.id : null;
  useEffect(() => {
    if (id === null) return;
    const timer = window.setTimeout(() => setExpired(id), NOTIFICATION_MS);
    return () => window.clearTimeout(timer);
  }, [id]);
  const shown = message && id !== null && expired !== id ? message : null;
  return (
    <div className={className ? `notification ${className}` : 'notification'} role="status" aria-live="polite" aria-atomic="true">
      {shown && (
        <p key={shown.id} className="notification__message">
          {shown.text}
        </p>
      )}
    </div>
  );
}
