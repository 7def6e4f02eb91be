// Proves the image check before upload: png, jpeg and webp up to 2 MiB pass; other types and bigger files name the problem.
import { describe, expect, it } from 'vitest';
import { checkImageFile } from './image-file.ts';

const MIB = 1024 * 1024;

describe('checkImageFile', () => {
  it('accepts png, jpeg and webp up to exactly 2 MiB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(checkImageFile({ type, size: 2 * MIB })).toBeNull();
    }
  });

  it('names a wrong type before the size', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('wrongType');
    expect(checkImageFile({ type: 'application/pdf', size: 3 * MIB })).toBe('wrongType');
    expect(checkImageFile({ type: '', size: 10 })).toBe('wrongType');
  });

  it('refuses a file one byte over 2 MiB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 2 * MIB + 1 })).toBe('tooLarge');
  });
});
