// Shared vi.mock factories (each test file calls vi.mock with these; vi.mock itself is hoisted).
import { vi } from 'vitest';

export async function mockSessionModule() {
  return (await import('./fake-backend.ts')).sessionModule;
}

export async function mockMfaModule() {
  const actual = await vi.importActual<typeof import('@/features/auth/data/mfa.ts')>('@/features/auth/data/mfa.ts');
  const { mfaFakes } = await import('./fake-backend.ts');
  return { ...actual, ...mfaFakes };
}

export async function mockProfilesModule() {
  const actual = await vi.importActual<typeof import('@/features/auth/data/profiles.ts')>('@/features/auth/data/profiles.ts');
  const { fetchProfile } = await import('./fake-backend.ts');
  return { ...actual, fetchProfile };
}
