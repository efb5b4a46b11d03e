import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { hrefOf, type Route, routeOf } from './routes';

interface Router {
  route: Route;
  /** How many client-side navigations happened: 0 on the page's first load. */
  navigations: number;
  navigate(to: Route, options?: { replace?: boolean }): void;
}

const RouterContext = createContext<Router | null>(null);

/** Client-side routes under /console/, on the History API: the server answers index.html for each. */
export function RouterProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => ({ route: currentRoute(), navigations: 0 }));
  const address = useRef(currentAddress());
  useEffect(() => {
    // Back and forward change the screen; a #fragment link within it changes nothing here.
    const popped = () => {
      if (currentAddress() === address.current) return;
      address.current = currentAddress();
      setState((before) => ({ route: currentRoute(), navigations: before.navigations + 1 }));
    };
    addEventListener('popstate', popped);
    return () => removeEventListener('popstate', popped);
  }, []);
  const navigate = useCallback((to: Route, options: { replace?: boolean } = {}) => {
    const href = hrefOf(to);
    if (options.replace) history.replaceState(null, '', href);
    else history.pushState(null, '', href);
    address.current = currentAddress();
    scrollTo(0, 0);
    setState((before) => ({ route: currentRoute(), navigations: before.navigations + 1 }));
  }, []);
  const router = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside RouterProvider');
  return router;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: Route };

/** A real link (it opens in a new tab, copies, shows its address) that navigates in place when clicked. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={hrefOf(to)} onClick={follow} {...rest} />;
}

function currentAddress(): string {
  return `${location.pathname}${location.search}`;
}

function currentRoute(): Route {
  return routeOf(location.pathname, location.search);
}
