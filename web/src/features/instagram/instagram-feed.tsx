//! The Instagram feed block (spec §6–§8): the shop's recent posts as a grid of squares,
//! fetched only when the block comes near the viewport. Its grid is reserved from the first
//! render, so loading moves nothing. A failure is logged to the console; users with the admin
//! bar see "Instagram error", visitors see no block at all.

import { useEffect, useId, useRef, useState } from 'react';
import { fetchInstagramPosts, postLabel, type InstagramFetcher, type InstagramPostView } from './instagram-api';

/** Squares reserved while loading: the server's default feed size (two full rows of 3). */
export const INSTAGRAM_PLACEHOLDERS = 6;
/** How far ahead of the viewport the feed starts loading. */
export const INSTAGRAM_ROOT_MARGIN = '200px';

export interface InstagramFeedProps {
  /** The block's heading. */
  title: string;
  /** The shop's profile, linked as "Follow us on Instagram". */
  profileUrl?: string | null;
  /** Show "Instagram error" when the feed fails (users with the admin bar). */
  showErrors?: boolean;
  /** Squares to reserve while loading; set it to the feed's `limit`. */
  placeholders?: number;
  /** Loads the posts (default: GET /api/v1/instagram); read once, on mount. */
  fetchPosts?: InstagramFetcher;
}

type FeedState = { status: 'pending' } | { status: 'ready'; posts: InstagramPostView[] } | { status: 'failed' };

export function InstagramFeed({
  title,
  profileUrl,
  showErrors = false,
  placeholders = INSTAGRAM_PLACEHOLDERS,
  fetchPosts = fetchInstagramPosts,
}: InstagramFeedProps) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [state, setState] = useState<FeedState>({ status: 'pending' });
  const [fetcher] = useState(() => fetchPosts);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    const controller = new AbortController();
    const load = () => {
      fetcher(controller.signal).then(
        (posts) => {
          if (!controller.signal.aborted) setState({ status: 'ready', posts });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Instagram error', error);
          setState({ status: 'failed' });
        },
      );
    };
    if (typeof IntersectionObserver !== 'function') {
      load();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: INSTAGRAM_ROOT_MARGIN },
    );
    observer.observe(section);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [fetcher]);

  if (state.status === 'failed' && !showErrors) return null;
  // An account with nothing to show is not an error: the block simply is not there.
  if (state.status === 'ready' && state.posts.length === 0) return null;

  return (
    <section ref={sectionRef} className="instagram-feed" aria-labelledby={headingId}>
      <h2 id={headingId} className="instagram-feed__title">
        {title}
      </h2>
      {state.status === 'failed' ? (
        <p role="alert" className="instagram-feed__error">
          Instagram error
        </p>
      ) : (
        <ul className="instagram-feed__grid" aria-busy={state.status === 'pending'}>
          {state.status === 'pending'
            ? Array.from({ length: placeholders }, (_, index) => (
                <li key={index} className="instagram-feed__item instagram-feed__item--placeholder" aria-hidden="true" />
              ))
            : state.posts.map((post) => <InstagramTile key={post.id} post={post} />)}
        </ul>
      )}
      {profileUrl ? (
        <p className="instagram-feed__follow">
          <a href={profileUrl} target="_blank" rel="noopener noreferrer">
            Follow us on Instagram
          </a>
        </p>
      ) : null}
    </section>
  );
}

function InstagramTile({ post }: { post: InstagramPostView }) {
  return (
    <li className={`instagram-feed__item instagram-feed__item--${post.media_type}`}>
      <a className="instagram-feed__link" href={post.permalink} target="_blank" rel="noopener noreferrer">
        <img
          className="instagram-feed__image"
          src={post.image_url}
          alt={postLabel(post.caption)}
          loading="lazy"
          decoding="async"
          width={320}
          height={320}
        />
      </a>
    </li>
  );
}
