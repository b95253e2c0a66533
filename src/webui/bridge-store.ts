// The board bridge's one adapter: its snapshots copied into a Valtio store the board page's
// panel reads. The service stays the source of truth.
import { proxy } from 'valtio';
import { emptyBridge, type BoardBridge, type BridgeSnapshot } from './board-bridge.ts';

export const boardBridge = proxy<BridgeSnapshot>(emptyBridge());

export function bindBridgeToStore(bridge: BoardBridge, store: BridgeSnapshot = boardBridge) {
  Object.assign(store, bridge.snapshot);
  return bridge.subscribe((s) => Object.assign(store, s));
}
