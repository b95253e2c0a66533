// A lab station in the browser (the station page, /lab-station): a USB board over WebHID,
// or this tab's virtual board, bridged for the lab's remote students. The program journal
// lives in local storage; pacing runs on the device worker's clock, so a station in a
// background tab keeps a download's 10 ms pauses.
import { getDevice } from '../../device/runtime.ts';
import { WorkerFramer } from '../../device/protocol/worker-framer.ts';
import { WorkerPacer } from '../../device/protocol/worker-pacer.ts';
import type { Transport } from '../../device/transport.ts';
import { WebHidTransport } from '../../device/webhid/webhid-transport.ts';
import { getSimHost, SimulatedTransport } from '../../virtual-board/index.ts';
import { brokerUrl, remoteLabApi } from '../runtime.ts';
import {
  LabStation,
  type JournalState,
  type ProgramJournal,
  type StationAccess,
  type StationEvent,
} from './lab-station.ts';

export type StationSource = 'webhid' | 'virtual';

function localJournal(boardId: string): ProgramJournal {
  const key = `gogo.labStation.${boardId}`;
  return {
    load() {
      try {
        const raw = localStorage.getItem(key);
        return Promise.resolve(raw ? (JSON.parse(raw) as JournalState) : null);
      } catch {
        return Promise.resolve(null);
      }
    },
    save(state) {
      localStorage.setItem(key, JSON.stringify(state));
      return Promise.resolve();
    },
  };
}

async function access(labUuid: string): Promise<StationAccess> {
  const g = await remoteLabApi.station(labUuid);
  return {
    ...g,
    url: brokerUrl(g.url, import.meta.env.VITE_API_BASE_URL || '/', window.location.href),
  };
}

/** Sensors of the page's virtual board that move by themselves (a live demo board). */
function animate(): () => void {
  const sim = getSimHost();
  const start = Date.now();
  const timer = setInterval(() => {
    const t = (Date.now() - start) / 1000;
    sim.setSensor(1, 512 + 400 * Math.sin((2 * Math.PI * t) / 6));
    sim.setSensor(2, ((t * 100) % 1024) | 0);
  }, 200);
  return () => clearInterval(timer);
}

export interface BrowserStation {
  station: LabStation;
  stop(): Promise<void>;
}

/**
 * Opens the board (the browser's device chooser for USB: call it from a click), then joins
 * the broker for the lab `labUuid`.
 */
export async function startBrowserStation(options: {
  labUuid: string;
  boardId: string;
  source: StationSource;
  movingSensors: boolean;
  onEvent: (e: StationEvent) => void;
}): Promise<BrowserStation> {
  // This tab's own board connection must let go of the board first.
  const device = getDevice();
  if (device.snapshot.status !== 'disconnected') await device.disconnect();
  let board: Transport;
  let still = () => {};
  if (options.source === 'webhid') {
    const hid = new WebHidTransport({ bootloader: false });
    // A board this page was allowed before opens without the chooser.
    if (!(await hid.restore())) await hid.open();
    board = hid;
  } else {
    board = new SimulatedTransport(getSimHost());
    if (options.movingSensors) still = animate();
  }
  const framer = new WorkerFramer();
  let grant: StationAccess;
  try {
    grant = await access(options.labUuid);
  } catch (e) {
    still();
    await board.close();
    throw e;
  }
  const station = new LabStation({
    access: grant,
    board,
    boardOpen: options.source === 'webhid',
    kind: options.source === 'webhid' ? 'browser-webhid' : 'browser-virtual',
    journal: localJournal(options.boardId),
    renew: () => access(options.labUuid),
    pacer: new WorkerPacer(() => framer.remote()),
    onEvent: options.onEvent,
  });
  try {
    await station.start();
  } catch (e) {
    still();
    await board.close();
    throw e;
  }
  return {
    station,
    async stop() {
      still();
      await station.stop();
    },
  };
}
