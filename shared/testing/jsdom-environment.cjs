// jsdom test environment for the frontends.
//
// 1. Node's fetch family: a setup file runs inside the jsdom context, where Node's own fetch,
//    Request and Response cannot be reached; the environment can, so it copies them (and the
//    classes a Request body or signal must be made of) before any test runs.
// 2. antd's CSS-in-JS style blocks are not parsed. antd injects ~280 KB of CSS, and jsdom runs
//    the whole cascade on every getComputedStyle, which @testing-library's *ByRole queries call
//    for each element and its ancestors: one query took 1.4 s. Without those sheets it takes
//    ~10 ms. What tests need of antd's CSS (popups and items hidden by a "-hidden" class) is
//    restored by a small stylesheet in jest-setup.ts.
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

function skipAntdStyleBlocks() {
  const jsdomDir = path.dirname(
    require.resolve('jsdom/package.json', {
      paths: [path.dirname(require.resolve('jest-environment-jsdom'))],
    }),
  );
  require(jsdomDir); // loads jsdom's classes in order before reaching into one of them
  const { implementation: StyleElement } = require(
    path.join(jsdomDir, 'lib/jsdom/living/nodes/HTMLStyleElement-impl.js'),
  );
  if (StyleElement.prototype.__skipsAntdStyles) return;
  const updateStyleBlock = StyleElement.prototype._updateAStyleBlock;
  StyleElement.prototype._updateAStyleBlock = function updateUnlessAntd() {
    // @rc-component/util's injectCSS marks every block antd's cssinjs inserts with data-rc-order.
    if (this.hasAttributeNS(null, 'data-rc-order')) return undefined;
    return updateStyleBlock.call(this);
  };
  StyleElement.prototype.__skipsAntdStyles = true;
}

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    skipAntdStyleBlocks();
    for (const name of NODE_GLOBALS) {
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
