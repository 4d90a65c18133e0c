import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { createFallbackModule } from './remote-failure';

const isManifest = (url: string) => /\.json(?:$|[?#])/.test(url);

/**
 * Federation runtime plugin of the shell (webpack `runtimePlugins`). It does not retry by itself:
 * - a remote that cannot be loaded (server down, bad deploy) resolves into a fallback module
 *   instead of a rejected import, so the page can say so and offer a Retry button (the person
 *   decides when to try again); the shell keeps working;
 * - manifests are always revalidated, so that Retry after a redeploy sees the new build.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'lender-remote-fallback',
    fetch(url, init) {
      if (!isManifest(url)) return undefined;
      return fetch(url, { ...init, cache: 'no-cache' });
    },
    errorLoadRemote({ id, error, lifecycle }) {
      // Other lifecycles expect a manifest or request arguments back, not a module: let them fail
      // so the error reaches the 'onLoad' stage, which wraps the whole load.
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[shell] remote ${id} could not be loaded`, error);
      return createFallbackModule(id, error);
    },
  };
}
