import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { SliceChanges } from '@lender/shared/client/create-remote-api';
import { dataChanged } from '@lender/shared/client/data-changed';
import { sessionStarted } from '@lender/shared/client/session';

/**
 * The store's pieces, shared as a Module Federation singleton: the shell builds the store from
 * `rootReducer` and `dynamicMiddleware`; each remote injects its api slice when it first loads.
 */
export const rootReducer = combineSlices({});
export const dynamicMiddleware = createDynamicMiddleware();

export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
  });
}
export type AppStore = ReturnType<typeof makeStore>;

/** The part of an api made by createRemoteApi this module needs, whatever its own tag types. */
interface InjectableApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  util: {
    // `never`: any api's own tag types must fit; only tags it knows are passed.
    invalidateTags: (tags: never) => unknown;
    resetApiState: () => unknown;
  };
  changes: SliceChanges;
}

const injected = new Set<string>();

/**
 * Adds a remote's api slice and its middleware once, plus a middleware that carries changes
 * across slices: when one of this slice's mutations succeeds it announces the tag names its
 * `invalidatesTags` declares (RTK already invalidates them in this slice), and it answers other
 * slices' announcements by invalidating its own tags of the same names. It also drops the cached
 * data of the previous user when a new session starts.
 */
export function injectApi(api: InjectableApi): void {
  if (injected.has(api.reducerPath)) return;
  injected.add(api.reducerPath);
  rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
  const answerSharedActions: Middleware = (storeApi) => (next) => (action) => {
    const result = next(action);
    const changed = api.changes.tagsChangedBy(action as UnknownAction);
    if (changed.length > 0) storeApi.dispatch(dataChanged({ tags: changed, from: api.reducerPath }));
    if (dataChanged.match(action) && action.payload.from !== api.reducerPath) {
      const tags = action.payload.tags.filter((tag) => api.changes.tagTypes.includes(tag));
      if (tags.length > 0) storeApi.dispatch(api.util.invalidateTags(tags as never) as never);
    }
    if (sessionStarted.match(action)) storeApi.dispatch(api.util.resetApiState() as never);
    return result;
  };
  dynamicMiddleware.addMiddleware(api.middleware, answerSharedActions);
}
