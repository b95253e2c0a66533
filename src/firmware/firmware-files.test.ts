import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  LEGACY_FILES,
  versionAfterDash,
  versionFromTag,
} from '../contract/firmware.ts';
import { isFirmwareSupported } from '../device/board-state.ts';
import { BoardType } from '../device/device.ts';
import { perFrame } from './flash-bridge.ts';
import { gogo6Chip, isAcceptableFirmwareFile, legacyFiles, targetFor } from './firmware-files.ts';

describe('firmware files', () => {
  it.each([
    ['gogo-esp-1.0.3.bin', 10, true],
    ['FIRMWARE.HEX', 10, true],
    ['firmware.hex', 0, false],
    ['firmware.txt', 10, false],
    ['firmware.bin.zip', 10, false],
  ])('accepts %s of %i bytes: %s', (name, size, ok) => {
    expect(isAcceptableFirmwareFile(name, size)).toBe(ok);
  });

  it('routes GoGo 6 to its two chips, GoGo 7 to the guide, GoGo 4 and the Pi-topping to the legacy path', () => {
    expect(targetFor(BoardType.v6)).toBe('gogo6');
    expect(targetFor(BoardType.v7)).toBe('gogo7');
    expect(targetFor(BoardType.fifth)).toBe('legacy');
    expect(targetFor(BoardType.original)).toBe('legacy');
    expect(targetFor(BoardType.bright)).toBeNull();
    expect(gogo6Chip('stm')).toBe('stm');
    expect(gogo6Chip(null)).toBe('esp');
  });

  it("installs the spec table's latest legacy firmware: 40 on a Pi-topping, 111 on a GoGo 4", () => {
    expect(legacyFiles(BoardType.fifth)).toEqual({
      bootloader: 'bootloaderPT.hex',
      firmware: 'rpt10.v40.hex',
      version: 40,
    });
    expect(legacyFiles(BoardType.original)).toEqual({
      bootloader: 'bootloader.hex',
      firmware: 'gogo40.v111.hex',
      version: 111,
    });
  });

  it('keeps the default legacy firmware version 43 for a legacy board the table does not name', () => {
    expect(LEGACY_FILES.defaultVersion).toBe(43);
    expect(legacyFiles(BoardType.wireless).firmware).toBe('rpt10.v43.hex');
  });

  it('requires firmware 40 on a Pi-topping and 111 on a GoGo 4', () => {
    expect(isFirmwareSupported(BoardType.fifth, 39)).toBe(false);
    expect(isFirmwareSupported(BoardType.fifth, 40)).toBe(true);
    expect(isFirmwareSupported(BoardType.original, 110)).toBe(false);
    expect(isFirmwareSupported(BoardType.original, 111)).toBe(true);
  });
});

describe('release versions', () => {
  it('takes three dotted numbers from a tag and the part after the dash from release info', () => {
    expect(versionFromTag('gogo6-1.10.2')).toBe('1.10.2');
    expect(versionFromTag('v25020')).toBeNull();
    expect(versionAfterDash('esp-1.0.3')).toBe('1.0.3');
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
  });
});

describe('perFrame', () => {
  it('renders at most once per frame, with the latest value', () => {
    const frames: (() => void)[] = [];
    const shown: number[] = [];
    const render = perFrame<number>(
      (v) => shown.push(v),
      (fn) => frames.push(fn),
    );
    render(1);
    render(2);
    render(3);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    render(4);
    frames.shift()?.();
    expect(shown).toEqual([3, 4]);
  });
});
