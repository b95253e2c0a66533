// Typed access to the server's firmware releases (src/contract/firmware.ts). Release
// documents are checked against the contract; the files themselves (binary images, legacy
// hex text) are checked for their kind. Every call is anonymous: releases are public.
import { CheckedApi, pathId, type Call } from '../api/checked-api.ts';
import { LatestRelease, ReleaseInfo } from '../contract/firmware.ts';

export class FirmwareApi extends CheckedApi {
  latest(call: Call = {}) {
    return this.get(LatestRelease, '/firmware/latest', { ...call, anonymous: true });
  }

  releaseInfo(call: Call = {}) {
    return this.get(ReleaseInfo, '/firmware/release-info', { ...call, anonymous: true });
  }

  /** A release asset's bytes, fetched by the server from the release's download URL. */
  async download(url: string, call: Call = {}): Promise<ArrayBuffer | Uint8Array> {
    const bytes = await this.deps.client.post<unknown>(
      '/firmware/download',
      { url },
      { quiet: call.quiet ?? false, anonymous: true, responseType: 'arraybuffer' },
    );
    // A browser gives an ArrayBuffer, Node a Buffer.
    if (bytes instanceof ArrayBuffer || bytes instanceof Uint8Array) return bytes;
    throw this.badResponse(call);
  }

  /** A legacy board's bootloader or firmware hex file (text). */
  async legacyFile(name: string, call: Call = {}): Promise<string> {
    const text = await this.deps.client.get<unknown>(`/firmware/legacy/${pathId(name)}`, {
      quiet: call.quiet ?? false,
      anonymous: true,
      responseType: 'text',
    });
    if (typeof text === 'string') return text;
    throw this.badResponse(call);
  }
}
