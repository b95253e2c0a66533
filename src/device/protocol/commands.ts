// Board commands as framing requests (`reference/board-protocol.md` §2). core-rs lays out
// the bytes and validates ranges (core-rs/src/hid/command.rs); these builders only name the
// numbers. Motor commands act on the ports chosen with `talkToMotor` (§2.3 "p1 = 0: target
// = currently selected ports").
import type { HidCommandRequest } from '../device.ts';

/** §2.2 categories. */
export const Category = { output: 0, memory: 1, rpi: 2, event: 20 } as const;

/** §2.3 port bitmask: A=1, B=2, C=4, D=8. */
const PortBit = { a: 1, b: 2, c: 4, d: 8 } as const;

const out = (command: number, args: number[] = []): HidCommandRequest => ({
  category: Category.output,
  command,
  args,
});
const mem = (command: number, extra: Partial<HidCommandRequest> = {}): HidCommandRequest => ({
  category: Category.memory,
  command,
  ...extra,
});
const rpi = (command: number, extra: Partial<HidCommandRequest> = {}): HidCommandRequest => ({
  category: Category.rpi,
  command,
  ...extra,
});

/** Ports as a bitmask from names ('a'..'d'). */
export function portMask(ports: readonly string[]): number {
  return ports.reduce((m, p) => m | (PortBit[p as keyof typeof PortBit] ?? 0), 0);
}

// §2.3 category 0: output and general control.
export const ping = (node?: number) => out(1, node === undefined ? [] : [node]);
export const motorOn = () => out(2, [1]);
export const motorOff = () => out(2, [0]);
/** "This way" = CW (1). */
export const motorThisWay = () => out(3, [1]);
/** "That way" = CCW (0). */
export const motorThatWay = () => out(3, [0]);
export const motorReverse = () => out(4);
/** Power 0..100 (the board scales to 0..255). */
export const setPower = (percent: number) => out(6, [percent]);
export const talkToMotor = (mask: number) => out(7, [mask]);
export const toggleMotor = (index: number) => out(8, [index]);
export const setServoDuty = (duty: number) => out(9, [duty]);
/** LED id 0 is the user LED. */
export const led = (id: number, on: boolean) => out(10, [id, on ? 1 : 0]);
export const beep = () => out(11);
export const setAutorun = (enabled: boolean) => out(12, [enabled ? 1 : 0]);
/** 0 stop, 1 run, 2 toggle. */
export const logoControl = (action: 0 | 1 | 2) => out(13, [action]);
export const talkToServo = (mask: number) => out(14, [mask]);
export const servoThisWay = (degrees: number) => out(15, [degrees]);
export const servoThatWay = (degrees: number) => out(16, [degrees]);
export const servoSetAngle = (degrees: number) => out(17, [degrees]);
export const servoToggle = (index: number) => out(18, [index]);
/** Servo-relay: relay on = power 100, off = 0 (spec core §9). */
const servoPower = (percent: number) => out(19, [percent]);
export const relay = (on: boolean) => servoPower(on ? 100 : 0);

/**
 * §2.3 cmd 50: second, minute, hour, weekday (0 = Sunday), date, month (1-12),
 * year − 2000 — the order of spec core §9 "Real-time clock sync".
 */
export function syncRtc(d: Date): HidCommandRequest {
  return out(50, [
    d.getSeconds(),
    d.getMinutes(),
    d.getHours(),
    d.getDay(),
    d.getDate(),
    d.getMonth() + 1,
    d.getFullYear() - 2000,
  ]);
}
export const readRtc = () => out(51);
/** 7-segment display: up to 4 characters; a number is sent as its decimal string. */
export const showShortText = (text: string | number) => ({ ...out(60), text: String(text) });
/** LCD text, cut to 60 characters by the framer (spec core §5). */
export const showLongText = (text: string) => ({ ...out(61), text });
export const clearScreen = () => out(62);
export const voicePlay = () => out(70);
export const voiceNext = () => out(71);
export const voicePrevious = () => out(72);
export const voiceGoTo = (track: number) => out(73, [track]);
export const voiceErase = () => out(74);
export const reboot = () => out(100);
/** OUR extension: clears the remote-lab answer byte (docs/protocol-extensions.md). */
export const clearAnswer = () => out(105);
/** GoGo 6: the ESP32 starts receiving a firmware image (board-protocol §6.2). */
export const espUpdateMode = () => out(201);
/** GoGo 6: the STM32 restarts in its HID bootloader, 1209:BEBA (board-protocol §6.1). */
export const rebootToBootloader = () => out(202);
/** Firmware chips of OUR firmware queries (docs/firmware-update.md §3). */
export const FirmwareChip = { stm: 1, esp: 2, legacy: 3 } as const;
/** OUR extension: the running firmware's version byte and semantic version. */
export const firmwareInfo = (chip: number) => out(203, [chip]);
/** OUR extension: CRC-32s of `count` flash units from `first` (type-20 answers). */
export const firmwareCrcs = (chip: number, first: number, count: number) =>
  out(204, [chip, first, count]);

// §2.4 category 1: memory control (download: set the Logo pointer, then write ≤ 60 bytes).
export const setLogoPointer = () => mem(1);
export const setMemoryPointer = (address: number) => mem(2, { args: [address] });
export const writeMemory = (data: Uint8Array) => mem(3, { data });
/**
 * MEM_READ (docs/protocol-extensions.md): area 0 is the Logo program area; length 0 asks
 * for the program as downloaded.
 */
export const memRead = (offset = 0, length = 0) => mem(4, { args: [0, offset, length] });
export const setWifiSsid = (ssid: string) => mem(10, { text: ssid });
export const setWifiPassword = (password: string) => mem(11, { text: password });
/** NET_BROADCAST (docs/protocol-extensions.md): `key,value` to the board and its network. */
export const broadcast = (key: string, value: string) => mem(20, { text: `${key},${value}` });
/** NET_TASMOTA (docs/protocol-extensions.md): a Tasmota command the board sends over Wi-Fi. */
export const tasmota = (host: string, command: string) => mem(21, { text: `${host},${command}` });

// §2.5 category 2: Raspberry Pi.
export const piShutdown = () => rpi(1);
export const piReboot = () => rpi(2);
export const piCamera = (on: boolean) => rpi(10, { args: [on ? 1 : 0] });
export const piFindFace = (on: boolean) => rpi(11, { args: [on ? 1 : 0] });
export const piSnapshot = (save: boolean) => rpi(12, { args: [save ? 1 : 0] });
export const piWifiConnect = (ssid: string, password: string) =>
  rpi(15, { text: `${ssid},${password}` });
export const piWifiDisconnect = () => rpi(16);
export const piEmailConfig = (user: string, password: string) =>
  rpi(17, { text: `${user},${password}` });
export const piEmailSend = (to: string, subject: string, body: string) =>
  rpi(18, { text: `${to},${subject},${body}` });
export const piSmsSend = (number: string, message: string) =>
  rpi(19, { text: `${number},${message}` });
const piSetRegister = (register: number, value: number) => rpi(20, { args: [register, value] });
/** Clears the screen-tap flag (register 20 = 0, §2.5). */
export const piClearTap = () => piSetRegister(20, 0);

// §2.6 category 20: offline datalog.
export const readDatalog = (): HidCommandRequest => ({ category: Category.event, command: 2 });
export const clearDatalog = (): HidCommandRequest => ({ category: Category.event, command: 3 });
