import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit';
import { dataChanged, type DataTag } from '@lender/shared/client/data-changed';
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

/** The part of an RTK Query api this module needs; any api fits, whatever its own tag types. */
interface InjectableApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  util: {
    // `never`: an api whose tag types are a subset of DataTag must fit; only its own tags are passed.
    invalidateTags: (tags: never) => unknown;
    resetApiState: () => unknown;
  };
}

const injected = new Set<string>();

/**
 * Adds a remote's api slice and its middleware once, plus a middleware that answers the shared
 * `dataChanged` action by invalidating this slice's tags of the same names, and drops the cached
 * data of the previous user when a new session starts.
 */
export function injectApi(api: InjectableApi, tagTypes: readonly DataTag[]): void {
  if (injected.has(api.reducerPath)) return;
  injected.add(api.reducerPath);
  rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
  const answerSharedActions: Middleware = (storeApi) => (next) => (action) => {
    const result = next(action);
    if (dataChanged.match(action)) {
      const tags = action.payload.tags.filter((tag) => tagTypes.includes(tag));
      if (tags.length > 0) storeApi.dispatch(api.util.invalidateTags(tags as never) as never);
    }
    if (sessionStarted.match(action)) storeApi.dispatch(api.util.resetApiState() as never);
    return result;
  };
  dynamicMiddleware.addMiddleware(api.middleware, answerSharedActions);
}
