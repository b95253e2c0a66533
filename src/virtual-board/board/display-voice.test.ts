import { describe, expect, it } from 'vitest';
import { BoardDisplay, VoiceRecorder } from './display-voice.ts';

const text = (command: number, s: string) =>
  new Uint8Array([0, command, ...new TextEncoder().encode(s)]);
const voiceCommand = (v: VoiceRecorder, command: number, p1 = 0) =>
  v.command(command, new Uint8Array([0, command, p1]));

describe('BoardDisplay', () => {
  it('shows a short text of at most 4 characters and a long one of at most 60', () => {
    const display = new BoardDisplay();
    display.command(60, text(60, 'HELLO'));
    display.command(61, text(61, 'x'.repeat(70)));
    expect(display.state()).toEqual({ short: 'HELL', long: 'x'.repeat(60) });
  });

  it('stops a text at its first zero byte and clears both on command 62', () => {
    const display = new BoardDisplay();
    display.command(60, new Uint8Array([0, 60, 65, 0, 66]));
    expect(display.state().short).toBe('A');
    expect(display.command(62, new Uint8Array([0, 62]))).toBe(true);
    expect(display.state()).toEqual({ short: '', long: '' });
    expect(display.command(70, new Uint8Array([0, 70]))).toBe(false);
  });
});

describe('VoiceRecorder', () => {
  it('starts on track 1 of 10, paused; play toggles', () => {
    const v = new VoiceRecorder();
    expect(v.state()).toEqual({ playing: false, track: 1, tracks: 10 });
    voiceCommand(v, 70);
    expect(v.state().playing).toBe(true);
    voiceCommand(v, 70);
    expect(v.state().playing).toBe(false);
  });

  it('steps through the tracks round the end in both directions', () => {
    const v = new VoiceRecorder();
    voiceCommand(v, 72);
    expect(v.state().track).toBe(10);
    voiceCommand(v, 71);
    voiceCommand(v, 71);
    expect(v.state().track).toBe(2);
  });

  it('goes to a track that exists and ignores one that does not', () => {
    const v = new VoiceRecorder();
    voiceCommand(v, 73, 7);
    voiceCommand(v, 73, 11);
    voiceCommand(v, 73, 0);
    expect(v.state().track).toBe(7);
  });

  it('has nothing to play once its tracks are erased', () => {
    const v = new VoiceRecorder();
    voiceCommand(v, 74);
    voiceCommand(v, 70);
    voiceCommand(v, 71);
    expect(v.state()).toEqual({ playing: false, track: 0, tracks: 0 });
    expect(voiceCommand(v, 60)).toBe(false);
  });
});
