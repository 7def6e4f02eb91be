import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploaded files live: a directory in embedded mode; an object store adapter at scale. */
export interface FileStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
}

const SAFE_NAME = /^[A-Za-z0-9_-]{8,64}\.(png|jpg|webp)$/;

export function createDiskStorage(directory: string): FileStorage {
  return {
    async put(name, bytes) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name ${name}`);
      await mkdir(directory, { recursive: true });
      await writeFile(join(directory, name), bytes, { flag: 'wx' });
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return null;
      try {
        return await readFile(join(directory, name));
      } catch {
        return null;
      }
    },
  };
}
