import type { RemoteName, RemotePagesModule } from '@lender/shared/client/remote-pages';

const LOAD_FAILED = '__remoteLoadFailed';

/** What a failed remote load resolves to (see remote-fallback-plugin.ts): no pages, and why. */
export interface RemoteFallbackModule extends RemotePagesModule {
  [LOAD_FAILED]: { id: string; error: unknown };
}

export function createFallbackModule(id: string, error: unknown): RemoteFallbackModule {
  return { pages: {}, [LOAD_FAILED]: { id, error } };
}

/** The error a fallback module carries, or undefined for a real module. */
export function fallbackError(module: unknown): unknown {
  if (module && typeof module === 'object' && LOAD_FAILED in module) {
    return (module as RemoteFallbackModule)[LOAD_FAILED].error ?? new Error('Remote load failed');
  }
  return undefined;
}

/** A remote (or the remotes configuration) could not be loaded. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly reason: unknown,
  ) {
    super(
      `Remote ${remote} could not be loaded: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    this.name = 'RemoteLoadError';
  }
}

/** A load failure (worth loading again), as opposed to a page that crashed while rendering. */
export function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RemoteLoadError' || error.name === 'ChunkLoadError');
}
