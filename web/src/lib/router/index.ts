//! The app's router (ADR 0026): every feature imports navigation from here, never from a
//! library, so the implementation stays swappable.

export { createBrowserHistory, createMemoryHistory, createPath, type History, type Location } from './history';
export { createRouter, type NavigateOptions, type Navigation, type PageLoader, type Router, type RouterOptions, type RouterState, type ShouldLoad, type To } from './router';
export { RouterProvider, useLocation, useNavigate, useNavigation, usePageData, useRevalidator, useRouter, useRouterState, useSearchParams, type NavigateFunction, type SetSearchParams } from './context';
export { Form, isActivePath, ROUTER_LINK_ATTRIBUTE, Link, Navigate, NavLink, type FormProps, type LinkProps, type NavLinkProps } from './links';
export { ScrollRestoration, SCROLL_POSITIONS_KEY } from './scroll-restoration';
export { RouteErrorBoundary, useRouteError } from './error-boundary';
