//! Where a page that cannot be shown says so: the page data's load failed (the router's
//! `error`), or rendering threw. The fallback reads the error with `useRouteError()`; moving to
//! another address (or a successful reload of this one) tries the page again.

import { Component, createContext, useContext, type ErrorInfo, type ReactNode } from 'react';
import { useRouterState } from './context';

const RouteErrorContext = createContext<unknown>(undefined);

/** The error the nearest `<RouteErrorBoundary>` is showing. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  /** What resets a caught render error (the address and its data). */
  resetKeys: unknown[];
}

class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown; keys: unknown[] }> {
  state = { error: undefined as unknown, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; keys: unknown[] }) {
    const changed = props.resetKeys.some((key, i) => !Object.is(key, state.keys[i]));
    return changed ? { error: undefined, keys: props.resetKeys } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('vitrine: a page could not be rendered', error, info.componentStack);
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

export interface RouteErrorBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  /** Also show the page data's failed load here (the boundary around the page, not the frame's). */
  loadErrors?: boolean;
}

export function RouteErrorBoundary({ fallback, children, loadErrors = false }: RouteErrorBoundaryProps) {
  const { location, data, error } = useRouterState();
  if (loadErrors && error !== undefined) return <RouteErrorContext.Provider value={error}>{fallback}</RouteErrorContext.Provider>;
  return (
    <RenderErrorBoundary fallback={fallback} resetKeys={[location, data]}>
      {children}
    </RenderErrorBoundary>
  );
}
