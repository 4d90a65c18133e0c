import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Lazy routes, antd's first render and mocked requests can take over a second on a busy CI machine.
configure({ asyncUtilTimeout: 4000 });

// Tests call the API at an absolute base (Node's fetch has no page origin to resolve against).
(globalThis as { __LENDER_API_BASE__?: string }).__LENDER_API_BASE__ = 'http://localhost/api';

// antd's own stylesheets are not parsed in tests (see jsdom-environment.cjs); what hides things
// is kept: antd and rc-components hide closed popups, collapsed submenus, hidden form items and
// inactive tab panes with a class ending in "-hidden".
const testStyles = document.createElement('style');
testStyles.textContent = '[class$="-hidden"], [class*="-hidden "] { display: none !important; }';
document.head.appendChild(testStyles);

afterEach(() => {
  // Each test's fetch mock and spies end with it.
  jest.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.className = '';
});
