// "Extract code from board" (spec core §2, §4; docs/protocol-extensions.md): read the
// program area back with MEM_READ, reassemble the reply packets and decompile the byte code
// with the board's Logo version. Framework-free; the shell action opens the text.
import type {
  Decompiled,
  DecompileErrorCode,
  MemReadErrorCode,
  MemReadPacket,
  ProgramReadBack,
  CoreResult,
  LogoVersion,
} from '../core/wasm-core.ts';
import {
  DeviceError,
  BoardType,
  type BoardResponse,
  type DeviceConnection,
} from '../device/device.ts';
import * as cmd from '../device/protocol/commands.ts';

/** The MEM_READ reply's command ID and statuses (docs/protocol-extensions.md). */
const MEM_READ = 4;
const STATUS = { more: 1, failure: 2, empty: 3, last: 4 } as const;
/** No reply packet for this long: ask again (the docs' host behaviour). */
const READ_IDLE_MS = 1000;
const READ_ATTEMPTS = 3;

/**
 * - `device`: the link or board check failed (`error` says why);
 * - `unsupported`: the board is not a GoGo 6 or 7 (spec core §4: extract is theirs);
 * - `empty`: nothing was ever downloaded;
 * - `no-answer`: the board never answered (firmware without MEM_READ);
 * - `read-failed`: the board reported a failure, or bytes stayed missing;
 * - `decompile`: the bytes are not a program of the board's Logo version.
 */
type ExtractErrorCode =
  'device' | 'unsupported' | 'empty' | 'no-answer' | 'read-failed' | 'decompile';

export class ExtractError extends Error {
  override readonly name = 'ExtractError';
  constructor(
    readonly code: ExtractErrorCode,
    readonly device: DeviceError | null = null,
  ) {
    super(device ? device.message : code);
  }
}

export interface ExtractCore {
  memReadAssemble(
    offset: number,
    packets: MemReadPacket[],
  ): Promise<CoreResult<ProgramReadBack, MemReadErrorCode>>;
  decompileLogo(
    code: Uint8Array,
    version: string,
    autorun: boolean,
  ): Promise<CoreResult<Decompiled, DecompileErrorCode>>;
  pickLogoVersion(boardType: number, firmwareVersion: number): Promise<LogoVersion>;
}

export interface Extracted extends Decompiled {
  bytes: number;
  autorun: boolean;
  version: LogoVersion;
}

interface ExtractOptions {
  device: DeviceConnection;
  core: ExtractCore;
  idleMs?: number;
  attempts?: number;
}

type ReadOutcome = 'done' | 'empty' | 'failure' | 'silent';

export class ExtractCodeService {
  constructor(private readonly options: ExtractOptions) {}

  async extract(): Promise<Extracted> {
    const { device, core } = this.options;
    const s = device.snapshot;
    if (s.status !== 'connected' || s.board.boardType === 0) {
      throw new ExtractError('device', new DeviceError('not-connected'));
    }
    const type = s.board.boardType;
    if (type !== BoardType.v6 && type !== BoardType.v7) throw new ExtractError('unsupported');
    const version = await core.pickLogoVersion(type, s.board.firmwareVersion);
    const attempts = this.options.attempts ?? READ_ATTEMPTS;
    let answered = false;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const { outcome, packets } = await this.readOnce();
      if (outcome === 'empty') throw new ExtractError('empty');
      if (outcome === 'silent' && packets.length === 0) continue;
      answered = true;
      if (outcome === 'failure') throw new ExtractError('read-failed');
      const back = await core.memReadAssemble(0, packets);
      // Missing or bad chunks: read the program again.
      if (!back.ok) continue;
      if (back.value.data.length === 0) throw new ExtractError('empty');
      const text = await core.decompileLogo(back.value.data, version, back.value.autorun);
      if (!text.ok) throw new ExtractError('decompile');
      return {
        ...text.value,
        bytes: back.value.data.length,
        autorun: back.value.autorun,
        version,
      };
    }
    throw new ExtractError(answered ? 'read-failed' : 'no-answer');
  }

  /** One MEM_READ of the whole program: packets until the last, or a second of silence. */
  private readOnce(): Promise<{ outcome: ReadOutcome; packets: MemReadPacket[] }> {
    const { device } = this.options;
    const idleMs = this.options.idleMs ?? READ_IDLE_MS;
    const packets: MemReadPacket[] = [];
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (outcome: ReadOutcome) => {
        clearTimeout(timer);
        off();
        resolve({ outcome, packets });
      };
      const idle = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish('silent'), idleMs);
      };
      const off = device.on('response', (r: BoardResponse) => {
        if (r.command !== MEM_READ) return;
        packets.push({ status: r.status, payload: r.payload });
        if (r.status === STATUS.empty) finish('empty');
        else if (r.status === STATUS.failure) finish('failure');
        else if (r.status === STATUS.last) finish('done');
        else idle();
      });
      idle();
      device.send(cmd.memRead()).catch((e: unknown) => {
        clearTimeout(timer);
        off();
        const error = e instanceof DeviceError ? e : new DeviceError('write-failed', String(e));
        reject(new ExtractError('device', error));
      });
    });
  }
}
