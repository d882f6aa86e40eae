import { vi, type Mock } from 'vitest';

type ConsoleError = (typeof console)['error'];

// A plain wrapper, not vi.spyOn: a test file's vi.restoreAllMocks() or clearAllMocks() must not
// undo the watch or wipe what was logged before the check runs.
const original: ConsoleError = console.error.bind(console);
let calls: unknown[][] = [];
let expected: Mock<ConsoleError> | undefined;

function record(...args: unknown[]): void {
  calls.push(args);
  if (expected) expected(...args);
  else original(...args);
}

/** Called before each test (setup.ts): records console.error calls and still prints them. */
export function watchConsoleError(): void {
  calls = [];
  expected = undefined;
  console.error = record;
}

/**
 * For a test whose behaviour under test is an error log: the calls are expected (at least one),
 * silenced, and passed to the returned mock for assertions on what was logged.
 */
export function expectConsoleError(): Mock<ConsoleError> {
  if (console.error !== record) throw new Error('console.error is not watched: is tests/unit/setup.ts the setup file?');
  expected = vi.fn<ConsoleError>();
  return expected;
}

function describeCall(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg)))
    .join(' ')
    .slice(0, 500);
}

/** Called after each test (setup.ts). Throwing here fails the test that logged. */
export function failOnUnexpectedConsoleError(): void {
  const logged = calls.map(describeCall);
  const wasExpected = expected !== undefined;
  console.error = original;
  calls = [];
  expected = undefined;
  if (wasExpected && logged.length === 0) {
    throw new Error('The test expected a console.error (expectConsoleError()) but nothing was logged.');
  }
  if (!wasExpected && logged.length > 0) {
    throw new Error(
      `console.error was called ${logged.length} time(s); fix the cause, or call expectConsoleError() ` +
        `when the log is the behaviour under test:\n- ${logged.join('\n- ')}`,
    );
  }
}
