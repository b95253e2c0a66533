// Header images for classes (classroom-and-labs §5 upload). Uploading needs a signed-in
// user; reading is public because an <img> sends no token (ids are random UUIDs). The body
// of an upload is the file itself; its type is read from its bytes (image-store.ts).
import { Type } from '@sinclair/typebox';
import { IMAGE_BYTES_MAX, ImageParams, UploadedImage } from '../../src/contract/classroom.ts';
import { toCaller } from '../classroom/caller.ts';
import { classroomError } from '../classroom/errors.ts';
import { currentUser } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });
/** The raw bytes (checked by the store, not by a schema). */
const ImageBytes = Type.Unsafe<Buffer>({ description: 'PNG, JPEG or GIF file bytes' });

export const classroomImageUploadRoutes: RouteGroup = async (app) => {
  const { images } = app.services.classroom;
  // Every body in this scope arrives as bytes, whatever it claims to be; JSON keeps its parser.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: IMAGE_BYTES_MAX },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '/classroom/image',
    {
      bodyLimit: IMAGE_BYTES_MAX,
      schema: { body: ImageBytes, response: { 201: UploadedImage } },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body)) throw classroomError('image_type');
      return reply.code(201).send(await images.upload(toCaller(currentUser(request)), body));
    },
  );
};

export const classroomImageRoutes: RouteGroup = async (app) => {
  const { images } = app.services.classroom;

  app.get(
    '/classroom/image/:id',
    { schema: { params: ImageParams, querystring: NoQuery } },
    async (request, reply) => {
      const image = await images.get(request.params.id);
      return reply
        .type(image.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
};
