import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
} from '@reduxjs/toolkit';
import { dataChanged, type DataTag } from './data-changed';

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

/** The part of an RTK Query api this module needs. */
interface InjectableApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  util: { invalidateTags: (tags: DataTag[]) => unknown };
}

const injected = new Set<string>();

/**
 * Adds a remote's api slice and its middleware once, plus a middleware that answers the shared
 * `dataChanged` action by invalidating this slice's tags of the same names.
 */
export function injectApi(api: InjectableApi, tagTypes: readonly DataTag[]): void {
  if (injected.has(api.reducerPath)) return;
  injected.add(api.reducerPath);
  rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
  const answerDataChanged: Middleware = (storeApi) => (next) => (action) => {
    const result = next(action);
    if (dataChanged.match(action)) {
      const tags = action.payload.tags.filter((tag) => tagTypes.includes(tag));
      if (tags.length > 0) storeApi.dispatch(api.util.invalidateTags(tags) as never);
    }
    return result;
  };
  dynamicMiddleware.addMiddleware(api.middleware, answerDataChanged);
}
