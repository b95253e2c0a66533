// The firmware service with the real engine, the real simulated board on virtual time and
// real translations; the page's connection is the connection layer over its test transport,
// and the API is the server's answers held in memory (the routes have their own tests).
import i18next, { type i18n } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import en from '../../locales/en/firmware.json';
import enDevice from '../../locales/en/device.json';
import type { WasmCore } from '../core/wasm-core.ts';
import { LEGACY_FILES } from '../contract/firmware.ts';
import { GoGoConnection } from '../device/connection/gogo-connection.ts';
import { BoardType, ConnectionType, DeviceError, EMPTY_BOARD } from '../device/device.ts';
import { beep } from '../device/protocol/commands.ts';
import type { WasmFramer } from '../device/protocol/framer.ts';
import { FakeTransport } from '../device/testing/fake-transport.ts';
import { loadTestCore, testFramer } from '../device/testing/test-core.ts';
import type { ConnectionState } from '../device/connection-store.ts';
import { GOGO7_UPDATE_GUIDE } from './firmware-files.ts';
import { FirmwareService, type FirmwareServiceDeps, type FlashRunner } from './firmware-service.ts';
import { initialFirmwareState, type FirmwareState } from './firmware-state.ts';
import { FakeHid } from '../device/webhid/fake-hid.ts';
import type { SocketLike } from '../device/plugin/plugin-transport.ts';
import { openPluginFlashPort } from './plugin-flash-port.ts';
import { IdentityBoard } from '../virtual-board/firmware/identity/firmware-id.ts';
import { espImage, legacyHex, stmImage } from '../virtual-board/testing/flash-harness.ts';
import { VirtualBoard } from '../virtual-board/testing/virtual-board.ts';
import { chipForFile } from './worker/chip-for-file.ts';
import { executeFlashRequest } from './worker/execute-request.ts';
import type { FlashRequest } from './worker/flash-protocol.ts';
import { SimPortBackend } from './worker/sim-port-backend.ts';

let core: WasmCore;
let framer: WasmFramer;
let t: i18n;
beforeAll(async () => {
  core = await loadTestCore();
  framer = await testFramer();
  t = i18next.createInstance();
  await t.init({
    lng: 'en',
    resources: { en: { firmware: en, device: enDevice } },
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
  /** The board line's board while each flash ran. */
  boards: (FirmwareState['board'] | null)[];
  flashes: number;
}

interface SetupOptions {
  /** The board stands in for a real one: TEST images are refused. */
  realBoard?: boolean;
  link?: 'webhid' | 'plugin';
}

/** A plugin socket (board-protocol §7.1) in front of the virtual board. */
function pluginSocket(vb: VirtualBoard): SocketLike {
  const socket: SocketLike & { readyState: number } = {
    readyState: 0,
    send(data: string) {
      const msg = JSON.parse(data) as { type: string; data: number[] };
      if (msg.type === 'rawHID') void vb.write(Uint8Array.from(msg.data.slice(1))).catch(() => {});
    },
    close() {
      socket.readyState = 3;
    },
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
  };
  const message = (data: unknown) =>
    socket.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  vb.onReports((reports) => reports.forEach((r) => message({ stream: Array.from(r) })));
  vb.onIdentity((id) => {
    if (id === null) message({});
  });
  queueMicrotask(() => {
    socket.readyState = 1;
    socket.onopen?.({} as Event);
  });
  return socket;
}

function setup(
  boardType: number,
  connectionType: number = ConnectionType.webhid,
  options: SetupOptions = {},
): Setup {
  const connection = proxy<ConnectionState>({
    connectionType: connectionType as ConnectionState['connectionType'],
    connectMethod: null,
    board: { ...EMPTY_BOARD, boardType, firmwareVersion: 40 },
    displayBoard: boardType,
    firmwareUpdating: false,
  });
  const state = proxy<FirmwareState>(initialFirmwareState());
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
    boards: [],
    flashes: 0,
  };
  const runner: FlashRunner = {
    chipFor: async (name, head) => chipForFile(core, name, head),
    async flash(request: FlashRequest, onProgress) {
      s.flashes++;
      s.flags.push(connection.firmwareUpdating);
      s.boards.push(state.board ? { ...state.board } : null);
      // Normal commands are refused while the firmware is written.
      const blocked = await device.send(beep()).catch((e: unknown) => e);
      expect(blocked).toBeInstanceOf(DeviceError);
      expect((blocked as DeviceError).code).toBe('firmware-updating');
      let hid = vb.hid;
      let line: SimPortBackend | null = null;
      if (request.link.kind === 'plugin') {
        // The worker's side of the page's relay to the plugin.
        line = new SimPortBackend(request.link.port);
        await line.ready;
        hid = new FakeHid(line, 'GoGo Board');
        hid.grantAll();
      }
      try {
        return await vb.run(
          executeFlashRequest(core, request, {
            hid,
            clock: vb,
            onProgress,
            virtualBoard: !options.realBoard,
          }),
        );
      } finally {
        line?.close();
      }
    },
  };
  const deps: FirmwareServiceDeps = {
    device: () => device,
    connection,
    linkKind: () => options.link ?? 'webhid',
    fakeHid: () => false,
    simPort: () => Promise.reject(new Error('no simulated board worker here')),
    pluginPort: () => openPluginFlashPort({ createSocket: () => pluginSocket(vb) }),
    api: {
      async legacyFile(name: string) {
        if (files[name]) return files[name];
        throw new Error(`404 ${name}`);
      },
      latest: () => Promise.reject(new Error('offline')),
      releaseInfo: () => Promise.reject(new Error('offline')),
      download: () => Promise.reject(new Error('offline')),
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

  it("refuses remote links only: 'Update firmware only supported via USB cable'", async () => {
    const r = setup(BoardType.fifth, ConnectionType.remote);
    r.service.open();
    expect(r.opened.modal).toBe(0);
    await r.service.updateFromFile(file('gogo-stm-1.bin', stmImage()));
    expect(r.state.error).toBe('Update firmware only supported via USB cable');
    expect(r.flashes).toBe(0);
    expect(r.toasts).toContain(
      'Update firmware error: Update firmware only supported via USB cable',
    );
    const plugin = setup(BoardType.fifth, ConnectionType.plugin, { link: 'plugin' });
    plugin.service.open();
    expect(plugin.opened.modal).toBe(1);
  });

  it('updates a Pi-topping connected through the plugin, over the plugin', async () => {
    const r = setup(BoardType.fifth, ConnectionType.plugin, { link: 'plugin' });
    await r.vb.idle(50);
    await r.service.updateToLatest();
    expect(r.state.error).toBeNull();
    expect(r.state.phase).toBe('success');
    expect(r.state.result).toMatchObject({ version: '43', verified: true });
    expect(r.vb.device.state().legacy.firmware).toBe(43);
  });

  it('updates the ESP32 of a GoGo Board 6 over the plugin, and refuses its STM32 there', async () => {
    const r = setup(BoardType.v6, ConnectionType.plugin, { link: 'plugin' });
    await r.vb.idle(50);
    await r.service.updateFromFile(file('gogo-esp-1.0.3.bin', espImage()));
    expect(r.state.phase).toBe('success');
    expect(r.vb.device.state().esp.version).toBe(43);
    await r.service.updateFromFile(file('gogo-stm-1.0.1.bin', stmImage()));
    expect(r.state.error).toBe(
      'the STM32 can only be updated when the board is connected to the browser by USB, not through the plugin',
    );
    expect(r.flashes).toBe(1);
    expect(r.vb.device.state().stm.version).toBe(10);
  });

  it('refuses the GoGo 4 firmware on a GoGo Board 6, naming both boards, and writes nothing', async () => {
    // The GoGo 4 firmware 111 (as the server ships it): before the check it was written to
    // the ESP32 and the board then reported firmware 111 as "the latest firmware".
    const hex = legacyHex(111, IdentityBoard.gogo4).firmware;
    await s.vb.idle(50);
    const before = s.vb.device.state();
    for (const name of ['gogo40.v111.hex', 'firmware.hex']) {
      await s.service.updateFromFile(file(name, hex));
      expect(s.state.phase).toBe('error');
      expect(s.state.error).toBe(
        'this file is firmware for GoGo Board (original), not for the connected GoGo Board 6',
      );
      expect(s.state.canRetry).toBe(false);
    }
    expect(s.toasts).not.toContain('Firmware updated.');
    const after = s.vb.device.state();
    expect(after.esp).toEqual(before.esp);
    expect(after.stm).toEqual(before.stm);
    expect(after.legacy.bytesWritten).toBe(0);
  });

  it('refuses a test image for a real board, and a file for the other chip by its name', async () => {
    const real = setup(BoardType.v6, ConnectionType.webhid, { realBoard: true });
    await real.vb.idle(50);
    await real.service.updateFromFile(file('gogo-esp-1.0.3.bin', espImage()));
    expect(real.state.error).toBe(
      'this is a test image for the virtual board; it is never written to a real board',
    );
    expect(real.vb.device.state().esp.version).toBe(42);
    await s.vb.idle(50);
    await s.service.updateFromFile(file('gogo-esp-9.bin', stmImage()));
    expect(s.state.error).toBe('this file is not firmware for the ESP32 of this board');
  });

  it('picks the chip from the content when the name does not say', async () => {
    await s.vb.idle(50);
    await s.service.updateFromFile(file('firmware.bin', stmImage()));
    expect(s.state.error).toBeNull();
    expect(s.state.phase).toBe('success');
    expect(s.vb.device.state().stm.version).toBe(11);
  });

  it('keeps naming the board being updated while the page has let go of it', async () => {
    await s.vb.idle(50);
    await s.service.updateFromFile(file('gogo-esp-1.0.3.bin', espImage()));
    expect(s.boards).toEqual([{ boardType: BoardType.v6, firmwareVersion: 40 }]);
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
