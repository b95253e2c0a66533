// Releases and firmware (spec core §7 "Firmware and releases"). The server validates and
// serialises with these TypeBox schemas; the UI imports only their static types. The shapes
// follow the services the original app read: a tag list with release descriptions (paged
// through x-page / x-total-pages headers), a latest release with tag_name and body, and a
// release-info document whose assets[0] is the image to download.
import { Type, type Static } from '@sinclair/typebox';

export const RELEASE_PAGE_SIZE = 20;

export const ReleaseQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: RELEASE_PAGE_SIZE })),
    order_by: Type.Optional(
      Type.Union([Type.Literal('version'), Type.Literal('name')], { default: 'version' }),
    ),
  },
  { additionalProperties: false },
);
export type ReleaseQuery = Static<typeof ReleaseQuery>;

/** One tag of the code release repository with its release notes (markdown). */
export const ReleaseTag = Type.Object({
  name: Type.String(),
  release: Type.Object({
    tag_name: Type.String(),
    description: Type.String(),
  }),
});
export type ReleaseTag = Static<typeof ReleaseTag>;
export const ReleaseList = Type.Array(ReleaseTag);
export type ReleaseList = Static<typeof ReleaseList>;

/** Page headers of the release list. */
export const PAGE_HEADER = 'x-page';
export const TOTAL_PAGES_HEADER = 'x-total-pages';

/** Where a server's firmware releases come from: the TEST images made for the simulated
 * board (which engines refuse to write to a real board), or a vendor's releases. */
export const FirmwareSource = Type.Object({
  kind: Type.Union([Type.Literal('test'), Type.Literal('vendor')]),
  /** Shown to the user, e.g. "GoGo Board firmware releases". */
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** Where the releases are published (an http(s) page). */
  url: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 300 })),
});
export type FirmwareSource = Static<typeof FirmwareSource>;

/** The latest board firmware release; the version is the three dotted numbers of the tag.
 * `source` says where the server's releases come from. */
export const LatestRelease = Type.Object({
  tag_name: Type.String(),
  name: Type.String(),
  body: Type.String(),
  source: Type.Optional(FirmwareSource),
});
export type LatestRelease = Static<typeof LatestRelease>;

/** The release-info document: assets[0] is the firmware to install; the version is the
 * part of tag_name after the dash. */
export const ReleaseInfo = Type.Object({
  tag_name: Type.String(),
  assets: Type.Array(Type.Object({ name: Type.String(), browser_download_url: Type.String() }), {
    minItems: 1,
  }),
});
export type ReleaseInfo = Static<typeof ReleaseInfo>;

export const DownloadBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export type DownloadBody = Static<typeof DownloadBody>;

export const FIRMWARE_FILE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.(bin|hex)$';
const LEGACY_FILE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.hex$';
export const FirmwareFileParams = Type.Object({
  name: Type.String({ pattern: FIRMWARE_FILE_PATTERN }),
});
export const LegacyFileParams = Type.Object({
  name: Type.String({ pattern: LEGACY_FILE_PATTERN }),
});

/** Spec core §9 "Firmware GoGo board 4 / Pi-topping": the lowest firmware each legacy board
 * must run, and the latest one the updater offers and installs (the Pi-topping's older v31
 * file is served too, for a local update). */
export const LEGACY_FIRMWARE = {
  gogo4: { min: 111, latest: 111 },
  piTopping: { min: 40, latest: 40 },
} as const;

/** The legacy (GoGo 4 / Pi-topping) files: bootloaders and versioned firmware hex. */
export const LEGACY_FILES = {
  /** Spec core §4: the default legacy firmware version, for a legacy board the table above
   * does not name. */
  defaultVersion: 43,
  bootloader: { gogo4: 'bootloader.hex', piTopping: 'bootloaderPT.hex' },
  firmware: (board: 'gogo4' | 'piTopping', version: number) =>
    board === 'gogo4' ? `gogo40.v${version}.hex` : `rpt10.v${version}.hex`,
} as const;

/** "gogo6-1.2.3" → "1.2.3": the three dotted numbers of a tag. */
export function versionFromTag(tag: string): string | null {
  return /(\d+)\.(\d+)\.(\d+)/.exec(tag)?.[0] ?? null;
}

/** "esp-1.2.3" → "1.2.3": the release-info version is what follows the (last) dash. */
export function versionAfterDash(tag: string): string {
  const i = tag.lastIndexOf('-');
  return i >= 0 ? tag.slice(i + 1) : tag;
}

/** Compares dotted versions numerically ("1.10.0" > "1.9.2"); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
