// jsdom lacks what antd and RTK Query need; these run before the test framework loads.
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
// RTK Query needs the fetch family; jsdom has none, Node 20 has them on its own global.
for (const name of ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'FormData', 'Blob']) {
  if (typeof globalThis[name] === 'undefined' || name === 'fetch' || name === 'Request' || name === 'Response' || name === 'Headers') {
    const value = global[name] ?? require('node:buffer')[name];
    if (value) globalThis[name] = value;
  }
}
// Node's real MessageChannel keeps jest from exiting; React only needs a macrotask.
globalThis.MessageChannel = class {
  constructor() {
    const port2 = { onmessage: null };
    this.port1 = { postMessage: (data) => setTimeout(() => port2.onmessage?.({ data }), 0) };
    this.port2 = port2;
  }
};
window.matchMedia =
  window.matchMedia ||
  ((query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
// antd calls getComputedStyle(el, '::pseudo'); jsdom does not implement pseudo-elements.
const { getComputedStyle } = window;
window.getComputedStyle = (element) => getComputedStyle(element);
window.scrollTo = () => {};
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = globalThis.ResizeObserver || ResizeObserverStub;
