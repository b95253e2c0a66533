// Tells watchers when a channel changes, for the cloud datalog page's live refresh (server
// push instead of polling), on every replica: a change is published on the event bus
// (server/events/) under the channel's topic, and each stream subscribes there.
import type { BusEvent, EventBus, Subscription } from '../events/event-bus.ts';

/** What a watcher learns: the channel's counters after the change. */
export interface ChannelChange {
  channel: string;
  records: number;
  lastRecordAt: number | null;
  /** Fields were added, removed or renamed (the list must be read again). */
  fields: boolean;
}

const topicOf = (channel: string) => `datalog/${channel}`;

export class ChannelEvents {
  constructor(private readonly bus: EventBus) {}

  /**
   * Calls `listener` with every change of `channel` from now on, or after the bus event id
   * `after` (what a reconnecting stream saw last), with the event's id.
   */
  watch(
    channel: string,
    listener: (change: ChannelChange, id: number) => void,
    after?: number,
  ): Subscription {
    return this.bus.subscribe(
      topicOf(channel),
      (event: BusEvent) => listener(event.data as ChannelChange, event.id),
      after === undefined ? {} : { after },
    );
  }

  /** The newest event id of the bus: a stream's counters are as of this id. */
  newest(): Promise<number> {
    return this.bus.newest();
  }

  /** The oldest event id a replay can still give (null: none kept). */
  oldest(): Promise<number | null> {
    return this.bus.oldest();
  }

  /** Watchers of a channel in this process (tests, metrics). */
  watchers(channel: string): number {
    return this.bus.subscribers(topicOf(channel));
  }

  /** Tells the channel's watchers on every replica of a change. */
  async changed(change: ChannelChange): Promise<void> {
    await this.bus.publish(topicOf(change.channel), change);
  }
}
