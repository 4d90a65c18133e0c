import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../testing/render-app';

describe('theme', () => {
  it('starts light and toggles the dark class on the page root, saving the choice', () => {
    renderApp({ route: '/signin' });
    expect(document.documentElement).not.toHaveClass('dark');
    const toggle = screen.getByRole('button', { name: 'Toggle theme' });

    fireEvent.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    fireEvent.click(toggle);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('applies a stored dark theme on load', () => {
    localStorage.setItem('theme', 'dark');
    renderApp({ route: '/signin' });
    expect(document.documentElement).toHaveClass('dark');
  });

  it('treats anything but "dark" as light', () => {
    localStorage.setItem('theme', 'purple');
    renderApp({ route: '/signin' });
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
