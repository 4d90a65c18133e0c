// Local workaround until shared/testing/jest-polyfills.cjs is fixed: its MessageChannel gives
// port1 a postMessage and port2 an onmessage, but React's scheduler posts on port2 and listens on
// port1. Here each port delivers to the other one, on a macrotask like the real thing.
globalThis.MessageChannel = class MessageChannel {
  constructor() {
    const connect = (from, to) => {
      from.postMessage = (data) => setTimeout(() => to.onmessage?.({ data }), 0);
    };
    this.port1 = { onmessage: null, close() {} };
    this.port2 = { onmessage: null, close() {} };
    connect(this.port1, this.port2);
    connect(this.port2, this.port1);
  }
};
