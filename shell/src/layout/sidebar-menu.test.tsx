import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '@lender/shared/domain/roles';
import { forgetCatalog } from '../remotes/remote-catalog';
import { forgetRemotesConfig } from '../remotes/remotes-config';
import { testRemotesConfig } from '../testing/remotes-config';
import { SidebarMenu } from './sidebar-menu';

async function renderMenu(role: Role, route = '/') {
  forgetCatalog();
  forgetRemotesConfig(testRemotesConfig());
  render(
    <MemoryRouter initialEntries={[route]}>
      <SidebarMenu role={role} />
    </MemoryRouter>,
  );
  const menu = screen.getByRole('navigation', { name: 'Main menu' });
  // The menu is what the remotes declared: it appears once the configuration is read.
  await within(menu).findByRole('link', { name: 'Dashboard' });
  return menu;
}

describe('sidebar menu by role', () => {
  it('shows an admin the Users group with Add User and All Users', async () => {
    const menu = await renderMenu('admin');
    fireEvent.click(within(menu).getByText('Users'));
    expect(within(menu).getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/signup');
    expect(within(menu).getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/all-users');
  });

  it('shows an officer no Users group', async () => {
    const menu = await renderMenu('officer');
    expect(within(menu).queryByText('Users')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Add User' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'All Users' })).not.toBeInTheDocument();
  });

  it("spells 'Due Tommorrow' as the specification shows it, linking to /due-tommorrow", async () => {
    const menu = await renderMenu('officer');
    fireEvent.click(within(menu).getByText('Loans'));
    expect(within(menu).getByRole('link', { name: 'Due Tommorrow' })).toHaveAttribute(
      'href',
      '/due-tommorrow',
    );
  });

  it('opens the group of the current route and marks its item', async () => {
    const menu = await renderMenu('officer', '/approved-repayments');
    const item = within(menu).getByRole('link', { name: 'Approved Repayment' });
    expect(item).toBeVisible();
    expect(item.closest('li')).toHaveClass('ant-menu-item-selected');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  });
});
