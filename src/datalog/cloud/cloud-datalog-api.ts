// Typed access to the cloud datalog service (src/contract/datalog.ts). Every answer is
// checked against the contract before use; failures are left to the caller (quiet calls),
// which shows the spec's messages in the page. Framework-free.
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { CallOptions } from '../../api/client.ts';
import {
  Channel,
  ChannelEvent,
  channelEventsPath,
  ChannelList,
  Field,
  FieldDeleted,
  FieldList,
  Ingested,
  Series,
  type Aggregation,
  type ChannelInput,
  type ChannelUpdate,
  type FieldSort,
  type FieldUpdate,
  type Period,
  type ProgramRecord,
  type Range,
  type RecordInput,
} from '../../contract/datalog.ts';
import type { ApiTransport } from '../../api/checked-api.ts';
import { ApiError } from '../../api/errors.ts';

/** The part of the app's API client this module uses (src/api/client.ts ApiClient). */
interface DatalogTransport extends ApiTransport {
  events(
    url: string,
    onData: (data: string, id: string | null) => void,
    options?: { signal?: AbortSignal; lastEventId?: string | null },
  ): Promise<void>;
}

interface SeriesRequest {
  aggregation: Aggregation;
  period: Period;
  range: Range;
  fields: string[];
  tz: number;
  window: number;
}

const at = (id: string) => `/datalog/channels/${encodeURIComponent(id)}`;
const QUIET: CallOptions = { quiet: true };

export class CloudDatalogApi {
  constructor(private readonly client: DatalogTransport) {}

  private checked<S extends TSchema>(schema: S, data: unknown): Static<S> {
    if (Value.Check(schema, data)) return data;
    throw new ApiError('bad_response', 200, 'bad_response');
  }

  async channels(): Promise<Channel[]> {
    return this.checked(ChannelList, await this.client.get('/datalog/channels', QUIET)).data;
  }

  async channel(id: string): Promise<Channel> {
    return this.checked(Channel, await this.client.get(at(id), QUIET));
  }

  async createChannel(input: ChannelInput): Promise<Channel> {
    return this.checked(Channel, await this.client.post('/datalog/channels', input, QUIET));
  }

  async updateChannel(id: string, patch: ChannelUpdate): Promise<Channel> {
    return this.checked(Channel, await this.client.put(at(id), patch, QUIET));
  }

  async deleteChannel(id: string): Promise<void> {
    await this.client.delete(at(id), QUIET);
  }

  async fields(id: string, sort: FieldSort): Promise<Field[]> {
    const answer = await this.client.get(`${at(id)}/fields`, { ...QUIET, params: { sort } });
    return this.checked(FieldList, answer).data;
  }

  async updateField(id: string, name: string, patch: FieldUpdate): Promise<Field> {
    const url = `${at(id)}/fields/${encodeURIComponent(name)}`;
    return this.checked(Field, await this.client.put(url, patch, QUIET));
  }

  /** Deletes a field and all its records (the owner; a moderator on the public log). */
  async deleteField(id: string, name: string): Promise<void> {
    const answer = await this.client.delete(`${at(id)}/fields/${encodeURIComponent(name)}`, QUIET);
    this.checked(FieldDeleted, answer);
  }

  /**
   * Follows the channel's changes (server push): `onEvent` gets the counters at once and
   * after every change, with the event's id. Given the id of the last event seen
   * (`lastEventId`), a stream opened again gets the changes it missed instead of the
   * counters. Resolves when the server ends the stream; rejects on a refusal.
   */
  async watch(
    id: string,
    onEvent: (event: ChannelEvent, eventId: string | null) => void,
    signal: AbortSignal,
    lastEventId: string | null = null,
  ): Promise<void> {
    await this.client.events(
      channelEventsPath(encodeURIComponent(id)),
      (data, eventId) => {
        let event: unknown;
        try {
          event = JSON.parse(data);
        } catch {
          return;
        }
        if (Value.Check(ChannelEvent, event)) onEvent(event, eventId);
      },
      { signal, lastEventId },
    );
  }

  async series(id: string, request: SeriesRequest): Promise<Series> {
    const answer = await this.client.get(`${at(id)}/series`, {
      ...QUIET,
      params: {
        aggregation: request.aggregation,
        period: request.period,
        range: request.range,
        fields: request.fields.join(','),
        tz: request.tz,
        ...(request.aggregation === 'moving_average' ? { window: request.window } : {}),
      },
    });
    return this.checked(Series, answer);
  }

  async ingest(id: string, records: RecordInput[], anonymous = false): Promise<Ingested> {
    const answer = await this.client.post(
      `${at(id)}/records`,
      { records },
      { ...QUIET, anonymous },
    );
    return this.checked(Ingested, answer);
  }

  async record(record: ProgramRecord): Promise<Ingested> {
    return this.checked(Ingested, await this.client.post('/datalog/record', record, QUIET));
  }
}
