// "A class stays above the threshold": the top class must stay at or above the threshold,
// unbroken, for `holdMs` before it is sent, and it is sent once per stay (it has to drop
// below, or another class take over, before it is sent again). Pure.

interface TmTriggerOptions {
  /** 0..1 */
  threshold: number;
  holdMs: number;
}

export const TM_HOLD_MS = 500;

export class StayAboveTrigger {
  private label: string | null = null;
  private since = 0;
  private sent = false;

  constructor(private options: TmTriggerOptions) {}

  setOptions(options: TmTriggerOptions): void {
    this.options = options;
  }

  /** Forgets the current stay (a new model or input). */
  reset(): void {
    this.label = null;
    this.sent = false;
  }

  /** The label to send now, if one has just stayed above the threshold long enough. */
  update(probabilities: readonly number[], labels: readonly string[], now: number): string | null {
    let best = -1;
    for (let i = 0; i < probabilities.length; i++) {
      if (best < 0 || (probabilities[i] ?? 0) > (probabilities[best] ?? 0)) best = i;
    }
    const top = best >= 0 && (probabilities[best] ?? 0) >= this.options.threshold;
    const label = top ? (labels[best] ?? null) : null;
    if (label !== this.label) {
      this.label = label;
      this.since = now;
      this.sent = false;
    }
    if (label === null || this.sent || now - this.since < this.options.holdMs) return null;
    this.sent = true;
    return label;
  }
}

/** The threshold as kept in a program file: '' (the default), a fraction, or a percentage. */
export function parseThreshold(text: string, fallback = 0.8): number {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) return fallback;
  const fraction = n > 1 ? n / 100 : n;
  return Math.min(1, fraction);
}

/** The longest hold the lab offers, in seconds. */
export const TM_MAX_HOLD_S = 5;

/** The hold time as kept in a program file: '' (0.5 s) or seconds, 0 to 5; in ms. */
export function parseHold(text: string): number {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n) || n < 0) return TM_HOLD_MS;
  return Math.round(Math.min(TM_MAX_HOLD_S, n) * 1000);
}
