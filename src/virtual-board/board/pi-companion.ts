// The simulated Raspberry Pi companion of a Pi-topping board: answers category-2 commands
// (board-protocol §2.5) and produces the register block of §3.3, with Wi-Fi, e-mail and
// SMS state machines that walk through the status codes of spec core §8.
import type { HidPiStatus } from '../../core/hid-layout.ts';

/** How long a simulated Wi-Fi join, e-mail or SMS takes (virtual ms). */
const PI_OPERATION_MS = 1500;
/** A Pi reboot: the revision register reads 0 (not alive) for this long. */
const PI_REBOOT_MS = 5000;
/** The Pi daemon sends its register block every 0.25 s (board-protocol §3 "GOD update"). */
export const PI_STATUS_PERIOD_MS = 250;

export interface PiOptions {
  /** Known Wi-Fi networks: SSID → password. */
  networks?: Record<string, string>;
  simCard?: boolean;
  /** Whether the Pi's Ethernet cable is in (without it, e-mail needs Wi-Fi). */
  ethernet?: boolean;
}

interface PiSnapshot {
  /** An SVG data URL drawn by the simulator. */
  url: string;
  atMs: number;
  saved: boolean;
}

export interface PiSimState {
  alive: boolean;
  wifi: { status: number; ssid: string };
  email: { status: number; user: string; lastTo: string };
  sms: { status: number; lastNumber: string };
  camera: { on: boolean; findFace: boolean; faceFound: boolean };
  snapshot: PiSnapshot | null;
  tapped: boolean;
}

const REVISION = 0x0e;
const ETH_IP = [192, 168, 1, 50];
const WLAN_IP = [192, 168, 4, 23];
const text = (payload: Uint8Array) =>
  new TextDecoder().decode(payload.subarray(3, 3 + (payload[2] ?? 0)));

interface Pending {
  at: number;
  run: () => void;
}

export class PiCompanion {
  private readonly networks: Record<string, string>;
  private readonly simCard: boolean;
  private readonly ethernet: boolean;
  private now = 0;
  private downUntil = 0;
  private poweredOff = false;
  private wifi = { status: 0, ssid: '' };
  private email = { status: 0, user: '', password: '', lastTo: '' };
  private sms = { status: 0, lastNumber: '' };
  private camera = { on: false, findFace: false };
  private snapshot: PiSnapshot | null = null;
  private tap = { tapped: false, x: 0, y: 0 };
  private rfid = { status: 0, tag: 0 };
  private pending: Pending[] = [];

  constructor(options: PiOptions = {}) {
    this.networks = options.networks ?? { GoGoLab: 'gogo1234', OpenLab: '' };
    this.simCard = options.simCard ?? true;
    this.ethernet = options.ethernet ?? true;
  }

  get alive(): boolean {
    return !this.poweredOff && this.now >= this.downUntil;
  }

  /** Handles a category-2 command payload. */
  command(payload: Uint8Array): void {
    if (!this.alive) return;
    const p1 = payload[2] ?? 0;
    switch (payload[1]) {
      case 1: // RPI_SHUTDOWN
        this.poweredOff = true;
        this.camera = { on: false, findFace: false };
        break;
      case 2: // RPI_REBOOT
        this.downUntil = this.now + PI_REBOOT_MS;
        this.camera = { on: false, findFace: false };
        this.wifi = { status: 0, ssid: '' };
        break;
      case 10:
        this.camera.on = p1 === 1;
        if (!this.camera.on) this.camera.findFace = false;
        break;
      case 11:
        this.camera.findFace = p1 === 1 && this.camera.on;
        break;
      case 12:
        if (this.camera.on) this.snapshot = this.takeSnapshot(p1 === 1);
        break;
      case 15:
        this.joinWifi(text(payload));
        break;
      case 16:
        this.wifi = { status: 0, ssid: '' };
        break;
      case 17: {
        const [user = '', password = ''] = text(payload).split(',');
        this.email = { ...this.email, user, password, status: 0 };
        break;
      }
      case 18:
        this.sendEmail(text(payload));
        break;
      case 19:
        this.sendSms(text(payload));
        break;
      case 20: // RPI_SET_TX_BUFFER: register 20 = 0 clears the tap flag.
        if (p1 === 20 && payload[3] === 0) this.tap.tapped = false;
        break;
    }
  }

  tick(nowMs: number): void {
    this.now = nowMs;
    const due = this.pending.filter((p) => p.at <= nowMs);
    if (due.length === 0) return;
    this.pending = this.pending.filter((p) => p.at > nowMs);
    due.forEach((p) => p.run());
  }

  /** A touch on the Pi's screen (from the simulator panel). */
  tapAt(x: number, y: number): void {
    this.tap = { tapped: true, x, y };
  }

  powerOn(): void {
    this.poweredOff = false;
    this.downUntil = this.now + PI_REBOOT_MS;
  }

  status(): HidPiStatus {
    if (!this.alive) {
      return { ...EMPTY_PI };
    }
    const second = Math.floor(this.now / 1000);
    const wifiUp = this.wifi.status === 2;
    return {
      revision: REVISION,
      // Gentle, deterministic variation so the panel visibly updates.
      cpuLoad: 8 + ((second * 7) % 13) + (this.camera.on ? 30 : 0),
      cpuTemp: 45 + ((second * 3) % 5) + (this.camera.on ? 6 : 0),
      memoryUsed: 31 + (this.camera.on ? 9 : 0),
      ethIp: this.ethernet ? ETH_IP : [0, 0, 0, 0],
      wlanIp: wifiUp ? WLAN_IP : [0, 0, 0, 0],
      camera:
        (this.camera.on ? 1 : 0) | (this.camera.findFace ? 2 : 0) | (this.faceFound() ? 4 : 0),
      smsFlags: this.simCard ? 1 : 0,
      tapped: this.tap.tapped ? 1 : 0,
      tapX: this.tap.x,
      tapY: this.tap.y,
      wifiStatus: this.wifi.status,
      emailStatus: this.email.status,
      smsStatus: this.sms.status,
      rfidStatus: this.rfid.status,
      rfidTag: this.rfid.tag,
    };
  }

  snapshotState(): PiSimState {
    return {
      alive: this.alive,
      wifi: { ...this.wifi },
      email: { status: this.email.status, user: this.email.user, lastTo: this.email.lastTo },
      sms: { ...this.sms },
      camera: { ...this.camera, faceFound: this.faceFound() },
      snapshot: this.snapshot,
      tapped: this.tap.tapped,
    };
  }

  /** With face finding on, a face is "found" for 3 s out of every 6. */
  private faceFound(): boolean {
    return this.camera.findFace && Math.floor(this.now / 3000) % 2 === 0;
  }

  private later(run: () => void): void {
    this.pending.push({ at: this.now + PI_OPERATION_MS, run });
  }

  private joinWifi(request: string): void {
    const comma = request.indexOf(',');
    const ssid = comma < 0 ? request : request.slice(0, comma);
    const password = comma < 0 ? '' : request.slice(comma + 1);
    this.wifi = { status: 1, ssid };
    this.later(() => {
      const known = this.networks[ssid];
      if (known === undefined) this.wifi.status = 4;
      else if (known !== password) this.wifi.status = 3;
      else this.wifi.status = 2;
    });
  }

  private sendEmail(request: string): void {
    const [to = ''] = request.split(',');
    this.email.status = 1;
    this.email.lastTo = to;
    this.later(() => {
      const online = this.ethernet || this.wifi.status === 2;
      if (!this.email.user.includes('@') || this.email.password === '') this.email.status = 4;
      else if (!online) this.email.status = 3;
      else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to)) this.email.status = 6;
      else this.email.status = 2;
    });
  }

  private sendSms(request: string): void {
    const [number = ''] = request.split(',');
    this.sms = { status: 1, lastNumber: number };
    this.later(() => {
      if (!this.simCard) this.sms.status = 5;
      else if (!/^\+?\d{3,15}$/.test(number)) this.sms.status = 3;
      else this.sms.status = 2;
    });
  }

  private takeSnapshot(saved: boolean): PiSnapshot {
    const face = this.faceFound();
    const t = (this.now / 1000).toFixed(1);
    const hue = Math.floor(this.now / 100) % 360;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120">` +
      `<rect width="160" height="120" fill="hsl(${hue},40%,25%)"/>` +
      `<circle cx="80" cy="58" r="26" fill="#f2c9a0"/>` +
      `<circle cx="71" cy="52" r="3" fill="#333"/><circle cx="89" cy="52" r="3" fill="#333"/>` +
      `<path d="M68 66 Q80 76 92 66" stroke="#333" stroke-width="3" fill="none"/>` +
      (face
        ? `<rect x="50" y="28" width="60" height="62" fill="none" stroke="#3c3" stroke-width="3"/>`
        : '') +
      `<text x="6" y="114" font-size="10" fill="#fff" font-family="monospace">t=${t}s</text>` +
      `</svg>`;
    return { url: `data:image/svg+xml,${encodeURIComponent(svg)}`, atMs: this.now, saved };
  }
}

const EMPTY_PI: HidPiStatus = {
  revision: 0,
  cpuLoad: 0,
  cpuTemp: 0,
  memoryUsed: 0,
  ethIp: [0, 0, 0, 0],
  wlanIp: [0, 0, 0, 0],
  camera: 0,
  smsFlags: 0,
  tapped: 0,
  tapX: 0,
  tapY: 0,
  wifiStatus: 0,
  emailStatus: 0,
  smsStatus: 0,
  rfidStatus: 0,
  rfidTag: 0,
};
