// What the other features use of the remote lab: a lesson's cable session (a student's
// board lent over the network for the lesson), its state and the session that runs it.
export { cableSession } from './remote-lab-store.ts';
export { getCableSession } from './runtime.ts';
