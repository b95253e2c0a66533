// The firmware service with the real engine, the real simulated board on virtual time and
// real translations; the page's connection is the connection layer over its test transport,
// and the API is the server's answers held in memory (the routes have their own tests).
import i18next, { type i18n } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import en from '../../locales/en/firmware.json';
import type { WasmCore } from '../core/wasm-core.ts';
import { LEGACY_FILES } from '../contract/firmware.ts';
import { GoGoConnection } from '../device/connection/gogo-connection.ts';
import { BoardType, ConnectionType, DeviceError, EMPTY_BOARD } from '../device/device.ts';
import { beep } from '../device/protocol/commands.ts';
import type { WasmFramer } from '../device/protocol/framer.ts';
import { FakeTransport } from '../device/testing/fake-transport.ts';
import { loadTestCore, testFramer } from '../device/testing/test-core.ts';
import type { ConnectionState } from '../state/connection.ts';
import { GOGO7_UPDATE_GUIDE } from './firmware-files.ts';
import { FirmwareService, type FirmwareServiceDeps, type FlashRunner } from './firmware-service.ts';
import type { FirmwareState } from './firmware-state.ts';
import { legacyHex, stmImage } from './testing/flash-harness.ts';
import { VirtualBoard } from './testing/virtual-board.ts';
import { executeFlashRequest } from './worker/execute-request.ts';

let core: WasmCore;
let framer: WasmFramer;
let t: i18n;
beforeAll(async () => {
  core = await loadTestCore();
  framer = await testFramer();
  t = i18next.createInstance();
  await t.init({
    lng: 'en',
    resources: { en: { firmware: en } },
    interpolation: { escapeValue: false },
  });
});

interface Setup {
  service: FirmwareService;
  state: FirmwareState;
  connection: ConnectionState;
  device: GoGoConnection;
  vb: VirtualBoard;
  toasts: string[];
  opened: { modal: number; external: string[] };
  flags: boolean[];
  flashes: number;
}

function setup(boardType: number, connectionType: number = ConnectionType.webhid): Setup {
  const connection = proxy<ConnectionState>({
    connectionType: connectionType as ConnectionState['connectionType'],
    connectMethod: null,
    board: { ...EMPTY_BOARD, boardType, firmwareVersion: 40 },
    displayBoard: boardType,
    firmwareUpdating: false,
  });
  const state = proxy<FirmwareState>({
    check: {
      loading: false,
      latest: null,
      notes: '',
      current: null,
      upToDate: null,
      failed: false,
    },
    phase: 'idle',
    stage: null,
    percent: 0,
    error: null,
    result: null,
    canRetry: false,
    needsBootloaderPermission: false,
    promptsPostponed: false,
  });
  const device = new GoGoConnection({
    createTransport: (kind) => new FakeTransport(kind),
    framer,
    displayBoard: () => connection.displayBoard,
  });
  const vb = new VirtualBoard(core, { config: { boardType } });
  const legacy = legacyHex(43);
  const files: Record<string, string> = {
    [LEGACY_FILES.bootloader.piTopping]: new TextDecoder().decode(legacy.bootloader),
    [LEGACY_FILES.firmware('piTopping', 43)]: new TextDecoder().decode(legacy.firmware),
  };
  const s: Setup = {
    service: null as unknown as FirmwareService,
    state,
    connection,
    device,
    vb,
    toasts: [],
    opened: { modal: 0, external: [] },
    flags: [],
    flashes: 0,
  };
  const runner: FlashRunner = {
    chipForName: async (name) => core.flashChipForName(name),
    async flash(request, onProgress) {
      s.flashes++;
      s.flags.push(connection.firmwareUpdating);
      // Normal commands are refused while the firmware is written.
      const blocked = await device.send(beep()).catch((e: unknown) => e);
      expect(blocked).toBeInstanceOf(DeviceError);
      expect((blocked as DeviceError).code).toBe('firmware-updating');
      return vb.run(executeFlashRequest(core, request, { hid: vb.hid, clock: vb, onProgress }));
    },
  };
  const deps: FirmwareServiceDeps = {
    device: () => device,
    connection,
    linkKind: () => 'webhid',
    fakeHid: () => false,
    simPort: () => Promise.reject(new Error('no simulated board worker here')),
    api: {
      async get<T>(url: string): Promise<T> {
        const name = url.replace('/firmware/legacy/', '');
        if (files[name]) return files[name] as T;
        throw new Error(`404 ${url}`);
      },
      async post<T>(): Promise<T> {
        throw new Error('offline');
      },
    },
    runner,
    state,
    t: (key, values) => t.t(key, values),
    notify: (_kind, message) => s.toasts.push(message),
    openModal: () => s.opened.modal++,
    showGuide: (url) => s.opened.external.push(url),
    requestBootloader: async () => {},
  };
  s.service = new FirmwareService(deps);
  return s;
}

const file = (name: string, bytes: Uint8Array) => ({
  name,
  size: bytes.byteLength,
  arrayBuffer: async () => bytes.slice().buffer as ArrayBuffer,
});

describe('FirmwareService', () => {
  let s: Setup;
  beforeEach(() => {
    s = setup(BoardType.v6);
  });

  it("refuses remote and plugin links: 'Update firmware only supported via USB cable'", async () => {
    for (const type of [ConnectionType.remote, ConnectionType.plugin]) {
      const r = setup(BoardType.fifth, type);
      r.service.open();
      expect(r.opened.modal).toBe(0);
      await r.service.updateFromFile(file('gogo-stm-1.bin', stmImage()));
      expect(r.state.error).toBe('Update firmware only supported via USB cable');
      expect(r.flashes).toBe(0);
      expect(r.toasts).toContain(
        'Update firmware error: Update firmware only supported via USB cable',
      );
    }
  });

  it('sends a GoGo Board 7 to its installer guide', () => {
    const r = setup(BoardType.v7);
    r.service.open();
    expect(r.opened.external).toEqual([GOGO7_UPDATE_GUIDE]);
    expect(r.opened.modal).toBe(0);
  });

  it.each([
    ['a text file', 'readme.txt', new Uint8Array([1, 2, 3, 4, 5])],
    ['an empty .bin', 'empty.bin', new Uint8Array(0)],
  ])(
    "refuses %s with 'The firmware file is invalid' and flashes nothing",
    async (_l, name, bytes) => {
      await s.service.updateFromFile(file(name, bytes));
      expect(s.state.phase).toBe('error');
      expect(s.state.error).toBe('The firmware file is invalid');
      expect(s.flashes).toBe(0);
    },
  );

  it("refuses fewer than 4 items with 'file content is invalid' (found by the plan)", async () => {
    await s.service.updateFromFile(file('tiny.bin', new Uint8Array([1, 2, 3])));
    expect(s.state.error).toBe('file content is invalid');
    expect(s.connection.firmwareUpdating).toBe(false);
  });

  it('raises the updating flag only while flashing, resets it after a failure, and a retry completes', async () => {
    await s.vb.idle(50);
    s.vb.device.faults = { bootloaderNeverAppears: true };
    await s.service.updateFromFile(file('gogo-stm-1.0.1.bin', stmImage()));
    expect(s.flags).toEqual([true]);
    expect(s.connection.firmwareUpdating).toBe(false);
    expect(s.state.phase).toBe('error');
    expect(s.state.error).toBe('waiting for bootloader connected timeout...');
    expect(s.toasts.at(-1)).toBe(
      'Update firmware error: waiting for bootloader connected timeout...',
    );
    expect(s.state.canRetry).toBe(true);
    // The board is power-cycled and tried again from the same file.
    s.vb.device.faults = {};
    s.vb.unplug();
    s.vb.plug();
    await s.service.retry();
    expect(s.state.phase).toBe('success');
    expect(s.state.result).toMatchObject({ verified: true, unitsWritten: 24 });
    expect(s.connection.firmwareUpdating).toBe(false);
    expect(s.vb.device.state().stm.version).toBe(11);
  });

  it('offers no retry after an invalid file, so an earlier update is never flashed again', async () => {
    await s.vb.idle(50);
    s.vb.device.faults = { bootloaderNeverAppears: true };
    await s.service.updateFromFile(file('gogo-stm-1.0.1.bin', stmImage()));
    expect(s.state.canRetry).toBe(true);
    await s.service.updateFromFile(file('notes.txt', new Uint8Array([1, 2, 3, 4])));
    expect(s.state.error).toBe('The firmware file is invalid');
    expect(s.state.canRetry).toBe(false);
    const flags = s.flags.length;
    await s.service.retry();
    expect(s.flags).toHaveLength(flags);
    expect(s.state.error).toBe('The firmware file is invalid');
  });

  it('updates a Pi-topping to legacy firmware 43 and postpones further prompts', async () => {
    const r = setup(BoardType.fifth);
    await r.vb.idle(50);
    await r.service.updateToLatest();
    expect(r.state.phase).toBe('success');
    expect(r.state.result).toMatchObject({ version: '43', verified: true });
    expect(r.toasts).toContain('Firmware updated to version 43.');
    expect(r.state.promptsPostponed).toBe(true);
    const before = r.toasts.length;
    await r.service.promptIfOutdated();
    expect(r.toasts).toHaveLength(before);
  });

  it('tells once that a legacy board has older firmware than the latest', async () => {
    const r = setup(BoardType.fifth);
    await r.service.promptIfOutdated();
    await r.service.promptIfOutdated();
    expect(r.toasts).toEqual([
      'New firmware 43 is available for your board. Choose Update Firmware in the menu to install it.',
    ]);
  });

  it("reports 'Cannot retrieved the firmware file from cloud' when the latest image cannot be downloaded", async () => {
    await s.service.updateToLatest();
    expect(s.state.error).toBe('cannot retriving esp download info');
    const r = setup(BoardType.original);
    await r.service.updateToLatest();
    expect(r.state.error).toBe('Cannot retrieved the firmware file from cloud');
  });
});
