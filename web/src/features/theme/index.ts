//! The theme feature's public face: page furniture the app places around every page (page
//! loader), notice scrolling, and link prefetching (spec §4, §5, §9). The store notice is the
//! server's (store-notice.ts wires its Dismiss: a chunk app/frame/frame.ts loads only where there
//! is a notice, so it is imported from its module, not from here). Shared widgets (tooltip,
//! count-up, accordion, scroll-to bullets) live in components/.

import './theme.css';

export { PageLoader, PAGE_LOADER_MS } from './page-loader';
export { useScrollToNotices } from './scroll-to-notices';
export { installLinkPrefetch, HOVER_PREFETCH_DELAY_MS, TOUCH_MOUSE_GUARD_MS } from './link-prefetch';
