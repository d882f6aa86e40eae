import { describe, expect, it, vi } from 'vitest';
import { expectConsoleError, failOnUnexpectedConsoleError, watchConsoleError } from './console.ts';

// These run the after-each check by hand inside a test, then re-arm the watch for the real one.
describe('console.error in unit tests', () => {
  it('fails a test that logs an error it did not expect, naming the message', () => {
    const expected = expectConsoleError();
    console.error('Loading orders failed.', new Error('down'));
    expect(expected).toHaveBeenCalledTimes(1);
    watchConsoleError();
    console.error('Loading orders failed.', new Error('down'));
    expect(() => failOnUnexpectedConsoleError()).toThrow(/console\.error was called 1 time\(s\)[\s\S]*Loading orders failed\. Error: down/);
    watchConsoleError();
  });

  it('fails a test that expected an error log when nothing was logged', () => {
    expectConsoleError();
    expect(() => failOnUnexpectedConsoleError()).toThrow('expected a console.error');
    watchConsoleError();
  });

  it('keeps watching after a test file restores or clears its mocks', () => {
    vi.restoreAllMocks();
    vi.clearAllMocks();
    const logged = expectConsoleError();
    console.error('still seen');
    expect(logged).toHaveBeenCalledWith('still seen');
  });
});
