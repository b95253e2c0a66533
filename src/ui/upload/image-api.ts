// An image through the upload component, stored in the app's image store (class header
// images and extension images): the answer's path is what the owner keeps as its image.
import { api } from '../../api/client.ts';
import type { UploadedImage } from '../../contract/classroom.ts';

export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const answer = await api.post<UploadedImage>('/classroom/image', file, {
    contentType: file.type || 'application/octet-stream',
    quiet: true,
    onUploadProgress: onProgress,
    signal,
  });
  return answer.url;
}
