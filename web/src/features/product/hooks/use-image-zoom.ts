//! Hover zoom for the gallery's main image, for a mouse only (never touch): the large image loads
//! on the first hover ("Loading image" meanwhile), then follows the pointer, magnified. A large
//! image that fails says "The image could not be loaded" for 2500 ms (spec §8).

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { zoomPlacement } from '../utils/zoom-geometry';

export const ZOOM_ERROR_MS = 2500;
export const zoomMessages = { loading: 'Loading image', failed: 'The image could not be loaded' } as const;

/** The large image of a gallery image (spec §3 "Gallery image"). */
export interface ZoomSource {
  full_src: string;
  full_src_w: number;
  full_src_h: number;
}

type Status = 'idle' | 'loading' | 'ready' | 'failed';

/** A touch-only screen: nothing there depends on hovering. */
const cannotHover = () => window.matchMedia?.('(hover: none)').matches ?? false;

export function useImageZoom(source: ZoomSource | null) {
  const src = source?.full_src ?? '';
  const naturalWidth = source?.full_src_w ?? 0;
  const naturalHeight = source?.full_src_h ?? 0;
  const [load, setLoad] = useState<{ src: string; status: Status }>({ src: '', status: 'idle' });
  const [hovering, setHovering] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLImageElement>(null);
  const pointer = useRef({ x: 0.5, y: 0.5 });
  const frame = useRef(0);
  const failTimer = useRef(0);
  const loader = useRef<HTMLImageElement | null>(null);
  const status: Status = load.src === src ? load.status : 'idle';

  // Moves the layer straight in the DOM, once per animation frame: no re-render per pointer move.
  const place = useCallback(() => {
    frame.current = 0;
    const box = frameRef.current?.getBoundingClientRect();
    const layer = layerRef.current;
    if (!box || !layer) return;
    const placed = zoomPlacement(box, { width: naturalWidth, height: naturalHeight }, pointer.current);
    layer.style.width = `${placed.width}px`;
    layer.style.height = `${placed.height}px`;
    layer.style.transform = `translate3d(${placed.x}px, ${placed.y}px, 0)`;
  }, [naturalWidth, naturalHeight]);

  useLayoutEffect(() => {
    if (hovering && status === 'ready') place();
  }, [hovering, status, place]);

  useEffect(
    () => () => {
      loader.current = null;
      window.clearTimeout(failTimer.current);
      if (frame.current) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const startLoading = () => {
    if (!src || status !== 'idle') return;
    setLoad({ src, status: 'loading' });
    const image = new Image();
    loader.current = image;
    image.onload = () => {
      if (loader.current === image) setLoad({ src, status: 'ready' });
    };
    image.onerror = () => {
      if (loader.current !== image) return;
      setLoad({ src, status: 'failed' });
      window.clearTimeout(failTimer.current);
      // The message goes after 2500 ms; the next hover tries again.
      failTimer.current = window.setTimeout(
        () => setLoad((previous) => (previous.src === src && previous.status === 'failed' ? { src, status: 'idle' } : previous)),
        ZOOM_ERROR_MS,
      );
    };
    image.src = src;
  };

  const track = (event: PointerEvent<HTMLElement>) => {
    const box = frameRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return;
    pointer.current = { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };

  const onPointerEnter = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType !== 'mouse' || cannotHover()) return;
    track(event);
    setHovering(true);
    startLoading();
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!hovering) {
      onPointerEnter(event);
      return;
    }
    track(event);
    if (!frame.current) frame.current = requestAnimationFrame(place);
  };

  const onPointerLeave = () => setHovering(false);

  let message = '';
  if (status === 'failed') message = zoomMessages.failed;
  else if (status === 'loading' && hovering) message = zoomMessages.loading;

  return {
    frameRef,
    layerRef,
    handlers: { onPointerEnter, onPointerMove, onPointerLeave },
    /** The large image has loaded: its layer can be mounted (shown while zooming). */
    ready: status === 'ready',
    /** The magnified layer is on screen. */
    zooming: hovering && status === 'ready',
    /** "Loading image", "The image could not be loaded" or "". */
    message,
  };
}
