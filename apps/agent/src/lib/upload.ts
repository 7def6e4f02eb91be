import { api } from './api.ts';

/** The multipart endpoint takes its file as the request body (no JSON schema describes it). */
type UploadCall = (input: { body: FormData }) => Promise<{ url: string }>;

/** Uploads an image (POST /main/site/upload: PNG, JPEG or WebP, at most 2 MiB) and answers its url. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const uploaded = await (api.site.upload as unknown as UploadCall)({ body: form });
  return uploaded.url;
}
