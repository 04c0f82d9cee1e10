import { randomUUID } from 'node:crypto';
import { stat, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { unpackBundle } from '@kiosk/bundle';
import type { BundleStorage } from '../storage/bundle-storage.ts';

/**
 * The unpacked files of launched versions, one folder per version under `root`. A version's bundle
 * never changes, so a folder, once complete, serves until the process's data is cleared. It is
 * unpacked into a temporary folder and renamed into place, so a crash leaves no half a folder, and
 * launches at the same time share one unpacking.
 */
export class LaunchFiles {
  readonly #unpacking = new Map<string, Promise<string>>();

  constructor(
    private readonly root: string,
    private readonly storage: BundleStorage,
  ) {}

  /** The folder of the version's files, unpacked from its bundle on its first launch. */
  folder(versionId: string, bundleKey: string): Promise<string> {
    let pending = this.#unpacking.get(versionId);
    if (!pending) {
      pending = this.#unpack(versionId, bundleKey).finally(() => this.#unpacking.delete(versionId));
      this.#unpacking.set(versionId, pending);
    }
    return pending;
  }

  async #unpack(versionId: string, bundleKey: string): Promise<string> {
    const folder = join(this.root, versionId);
    if (await isFolder(folder)) return folder;
    const temp = join(this.root, `.${versionId}-${randomUUID()}`);
    await mkdir(temp, { recursive: true });
    try {
      await unpackBundle(await this.storage.get(bundleKey), temp);
      await rename(temp, folder);
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      // Another process put it in place first: theirs is the same bytes.
      if (await isFolder(folder)) return folder;
      throw error;
    }
    return folder;
  }
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
