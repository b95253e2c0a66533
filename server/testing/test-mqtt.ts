// Which remote-lab broker the suites run against: the embedded aedes broker by default, or
// the Mosquitto that scripts/mosquitto-temp.ts started (TEST_MQTT_URL and its dynamic-
// security admin). Each test app takes a topic prefix of its own, so suites sharing one
// Mosquitto never see each other's boards, sessions or broker users.
import { randomBytes } from 'node:crypto';
import { MqttDynsecChannel } from '../remote-lab/brokers.ts';

export const testBroker = (): 'aedes' | 'mosquitto' =>
  process.env.TEST_MQTT_URL ? 'mosquitto' : 'aedes';

/** The dynamic-security admin channel of the suites' Mosquitto. */
export const testDynsecChannel = (): Promise<MqttDynsecChannel> =>
  MqttDynsecChannel.connect(
    process.env.TEST_MQTT_URL ?? '',
    process.env.TEST_MQTT_ADMIN_USERNAME ?? '',
    process.env.TEST_MQTT_ADMIN_PASSWORD ?? '',
  );

/** Environment for loadConfig(): the broker and a fresh topic prefix. */
export function mqttTestEnv(extra: Record<string, string> = {}): Record<string, string> {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const url = process.env.TEST_MQTT_URL;
  const broker: Record<string, string> = url
    ? {
        MQTT_URL: url,
        MQTT_CLIENT_URL: process.env.TEST_MQTT_WS_URL ?? url,
        MQTT_ADMIN_USERNAME: process.env.TEST_MQTT_ADMIN_USERNAME ?? '',
        MQTT_ADMIN_PASSWORD: process.env.TEST_MQTT_ADMIN_PASSWORD ?? '',
      }
    : {};
  return { MQTT_TOPIC_PREFIX: prefix, ...broker, ...extra };
}

/**
 * Like mqttTestEnv, with the public broker too on the test Mosquitto (the web UI's topics,
 * managed with its dynamic-security admin); the embedded aedes broker otherwise.
 */
export function publicBrokerTestEnv(): Record<string, string> {
  const url = process.env.TEST_MQTT_WS_URL;
  if (!process.env.TEST_MQTT_URL || !url) return mqttTestEnv();
  return mqttTestEnv({
    MQTT_PUBLIC_URL: url,
    MQTT_PUBLIC_ADMIN_USERNAME: process.env.TEST_MQTT_ADMIN_USERNAME ?? '',
    MQTT_PUBLIC_ADMIN_PASSWORD: process.env.TEST_MQTT_ADMIN_PASSWORD ?? '',
  });
}

/** A broker URL from a session or station grant: a path is on the API server's origin. */
export function brokerUrl(url: string, apiOrigin: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  return `${apiOrigin.replace(/^http/, 'ws')}${url}`;
}
