import { isFulfilled, type UnknownAction } from '@reduxjs/toolkit';
import {
  buildCreateApi,
  coreModule,
  reactHooksModule,
  type reactHooksModuleName,
  type Api,
  type BaseQueryFn,
  type CoreModule,
  type EndpointDefinition,
  type EndpointDefinitions,
  type Module,
  type ResultDescription,
} from '@reduxjs/toolkit/query/react';
import { baseQuery } from '@lender/shared/client/base-query';
import { DATA_TAGS, type DataTag } from '@lender/shared/client/data-changed';

/** What the changes module adds to an api: enough for the shared store to tell the other slices. */
export interface SliceChanges {
  /** The tag types this slice knows; tags of other names mean nothing to its cache. */
  readonly tagTypes: readonly string[];
  /** The shared tag names a fulfilled mutation of this slice invalidates; [] for any other action. */
  tagsChangedBy(action: UnknownAction): DataTag[];
}

export const changesModuleName = Symbol('changesModule');
type ChangesModule = typeof changesModuleName;

declare module '@reduxjs/toolkit/query' {
  // The type parameters must repeat RTK's declaration exactly for the interfaces to merge.
  interface ApiModules<
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    in out BaseQuery extends BaseQueryFn,
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    in out Definitions extends EndpointDefinitions,
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    in out ReducerPath extends string,
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    in out TagTypes extends string,
  > {
    [changesModuleName]: { changes: SliceChanges };
  }
}

type AnyDescription = ResultDescription<string, unknown, unknown, unknown, unknown>;

function isDataTag(tag: string): tag is DataTag {
  return (DATA_TAGS as readonly string[]).includes(tag);
}

/**
 * RTK Query module (the documented extension point of `buildCreateApi`) that records each
 * mutation's `invalidatesTags` as its endpoints are injected, so the shared store can hand the
 * same tag names to every other slice: a mutation declares what it changes once, the RTK way.
 */
const changesModule = (): Module<ChangesModule> => ({
  name: changesModuleName,
  init(api, { reducerPath, tagTypes }) {
    const invalidates = new Map<string, AnyDescription | undefined>();
    const changes: SliceChanges = {
      tagTypes,
      tagsChangedBy(action) {
        // This slice's mutation thunk types start with its reducer path ("loansApi/executeMutation/…").
        if (!isFulfilled(action) || !action.type.startsWith(`${reducerPath}/`)) return [];
        const meta = action.meta as {
          arg?: { type?: string; endpointName?: string; originalArgs?: unknown };
          baseQueryMeta?: unknown;
        };
        if (meta.arg?.type !== 'mutation' || !meta.arg.endpointName) return [];
        const described = invalidates.get(meta.arg.endpointName);
        const tags =
          typeof described === 'function'
            ? described(action.payload, undefined, meta.arg.originalArgs, meta.baseQueryMeta)
            : (described ?? []);
        const names = tags.flatMap((tag) => (tag == null ? [] : [typeof tag === 'string' ? tag : tag.type]));
        return [...new Set(names)].filter(isDataTag);
      },
    };
    Object.assign(api, { changes });
    return {
      injectEndpoint(
        endpointName: string,
        definition: EndpointDefinition<unknown, BaseQueryFn, string, unknown>,
      ) {
        if (definition.type === 'mutation') {
          invalidates.set(endpointName, definition.invalidatesTags as AnyDescription | undefined);
        }
      },
    };
  },
});

/** A slice made by createRemoteApi: the shared tag names and its own (none by default), whatever endpoints it has. */
export type RemoteApi<Definitions extends EndpointDefinitions, OwnTag extends string = never> = Api<
  typeof baseQuery,
  Definitions,
  string,
  DataTag | OwnTag,
  CoreModule | typeof reactHooksModuleName | ChangesModule
>;

const createApiWithChanges = buildCreateApi(coreModule(), reactHooksModule(), changesModule());

/**
 * A remote's one api slice: the shared base query, every shared tag name (plus any the remote
 * alone uses) and no endpoints of its own; features add theirs with `injectEndpoints`. Its
 * mutations' `invalidatesTags` reach every slice injected into the shared store (see store.ts).
 */
export function createRemoteApi<OwnTag extends string = never>(
  // `string`, not the literal: the store is assembled at run time, and shared helpers such as
  // injectFilterOptions take any remote's slice.
  reducerPath: string,
  ownTagTypes: readonly OwnTag[] = [],
) {
  return createApiWithChanges({
    reducerPath,
    baseQuery,
    tagTypes: [...DATA_TAGS, ...ownTagTypes],
    endpoints: () => ({}),
  });
}
