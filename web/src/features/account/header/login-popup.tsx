//! The header's login popup (a chunk of its own): the login form in a dialog, with "Lost your
//! password?" and a link to register on the account page.

import { Link } from '@/lib/router';
import { CloseIcon } from '@/components/icons';
import { ModalDialog } from '@/components/modal-dialog';
import { ACCOUNT_URL } from '../urls';
import { LoginForm } from '../components/login-form';
import { addLoginNotice } from './login-notices';

export interface LoginPopupProps {
  open: boolean;
  onClose: () => void;
  titleId: string;
  returnFocus: HTMLElement | null;
  /** The latest notice this page load found (login-notices.ts). */
  notice?: string;
}

export function LoginPopup({ open, onClose, titleId, returnFocus, notice }: LoginPopupProps) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} className="login-popup" returnFocus={returnFocus}>
      <button type="button" className="login-popup__close" aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </button>
      <LoginForm titleId={titleId} notice={notice} onRefused={addLoginNotice} />
      <p className="login-popup__register">
        <Link to={ACCOUNT_URL}>Register</Link>
      </p>
    </ModalDialog>
  );
}
