/**
 * One value per database handle, made at its first use and dropped with the handle: a prepared
 * query (prepared once per connection pool), or what a database's statistics say, kept a while.
 * The tests' databases each get their own.
 */
export function perDatabase<D extends object, T>(create: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = create(db);
      made.set(db, value);
    }
    return value;
  };
}
