// Where a form's draft waits while its person signs in again (docs/product.md#drafts): in this
// browser only, never on the server. IndexedDB, because the drafts hold photos (Files are kept as
// they are, by the structured clone); the page to go back to is in localStorage, read at start-up.

/** A draft of `userId`'s form `key`, as kept. */
export interface StoredDraft {
  userId: number;
  key: string;
  /** The page it was typed on (path and query). */
  path: string;
  savedAt: number;
  /** The form's values, encoded (encodeDraftValues). */
  values: unknown;
}

/** A draft older than this is not offered any more (and is deleted when read). */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const DB_NAME = 'lender-drafts';
const STORE = 'drafts';
const RETURN_KEY_PREFIX = 'draft-return:';

/** The kept drafts: IndexedDB in a browser, memory where there is none (tests, some private modes). */
export interface DraftBackend {
  get(id: string): Promise<StoredDraft | undefined>;
  put(id: string, draft: StoredDraft): Promise<void>;
  delete(id: string): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function indexedDbBackend(factory: IDBFactory): DraftBackend {
  let opened: Promise<IDBDatabase> | undefined;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DB_NAME, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
    });
    return opened;
  };
  const store = async (mode: IDBTransactionMode) => (await db()).transaction(STORE, mode).objectStore(STORE);
  return {
    get: async (id) => (await request((await store('readonly')).get(id))) as StoredDraft | undefined,
    put: async (id, draft) => {
      await request((await store('readwrite')).put(draft, id));
    },
    delete: async (id) => {
      await request((await store('readwrite')).delete(id));
    },
  };
}

export function memoryDraftBackend(): DraftBackend {
  const drafts = new Map<string, StoredDraft>();
  return {
    get: async (id) => drafts.get(id),
    put: async (id, draft) => {
      drafts.set(id, draft);
    },
    delete: async (id) => {
      drafts.delete(id);
    },
  };
}

let backend: DraftBackend | undefined;
const currentBackend = (): DraftBackend => {
  backend ??= typeof indexedDB === 'undefined' ? memoryDraftBackend() : indexedDbBackend(indexedDB);
  return backend;
};

/** Tests: keep drafts in `next` (e.g. a fresh memory backend). */
export function setDraftBackend(next: DraftBackend): void {
  backend = next;
}

/** Drafts are per user: another user's id never finds them. */
const idOf = (userId: number, key: string) => `${userId}:${key}`;

export async function saveDraft(draft: StoredDraft): Promise<void> {
  await currentBackend().put(idOf(draft.userId, draft.key), draft);
}

/** `userId`'s draft of `key`, unless there is none or it is too old. */
export async function loadDraft(
  userId: number,
  key: string,
  now = Date.now(),
): Promise<StoredDraft | undefined> {
  const draft = await currentBackend().get(idOf(userId, key));
  if (!draft || draft.userId !== userId) return undefined;
  if (now - draft.savedAt > DRAFT_MAX_AGE_MS) {
    await deleteDraft(userId, key);
    return undefined;
  }
  return draft;
}

export async function deleteDraft(userId: number, key: string): Promise<void> {
  await currentBackend().delete(idOf(userId, key));
}

// Values ----------------------------------------------------------------------------------------

interface DayLike {
  isValid(): boolean;
  toISOString(): string;
  format(pattern: string): string;
}
/** A chosen file of an antd Upload (UploadFile), with its bytes. */
interface ChosenFile {
  uid: string;
  name: string;
  originFileObj: Blob;
}

const isDay = (value: object): value is DayLike =>
  typeof (value as Partial<DayLike>).isValid === 'function' &&
  typeof (value as Partial<DayLike>).format === 'function' &&
  '$d' in value;
const isChosenFile = (value: object): value is ChosenFile =>
  typeof Blob !== 'undefined' && (value as Partial<ChosenFile>).originFileObj instanceof Blob;

const DAY_TAG = '__draftDay';
const FILE_TAG = '__draftFile';

/**
 * A form's values as they can be kept: dates (dayjs) as their calendar day, chosen files with
 * their bytes (the File itself), everything else as it is; fields in `omit` (passwords) are left out.
 */
export function encodeDraftValues(values: unknown, omit: readonly string[] = []): unknown {
  const encode = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Blob) return value;
    if (Array.isArray(value)) return value.map(encode);
    if (isDay(value)) return value.isValid() ? { [DAY_TAG]: value.format('YYYY-MM-DD') } : null;
    if (isChosenFile(value)) {
      return { [FILE_TAG]: true, uid: value.uid, name: value.name, file: value.originFileObj };
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encode(item)]));
  };
  const encoded = encode(values);
  if (encoded && typeof encoded === 'object' && !Array.isArray(encoded)) {
    for (const field of omit) delete (encoded as Record<string, unknown>)[field];
  }
  return encoded;
}

/** The kept values back as the form takes them: `toDay` makes a date of a day (dayjs). */
export function decodeDraftValues(values: unknown, toDay: (day: string) => unknown): unknown {
  const decode = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || value instanceof Blob) return value;
    if (Array.isArray(value)) return value.map(decode);
    const record = value as Record<string, unknown>;
    if (typeof record[DAY_TAG] === 'string') return toDay(record[DAY_TAG]);
    if (record[FILE_TAG] === true && record.file instanceof Blob) {
      const file = record.file as Blob & { uid?: string };
      // antd's Upload and the forms read originFileObj (an RcFile: a File with its uid).
      file.uid = String(record.uid);
      return { uid: String(record.uid), name: String(record.name), status: 'done', originFileObj: file };
    }
    return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, decode(item)]));
  };
  return decode(values);
}

// The page to go back to ----------------------------------------------------------------------

/** The session ended with `userId`'s draft open on `path`: after signing in again, the app goes back there. */
export function rememberDraftPage(userId: number, path: string): void {
  if (typeof window === 'undefined') return;
  window.localStorage.setItem(`${RETURN_KEY_PREFIX}${userId}`, path);
}

/** The page `userId` left a draft on when their session ended, once (it is forgotten as it is read). */
export function takeDraftPage(userId: number): string | null {
  if (typeof window === 'undefined') return null;
  const key = `${RETURN_KEY_PREFIX}${userId}`;
  const path = window.localStorage.getItem(key);
  window.localStorage.removeItem(key);
  // Only a path of this app (never another origin).
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
