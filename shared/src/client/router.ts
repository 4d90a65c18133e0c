/**
 * The react-router API the apps use, shared as one Module Federation singleton (the shell's
 * BrowserRouter context must be the one every remote's hooks read). Sharing `react-router-dom`
 * itself costs ~60 KB gzipped on every page, because a shared module is not tree-shaken; this
 * module lets webpack keep only what is listed here. Apps import the router only from here (an
 * ESLint rule enforces it); add a name here before using it.
 */
import { useNavigate as useRouterNavigate, type NavigateOptions, type To } from 'react-router-dom';

export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useParams,
  useSearchParams,
} from 'react-router-dom';

/**
 * react-router's navigate, typed as what it is under the declarative <BrowserRouter> the shell
 * mounts: it returns nothing. Its own type (`void | Promise<void>`) covers data routers, which
 * the apps do not use, and would make every `onClick={() => navigate(…)}` a floating promise.
 */
export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

export const useNavigate: () => NavigateFunction = useRouterNavigate;
