/**
 * Deletes the IndexedDB databases that RxDB's Dexie storage made for one RxDB database (one per
 * collection plus its internal ones, all named `rxdb-dexie-<name>--…`). RxDB's own removal only
 * empties them, so their names, which hold the user's id, would stay on the device.
 * Another tab that still holds one open blocks its deletion until it closes (it signs out too);
 * after `blockedMs` the rest goes ahead and the blocked one is deleted when that tab lets go.
 */
export async function deleteDexieDatabases(rxdbName: string, factory: IDBFactory = indexedDB, blockedMs = 5000): Promise<string[]> {
  // Older browsers lack databases(): the data is already removed, only the empty shells remain.
  const names = (await dexieDatabaseNames(rxdbName, factory)) ?? [];
  await Promise.all(names.map((name) => deleteDatabase(factory, name, blockedMs)));
  return names;
}

/** The IndexedDB databases stored for one RxDB database, or null where the browser cannot list them. */
export async function dexieDatabaseNames(rxdbName: string, factory: IDBFactory = indexedDB): Promise<string[] | null> {
  if (typeof factory.databases !== 'function') return null;
  const prefix = `rxdb-dexie-${rxdbName}--`;
  return (await factory.databases()).map((info) => info.name ?? '').filter((name) => name.startsWith(prefix));
}

function deleteDatabase(factory: IDBFactory, name: string, blockedMs: number): Promise<void> {
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => setTimeout(resolve, blockedMs);
  });
}
