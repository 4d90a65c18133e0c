// Development only, first in the shell's entry (create-webpack-config.mjs): React Fast Refresh
// for the remotes. Each app's build carries its own React Refresh runtime (its components
// register there). A runtime learns React's renderer from the DevTools hook: the shell's runtime
// installs a stand-in hook before react-dom loads and sees the renderer register, but a remote's,
// which starts later, finds the renderer only in `hook.renderers`, which the stand-in leaves
// empty. Recording each renderer there lets every later runtime find it.
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (hook && !hook.lenderRecordsRenderers) {
  const inject = hook.inject;
  hook.inject = function (renderer) {
    const id = inject.apply(this, arguments);
    if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
    return id;
  };
  hook.lenderRecordsRenderers = true;
}
