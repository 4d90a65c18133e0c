import { dataChanged } from '../src/client/data-changed';
import { dynamicMiddleware } from '../src/client/store';

/**
 * The tags of every dataChanged the store sees during each test (emptied before each one), to
 * check what a mutation tells the other remotes.
 */
export function recordDataChanged(): string[][] {
  const broadcasts: string[][] = [];
  beforeAll(() =>
    dynamicMiddleware.addMiddleware(() => (next) => (action) => {
      if (dataChanged.match(action)) broadcasts.push(action.payload.tags);
      return next(action);
    }),
  );
  beforeEach(() => (broadcasts.length = 0));
  return broadcasts;
}
