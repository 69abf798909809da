//! The Instagram feed block: the component the storefront places (with the admin bar's
//! `showErrors`), and the API call and wire types behind it.

import './instagram-feed.css';

export { InstagramFeed, INSTAGRAM_PLACEHOLDERS, INSTAGRAM_ROOT_MARGIN, type InstagramFeedProps } from './instagram-feed';
export {
  fetchInstagramPosts,
  postLabel,
  INSTAGRAM_ENDPOINT,
  type InstagramFeedView,
  type InstagramFetcher,
  type InstagramPostView,
} from './instagram-api';
