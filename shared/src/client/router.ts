/**
 * The react-router API the apps use, shared as one Module Federation singleton (the shell's
 * BrowserRouter context must be the one every remote's hooks read). Sharing `react-router-dom`
 * itself costs ~60 KB gzipped on every page, because a shared module is not tree-shaken; this
 * module lets webpack keep only what is listed here. Apps import the router only from here (an
 * ESLint rule enforces it); add a name here before using it.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
