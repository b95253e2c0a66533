// The board's display module (a short 4-character text and a long 60-character one) and
// its voice recorder (tracks, play/pause), as category-0 output commands drive them
// (board-protocol §2.3).
import { ascii } from './payload-fields.ts';
import type { SimState } from './sim-state.ts';

export class BoardDisplay {
  private text = { short: '', long: '' };

  /** Carries out a display command; false when `command` is not one. */
  command(command: number, p: Uint8Array): boolean {
    switch (command) {
      case 60:
        this.text.short = ascii(p, 2, 4);
        return true;
      case 61:
        this.text.long = ascii(p, 2, 60);
        return true;
      case 62:
        this.clear();
        return true;
      default:
        return false;
    }
  }

  clear(): void {
    this.text = { short: '', long: '' };
  }

  state(): SimState['display'] {
    return { ...this.text };
  }
}

export class VoiceRecorder {
  private voice = { playing: false, track: 1, tracks: 10 };

  /** Carries out a voice command; false when `command` is not one. */
  command(command: number, p: Uint8Array): boolean {
    const v = this.voice;
    switch (command) {
      case 70:
        if (v.tracks > 0) v.playing = !v.playing;
        return true;
      case 71:
        if (v.tracks > 0) v.track = (v.track % v.tracks) + 1;
        return true;
      case 72:
        if (v.tracks > 0) v.track = ((v.track + v.tracks - 2) % v.tracks) + 1;
        return true;
      case 73: {
        const track = p[2] ?? 0;
        if (track >= 1 && track <= v.tracks) v.track = track;
        return true;
      }
      case 74: // erase every track
        this.voice = { playing: false, track: 0, tracks: 0 };
        return true;
      default:
        return false;
    }
  }

  state(): SimState['voice'] {
    return { ...this.voice };
  }
}
