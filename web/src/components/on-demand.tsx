//! Parts of the page whose code loads on demand (lib/chunks.ts): a component that renders the
//! loaded module's component (nothing until it arrives), and the boundary that turns a chunk
//! that failed or timed out into a visible message with "Try again" instead of a blank. No
//! Suspense: a part shows as soon as its code is there (Suspense holds a revealed part back
//! for up to 300 ms after its fallback).

import { Component, Fragment, useCallback, useEffect, useRef, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, type Chunk } from '@/lib/chunks';
import './on-demand.css';

/** Spec §8 ChunkLoadError, as the shopper reads it. */
export const CHUNK_ERROR_MESSAGE = 'Part of this page could not be loaded. Check your connection and try again.';

/**
 * The chunk's module once it is there (at once if it already is); undefined while it loads.
 * A failure is thrown to the nearest boundary (ChunkBoundary, or the route's error page).
 */
export function useChunk<M>(source: Chunk<M>): M | undefined {
  const [, arrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const current = source.current();
  useEffect(() => {
    if (current !== undefined) return;
    let live = true;
    source.load().then(
      () => live && arrived((n) => n + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [source, current]);
  if (failure) throw failure.error;
  return current;
}

/** A component whose code is in `source`: rendered once the chunk is there, nothing before. */
export function onDemand<M, P extends object>(source: Chunk<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  function OnDemand(props: P) {
    const module = useChunk(source);
    if (module === undefined) return null;
    const Loaded = pick(module);
    return <Loaded {...props} />;
  }
  return OnDemand;
}

interface ChunkBoundaryProps {
  children: ReactNode;
  className?: string;
  /**
   * For a part that opens over the page (a dialog): the error floats at the bottom of the
   * window, where it is seen, with "Dismiss" beside "Try again".
   */
  onDismiss?: () => void;
}

interface ChunkBoundaryState {
  error: unknown;
  attempt: number;
}

/**
 * Catches a ChunkLoadError below it and offers a retry (the failed chunk is asked for again);
 * every other error goes on up.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, ChunkBoundaryState> {
  override state: ChunkBoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<ChunkBoundaryState> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) console.error('vitrine: a script chunk failed', error, info.componentStack);
  }

  private readonly retry = () => {
    const { error } = this.state;
    if (isChunkLoadError(error)) error.release();
    this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
  };

  override render() {
    const { children, className } = this.props;
    const { error } = this.state;
    // Not ours: on to the boundary above (the route's error page).
    if (error && !isChunkLoadError(error)) throw error;
    if (error) return <ChunkError className={className} onRetry={this.retry} onDismiss={this.props.onDismiss} />;
    return <Fragment key={this.state.attempt}>{children}</Fragment>;
  }
}

interface ChunkErrorProps {
  onRetry: () => void;
  onDismiss?: () => void;
  className?: string;
}

export function ChunkError({ onRetry, onDismiss, className }: ChunkErrorProps) {
  const classes = ['chunk-error', onDismiss && 'chunk-error--floating', className].filter(Boolean).join(' ');
  return (
    <div className={classes} role="alert">
      <p className="chunk-error__text">{CHUNK_ERROR_MESSAGE}</p>
      <p className="chunk-error__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
        {onDismiss && (
          <button type="button" className="button" onClick={onDismiss}>
            Dismiss
          </button>
        )}
      </p>
    </div>
  );
}

/**
 * A part drawn light (plain HTML behaviour) until first used: `wake()` (on the first pointer,
 * focus or key on it) asks for its full code; `module` is there once it has arrived (at once when
 * it already had). The render that swaps the light part for the full one reads what the light
 * part holds (text typed, focus) from its DOM, still in place then, so nothing typed in between is
 * lost. A chunk that fails leaves the light version, which still works (a plain form, a link).
 */
export function useWakeOnUse<M>(source: Chunk<M>): { module: M | undefined; wake: () => void } {
  const [module, setModule] = useState<M | undefined>(() => source.current());
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const wake = useCallback(() => {
    source.load().then(
      (loaded) => {
        if (live.current) setModule(() => loaded);
      },
      (error: unknown) => console.error('vitrine: a part stays plain, its script did not load', error),
    );
  }, [source]);
  return { module, wake };
}
