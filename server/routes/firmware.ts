// Releases and firmware (spec core §7 "Firmware and releases"): the code repository's
// release notes, paged; the latest board firmware release; the release-info document whose
// first asset is the image to install; the download call the app posts that asset's URL
// to (it only serves this server's own files: no fetching of arbitrary URLs); the images;
// and the legacy boards' bootloader and versioned hex files.
import { Type } from '@sinclair/typebox';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import {
  DownloadBody,
  FIRMWARE_FILE_PATTERN,
  FirmwareFileParams,
  LatestRelease,
  LegacyFileParams,
  PAGE_HEADER,
  RELEASE_PAGE_SIZE,
  ReleaseInfo,
  ReleaseList,
  ReleaseQuery,
  TOTAL_PAGES_HEADER,
} from '../../src/contract/firmware.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { FirmwareStore } from '../releases/firmware-store.ts';

const FILES_PATH = `${API_BASE_PATH}/firmware/files/`;
const fileName = new RegExp(FIRMWARE_FILE_PATTERN);

export const firmwareRoutes: RouteGroup = async (app) => {
  const store = new FirmwareStore(app.services.config.firmwareDir);
  const publicUrl = app.services.config.publicUrl;
  // Behind a proxy that mounts the site under a path, the files' paths start with it.
  const mount = publicUrl ? new URL(publicUrl).pathname.replace(/\/+$/, '') : '';
  const filesPaths = mount ? [FILES_PATH, `${mount}${FILES_PATH}`] : [FILES_PATH];

  app.get(
    '/releases',
    { schema: { querystring: ReleaseQuery, response: { 200: ReleaseList } } },
    async (request, reply) => {
      const q = request.query;
      const page = q.page ?? 1;
      const { items, totalPages, total } = await store.releases(
        page,
        q.per_page ?? RELEASE_PAGE_SIZE,
        q.order_by ?? 'version',
      );
      reply.header(PAGE_HEADER, String(page));
      reply.header(TOTAL_PAGES_HEADER, String(totalPages));
      reply.header('x-total', String(total));
      return items;
    },
  );

  app.get(
    '/firmware/latest',
    { schema: { querystring: Type.Object({}), response: { 200: LatestRelease } } },
    async () => {
      const manifest = await store.manifest();
      return manifest.source ? { ...manifest.latest, source: manifest.source } : manifest.latest;
    },
  );

  app.get(
    '/firmware/release-info',
    { schema: { querystring: Type.Object({}), response: { 200: ReleaseInfo } } },
    async () => {
      const info = (await store.manifest()).releaseInfo;
      // The configured public URL, never the request's Host header (a client could make
      // the server hand out links to any site); without one, root-relative links.
      const origin = publicUrl ?? '';
      return {
        tag_name: info.tag_name,
        assets: info.assets.map((name) => ({
          name,
          browser_download_url: `${origin}${FILES_PATH}${encodeURIComponent(name)}`,
        })),
      };
    },
  );

  app.post('/firmware/download', { schema: { body: DownloadBody } }, async (request, reply) => {
    let url: URL;
    try {
      url = new URL(request.body.url, 'http://localhost');
    } catch {
      throw new HttpError(400, 'bad_request', 'body/url must be a URL');
    }
    // Only this server's own images: the path names one file under files/.
    let name = '';
    const under = filesPaths.find((p) => url.pathname.startsWith(p));
    if (under) {
      try {
        name = decodeURIComponent(url.pathname.slice(under.length));
      } catch {
        throw new HttpError(400, 'bad_request', 'body/url has a malformed percent-encoding');
      }
    }
    if (!fileName.test(name)) throw notFound('The URL is not a firmware file of this server');
    const bytes = await store.image(name);
    return reply.type('application/octet-stream').send(bytes);
  });

  app.get(
    '/firmware/files/:name',
    { schema: { params: FirmwareFileParams, querystring: Type.Object({}) } },
    async (request, reply) => {
      const bytes = await store.image(request.params.name);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(bytes);
    },
  );

  app.get(
    '/firmware/legacy/:name',
    { schema: { params: LegacyFileParams, querystring: Type.Object({}) } },
    async (request, reply) => {
      const text = await store.legacy(request.params.name);
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
};
