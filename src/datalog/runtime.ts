// The UI's view of the offline datalog (style anchor 6): one Valtio store that mirrors the
// DatalogService, and the page's one service over the app's board link and core worker; the
// plot lab's recorder over the same link.
import { proxy, ref } from 'valtio';
import { coreBridge } from '../bridge/core-bridge.ts';
import { getDevice } from '../device/runtime.ts';
import { DatalogService, type DatalogState } from './datalog-service.ts';
import { PlotLabService } from './plot-lab-service.ts';

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

let plotLab: PlotLabService | undefined;

/** One plot-lab recorder for the app: samples keep coming while the page is open. */
export function getPlotLab(): PlotLabService {
  plotLab ??= new PlotLabService(getDevice());
  return plotLab;
}
