/** Small file systems for tests of a full disk, where this process may mount them (root). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'pipe' }).toString();

/** Whether this process may mount file systems (root, and a kernel that lets it). */
export function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const dir = mkdtempSync(path.join(tmpdir(), 'account-mount-check-'));
  try {
    mountTmpfs(dir, '1m');
    run('umount', [dir]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mounts a tmpfs of `size` (such as '16m') on `dir`. */
export function mountTmpfs(dir: string, size: string): void {
  run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
}
