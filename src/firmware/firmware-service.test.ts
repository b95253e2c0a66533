// The firmware service with the real engine, the real simulated board on virtual time and
// real translations; the page's connection is the connection layer over its test transport,
// and the API is the server's answers held in memory (the routes have their own tests).
import i18next, { type i18n } from 'i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxy, subscribe } from 'valtio';
import en from '../../locales/en/firmware.json';
import enDevice from '../../locales/en/device.json';
import type { WasmCore } from '../core/wasm-core.ts';
import { LEGACY_FILES, type LatestRelease } from '../contract/firmware.ts';
import { GoGoConnection } from '../device/connection/gogo-connection.ts';
import { BoardType, ConnectionType, DeviceError, EMPTY_BOARD } from '../device/device.ts';
import { beep, FirmwareChip } from '../device/protocol/commands.ts';
import type { WasmFramer } from '../device/protocol/framer.ts';
import { FakeTransport, report, statusReport } from '../device/testing/fake-transport.ts';
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
  /** The page's link to the board: the last transport the connection opened. */
  transport: () => FakeTransport | null;
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
  /** The server's latest release (else the server cannot be reached). */
  latest?: LatestRelease;
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
  let transport: FakeTransport | null = null;
  const device = new GoGoConnection({
    createTransport: (kind) => (transport = new FakeTransport(kind)),
    framer,
    displayBoard: () => connection.displayBoard,
  });
  const vb = new VirtualBoard(core, { config: { boardType } });
  // Only the Pi-topping's latest firmware is on offer: asking for another file fails.
  const legacy = legacyHex(40);
  const files: Record<string, string> = {
    [LEGACY_FILES.bootloader.piTopping]: new TextDecoder().decode(legacy.bootloader),
    [LEGACY_FILES.firmware('piTopping', 40)]: new TextDecoder().decode(legacy.firmware),
  };
  const s: Setup = {
    service: null as unknown as FirmwareService,
    state,
    connection,
    device,
    transport: () => transport,
    vb,
    toasts: [],
    opened: { modal: 0, external: [] },
    flags: [],
    boards: [],
    flashes: 0,
  };
  const runner: FlashRunner = {
    chipFor: async (name, head) => chipForFile(core, name, head),
    async flash(request: FlashRequest, onProgress, confirmDowngrade) {
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
            confirmDowngrade,
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
      latest: () =>
        options.latest ? Promise.resolve(options.latest) : Promise.reject(new Error('offline')),
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

/** Resolves once `check` (run on every change of `state`) says it is done. */
function subscribeUntil(state: object, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const off = subscribe(state, () => {
      if (check()) {
        off();
        resolve();
      }
    });
  });
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
    expect(r.state.result).toMatchObject({
      firmware: { version: 40 },
      verified: true,
    });
    expect(r.vb.device.state().legacy.firmware).toBe(40);
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

  it('after an STM32 update says the STM32 version the board reports, and the board line lists both chips', async () => {
    // The walk: a board at ESP32 1.0.3 took gogo-stm-1.0.1.bin, the updater said "Firmware
    // updated." and went on showing 1.0.3, the ESP32's version.
    await s.vb.idle(50);
    await s.service.updateFromFile(file('gogo-esp-1.0.3.bin', espImage()));
    await s.service.updateFromFile(file('gogo-stm-1.0.1.bin', stmImage()));
    expect(s.state.phase).toBe('success');
    expect(s.toasts.slice(-2)).toEqual([
      'ESP32 firmware updated to version 1.0.3.',
      'STM32 firmware updated to version 1.0.1.',
    ]);
    expect(s.state.check.firmware).toEqual([
      { chip: 'esp', version: { version: 43, semver: '1.0.3' } },
      { chip: 'stm', version: { version: 11, semver: '1.0.1' } },
    ]);
  });

  it('asks before writing an older image: keeping the newer writes nothing, installing writes it', async () => {
    await s.vb.idle(50);
    await s.service.updateFromFile(file('gogo-stm-1.0.1.bin', stmImage()));
    const older = stmImage({ version: 10, semver: '1.0.0', seed: 7 });
    const asked: FirmwareState['downgrade'][] = [];
    const answer = (install: boolean) =>
      subscribeUntil(s.state, () => {
        if (!s.state.downgrade) return false;
        asked.push({ ...s.state.downgrade });
        s.service.answerDowngrade(install);
        return true;
      });
    let waiting = answer(false);
    await s.service.updateFromFile(file('gogo-stm-1.0.0.bin', older));
    await waiting;
    expect(asked).toEqual([{ chip: 'stm', board: '1.0.1', image: '1.0.0' }]);
    expect(s.state.phase).toBe('idle');
    expect(s.state.error).toBeNull();
    expect(s.state.info).toBe('Nothing was written: the board keeps STM32 firmware 1.0.1.');
    expect(s.vb.device.state().stm.version).toBe(11);
    waiting = answer(true);
    await s.service.updateFromFile(file('gogo-stm-1.0.0.bin', older));
    await waiting;
    expect(s.state.phase).toBe('success');
    expect(s.toasts.at(-1)).toBe('STM32 firmware updated to version 1.0.0.');
    expect(s.vb.device.state().stm.version).toBe(10);
  });

  it('is an error when the board still runs its old firmware after the update', async () => {
    await s.vb.idle(50);
    s.vb.device.faults = { noExtension: true, stm: { writeProtected: true } };
    await s.service.updateFromFile(file('gogo-stm-1.0.1.bin', stmImage()));
    expect(s.state.phase).toBe('error');
    expect(s.state.error).toBe(
      "after the update the board runs STM32 firmware 10, not the file's 11",
    );
    expect(s.toasts).not.toContain('STM32 firmware updated to version 1.0.1.');
  });

  it('opens the updater afresh: an earlier error is not shown again', async () => {
    await s.service.updateFromFile(file('notes.txt', new Uint8Array([1, 2, 3, 4])));
    expect(s.state.error).toBe('The firmware file is invalid');
    s.service.open();
    expect(s.state.phase).toBe('idle');
    expect(s.state.error).toBeNull();
    expect(s.state.canRetry).toBe(false);
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

  it('updates a Pi-topping to its latest legacy firmware, 40, and postpones further prompts', async () => {
    const r = setup(BoardType.fifth);
    await r.vb.idle(50);
    await r.service.updateToLatest();
    expect(r.state.phase).toBe('success');
    expect(r.state.result).toMatchObject({
      firmware: { version: 40 },
      verified: true,
    });
    expect(r.toasts).toContain('Firmware updated to version 40.');
    expect(r.state.promptsPostponed).toBe(true);
    const before = r.toasts.length;
    await r.service.promptIfOutdated();
    expect(r.toasts).toHaveLength(before);
  });

  it('tells once that a legacy board has older firmware than the latest', async () => {
    const r = setup(BoardType.fifth);
    r.connection.board.firmwareVersion = 31;
    await r.service.promptIfOutdated();
    await r.service.promptIfOutdated();
    expect(r.toasts).toEqual([
      'New firmware 40 is available for your board. Choose Update Firmware in the menu to install it.',
    ]);
  });

  it('finds a Pi-topping on firmware 40 up to date', async () => {
    const r = setup(BoardType.fifth);
    await r.service.promptIfOutdated();
    expect(r.toasts).toEqual([]);
  });

  it("reports 'Cannot retrieved the firmware file from cloud' when the latest image cannot be downloaded", async () => {
    await s.service.updateToLatest();
    expect(s.state.error).toBe('cannot retriving esp download info');
    const r = setup(BoardType.original);
    await r.service.updateToLatest();
    expect(r.state.error).toBe('Cannot retrieved the firmware file from cloud');
  });
});

describe('FirmwareService (the chips a GoGo Board 6 names)', () => {
  /** Query 203's answer about `chip` (docs/firmware-update.md §3): chip, byte, semver. */
  const info = (chip: number, version: number, semver: string) =>
    report({ 0: [20], 1: [2 + semver.length], 2: [203], 3: [2], 4: [chip, version], 6: semver });

  /**
   * A GoGo 6 whose chips run `esp` and `stm` and answer query 203 right after each
   * request; with `lateEsp`, an ESP32 answer to an earlier query (the connection asks at
   * connect time too) arrives just before the STM32's own. The STM32 leaves the first
   * `stmSilent` requests unanswered (a busy machine).
   */
  async function boardLine(
    esp: [number, string],
    stm: [number, string],
    lateEsp: boolean,
    stmSilent = 0,
  ): Promise<FirmwareState['check']['firmware']> {
    const s = setup(BoardType.v6, ConnectionType.webhid, {
      latest: { tag_name: 'v1.0.3', name: 'GoGo 1.0.3', body: '' },
    });
    await s.device.connect('webhid');
    const link = s.transport();
    if (!link) throw new Error('the connection opened no link');
    const write = link.write.bind(link);
    link.write = async (payload) => {
      await write(payload);
      if (payload[0] !== 0 || payload[1] !== 203) return;
      const chip = payload[2];
      queueMicrotask(() => {
        if (chip === FirmwareChip.esp) link.push(info(chip, ...esp));
        if (chip === FirmwareChip.stm && stmSilent-- <= 0) {
          if (lateEsp) link.push(info(FirmwareChip.esp, ...esp));
          link.push(info(chip, ...stm));
        }
      });
    };
    link.push(statusReport(BoardType.v6, esp[0]));
    await s.service.checkLatest();
    expect(s.state.check.failed).toBe(false);
    return s.state.check.firmware;
  }

  it('takes an answer only for the chip it names', async () => {
    expect(await boardLine([43, '1.0.3'], [11, '1.0.1'], true)).toEqual([
      { chip: 'esp', version: { version: 43, semver: '1.0.3' } },
      { chip: 'stm', version: { version: 11, semver: '1.0.1' } },
    ]);
    // Both chips at one version: the STM32's answer is its own, not an ESP32 answer again.
    expect(await boardLine([43, '1.0.3'], [43, '1.0.3'], true)).toEqual([
      { chip: 'esp', version: { version: 43, semver: '1.0.3' } },
      { chip: 'stm', version: { version: 43, semver: '1.0.3' } },
    ]);
  });

  it('asks a silent STM32 again once its ESP32 has answered', async () => {
    expect(await boardLine([43, '1.0.3'], [11, '1.0.1'], false, 1)).toEqual([
      { chip: 'esp', version: { version: 43, semver: '1.0.3' } },
      { chip: 'stm', version: { version: 11, semver: '1.0.1' } },
    ]);
  });
});
