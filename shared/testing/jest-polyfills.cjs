// What jsdom lacks for antd and React; runs before the test framework loads. Node's fetch family
// is copied in by jsdom-environment.cjs (a setup file cannot reach it).

// Node's real MessageChannel keeps jest from exiting; React and antd only need a macrotask that
// delivers a message to the other port, in both directions.
globalThis.MessageChannel = class {
  constructor() {
    const deliverTo = (port) => (data) => setTimeout(() => port.onmessage?.({ data }), 0);
    this.port1 = { onmessage: null, close() {} };
    this.port2 = { onmessage: null, close() {} };
    this.port1.postMessage = deliverTo(this.port2);
    this.port2.postMessage = deliverTo(this.port1);
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
