// The firmware folder (FIRMWARE_DIR): a manifest naming the latest board firmware and the
// image to install, the release notes of the code repository, the images under files/ and
// the legacy hex files under legacy/. Read on each request (a deployment can drop in a new
// release without a restart); every document is validated, and file names never leave
// their folder.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  compareVersions,
  FirmwareSource,
  LatestRelease,
  ReleaseList,
  versionFromTag,
  type ReleaseTag,
} from '../../src/contract/firmware.ts';
import { HttpError, notFound } from '../http/errors.ts';

export const FirmwareManifest = Type.Object({
  /** Where these releases come from; the shipped folder says `test`. */
  source: Type.Optional(FirmwareSource),
  latest: LatestRelease,
  releaseInfo: Type.Object({
    tag_name: Type.String(),
    /** File names under files/, the firmware to install first. */
    assets: Type.Array(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }), { minItems: 1 }),
  }),
});
export type FirmwareManifest = Static<typeof FirmwareManifest>;

const unavailable = (what: string) =>
  new HttpError(503, 'unavailable', `The firmware ${what} is missing or invalid on this server`);

export class FirmwareStore {
  constructor(private readonly dir: string) {}

  async manifest(): Promise<FirmwareManifest> {
    const doc = await this.json('manifest.json');
    if (!Value.Check(FirmwareManifest, doc)) throw unavailable('manifest');
    return doc;
  }

  /** Release notes, newest first by version (or by name), one page of them. */
  async releases(
    page: number,
    perPage: number,
    orderBy: 'version' | 'name',
  ): Promise<{ items: ReleaseTag[]; totalPages: number; total: number }> {
    const doc = await this.json('code-releases.json');
    if (!Value.Check(ReleaseList, doc)) throw unavailable('release notes');
    const sorted = [...doc].sort((a, b) =>
      orderBy === 'name'
        ? b.name.localeCompare(a.name)
        : compareVersions(versionOf(b), versionOf(a)) || b.name.localeCompare(a.name),
    );
    const totalPages = Math.max(1, Math.ceil(sorted.length / perPage));
    return {
      items: sorted.slice((page - 1) * perPage, page * perPage),
      totalPages,
      total: sorted.length,
    };
  }

  /** An image under files/ (name already matched FIRMWARE_FILE_PATTERN). */
  image(name: string): Promise<Buffer> {
    return this.file('files', name);
  }

  /** A legacy hex file under legacy/. */
  legacy(name: string): Promise<Buffer> {
    return this.file('legacy', name);
  }

  private async file(folder: string, name: string): Promise<Buffer> {
    if (name !== path.basename(name)) throw notFound(`No firmware file ${name}`);
    try {
      return await readFile(path.join(this.dir, folder, name));
    } catch {
      throw notFound(`No firmware file ${name}`);
    }
  }

  private async json(name: string): Promise<unknown> {
    try {
      return JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as unknown;
    } catch {
      throw unavailable(name);
    }
  }
}

/** Release tags sort by their dotted version ("v25020" → "25020"). */
function versionOf(tag: ReleaseTag): string {
  return versionFromTag(tag.name) ?? tag.name.replace(/^[^\d]*/, '');
}
