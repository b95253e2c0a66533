// Uploaded header images (classroom-and-labs §5 upload: png, jpg, jpeg, gif). The type is
// read from the bytes, never taken from the request, so a file that only claims to be an
// image is refused; images are served back with that type only.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import {
  CLASSROOM_IMAGE_PATH,
  IMAGES_PER_USER_MAX,
  type ImageType,
  type UploadedImage,
} from '../../src/contract/classroom.ts';
import { now } from '../db/clock.ts';
import { toCount } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { Caller } from './caller.ts';
import { classroomError } from './errors.ts';

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** PNG, JPEG or GIF by their signatures; null for anything else. */
function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39)) {
    return bytes[5] === 0x61 ? 'image/gif' : null;
  }
  return null;
}

export class ImageStore {
  constructor(private readonly db: Kysely<Database>) {}

  async upload(caller: Caller, bytes: Buffer): Promise<UploadedImage> {
    const type = sniffImage(bytes);
    if (!type) throw classroomError('image_type');
    const { n } = await this.db
      .selectFrom('classroom_images')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', caller.id)
      .executeTakeFirstOrThrow();
    if (toCount(n) >= IMAGES_PER_USER_MAX) throw classroomError('image_quota');
    const id = randomUUID();
    await this.db
      .insertInto('classroom_images')
      .values({
        id,
        owner_id: caller.id,
        content_type: type,
        bytes: bytes.length,
        data: bytes.toString('base64'),
        created_at: now(),
      })
      .execute();
    return { url: `${API_BASE_PATH}${CLASSROOM_IMAGE_PATH}${id}`, bytes: bytes.length, type };
  }

  async get(id: string): Promise<{ type: ImageType; bytes: Buffer }> {
    const row = await this.db
      .selectFrom('classroom_images')
      .select(['data'])
      .where('id', '=', id)
      .executeTakeFirst();
    const bytes = row ? Buffer.from(row.data, 'base64') : null;
    const type = bytes && sniffImage(bytes);
    if (!bytes || !type) throw classroomError('image_not_found');
    return { type, bytes };
  }
}
