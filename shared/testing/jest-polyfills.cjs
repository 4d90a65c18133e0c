// What jsdom lacks for antd and React; runs before the test framework loads. Node's fetch family
// is copied in by jsdom-environment.cjs (a setup file cannot reach it).

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
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => jsdomGetComputedStyle(element);
window.scrollTo = () => {};
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = globalThis.ResizeObserver || ResizeObserverStub;
