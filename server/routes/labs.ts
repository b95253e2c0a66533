// Remote labs and lab groups (classroom-and-labs §3 "Remote lab and lab group"), and the
// stations' way in: a lab's owner opens its station page (signed in), or a CLI station
// presents the lab's station key. docs/remote-lab.md "Labs" and "Stations".
import { Type } from '@sinclair/typebox';
import { UuidRef } from '../../src/contract/common.ts';
import {
  formatAccessCode,
  Lab,
  LabGroup,
  LabGroupInput,
  LabGroupList,
  LabGroupUpdate,
  LabInput,
  LabList,
  LabUpdate,
  ListableBoards,
  ListableQuery,
  StationConnectBody,
  StationGrant,
  StationKey,
} from '../../src/contract/remote-lab.ts';
import type { LabGroupRow, RemoteLabRow } from '../db/schema.ts';
import { currentUser, requireRole } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { parseKeywords } from '../remote-lab/lab-store.ts';
import type { RemoteLabService } from '../remote-lab/remote-lab-service.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });
const EmptyBody = Type.Object({}, { additionalProperties: false });
const Deleted = Type.Object({ uuid: Type.String() });

async function toLab(service: RemoteLabService, row: RemoteLabRow): Promise<Lab> {
  const shared = await service.labs.shares(row.uuid);
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    keywords: parseKeywords(row.keywords),
    board_id: row.board_id,
    access_code: formatAccessCode(row.access_code),
    has_station_key: row.station_key_hash !== null,
    official: row.is_official === 1,
    shared_with: shared,
    status: await service.boardStatus(row.board_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toGroup(row: LabGroupRow, boards: string[]): LabGroup {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    keywords: parseKeywords(row.keywords),
    board_ids: boards,
    access_code: formatAccessCode(row.access_code),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const labsRoutes: RouteGroup = async (app) => {
  const service = app.services.remoteLab;
  const labs = service.labs;

  app.get(
    '/lab/browse/my',
    { schema: { querystring: NoQuery, response: { 200: LabList } } },
    async (request) => {
      const rows = await labs.mine(currentUser(request));
      return { data: await Promise.all(rows.map((r) => toLab(service, r))) };
    },
  );

  app.get(
    '/lab/browse/listable',
    { schema: { querystring: ListableQuery, response: { 200: ListableBoards } } },
    async (request) => {
      const list = request.query.list ?? 'private';
      // Official lists are the moderators' (lesson-store.ts setBoards).
      if (list === 'official') requireRole(request, 'moderator');
      return { data: await labs.listable(currentUser(request), list) };
    },
  );

  app.post(
    '/lab/create',
    { schema: { body: LabInput, response: { 201: Lab } } },
    async (request, reply) => {
      const row = await service.createLab(currentUser(request), request.body);
      return reply.code(201).send(await toLab(service, row));
    },
  );

  app.get(
    '/lab/:uuid',
    { schema: { params: UuidRef, querystring: NoQuery, response: { 200: Lab } } },
    async (request) => toLab(service, await labs.owned(currentUser(request), request.params.uuid)),
  );

  app.put(
    '/lab/:uuid',
    { schema: { params: UuidRef, body: LabUpdate, response: { 200: Lab } } },
    async (request) =>
      toLab(service, await labs.update(currentUser(request), request.params.uuid, request.body)),
  );

  app.delete(
    '/lab/:uuid',
    { schema: { params: UuidRef, querystring: NoQuery, response: { 200: Deleted } } },
    async (request) => {
      const row = await labs.remove(currentUser(request), request.params.uuid);
      await service.labRemoved(row.board_id);
      return { uuid: row.uuid };
    },
  );

  app.post(
    '/lab/:uuid/station',
    { schema: { params: UuidRef, body: EmptyBody, response: { 200: StationGrant } } },
    async (request) => service.stationForOwner(currentUser(request), request.params.uuid),
  );

  app.post(
    '/lab/:uuid/station-key',
    { schema: { params: UuidRef, body: EmptyBody, response: { 200: StationKey } } },
    async (request) => ({
      key: await labs.newStationKey(currentUser(request), request.params.uuid),
    }),
  );

  app.get(
    '/lab-group/browse/my',
    { schema: { querystring: NoQuery, response: { 200: LabGroupList } } },
    async (request) => {
      const rows = await labs.mineGroups(currentUser(request));
      return {
        data: await Promise.all(rows.map(async (r) => toGroup(r, await labs.groupBoards(r.uuid)))),
      };
    },
  );

  app.post(
    '/lab-group/create',
    { schema: { body: LabGroupInput, response: { 201: LabGroup } } },
    async (request, reply) => {
      const row = await labs.createGroup(currentUser(request), request.body);
      return reply.code(201).send(toGroup(row, await labs.groupBoards(row.uuid)));
    },
  );

  app.get(
    '/lab-group/:uuid',
    { schema: { params: UuidRef, querystring: NoQuery, response: { 200: LabGroup } } },
    async (request) => {
      const row = await labs.ownedGroup(currentUser(request), request.params.uuid);
      return toGroup(row, await labs.groupBoards(row.uuid));
    },
  );

  app.put(
    '/lab-group/:uuid',
    { schema: { params: UuidRef, body: LabGroupUpdate, response: { 200: LabGroup } } },
    async (request) => {
      const row = await labs.updateGroup(currentUser(request), request.params.uuid, request.body);
      return toGroup(row, await labs.groupBoards(row.uuid));
    },
  );

  app.delete(
    '/lab-group/:uuid',
    { schema: { params: UuidRef, querystring: NoQuery, response: { 200: Deleted } } },
    async (request) => {
      await labs.removeGroup(currentUser(request), request.params.uuid);
      return { uuid: request.params.uuid };
    },
  );
};

/** A CLI station's own call: no user token, the lab's station key instead. */
export const stationRoutes: RouteGroup = async (app) => {
  const service = app.services.remoteLab;
  app.post(
    '/lab/station/connect',
    { schema: { body: StationConnectBody, response: { 200: StationGrant } } },
    async (request) => service.stationConnect(request.body.board_id, request.body.key, request.ip),
  );
};
