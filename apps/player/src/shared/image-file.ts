import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@payhub/contracts';

/** What the server accepts as an upload (contracts: png, jpeg or webp, at most 2 MiB). */
export const IMAGE_ACCEPT = UPLOAD_MIME_TYPES.join(',');

export type ImageFileProblem = 'wrongType' | 'tooLarge';

/** Checks a chosen image before it is sent, so the player hears why at once. */
export function checkImageFile(file: { type: string; size: number }): ImageFileProblem | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > UPLOAD_MAX_BYTES) return 'tooLarge';
  return null;
}
