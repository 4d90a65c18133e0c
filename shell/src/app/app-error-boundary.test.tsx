import { render, screen } from '@testing-library/react';
import { AppErrorBoundary } from './app-error-boundary';

function Broken(): never {
  throw new Error('ChunkLoadError: Loading chunk 42 failed');
}

it('shows a way out instead of a blank page when part of the shell cannot load', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <AppErrorBoundary>
      <Broken />
    </AppErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  jest.restoreAllMocks();
});
