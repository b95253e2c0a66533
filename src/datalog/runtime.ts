// The UI's view of the offline datalog (style anchor 6): one Valtio store that mirrors the
// DatalogService, and the page's one service over the app's board link and core worker.
import { proxy, ref } from 'valtio';
import { coreBridge } from '../bridge/core-bridge.ts';
import { getDevice } from '../device/runtime.ts';
import { DatalogService, type DatalogState } from './datalog-service.ts';

export const datalogStore = proxy<{ state: DatalogState | null }>({ state: null });

let service: DatalogService | undefined;

/** The app's datalog service, bound to the store on first use. */
export function getDatalogService(): DatalogService {
  if (!service) {
    service = new DatalogService(getDevice(), coreBridge);
    // ref(): the state is replaced whole on every change; nothing inside needs tracking.
    datalogStore.state = ref(service.snapshot);
    service.subscribe((s) => (datalogStore.state = ref(s)));
  }
  return service;
}
