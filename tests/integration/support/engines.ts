export type Engine = 'pglite' | 'postgres';

/** Both engines unless TEST_ENGINES (comma-separated) narrows it, e.g. TEST_ENGINES=pglite. */
export function enginesUnderTest(): Engine[] {
  const wanted = process.env.TEST_ENGINES?.split(',').map((s) => s.trim()).filter(Boolean);
  const all: Engine[] = ['pglite', 'postgres'];
  return wanted?.length ? all.filter((e) => wanted.includes(e)) : all;
}
