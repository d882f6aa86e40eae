import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { configValue, loadConfig } from '../../../supabase/local/config.ts';

const CONFIG = join(import.meta.dirname, '../../../supabase/config.toml');

describe('stack configuration', () => {
  it('merges the STACK_CONFIG_OVERRIDES file over config.toml key by key, and code overrides over both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stack-config-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const overlay = join(dir, 'overrides.toml');
    writeFileSync(overlay, '[auth.rate_limit]\nsign_in_sign_ups = 1000\n');
    const plain = loadConfig(CONFIG, {}, undefined);
    const merged = loadConfig(CONFIG, {}, overlay);
    expect(configValue(plain, 'auth', 'rate_limit', 'sign_in_sign_ups')).toBe(30);
    expect(configValue(merged, 'auth', 'rate_limit', 'sign_in_sign_ups')).toBe(1000);
    // The rest of the table is kept.
    expect(configValue(merged, 'auth', 'rate_limit', 'token_refresh')).toBe(configValue(plain, 'auth', 'rate_limit', 'token_refresh'));
    expect(configValue(loadConfig(CONFIG, { auth: { rate_limit: { sign_in_sign_ups: 5 } } }, overlay), 'auth', 'rate_limit', 'sign_in_sign_ups')).toBe(5);
  });

  it('names the file when the overrides cannot be read', () => {
    expect(() => loadConfig(CONFIG, {}, '/nonexistent/overrides.toml')).toThrow(/\/nonexistent\/overrides\.toml/);
  });
});
