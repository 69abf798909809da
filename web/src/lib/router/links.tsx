//! Links, forms and redirects that navigate in the page: a plain left click on a `<Link>` (no
//! modifier key, no other target) and a GET `<Form>`'s submission go through the router; anything
//! else is the browser's (a new tab, a download). Every link is a real `<a href>`.

import { forwardRef, useEffect, useRef, type AnchorHTMLAttributes, type FormHTMLAttributes, type MouseEvent, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from './context';
import { createPath, resolveTo, type Location } from './history';
import type { NavigateOptions, To } from './router';

/** Marks the links the router follows (link prefetching warms only those). */
export const ROUTER_LINK_ATTRIBUTE = 'data-router-link';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** `to` as a path of this shop, or null when it points elsewhere (another origin, mailto:). */
function internalPath(to: To, from: Location): string | null {
  if (typeof to !== 'string') return createPath({ pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' });
  if (ABSOLUTE_URL.test(to)) {
    if (typeof window === 'undefined') return null;
    const url = new URL(to, window.location.href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  }
  return createPath(resolveTo(to, from));
}

const isModified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, Pick<NavigateOptions, 'replace' | 'state' | 'preventScrollReset'> {
  to: To;
  /** Leave it to the browser: a full page load. */
  reloadDocument?: boolean;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, preventScrollReset, reloadDocument, onClick, target, children, ...rest }, ref) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = internalPath(to, location);
  const href = path ?? (to as string);
  const marker = path !== null && !reloadDocument ? { [ROUTER_LINK_ATTRIBUTE]: '' } : {};
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || path === null || reloadDocument) return;
    if (event.button !== 0 || (target && target !== '_self') || isModified(event)) return;
    event.preventDefault();
    // Following a link to the page already shown replaces its entry (no duplicate in history).
    void navigate(path, { replace: replace ?? createPath(location) === path, state, preventScrollReset });
  };
  return (
    <a {...rest} {...marker} ref={ref} href={href} target={target} onClick={handleClick}>
      {children}
    </a>
  );
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((args: { isActive: boolean }) => string | undefined);
  /** Active only on this exact path (not on the paths below it). */
  end?: boolean;
}

/** Active on its own path and, unless `end`, on the paths below it (class `active`, aria-current="page"). */
export function isActivePath(pathname: string, toPathname: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const there = toPathname.toLowerCase();
  if (here === there) return true;
  if (end || !here.startsWith(there)) return false;
  const slashAt = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length;
  return here.charAt(slashAt) === '/';
}

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ className, end, to, ...rest }, ref) {
  const location = useLocation();
  const toPathname = typeof to === 'string' ? resolveTo(to, location).pathname : (to.pathname ?? location.pathname);
  const isActive = isActivePath(location.pathname, toPathname, end);
  const classes = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} ref={ref} to={to} className={classes} aria-current={isActive ? 'page' : undefined} />;
});

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'method'>, Pick<NavigateOptions, 'replace' | 'preventScrollReset'> {
  /** Only GET forms navigate (their fields become the new address's query). */
  method?: 'get';
  action?: string;
}

/** A GET form whose submission navigates in the page to `action?field=value…`. */
export function Form({ action, replace, preventScrollReset, onSubmit, ...rest }: FormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const target = resolveTo(action ?? '', location).pathname;
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter = event.nativeEvent.submitter;
    const data = new FormData(event.currentTarget, submitter);
    const query = new URLSearchParams();
    data.forEach((value, name) => {
      if (typeof value === 'string') query.append(name, value);
    });
    const search = query.toString();
    void navigate(`${target}${search ? `?${search}` : ''}`, { replace, preventScrollReset });
  };
  return <form {...rest} method="get" action={target} onSubmit={handleSubmit} />;
}

/** Navigates once it has rendered (a redirect from a page that has nothing to show). */
export function Navigate({ to, replace, state }: { to: To } & Pick<NavigateOptions, 'replace' | 'state'>) {
  const navigate = useNavigate();
  const location = useLocation();
  // A redirect to the address already shown has nothing to do (and keeps its state).
  const here = internalPath(to, location) === createPath(location);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || here) return;
    done.current = true;
    void navigate(to, { replace, state });
    // Once, as the page renders: a redirect, not a binding.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
