//! The theme feature's public face: page furniture the app places around every page (store
//! notice, page loader), notice scrolling, and link prefetching (spec §4, §5, §9). Shared
//! widgets (tooltip, count-up, accordion, scroll-to bullets) and the header live in components/.

import './theme.css';

export { StoreNotice, STORE_NOTICE_COOKIE, storeNoticeCookieName, storeNoticeId } from './store-notice';
export { PageLoader, PAGE_LOADER_MS } from './page-loader';
export { useScrollToNotices } from './scroll-to-notices';
export { installLinkPrefetch, HOVER_PREFETCH_DELAY_MS, TOUCH_MOUSE_GUARD_MS } from './link-prefetch';
