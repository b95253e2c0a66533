// Typed access to the remote lab (src/contract/remote-lab.ts): sessions, a teacher's labs,
// stations and lab groups, and the lesson a remote-lab link names. Every answer is checked
// against the contract before use.
import { CheckedApi, pathId as id, type Call } from '../api/checked-api.ts';
import { UuidRef } from '../contract/common.ts';
import { Lesson } from '../contract/lessons.ts';
import {
  Lab,
  LabGroup,
  LabGroupList,
  LabList,
  ListableBoards,
  SessionAnswer,
  StationGrant,
  StationKey,
  type AliveBody,
  type CableConnectBody,
  type CodeConnectBody,
  type LabGroupInput,
  type LabInput,
  type LabUpdate,
  type SessionConnectBody,
} from '../contract/remote-lab.ts';

export class RemoteLabApi extends CheckedApi {
  // ---- Sessions (a student's) ------------------------------------------------------------

  /** By GoGo ID: with a pin (Remote Access), or a board on the lesson's lists (Remote Lab). */
  connect(body: SessionConnectBody, call?: Call) {
    return this.send(SessionAnswer, 'post', '/session/connect', body, call);
  }

  /** By the access code of a lab or a lab group (Remote Lab). */
  codeConnect(body: CodeConnectBody, call?: Call) {
    return this.send(SessionAnswer, 'post', '/session/code-connect', body, call);
  }

  /** A cable board in a lesson, for its answer. */
  cableConnect(body: CableConnectBody, call?: Call) {
    return this.send(SessionAnswer, 'post', '/session/cable-connect', body, call);
  }

  alive(body: AliveBody, call?: Call) {
    return this.send(SessionAnswer, 'post', '/session/alive', body, call);
  }

  disconnect(sessionId: number, call?: Call) {
    return this.send(SessionAnswer, 'post', '/session/disconnect', { session_id: sessionId }, call);
  }

  /** The lesson a `/remote-lab?lesson=` link names. */
  lesson(uuid: string, call?: Call) {
    return this.get(Lesson, `/lesson/${id(uuid)}`, call);
  }

  // ---- Labs and stations (a teacher's) ---------------------------------------------------

  myLabs(call?: Call) {
    return this.get(LabList, '/lab/browse/my', call);
  }

  /** The boards a private list or lab group may take (own labs and labs shared). */
  listableBoards(call?: Call) {
    return this.get(ListableBoards, '/lab/browse/listable', call);
  }

  createLab(input: LabInput, call?: Call) {
    return this.send(Lab, 'post', '/lab/create', input, call);
  }

  updateLab(uuid: string, input: LabUpdate, call?: Call) {
    return this.send(Lab, 'put', `/lab/${id(uuid)}`, input, call);
  }

  deleteLab(uuid: string, call?: Call) {
    return this.delete(UuidRef, `/lab/${id(uuid)}`, call);
  }

  /** Broker access for a station started in this tab. */
  station(labUuid: string, call?: Call) {
    return this.send(StationGrant, 'post', `/lab/${id(labUuid)}/station`, {}, call);
  }

  /** A key for the command-line station (shown once). */
  stationKey(labUuid: string, call?: Call) {
    return this.send(StationKey, 'post', `/lab/${id(labUuid)}/station-key`, {}, call);
  }

  myGroups(call?: Call) {
    return this.get(LabGroupList, '/lab-group/browse/my', call);
  }

  createGroup(input: LabGroupInput, call?: Call) {
    return this.send(LabGroup, 'post', '/lab-group/create', input, call);
  }

  deleteGroup(uuid: string, call?: Call) {
    return this.delete(UuidRef, `/lab-group/${id(uuid)}`, call);
  }
}
