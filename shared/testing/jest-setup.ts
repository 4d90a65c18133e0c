import '@testing-library/jest-dom';

// Tests call the API at an absolute base (Node's fetch has no page origin to resolve against).
(globalThis as { __LENDER_API_BASE__?: string }).__LENDER_API_BASE__ = 'http://localhost/api';

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});
