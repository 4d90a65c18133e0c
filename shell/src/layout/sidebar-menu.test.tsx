import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '@lender/shared/domain/roles';
import { SidebarMenu } from './sidebar-menu';

function renderMenu(role: Role, route = '/') {
  render(
    <MemoryRouter initialEntries={[route]}>
      <SidebarMenu role={role} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main menu' });
}

describe('sidebar menu by role', () => {
  it('shows an admin the Users group with Add User and All Users', () => {
    const menu = renderMenu('admin');
    fireEvent.click(within(menu).getByText('Users'));
    expect(within(menu).getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/signup');
    expect(within(menu).getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/all-users');
  });

  it('shows an officer no Users group', () => {
    const menu = renderMenu('officer');
    expect(within(menu).queryByText('Users')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Add User' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'All Users' })).not.toBeInTheDocument();
  });

  it("spells 'Due Tommorrow' as the specification shows it, linking to /due-tommorrow", () => {
    const menu = renderMenu('officer');
    fireEvent.click(within(menu).getByText('Loans'));
    expect(within(menu).getByRole('link', { name: 'Due Tommorrow' })).toHaveAttribute(
      'href',
      '/due-tommorrow',
    );
  });

  it('opens the group of the current route and marks its item', () => {
    const menu = renderMenu('officer', '/approved-repayments');
    const item = within(menu).getByRole('link', { name: 'Approved Repayment' });
    expect(item).toBeVisible();
    expect(item.closest('li')).toHaveClass('ant-menu-item-selected');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  });
});
