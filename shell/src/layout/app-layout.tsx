import { lazy, Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from '@lender/shared/client/router';
import { useAppDispatch, useAppSelector } from '@lender/shared/client/hooks';
import { Layout } from '@lender/shared/ui/antd-frame';
import { BrandLogo } from '../app/brand';
import { selectRole } from '../auth/session-slice';
import { PageLoading } from '../app/page-loading';
import { useRemoteCatalog } from '../remotes/remote-catalog';
import { useRemoteUpdates } from '../remotes/use-remote-updates';
import { AppHeader, SIDEBAR_ID } from './app-header';
import {
  mobileSidebarClosed,
  selectMobileSidebarOpen,
  selectSidebarExpanded,
  selectSidebarHovered,
  sidebarHovered,
} from './layout-slice';
import { usePageTitle } from './page-title';
import { SidebarMenu } from './sidebar-menu';
import { useIsMobile } from './use-is-mobile';

const MobileSidebar = lazy(() => import('./mobile-sidebar').then((m) => ({ default: m.MobileSidebar })));

export const MAIN_ID = 'main-content';

const EXPANDED_WIDTH = 290;
const COLLAPSED_WIDTH = 90;

/** Every route changes the page: start it at the top (docs/product.md#application-frame). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The shell around every page but /signin: sidebar (or mobile overlay), sticky header, content. */
export function AppLayout() {
  const dispatch = useAppDispatch();
  const mobile = useIsMobile();
  const role = useAppSelector(selectRole);
  const expanded = useAppSelector(selectSidebarExpanded);
  const hovered = useAppSelector(selectSidebarHovered);
  const mobileOpen = useAppSelector(selectMobileSidebarOpen);
  const collapsed = !expanded && !hovered;
  const closeMobile = () => dispatch(mobileSidebarClosed());
  const { pathname } = useLocation();
  const loaded = useRemoteCatalog(role);
  const catalog = loaded?.status === 'ready' ? loaded.catalog : null;
  // Headings are given for static paths only (the dashboard).
  const heading = catalog?.routes.find((route) => route.path === pathname)?.heading;
  usePageTitle(pathname, role, catalog);
  useRemoteUpdates(role, pathname);
  const main = useRef<HTMLElement>(null);
  // Focus moves by script: the fragment alone would scroll but leave focus where it was in some
  // browsers, and would put '#main-content' in the address.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <Layout className="app-layout">
      <ScrollToTop />
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      {mobile ? (
        <Suspense fallback={null}>
          <MobileSidebar role={role} open={mobileOpen} onClose={closeMobile} />
        </Suspense>
      ) : (
        <Layout.Sider
          id={SIDEBAR_ID}
          className="app-sidebar"
          theme="light"
          width={EXPANDED_WIDTH}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          onMouseEnter={() => !expanded && dispatch(sidebarHovered(true))}
          onMouseLeave={() => hovered && dispatch(sidebarHovered(false))}
        >
          <div className="app-sidebar__logo">
            <BrandLogo compact={collapsed} />
          </div>
          <SidebarMenu role={role} collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <AppHeader mobile={mobile} />
        <Layout.Content id={MAIN_ID} ref={main} tabIndex={-1} className="app-content">
          <Suspense fallback={<PageLoading heading={heading} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
