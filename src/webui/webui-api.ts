// Typed access to the web UI's dashboards and broker grants (src/contract/webui.ts); every
// answer is checked against the contract before use.
import { CheckedApi, pathId as id, type Call } from '../api/checked-api.ts';
import { UuidRef } from '../contract/common.ts';
import {
  Dashboard,
  DashboardList,
  SharedDashboard,
  WebuiBrokerGrant,
  type DashboardInput,
} from '../contract/webui.ts';

export class WebuiApi extends CheckedApi {
  list(call?: Call) {
    return this.get(DashboardList, '/webui/dashboards', call);
  }

  create(input: DashboardInput, call?: Call) {
    return this.send(Dashboard, 'post', '/webui/dashboards', input, call);
  }

  dashboard(uuid: string, call?: Call) {
    return this.get(Dashboard, `/webui/dashboards/${id(uuid)}`, call);
  }

  update(uuid: string, input: DashboardInput, call?: Call) {
    return this.send(Dashboard, 'put', `/webui/dashboards/${id(uuid)}`, input, call);
  }

  remove(uuid: string, call?: Call) {
    return this.delete(UuidRef, `/webui/dashboards/${id(uuid)}`, call);
  }

  share(uuid: string, shared: boolean, call?: Call) {
    return this.send(Dashboard, 'put', `/webui/dashboards/${id(uuid)}/share`, { shared }, call);
  }

  shared(token: string, call?: Call) {
    return this.get(SharedDashboard, `/webui/shared/${id(token)}`, call);
  }

  /** The caller's own namespace, read and write. */
  broker(call?: Call) {
    return this.send(WebuiBrokerGrant, 'post', '/webui/broker', {}, call);
  }

  /** A shared dashboard's topics, read only. */
  sharedBroker(token: string, call?: Call) {
    return this.send(WebuiBrokerGrant, 'post', `/webui/shared/${id(token)}/broker`, {}, call);
  }
}
