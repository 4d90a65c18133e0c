import type { Role } from '@lender/shared/domain/roles';
import { Drawer } from '@lender/shared/ui/antd-drawer';
import { BrandLogo } from '../app/brand';
import { SIDEBAR_ID } from './app-header';
import { SidebarMenu } from './sidebar-menu';

const EXPANDED_WIDTH = 290;

/** The sidebar below 991px: an overlay from the left (its own chunk: desktops never load it). */
export function MobileSidebar({
  role,
  open,
  onClose,
}: {
  role: Role | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      id={SIDEBAR_ID}
      open={open}
      onClose={onClose}
      placement="left"
      size={EXPANDED_WIDTH}
      title={<BrandLogo />}
      closable={false}
      styles={{ body: { padding: 8 } }}
    >
      <SidebarMenu role={role} onNavigate={onClose} />
    </Drawer>
  );
}
