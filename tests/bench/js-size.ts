import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip size (bytes) of one built file, as a compressing server would send it. */
export function gzipBytes(outDir: string, pathname: string): number {
  return gzipSync(readFileSync(join(outDir, pathname))).length;
}

export interface ScriptRequest {
  url: string;
  resourceType?: string;
  rendererStartTime?: number;
}

/**
 * JavaScript a route loads before its first paint: every same-origin script the page asked for
 * before the observed first contentful paint (entry chunk, its static imports, the route's split
 * chunks and whatever its loader imports), sized from the built files with gzip.
 */
export function jsBeforePaint(outDir: string, origin: string, requests: ScriptRequest[], fcpMs: number): { kb: number; files: string[] } {
  const files = [
    ...new Set(
      requests
        .filter((r) => r.resourceType === 'Script' && r.url.startsWith(origin) && (r.rendererStartTime ?? Infinity) <= fcpMs)
        .map((r) => new URL(r.url).pathname),
    ),
  ];
  const bytes = files.reduce((sum, file) => sum + gzipBytes(outDir, file), 0);
  return { kb: Math.round((bytes / 1024) * 10) / 10, files };
}
