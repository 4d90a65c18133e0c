import { useAppDispatch, useAppSelector } from '@lender/shared/client/hooks';
import { Button } from '@lender/shared/ui/antd-core';
import { Layout } from '@lender/shared/ui/antd-frame';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@lender/shared/ui/icons';
import { ThemeToggleButton } from '../app/theme-toggle';
import { selectRole } from '../auth/session-slice';
import { HeaderSearch } from './header-search';
import { selectMobileSidebarOpen, selectSidebarExpanded, sidebarToggled } from './layout-slice';
import { UserMenu } from './user-menu';

export const SIDEBAR_ID = 'app-sidebar';

/** Sticky header: sidebar toggle, page search, theme toggle, user menu (docs/product.md#application-frame). */
export function AppHeader({ mobile }: { mobile: boolean }) {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const expanded = useAppSelector(selectSidebarExpanded);
  const mobileOpen = useAppSelector(selectMobileSidebarOpen);
  const open = mobile ? mobileOpen : expanded;

  return (
    <Layout.Header className="app-header">
      <Button
        aria-label="Toggle sidebar"
        aria-expanded={open}
        aria-controls={SIDEBAR_ID}
        icon={open ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
        onClick={() => dispatch(sidebarToggled({ mobile }))}
        // The search box beside it gives way on a phone, not the toggle.
        style={{ flexShrink: 0 }}
      />
      <HeaderSearch role={role} />
      <div className="app-header__actions">
        <ThemeToggleButton />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
