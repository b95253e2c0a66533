// The app's cloud datalog: the service over the app's API client, writing a Valtio proxy the
// page reads with useSnapshot. Loaded with the page (not part of the shell's first download).
import { proxy } from 'valtio';
import { api } from '../../api/client.ts';
import { CloudDatalogApi } from './cloud-datalog-api.ts';
import { CloudDatalogService, initialDatalogState } from './cloud-datalog-service.ts';

export const cloudDatalogApi = new CloudDatalogApi(api);
export const cloudDatalogState = proxy(initialDatalogState());
export const cloudDatalog = new CloudDatalogService({
  api: cloudDatalogApi,
  state: cloudDatalogState,
});
