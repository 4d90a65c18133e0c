import type { RemotePagesModule } from '@lender/shared/client/remote-pages';

const LOAD_FAILED = '__remoteLoadFailed';

/** What a failed remote load resolves to (see retry-plugin.ts): no pages, and why. */
export interface RemoteFallbackModule extends RemotePagesModule {
  [LOAD_FAILED]: { id: string; error: unknown };
}

export function createFallbackModule(id: string, error: unknown): RemoteFallbackModule {
  return { pages: {}, [LOAD_FAILED]: { id, error } };
}

export function fallbackError(module: unknown): unknown {
  if (module && typeof module === 'object' && LOAD_FAILED in module) {
    return (module as RemoteFallbackModule)[LOAD_FAILED].error ?? new Error('Remote load failed');
  }
  return undefined;
}
