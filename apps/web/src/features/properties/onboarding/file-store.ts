/**
 * The chosen File objects, kept in IndexedDB so that a reload in the middle of the wizard still has
 * them (sessionStorage holds only text). Where IndexedDB is missing or refuses (some private modes),
 * files live for this page only and the wizard says which ones must be chosen again.
 */
const databaseName = 'commonwise-onboarding';
const storeName = 'files';
/** Files of drafts abandoned in other tabs are removed after this long. */
const staleAfterMs = 2 * 24 * 60 * 60 * 1000;

type StoredFile = { id: string; file: File; savedAt: number };

let opening: Promise<IDBDatabase | null> | undefined;

function openDatabase(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'id' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void) {
  return openDatabase().then(
    (database) =>
      new Promise<T | undefined>((resolve) => {
        if (!database) return resolve(undefined);
        try {
          const transaction = database.transaction(storeName, mode);
          const request = work(transaction.objectStore(storeName));
          transaction.oncomplete = () => resolve(request ? request.result : undefined);
          transaction.onerror = () => resolve(undefined);
          transaction.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

export async function saveFiles(files: { id: string; file: File }[]): Promise<void> {
  const savedAt = Date.now();
  await run('readwrite', (store) => {
    for (const { id, file } of files) store.put({ id, file, savedAt } satisfies StoredFile);
  });
}

/** The files with these ids that are still stored; missing ones are simply not in the map. */
export async function loadFiles(ids: readonly string[]): Promise<Map<string, File>> {
  const found = new Map<string, File>();
  if (ids.length === 0) return found;
  const requests: IDBRequest<StoredFile | undefined>[] = [];
  await run('readonly', (store) => {
    for (const id of ids) requests.push(store.get(id) as IDBRequest<StoredFile | undefined>);
  });
  for (const request of requests) {
    const entry = request.readyState === 'done' ? request.result : undefined;
    if (entry && entry.file instanceof Blob) found.set(entry.id, entry.file);
  }
  return found;
}

export async function deleteFiles(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await run('readwrite', (store) => {
    for (const id of ids) store.delete(id);
  });
}

/** Forgets files of drafts nobody finished (another tab closed long ago), keeping this draft's. */
export async function pruneStaleFiles(keep: readonly string[]): Promise<void> {
  const kept = new Set(keep);
  const cutoff = Date.now() - staleAfterMs;
  const all =
    (await run<StoredFile[]>('readonly', (store) => store.getAll() as IDBRequest<StoredFile[]>)) ?? [];
  await deleteFiles(
    all.filter((entry) => !kept.has(entry.id) && entry.savedAt < cutoff).map((entry) => entry.id),
  );
}
